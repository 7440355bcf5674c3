// GET /stores/{store_id}/inventory (docs/inventory.md "Levels"): the levels that exist (a missing level is 0 and 0),
// by variant then location, with cursor paging (the cursor names the last level by its variant and location id).
// Every filter is served by an index of migrations/store/0027_inventory.sql (test/inventory/plans.test.ts); the low
// stock filter is written as the expression those indexes hold, `(on_hand - committed)`, so SQLite can use them.
import { type SQL, and, asc, count, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { inventoryLevels, locations, productVariants } from "../db/schema";
import type { Db, StoreCtx } from "../lib/context";
import { type Walk, pageOf } from "../lib/cursor";
import type { LevelsFilter } from "./schemas";

const il = alias(inventoryLevels, "il");
const v = alias(productVariants, "v");
const l = alias(locations, "l");

/**
 * The filters as conditions on `inventory_levels il`. A named location or product scopes the levels to the store
 * through its own row (a scalar subquery: NULL, so nothing, when it is another store's), which leaves SQLite one
 * index to use, the location's or the product's, instead of reading every level of the store.
 */
export function levelConditions(storeId: string, f: LevelsFilter): SQL[] {
  const conditions: SQL[] = [];
  if (f.location_id !== undefined) conditions.push(sql`il.location_id = (SELECT id FROM locations WHERE id = ${f.location_id} AND store_id = ${storeId})`);
  if (f.product_id !== undefined) conditions.push(sql`il.product_id = (SELECT id FROM products WHERE id = ${f.product_id} AND store_id = ${storeId})`);
  if (f.location_id === undefined && f.product_id === undefined) conditions.push(sql`il.store_id = ${storeId}`);
  if (f.variant_id !== undefined) conditions.push(sql`il.variant_id = ${f.variant_id}`);
  // SKUs are unique per store (case-insensitively): at most one variant.
  if (f.sku !== undefined)
    conditions.push(sql`il.variant_id = (SELECT id FROM product_variants WHERE store_id = ${storeId} AND sku_lower = ${f.sku.toLowerCase()})`);
  if (f.available_below !== undefined) conditions.push(sql`(il.on_hand - il.committed) < ${f.available_below}`);
  return conditions;
}

/** One page of levels (one more row than the limit), with their variant's SKU and their location's code. */
export function levelsPageQuery(db: Db, storeId: string, walk: Walk, f: LevelsFilter) {
  const conditions = levelConditions(storeId, f);
  if (walk.after) conditions.push(sql`(il.variant_id, il.location_id) > (${walk.after.at}, ${walk.after.id})`);
  return db
    .select({
      variant_id: il.variantId,
      product_id: il.productId,
      sku: v.sku,
      location_id: il.locationId,
      location_code: l.code,
      on_hand: il.onHand,
      committed: il.committed,
      available: sql<number>`il.on_hand - il.committed`,
      updated_at: il.updatedAt,
    })
    .from(il)
    .innerJoin(v, eq(v.id, il.variantId))
    .innerJoin(l, eq(l.id, il.locationId))
    .where(and(...conditions))
    .orderBy(asc(il.variantId), asc(il.locationId))
    .limit(walk.limit + 1)
    .offset(walk.offset);
}

export const levelsCountQuery = (db: Db, storeId: string, f: LevelsFilter) =>
  db
    .select({ total: count() })
    .from(il)
    .where(and(...levelConditions(storeId, f)));

export async function listLevels(ctx: StoreCtx, walk: Walk, f: LevelsFilter) {
  const storeId = ctx.store.storeId;
  const [rows, [{ total }]] = await ctx.db.batch([levelsPageQuery(ctx.db, storeId, walk, f), levelsCountQuery(ctx.db, storeId, f)]);
  return pageOf(walk, rows, (r) => ({ at: r.variant_id, id: r.location_id }), total);
}
