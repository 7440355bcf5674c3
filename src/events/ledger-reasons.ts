// Why an inventory level changed (docs/api/20-inventory.md): the reasons a ledger entry can carry, and those an adjustment
// may give. A module of its own, with no imports, so that schemas (the inventory API's, the events') can name them
// without depending on the machinery of src/events/stock-changes.ts.
export const ADJUSTMENT_REASONS = ["received", "correction", "cycle_count", "damaged", "shrinkage", "returned", "other"] as const;
export const LEDGER_REASONS = [
  ...ADJUSTMENT_REASONS,
  "initial",
  "stock_write",
  "transfer",
  "order_committed",
  "order_fulfilled",
  "order_released",
  // A deleted variant's levels emptied of on_hand before they go (docs/inventory.md "Deleting a variant").
  "variant_deleted",
] as const;
export type LedgerReason = (typeof LEDGER_REASONS)[number];
