// Rows written straight to a store database (test seeds) that carry stock change inventory levels, and a level never
// changes without a ledger entry saying why (migrations/store/0027): a seed's batch opens the inventory context first
// and closes it last, as src/events/stock-changes.ts does for the API's own batches.
export const openStockContext = (db: D1Database, storeId: string, reference = "test.seed") =>
  db
    .prepare(
      `INSERT INTO inventory_context (singleton, store_id, reason, reference, seq_from)
       VALUES (1, ?, 'stock_write', ?, (SELECT coalesce(max(seq), 0) + 1 FROM inventory_ledger WHERE store_id = ?))`,
    )
    .bind(storeId, reference, storeId);

export const closeStockContext = (db: D1Database) => db.prepare("DELETE FROM inventory_context");
