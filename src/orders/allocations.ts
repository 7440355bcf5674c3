// Where an order's units come from (docs/api/20-inventory.md "Orders"): a line's reserved quantity is committed at the
// store's active locations, the default first, then by position, split across them when one does not hold enough.
// Each statement works on the rows as the batch sees them, so what a line commits is what the batch found available.
// Fulfilment takes the allocations off on_hand and committed; a cancel releases them (committed falls). The ledger
// entries come from the level triggers, with the reason the batch's stockChange gives.
import { sql } from "drizzle-orm";
import { inventoryLevels, orderAllocations } from "../db/schema";
import type { StoreCtx } from "../lib/context";
import { nowIso } from "../lib/ids";
import type { Statement } from "../events/outbox";

/**
 * The statements committing line `position` of order `orderId`: its allocations (what each location gives, in the
 * default-first order, up to the line's reserved quantity), then the levels' committed grows by them.
 */
export function commitLine(ctx: StoreCtx, orderId: string, position: number, variantId: string): Statement[] {
  const storeId = ctx.store.storeId;
  const allocate = ctx.db.insert(orderAllocations).select(sql`SELECT ${orderId}, ${position}, location_id, ${storeId}, ${variantId}, give
    FROM (SELECT location_id, min(available, max(wanted - before, 0)) AS give FROM (
      SELECT l.id AS location_id, coalesce(il.on_hand - il.committed, 0) AS available,
        (SELECT reserved_quantity FROM order_lines WHERE order_id = ${orderId} AND position = ${position}) AS wanted,
        coalesce(sum(coalesce(il.on_hand - il.committed, 0)) OVER (ORDER BY l.is_default DESC, l.position, l.id
          ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS before
      FROM locations l LEFT JOIN inventory_levels il ON il.location_id = l.id AND il.variant_id = ${variantId}
      WHERE l.store_id = ${storeId} AND l.active = 1))
    WHERE give > 0`);
  const commit = ctx.db
    .update(inventoryLevels)
    .set({
      committed: sql`committed + (SELECT a.quantity FROM order_allocations a WHERE a.order_id = ${orderId} AND a.position = ${position}
        AND a.location_id = inventory_levels.location_id)`,
      updatedAt: nowIso(),
    })
    .where(
      sql`variant_id = ${variantId} AND location_id IN (SELECT location_id FROM order_allocations WHERE order_id = ${orderId} AND position = ${position})`,
    );
  return [allocate, commit];
}

/** The allocations of order `orderId` taken off the levels: committed only (cancel) or on_hand too (fulfilment). */
export function settleAllocations(ctx: StoreCtx, orderId: string, how: "release" | "fulfil"): Statement {
  const allocated = sql`(SELECT sum(a.quantity) FROM order_allocations a WHERE a.order_id = ${orderId}
    AND a.variant_id = inventory_levels.variant_id AND a.location_id = inventory_levels.location_id)`;
  return ctx.db
    .update(inventoryLevels)
    .set({
      committed: sql`committed - ${allocated}`,
      ...(how === "fulfil" ? { onHand: sql`on_hand - ${allocated}` } : {}),
      updatedAt: nowIso(),
    })
    .where(
      sql`store_id = ${ctx.store.storeId} AND (variant_id, location_id) IN (SELECT variant_id, location_id FROM order_allocations WHERE order_id = ${orderId})`,
    );
}
