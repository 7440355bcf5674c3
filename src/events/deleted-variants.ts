// Deleting variants that hold stock (docs/inventory.md "Deleting a variant"): the variant DELETE, the PUT by external
// id that leaves variants out, and the product DELETE all go through here. Units committed to an open order refuse
// the deletion (409 naming them: the order still needs them). On_hand alone is emptied in the deletion's own batch,
// through `stockChange` with reason `variant_deleted`, so that each level's entries sum to 0 before the foreign key
// cascade removes the level; the ledger keeps a deleted variant's entries (they have no foreign key to it), so it
// still sums to every level of every variant that ever existed.
import { type SQL, sql } from "drizzle-orm";
import { inventoryLevels } from "../db/schema";
import type { StoreCtx } from "../lib/context";
import { type ApiError, conflict } from "../lib/errors";
import { stillHolds } from "../lib/guards";
import { nowIso } from "../lib/ids";
import type { Statement } from "../events/outbox";
import { stockChange } from "../events/stock-changes";

/** The variants a deletion removes: these ids, or every variant of a product. */
export type Deleted = { variantIds: string[] } | { productId: string };

/** The request that deletes them, as the entries' `reference` names it (as `stock_write`'s references name paths). */
export type DeletingPath = "variant.delete" | "product.put" | "product.delete";

/** A level holding units committed to open orders, as the 409 names it: the variant by SKU (else id), the location by code. */
export interface CommittedUnits {
  variant: string;
  location_code: string;
  committed: number;
}

/** One parameter whatever the number of ids (D1 binds at most 100 per statement; a PUT may delete 100 variants). */
const variantsOf = (ctx: StoreCtx, deleted: Deleted): SQL =>
  "productId" in deleted
    ? sql`(SELECT id FROM product_variants WHERE store_id = ${ctx.store.storeId} AND product_id = ${deleted.productId})`
    : sql`(SELECT value FROM json_each(${JSON.stringify(deleted.variantIds)}))`;

/** The levels of these variants that hold committed units, by variant and then location position. */
export const committedUnitsOf = (ctx: StoreCtx, deleted: Deleted) =>
  ctx.db.all<CommittedUnits>(sql`SELECT coalesce(v.sku, v.id) AS variant, l.code AS location_code, il.committed
    FROM inventory_levels il JOIN product_variants v ON v.id = il.variant_id JOIN locations l ON l.id = il.location_id
    WHERE il.variant_id IN ${variantsOf(ctx, deleted)} AND il.committed > 0
    ORDER BY v.position, v.id, l.position, l.id`);

const atLocations = (units: CommittedUnits[]) => units.map((u) => `${u.committed} committed at ${u.location_code}`).join(", ");

/** "SKU-A: 2 committed at default, 1 committed at wh; SKU-B: ..." (the rows come grouped by variant). */
const perVariant = (units: CommittedUnits[]) => [...Map.groupBy(units, (u) => u.variant)].map(([variant, own]) => `${variant}: ${atLocations(own)}`).join("; ");

/**
 * The 409 of a deletion refused because open orders still need units committed at the variants' levels, naming each
 * level. `what`: the variant itself (DELETE variant), a product's variants (DELETE product) or those a PUT leaves out.
 */
export function unitsStillCommitted(what: "variant" | "product" | "put", units: CommittedUnits[]): ApiError {
  if (what === "variant") {
    return conflict(`An open order still needs this variant's units (${atLocations(units)}): cancel or fulfil the order first; nothing was deleted`);
  }
  if (what === "product") {
    return conflict(
      `An open order still needs units of this product's variants (${perVariant(units)}): cancel or fulfil the orders first; nothing was deleted`,
    );
  }
  return conflict(
    `An open order still needs units of the variants this PUT leaves out (${perVariant(units)}): cancel or fulfil the orders first, ` +
      "or keep those variants in the body; nothing was changed",
  );
}

/**
 * In the deletion's batch, before the DELETE: the guard that no level of the variants holds committed units (so an
 * order committing after the request's read fails the batch: a `conflict` guard, which the caller answers by reading
 * again), then their levels' on_hand taken to 0 with one `variant_deleted` entry and one `inventory.updated` each.
 * Always in the batch, even when the read saw no stock: an adjustment may add some between the read and the batch.
 */
export function emptyLevelsOf(ctx: StoreCtx, deleted: Deleted, path: DeletingPath): Statement[] {
  const variants = variantsOf(ctx, deleted);
  const l = inventoryLevels;
  return [
    stillHolds(ctx.db, sql`NOT EXISTS (SELECT 1 FROM ${l} WHERE ${l.variantId} IN ${variants} AND ${l.committed} > 0)`),
    ...stockChange(ctx, { reason: "variant_deleted", reference: path }, [
      ctx.db.update(l).set({ onHand: 0, updatedAt: nowIso() }).where(sql`${l.variantId} IN ${variants} AND ${l.onHand} <> 0`),
    ]),
  ];
}
