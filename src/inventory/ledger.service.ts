// The inventory ledger (docs/inventory.md "The ledger"): every change of a level, written by the level triggers of
// migrations/store/0027_inventory.sql, newest first by the store's `seq`. One mapper gives an entry's JSON to the
// list and to the answers of adjustments and transfers. Each filter has its own index (test/inventory/plans.test.ts).
import { type SQL, and, asc, count, desc, eq, sql } from "drizzle-orm";
import { inventoryLedger } from "../db/schema";
import type { LedgerReason } from "../events/stock-changes";
import type { Db, StoreCtx } from "../lib/context";
import { type Walk, encodeCursor } from "../lib/cursor";
import type { LedgerFilter } from "./schemas";

export type LedgerRow = typeof inventoryLedger.$inferSelect;

/** An entry as the API returns it. */
export const toLedgerEntry = (r: LedgerRow) => ({
  id: r.id,
  variant_id: r.variantId,
  product_id: r.productId,
  sku: r.sku,
  location_id: r.locationId,
  location_code: r.locationCode,
  on_hand_delta: r.onHandDelta,
  committed_delta: r.committedDelta,
  on_hand_after: r.onHandAfter,
  committed_after: r.committedAfter,
  reason: r.reason as LedgerReason,
  reference: r.reference,
  order_id: r.orderId,
  adjustment_id: r.adjustmentId,
  actor: { user_id: r.actorUserId, token_id: r.actorTokenId, integration_id: r.actorIntegrationId },
  created_at: r.createdAt,
});

/** In a change's batch, last: the entries an adjustment or a transfer wrote (its id is their adjustment_id), in order. */
export const selectEntriesOf = (ctx: StoreCtx, adjustmentId: string) =>
  ctx.db
    .select()
    .from(inventoryLedger)
    .where(and(eq(inventoryLedger.adjustmentId, adjustmentId), eq(inventoryLedger.storeId, ctx.store.storeId)))
    .orderBy(asc(inventoryLedger.seq));

/** The filters as SQL conditions on `inventory_ledger` (no paging). */
export function ledgerConditions(storeId: string, f: LedgerFilter): SQL[] {
  const t = inventoryLedger;
  const conditions: SQL[] = [eq(t.storeId, storeId)];
  if (f.variant_id !== undefined) conditions.push(eq(t.variantId, f.variant_id));
  // The variant that has the SKU now (SKUs are unique per store): its whole history, entries written under an
  // earlier SKU included.
  if (f.sku !== undefined) {
    conditions.push(sql`${t.variantId} = (SELECT id FROM product_variants WHERE store_id = ${storeId} AND sku_lower = ${f.sku.toLowerCase()})`);
  }
  if (f.location_id !== undefined) conditions.push(eq(t.locationId, f.location_id));
  if (f.reason !== undefined) conditions.push(eq(t.reason, f.reason));
  if (f.order_id !== undefined) conditions.push(sql`${t.orderId} = ${f.order_id}`);
  if (f.since !== undefined) conditions.push(sql`${t.createdAt} >= ${f.since}`);
  if (f.until !== undefined) conditions.push(sql`${t.createdAt} <= ${f.until}`);
  return conditions;
}

/**
 * The cursor's condition: entries before its seq. With `since`, written `+seq` so that SQLite reads the time range
 * from its index rather than walking the store's entries back from the cursor past `since` to the very first one.
 */
const beforeCursor = (walk: Walk, f: LedgerFilter) =>
  !walk.after ? [] : f.since !== undefined ? [sql`+${inventoryLedger.seq} < ${walk.after.at}`] : [sql`${inventoryLedger.seq} < ${walk.after.at}`];

/** The page's rows: newest first (seq descending), after the cursor's seq; one more than the limit. */
export const ledgerPageQuery = (db: Db, storeId: string, walk: Walk, f: LedgerFilter) =>
  db
    .select()
    .from(inventoryLedger)
    .where(and(...ledgerConditions(storeId, f), ...beforeCursor(walk, f)))
    .orderBy(desc(inventoryLedger.seq))
    .limit(walk.limit + 1)
    .offset(walk.offset);

/**
 * The filter's total. A variant's whole history (filtered by variant_id or sku alone, the product page's question)
 * reads it from its newest entry's `variant_entries`, one index probe however long the history; any other filter
 * counts its entries.
 */
export function ledgerCountQuery(db: Db, storeId: string, f: LedgerFilter) {
  const others = [f.location_id, f.reason, f.order_id, f.since, f.until].some((v) => v !== undefined);
  const byVariant = (f.variant_id !== undefined) !== (f.sku !== undefined);
  if (byVariant && !others) {
    return db
      .select({
        total: sql<number>`coalesce((SELECT ${inventoryLedger.variantEntries} FROM ${inventoryLedger}
        WHERE ${and(...ledgerConditions(storeId, f))} ORDER BY ${inventoryLedger.seq} DESC LIMIT 1), 0)`,
      })
      .from(sql`(SELECT 1)`);
  }
  return db
    .select({ total: count() })
    .from(inventoryLedger)
    .where(and(...ledgerConditions(storeId, f)));
}

export async function listLedger(ctx: StoreCtx, walk: Walk, f: LedgerFilter) {
  const storeId = ctx.store.storeId;
  const [rows, [{ total }]] = await ctx.db.batch([ledgerPageQuery(ctx.db, storeId, walk, f), ledgerCountQuery(ctx.db, storeId, f)]);
  const more = rows.length > walk.limit;
  const data = more ? rows.slice(0, walk.limit) : rows;
  const last = data[data.length - 1];
  // The cursor names the last entry by its seq (unique in the store): the next page starts strictly before it.
  const next_cursor = more && last ? encodeCursor({ list: walk.list, at: last.seq, id: last.id }) : null;
  return { data: data.map(toLedgerEntry), pagination: { limit: walk.limit, offset: walk.offset, total, next_cursor } };
}
