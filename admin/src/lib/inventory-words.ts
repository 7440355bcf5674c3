// Inventory in words: why a level changed (the ledger's reasons), the change itself ("+5 on hand (now 12)"), and a
// signed quantity as people type it ("+5", "-3", "5").

/** The reasons an admin gives an adjustment, in the order the "Reason" choice lists them. */
export const ADJUSTMENT_REASONS = [
  ["received", "Received"],
  ["correction", "Correction"],
  ["cycle_count", "Cycle count"],
  ["damaged", "Damaged"],
  ["shrinkage", "Shrinkage"],
  ["returned", "Returned"],
  ["other", "Other"],
] as const;

/** Every reason of the ledger, the ones the API writes by itself included. */
export const REASON_WORDS: Record<string, string> = {
  ...Object.fromEntries(ADJUSTMENT_REASONS),
  initial: "Opening balance",
  stock_write: "Stock set",
  transfer: "Transfer",
  order_committed: "Committed to an order",
  order_fulfilled: "Order fulfilled",
  order_released: "Released by a canceled order",
  variant_deleted: "Variant deleted",
};

export const reasonWords = (reason: string) => REASON_WORDS[reason] ?? reason.replace(/_/g, " ");

/** Where a stock write came from (its `reference`): the API names the path. */
const STOCK_WRITE_SOURCES: Record<string, string> = {
  "variant.create": "variant created",
  "variant.update": "variant edited",
  "variant.bulk": "bulk change",
  "product.put": "product replaced",
};

/** How a variant's deletion came (its `reference`): its own DELETE, a PUT that left it out, its product's DELETE. */
const DELETION_SOURCES: Record<string, string> = {
  "variant.delete": "Variant deleted",
  "product.put": "Variant deleted (left out of a product replace)",
  "product.delete": "Variant deleted (product deleted)",
};

/** A ledger entry's reason, with the direction of a transfer and where a stock write or a deletion came from. */
export function entryReason(e: { reason: string; reference: string | null; on_hand_delta: number }): string {
  if (e.reason === "transfer") return e.on_hand_delta < 0 ? "Transfer out" : "Transfer in";
  if (e.reason === "variant_deleted" && e.reference && DELETION_SOURCES[e.reference]) return DELETION_SOURCES[e.reference];
  if (e.reason === "stock_write" && e.reference) {
    const source = STOCK_WRITE_SOURCES[e.reference] ?? (e.reference.startsWith("import:") ? "CSV import" : null);
    if (source) return `Stock set (${source})`;
  }
  return reasonWords(e.reason);
}

/** +5, −3 (a real minus sign, so it reads as one). */
export const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0");

/** "+5 on hand (now 12)", and the committed change beside it when there is one. */
export function changeWords(e: { on_hand_delta: number; committed_delta: number; on_hand_after: number; committed_after: number }): string {
  const parts: string[] = [];
  if (e.on_hand_delta !== 0) parts.push(`${signed(e.on_hand_delta)} on hand (now ${e.on_hand_after})`);
  if (e.committed_delta !== 0) parts.push(`${signed(e.committed_delta)} committed (now ${e.committed_after})`);
  return parts.join(", ") || "No change";
}

/** "+5", "-3", "−3" or "5" → the integer; null when it is not a whole number. */
export function parseSigned(text: string): number | null {
  const t = text.trim().replace(/^−/, "-");
  return /^[+-]?\d{1,10}$/.test(t) ? Number(t) : null;
}

/** "12" → 12; null when it is not a whole number of at least 0. */
export function parseCount(text: string): number | null {
  const t = text.trim();
  return /^\d{1,10}$/.test(t) ? Number(t) : null;
}
