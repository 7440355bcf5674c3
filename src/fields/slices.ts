// The work over every row of an owner that a definition change needs (docs/decisions.md "Custom fields"), in
// slices: each one D1 batch over the next FIELD_SLICE_ROWS rows of the store, walked by (created_at, id) on the
// owner's (store_id, created_at, id) index (keyset: never an OFFSET), so no statement runs long, and the other stores
// of the database wait at most one slice. A variant field's slice is the variants of the next products (found by the
// product_id index of product_variants).
//
// * Backfill (made filterable): INSERT ... SELECT of the slice's index rows, ON CONFLICT DO NOTHING. The definition is
//   already filterable when the first slice runs, so the triggers of migration 0029 index every write meanwhile; a row
//   a trigger wrote holds the current value, which the slice keeps. Each slice inserts only while the definition is
//   still filterable (made unfilterable meanwhile: its rows were deleted, and the slice adds none back).
// * Removal (deleted): json_remove of the key on the slice's rows; their index rows go by the same triggers (the
//   definition still exists while the slices run).
//
// Both are idempotent: an interrupted run is finished by running it again from the start.
import { type SQL, and, asc, eq, sql } from "drizzle-orm";
import { collections, customers, fieldDefinitions, fieldIndex, orders, productVariants, products } from "../db/schema";
import type { StoreCtx } from "../lib/context";
import type { Statement } from "../events/outbox";
import type { Owner } from "./field-types";

/** Rows per slice unless FIELD_SLICE_ROWS says otherwise (docs/performance.md "Custom fields": the measured time of one). */
export const DEFAULT_SLICE_ROWS = 1000;

export function sliceRows(env: { FIELD_SLICE_ROWS?: string }): number {
  const n = Number(env.FIELD_SLICE_ROWS ?? DEFAULT_SLICE_ROWS);
  return Number.isSafeInteger(n) && n > 0 ? n : DEFAULT_SLICE_ROWS;
}

/** The tables walked: a variant field walks its products. */
const WALKED = { product: products, variant: products, collection: collections, customer: customers, order: orders } as const;

interface Cursor {
  createdAt: string;
  id: string;
}

const START: Cursor = { createdAt: "", id: "" };

/** The next `limit` rows of `owner`'s walked table in the store after `cursor`, as a subquery of ids. */
function sliceIds(ctx: StoreCtx, owner: Owner, cursor: Cursor, limit: number): SQL {
  const t = WALKED[owner];
  return sql`SELECT ${t.id} FROM ${t} WHERE ${t.storeId} = ${ctx.store.storeId} AND (${t.createdAt}, ${t.id}) > (${cursor.createdAt}, ${cursor.id})
    ORDER BY ${t.createdAt}, ${t.id} LIMIT ${limit}`;
}

/** The same slice's keys (the last one is the next cursor). */
function sliceKeys(ctx: StoreCtx, owner: Owner, cursor: Cursor, limit: number) {
  const t = WALKED[owner];
  return ctx.db
    .select({ createdAt: t.createdAt, id: t.id })
    .from(t)
    .where(and(eq(t.storeId, ctx.store.storeId), sql`(${t.createdAt}, ${t.id}) > (${cursor.createdAt}, ${cursor.id})`))
    .orderBy(asc(t.createdAt), asc(t.id))
    .limit(limit);
}

/**
 * Runs `slice(cursor)` (the slice's change) with the slice's keys, one batch per slice, until a slice is short; stops
 * early when `go` (a select in the same batch) returns no row.
 */
async function walk(ctx: StoreCtx, owner: Owner, change: (ids: SQL) => Statement, go: Statement): Promise<void> {
  const limit = sliceRows(ctx.env as { FIELD_SLICE_ROWS?: string });
  let cursor = START;
  for (;;) {
    const results = (await ctx.db.batch([change(sliceIds(ctx, owner, cursor, limit)), sliceKeys(ctx, owner, cursor, limit), go] as [
      Statement,
      ...Statement[],
    ])) as unknown[];
    const keys = results[1] as Cursor[];
    const still = results[2] as unknown[];
    if (keys.length < limit || still.length === 0) return;
    cursor = keys[keys.length - 1];
  }
}

/** The definition's row if it is still filterable (a select for the slice's batch). */
const stillFilterable = (ctx: StoreCtx, id: string) =>
  ctx.db
    .select({ id: fieldDefinitions.id })
    .from(fieldDefinitions)
    .where(and(eq(fieldDefinitions.id, id), eq(fieldDefinitions.storeId, ctx.store.storeId), eq(fieldDefinitions.filterable, true)));

/** The index rows of a filterable definition from the values the store holds, slice by slice. */
export async function backfillSlices(ctx: StoreCtx, definition: { id: string; owner: "product" | "variant"; key: string }) {
  const path = `$.${definition.key}`;
  const live = sql`JOIN field_definitions d ON d.id = ${definition.id} AND d.store_id = ${ctx.store.storeId} AND d.filterable = 1`;
  const change = (ids: SQL) =>
    // Drizzle's D1 batch binds parameters of builders only (not of db.run): an insert ... select, in the table's column order.
    ctx.db
      .insert(fieldIndex)
      .select(
        definition.owner === "product"
          ? sql`SELECT p.store_id, d.id, p.id, p.id, json_extract(p.fields, ${path}), p.status, p.updated_at
              FROM products p ${live} WHERE p.id IN (${ids}) AND json_type(p.fields, ${path}) IS NOT NULL`
          : sql`SELECT v.store_id, d.id, v.id, v.product_id, json_extract(v.fields, ${path}), p.status, p.updated_at
              FROM products p JOIN product_variants v ON v.product_id = p.id ${live}
              WHERE p.id IN (${ids}) AND v.store_id = p.store_id AND json_type(v.fields, ${path}) IS NOT NULL`,
      )
      .onConflictDoNothing();
  await walk(ctx, definition.owner, change, stillFilterable(ctx, definition.id));
}

/** The definition's values removed from every resource of its owner in the store, slice by slice. */
export async function removeSlices(ctx: StoreCtx, definition: { id: string; owner: Owner; key: string }) {
  const path = `$.${definition.key}`;
  const table = definition.owner === "variant" ? productVariants : WALKED[definition.owner];
  const owned = definition.owner === "variant" ? productVariants.productId : table.id;
  const change = (ids: SQL) =>
    ctx.db
      .update(table)
      .set({ fields: sql`json_remove(fields, ${path})` })
      .where(and(eq(table.storeId, ctx.store.storeId), sql`${owned} IN (${ids})`, sql`json_type(fields, ${path}) IS NOT NULL`));
  const exists = ctx.db
    .select({ id: fieldDefinitions.id })
    .from(fieldDefinitions)
    .where(and(eq(fieldDefinitions.id, definition.id), eq(fieldDefinitions.storeId, ctx.store.storeId)));
  await walk(ctx, definition.owner, change, exists);
}
