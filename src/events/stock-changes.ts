// Why a level changed, and its events (docs/api/20-inventory.md; migrations/store/0027_inventory.sql). Every batch that
// changes an inventory level, directly (adjustments, transfers, orders) or through a stock write (variant create and
// PATCH, bulk, import), runs inside `stockChange`: the batch first writes the one `inventory_context` row (reason,
// reference, order, adjustment, who), the level triggers copy it into each ledger entry, then one statement records
// an `inventory.updated` event per changed level from those entries, one more fans them out to subscriptions, and
// the last deletes the row. A level written without the row fails (the ledger's reason is NOT NULL), so no code path
// can change a level silently.
import { sql } from "drizzle-orm";
import { events, inventoryContext, webhookDeliveries } from "../db/schema";
import type { StoreCtx } from "../lib/context";
import { nowIso } from "../lib/ids";
import { envelopeSql, uuidv7Sql } from "./fan-out";
import type { Statement } from "./outbox";
import { errorText } from "../lib/db";

import type { LedgerReason } from "./ledger-reasons";

export { ADJUSTMENT_REASONS, type LedgerReason } from "./ledger-reasons";

/** What the ledger entries of one batch say about why. */
export interface StockWhy {
  reason: LedgerReason;
  reference?: string | null;
  orderId?: string | null;
  adjustmentId?: string | null;
}

/** The ledger entries this batch has written so far (seq at or after the context's `seq_from`). */
const thisBatch = (storeId: string, alias: string) =>
  sql`${sql.raw(alias)}.store_id = ${storeId} AND ${sql.raw(alias)}.seq >= (SELECT seq_from FROM inventory_context WHERE store_id = ${storeId})`;

/** `inventory.updated` data from ledger entry `l`: the level after the batch, its on_hand delta and the reason. */
const levelEventData = (storeId: string) => sql`json_object('variant_id', l.variant_id, 'product_id', l.product_id, 'sku', l.sku,
  'location_id', l.location_id, 'location_code', l.location_code, 'on_hand', l.on_hand_after,
  'committed', l.committed_after, 'available', l.on_hand_after - l.committed_after,
  'updated_at', coalesce((SELECT il.updated_at FROM inventory_levels il WHERE il.variant_id = l.variant_id AND il.location_id = l.location_id), l.created_at),
  'delta', (SELECT sum(b.on_hand_delta) FROM inventory_ledger b WHERE ${thisBatch(storeId, "b")} AND b.variant_id = l.variant_id AND b.location_id = l.location_id),
  'reason', l.reason)`;

/**
 * One `inventory.updated` per level this batch changed (from its last entry, which carries the level as the batch
 * leaves it), with the entry's id as the event's id, and the fan-out of those events. Returns the two statements.
 */
function inventoryEvents(ctx: StoreCtx): Statement[] {
  const storeId = ctx.store.storeId;
  const now = Date.now();
  const at = nowIso(now);
  const lastOfLevel = sql`${thisBatch(storeId, "l")} AND l.seq = (SELECT max(m.seq) FROM inventory_ledger m
    WHERE ${thisBatch(storeId, "m")} AND m.variant_id = l.variant_id AND m.location_id = l.location_id)`;
  const record = ctx.db.insert(events).select(
    sql`SELECT l.id, l.store_id, 'inventory.updated', ${at}, ${envelopeSql(sql`l.id`, storeId, "inventory.updated", at, levelEventData(storeId))}, NULL, NULL
      FROM inventory_ledger l WHERE ${lastOfLevel} ORDER BY l.seq`,
  );
  const fanOut = ctx.db
    .insert(webhookDeliveries)
    .select(
      sql`SELECT ${uuidv7Sql(now)}, w.store_id, w.id, e.id, w.event, 'pending', 0, ${at}, NULL, NULL, ${at}, NULL, NULL
        FROM events e JOIN webhooks w ON w.store_id = e.store_id AND w.event = e.name AND w.active = 1
        WHERE e.store_id = ${storeId} AND e.name = 'inventory.updated'
          AND e.id IN (SELECT l.id FROM inventory_ledger l WHERE ${thisBatch(storeId, "l")})`,
    )
    .returning({ fannedOutDeliveryId: webhookDeliveries.id, fannedOutStoreId: webhookDeliveries.storeId });
  return [record, fanOut];
}

/**
 * `statements` wrapped so that the levels they change are explained and announced: the context row first, then the
 * statements, the `inventory.updated` events of every level they changed, and the row's deletion. A batch that
 * changes no level records no event.
 */
export function stockChange(ctx: StoreCtx, why: StockWhy, statements: Statement[]): Statement[] {
  const storeId = ctx.store.storeId;
  const { userId, token, integration } = ctx.principal;
  const open = ctx.db.insert(inventoryContext).select(
    sql`SELECT 1, ${storeId}, ${why.reason}, ${why.reference ?? null}, ${why.orderId ?? null}, ${why.adjustmentId ?? null},
      ${integration ? null : userId}, ${token?.id ?? null}, ${integration?.id ?? null},
      coalesce((SELECT max(seq) FROM inventory_ledger WHERE store_id = ${storeId}), 0) + 1`,
  );
  return [open, ...statements, ...inventoryEvents(ctx), ctx.db.delete(inventoryContext)];
}

/** The error D1 reports when a stock write met stock held at a location other than the default (trigger text). */
export const isStockHeldElsewhere = (error: unknown) => errorText(error).includes("stock_held_elsewhere");
