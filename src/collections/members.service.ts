// A manual collection's members and their order (positions count from 0, as in the gallery), and every
// collection's product list: manual ones in position order, automatic ones by `sort` (their rules evaluated when
// read). Member changes are changes of the collection: collections.updated, in the same batch.
import { and, eq, gt, gte, sql } from "drizzle-orm";
import { collectionProducts } from "../db/schema";
import type { StoreCtx, StoreReadCtx } from "../lib/context";
import { walkOf } from "../lib/cursor";
import { ApiError, conflict, invalidField, notFound } from "../lib/errors";
import { exists, stillHolds, withinCap } from "../lib/guards";
import { isUuid } from "../lib/ids";
import { readRows } from "../products/list/d1";
import { type ProductListQuery, automaticFilter, runList, sortedWalk } from "../products/list/list.service";
import { collectionChanged, collectionStillThere, commitReturningCollection, getCollectionRow } from "./collections.service";
import { MAX_MEMBERS } from "./schemas";

async function manualCollection(ctx: StoreCtx, id: string) {
  const row = await getCollectionRow(ctx, id);
  if (row.kind !== "manual") throw conflict("An automatic collection's products follow its rules: change the rules instead");
  return row;
}

const memberOf = (collectionId: string, productId: string) =>
  and(eq(collectionProducts.collectionId, collectionId), eq(collectionProducts.productId, productId))!;

/** PUT: the members, in this order (at most 5,000; every id a product of this store, else 422 naming the index). */
export async function setMembers(ctx: StoreCtx, id: string, productIds: string[]) {
  const row = await manualCollection(ctx, id);
  const storeId = ctx.store.storeId;
  const ids = JSON.stringify(productIds);
  const missing = await ctx.db.all<{ i: number }>(sql`SELECT j.key AS i FROM json_each(${ids}) j
    WHERE NOT EXISTS (SELECT 1 FROM products p WHERE p.id = j.value AND p.store_id = ${storeId}) ORDER BY j.key`);
  if (missing.length > 0) {
    const errors = missing.map(({ i }) => ({ path: `product_ids.${i}`, message: "is not a product of this store" }));
    throw new ApiError("validation_failed", errors.map((e) => `${e.path}: ${e.message}`).join("; "), { errors });
  }
  return commitReturningCollection(ctx, [
    collectionStillThere(ctx, id),
    // A product deleted since the check: the whole change is refused (409), not applied without it.
    stillHolds(ctx.db, sql`(SELECT count(*) FROM json_each(${ids}) j JOIN products p ON p.id = j.value AND p.store_id = ${storeId}) = ${productIds.length}`),
    ctx.db.delete(collectionProducts).where(eq(collectionProducts.collectionId, id)),
    ctx.db.insert(collectionProducts).select(sql`SELECT ${storeId}, ${id}, j.value, j.key FROM json_each(${ids}) j`),
    ...collectionChanged(ctx, row, "collection.products_set", { count: productIds.length }),
  ]);
}

/** POST: one more member, at `position` (default last; a position past the end is the end). */
export async function addMember(ctx: StoreCtx, id: string, input: { product_id: string; position?: number }) {
  const row = await manualCollection(ctx, id);
  const storeId = ctx.store.storeId;
  const [state] = await ctx.db.all<{ product: number; member: number; count: number }>(sql`SELECT
    EXISTS (SELECT 1 FROM products WHERE id = ${input.product_id} AND store_id = ${storeId}) AS product,
    EXISTS (SELECT 1 FROM collection_products WHERE collection_id = ${id} AND product_id = ${input.product_id}) AS member,
    (SELECT count(*) FROM collection_products WHERE collection_id = ${id}) AS count`);
  if (!isUuid(input.product_id) || !state.product) throw invalidField("product_id", "is not a product of this store");
  if (state.member) throw conflict("The product is already in this collection");
  const position = Math.min(input.position ?? state.count, state.count);
  return commitReturningCollection(ctx, [
    collectionStillThere(ctx, id),
    withinCap(ctx.db, sql`(SELECT count(*) FROM collection_products WHERE collection_id = ${id}) < ${MAX_MEMBERS}`),
    stillHolds(ctx.db, sql`NOT ${exists(sql`${collectionProducts}`, memberOf(id, input.product_id))}`),
    ctx.db
      .update(collectionProducts)
      .set({ position: sql`${collectionProducts.position} + 1` })
      .where(and(eq(collectionProducts.collectionId, id), gte(collectionProducts.position, position))),
    ctx.db.insert(collectionProducts).values({ storeId, collectionId: id, productId: input.product_id, position }),
    ...collectionChanged(ctx, row, "collection.product_add", { product_id: input.product_id, position }),
  ]);
}

/** DELETE: the product leaves the collection (404 when it is not in it); the later members move up one. */
export async function removeMember(ctx: StoreCtx, id: string, productId: string) {
  const row = await manualCollection(ctx, id);
  const [member] = isUuid(productId)
    ? await ctx.db.select({ position: collectionProducts.position }).from(collectionProducts).where(memberOf(id, productId))
    : [];
  if (!member) throw notFound("Product in this collection");
  await commitReturningCollection(ctx, [
    collectionStillThere(ctx, id),
    stillHolds(ctx.db, exists(sql`${collectionProducts}`, memberOf(id, productId))),
    ctx.db.delete(collectionProducts).where(memberOf(id, productId)),
    ctx.db
      .update(collectionProducts)
      .set({ position: sql`${collectionProducts.position} - 1` })
      .where(and(eq(collectionProducts.collectionId, id), gt(collectionProducts.position, member.position))),
    ...collectionChanged(ctx, row, "collection.product_remove", { product_id: productId }),
  ]);
}

export type CollectionProductsQuery = Pick<ProductListQuery, "limit" | "offset" | "cursor" | "include_drafts" | "sort">;

/** GET /collections/{id}/products: the members as the product list returns them. */
export async function listMembers(ctx: StoreReadCtx, id: string, query: CollectionProductsQuery, rawOffset: string | undefined) {
  if (!isUuid(id)) throw notFound("Collection");
  const { rows } = await readRows<{ kind: "manual" | "automatic"; rules: string | null }>(
    ctx,
    sql`SELECT kind, rules FROM collections WHERE id = ${id} AND store_id = ${ctx.storeId}`,
  );
  const [row] = rows;
  if (!row) throw notFound("Collection");
  const includeDrafts = query.include_drafts;
  if (row.kind === "manual") {
    if (query.sort !== undefined) throw invalidField("sort", "a manual collection lists its products in its own order");
    const walk = walkOf(`collection:${id}`, query, rawOffset, true, "integer");
    return runList(ctx, { walk, sort: "updated_at", includeDrafts, byPosition: id, filters: { tags: [] } });
  }
  const { walk, sort } = sortedWalk(`collection:${id}`, query, rawOffset);
  return runList(ctx, { walk, sort, includeDrafts, filters: automaticFilter(row.rules) });
}
