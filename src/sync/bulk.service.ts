// Bulk price and stock changes (docs/api/15-sync-and-bulk.md): up to 250 variants by id or SKU, all or nothing.
//
// Race-free without locks: the batch re-checks, inside itself, what the look-up saw. An assertion first fails the
// batch when a named variant has gone; the one UPDATE computes `stock + stock_delta` from the row as the batch sees
// it (so a concurrent change is never lost), and the CHECK (stock >= 0) on product_variants rolls the whole batch
// back if a concurrent order took the stock a delta needed; an assertion does the same for the upper bound
// (MAX_STOCK, the JSON API's), should concurrent deltas add up past it. Then the look-up runs again and answers the
// 422 it now finds (or, if the race went away, the batch is tried once more).
import { and, eq, sql } from "drizzle-orm";
import { products, productVariants } from "../db/schema";
import { auditEntry } from "../lib/audit";
import type { StoreCtx } from "../lib/context";
import { ApiError, type FieldError } from "../lib/errors";
import { nowIso } from "../lib/ids";
import { type Statement, commit, recordEvent } from "../events/outbox";
import { isStockHeldElsewhere, stockChange } from "../events/stock-changes";
import { isCheckViolation } from "../lib/db";
import { failedGuard, stillExists, stillHolds } from "../lib/guards";
import { productJsonSql, variantObjectSql } from "../products/product-json";
import { type VariantJson, variantJsonSql } from "../products/variant-shape";
import { MAX_STOCK } from "../products/variant-schemas";
import type { BulkItem } from "./bulk-schemas";
import { type CheckedFields, checkFields, checkReferences, definitionsStillThere, loadDefinitions } from "../fields/field-values";

/** What the look-up reads of a variant: keys of the API's variant (variant-shape.ts), and two of its own. */
const FOUND_KEYS = ["id", "product_id", "stock", "price_cents", "compare_at_price_cents", "fields"] as const;

type Found = Pick<VariantJson, (typeof FOUND_KEYS)[number]> & {
  sku_lower: string | null;
  /** Another active location than the default holds on_hand: a stock write is refused (docs/api/20-inventory.md). */
  held_elsewhere: number;
};

/** One round trip: every variant of this store named by an id or an SKU of the request. */
async function lookUp(ctx: StoreCtx, updates: BulkItem[]): Promise<Found[]> {
  const ids = JSON.stringify(updates.flatMap((u) => (u.variant_id ? [u.variant_id] : [])));
  const skus = JSON.stringify(updates.flatMap((u) => (u.sku ? [u.sku.toLowerCase()] : [])));
  const row = await ctx.db.get<{ found: string }>(sql`SELECT json_group_array(json_set(${variantJsonSql("product_variants", FOUND_KEYS)},
      '$.sku_lower', sku_lower,
      '$.held_elsewhere', EXISTS (SELECT 1 FROM inventory_levels il JOIN locations l ON l.id = il.location_id
        WHERE il.variant_id = product_variants.id AND l.active = 1 AND l.is_default = 0 AND il.on_hand > 0))) AS found
    FROM product_variants WHERE store_id = ${ctx.store.storeId}
      AND (id IN (SELECT value FROM json_each(${ids})) OR sku_lower IN (SELECT value FROM json_each(${skus})))`);
  return JSON.parse(row.found) as Found[];
}

/** The variant each item names, or every error of every item (paths `updates.<index>.<field>`). */
function resolve(updates: BulkItem[], found: Found[]): { targets: Found[]; errors: FieldError[] } {
  const byId = new Map(found.map((v) => [v.id, v]));
  const bySku = new Map(found.flatMap((v) => (v.sku_lower ? [[v.sku_lower, v] as const] : [])));
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  const targets: Found[] = [];
  // Checks one item: `return at(...)` ends its checks.
  const check = (u: BulkItem, i: number) => {
    const at = (field: string, message: string) => errors.push({ path: `updates.${i}.${field}`, message });
    const targetField = u.variant_id !== undefined ? "variant_id" : "sku";
    if ((u.variant_id === undefined) === (u.sku === undefined)) return at(targetField, "name exactly one of variant_id and sku");
    if (u.stock !== undefined && u.stock_delta !== undefined) return at("stock_delta", "cannot be combined with stock");
    if (u.price_cents === undefined && u.stock === undefined && u.stock_delta === undefined && u.fields === undefined) {
      return at("price_cents", "give at least one change: price_cents, stock, stock_delta or fields");
    }
    const variant = u.variant_id !== undefined ? byId.get(u.variant_id) : bySku.get(u.sku!.toLowerCase());
    if (!variant) return at(targetField, u.variant_id !== undefined ? "is not a variant of this store" : "no variant of this store has this SKU");
    if (seen.has(variant.id)) return at(targetField, "names a variant that an earlier item already changes");
    seen.add(variant.id);
    if ((u.stock !== undefined || u.stock_delta !== undefined) && variant.held_elsewhere) {
      at(u.stock !== undefined ? "stock" : "stock_delta", "cannot be written: the stock is held at several locations (use inventory adjustments)");
    } else if (u.stock_delta !== undefined && variant.stock + u.stock_delta < 0) {
      at("stock_delta", `would make the stock ${variant.stock + u.stock_delta} (it is ${variant.stock})`);
    } else if (u.stock_delta !== undefined && variant.stock + u.stock_delta > MAX_STOCK) {
      at("stock_delta", `would make the stock ${variant.stock + u.stock_delta}, above the maximum ${MAX_STOCK} (it is ${variant.stock})`);
    }
    const compareAt = variant.compare_at_price_cents;
    if (u.price_cents !== undefined && compareAt !== null && u.price_cents > compareAt) {
      at("price_cents", `must not exceed the variant's compare_at_price_cents (${compareAt})`);
    }
    targets.push(variant);
  };
  for (const [i, u] of updates.entries()) check(u, i);
  return { targets, errors };
}

/** Errors in item order (an item's target and stock problems, then its fields). */
const byItem = (a: FieldError, b: FieldError) => Number(a.path.split(".")[1]) - Number(b.path.split(".")[1]);

const invalid = (errors: FieldError[]) => new ApiError("validation_failed", errors.map((e) => `${e.path}: ${e.message}`).join("; "), { errors });

/**
 * The items' custom field values, checked against the store's variant definitions (one read for all items, one for
 * their references): errors at `updates.<index>.fields.<key>`.
 */
async function checkItemFields(ctx: StoreCtx, updates: BulkItem[]): Promise<{ checked: Array<CheckedFields | null>; errors: FieldError[] }> {
  const keys = updates.flatMap((u) => Object.keys(u.fields ?? {}));
  if (keys.length === 0) return { checked: updates.map(() => null), errors: [] };
  const definitions = await loadDefinitions(ctx, "variant", keys);
  const checked = updates.map((u, i) => (u.fields === undefined ? null : checkFields("variant", definitions, u.fields, `updates.${i}.fields`)));
  const present = checked.filter((c): c is CheckedFields => c !== null);
  const errors = [
    ...present.flatMap((c) => c.errors),
    ...(await checkReferences(
      ctx,
      present.flatMap((c) => c.references),
    )),
  ];
  return { checked, errors };
}

/** Per variant: the keys to clear first (all keys given) and the values to set, for the UPDATE's json_patch. */
const fieldChanges = (c: CheckedFields | null) =>
  c === null ? {} : { fn: Object.fromEntries([...Object.keys(c.set), ...c.remove].map((k) => [k, null])), fs: c.set };

/**
 * True when item `u` would change its variant `v` as the look-up saw it (docs/api/23-one-call-sync-and-imports.md: a bulk item whose values
 * are already stored changes nothing, and its product gets no event, no audit row and no new updated_at).
 */
function changes(u: BulkItem, v: Found, checked: CheckedFields | null): boolean {
  if (u.price_cents !== undefined && u.price_cents !== v.price_cents) return true;
  if (u.stock !== undefined && u.stock !== v.stock) return true;
  if (u.stock_delta !== undefined && u.stock_delta !== 0) return true;
  if (checked === null) return false;
  const stored = v.fields as Record<string, unknown>;
  return (
    checked.remove.some((key) => key in stored) || Object.entries(checked.set).some(([key, value]) => JSON.stringify(stored[key]) !== JSON.stringify(value))
  );
}

/** The variants as JSON, by id (the request's answer). */
const variantsJson = (ctx: StoreCtx, ids: string[]) =>
  ctx.db
    .select({ id: productVariants.id, json: sql<string>`${variantObjectSql("product_variants")}` })
    .from(productVariants)
    .where(and(eq(productVariants.storeId, ctx.store.storeId), sql`${productVariants.id} IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`));

function statements(ctx: StoreCtx, updates: BulkItem[], targets: Found[], fields: Array<CheckedFields | null>, answer: string[]): Statement[] {
  const storeId = ctx.store.storeId;
  const ids = targets.map((t) => t.id);
  const now = nowIso();
  // {variant id: {p, s, d}}: the change of each variant, read by the one UPDATE.
  const changes = JSON.stringify(
    Object.fromEntries(
      targets.map((t, i) => [t.id, { p: updates[i].price_cents, s: updates[i].stock, d: updates[i].stock_delta, ...fieldChanges(fields[i]) }]),
    ),
  );
  const change = (key: string) => sql`((${changes} -> ${productVariants.id}) ->> ${key})`;
  const productIds = [...new Set(targets.map((t) => t.product_id))];
  // Id lists travel as one JSON parameter each: D1 binds at most 100 parameters per statement.
  const variantIn = sql`${productVariants.id} IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`;
  const productIn = sql`${products.id} IN (SELECT value FROM json_each(${JSON.stringify(productIds)}))`;
  return [
    ...definitionsStillThere(
      ctx,
      fields.flatMap((c) => c?.used ?? []),
    ),
    stillExists(
      ctx.db,
      sql`(SELECT count(*) FROM product_variants WHERE store_id = ${storeId} AND id IN (SELECT value FROM json_each(${JSON.stringify(ids)}))) = ${ids.length}`,
    ),
    // The stock's upper bound, for the row as the batch sees it (the CHECK constraint holds the lower one).
    stillHolds(
      ctx.db,
      sql`NOT EXISTS (SELECT 1 FROM product_variants v WHERE v.store_id = ${storeId} AND v.id IN (SELECT value FROM json_each(${JSON.stringify(ids)}))
        AND v.stock + coalesce((${changes} -> v.id) ->> 'd', 0) > ${MAX_STOCK})`,
    ),
    // A stock write sets each variant's default location's on_hand, by trigger; an unchanged stock writes nothing.
    ...stockChange(ctx, { reason: "stock_write", reference: "variant.bulk" }, [
      ctx.db
        .update(productVariants)
        .set({
          priceCents: sql`coalesce(${change("p")}, ${productVariants.priceCents})`,
          stock: sql`coalesce(${change("s")}, ${productVariants.stock} + coalesce(${change("d")}, 0))`,
          // Merged as PATCH merges (every key given cleared first, so a json value is replaced whole).
          fields: sql`json_patch(json_patch(${productVariants.fields}, coalesce((${changes} -> ${productVariants.id}) -> 'fn', '{}')),
            coalesce((${changes} -> ${productVariants.id}) -> 'fs', '{}'))`,
          updatedAt: now,
        })
        .where(and(eq(productVariants.storeId, storeId), variantIn)),
    ]),
    ctx.db
      .update(products)
      .set({ updatedAt: now })
      .where(and(eq(products.storeId, storeId), productIn)),
    ...productIds.flatMap((productId) => [
      auditEntry(ctx, "variant.bulk_update", "product", productId, {
        variant_ids: targets.filter((t) => t.product_id === productId).map((t) => t.id),
      }),
      ...recordEvent(ctx.db, storeId, "products.updated", productJsonSql(productId)),
    ]),
    variantsJson(ctx, answer),
  ];
}

/** A failure of the batch's own re-checks: a variant went, or a stock would leave 0..MAX_STOCK, after the look-up. */
const isRaceLost = (error: unknown) => failedGuard(error) !== null || isCheckViolation(error) || isStockHeldElsewhere(error);

export async function bulkUpdateVariants(ctx: StoreCtx, updates: BulkItem[]) {
  const fields = await checkItemFields(ctx, updates);
  for (let attempt = 0; ; attempt++) {
    const { targets, errors } = resolve(updates, await lookUp(ctx, updates));
    if (errors.length > 0 || fields.errors.length > 0) throw invalid([...errors, ...fields.errors].sort(byItem));
    // Only the items that change something are written; with none, nothing is (no batch at all).
    const changing = targets.flatMap((t, i) => (changes(updates[i], t, fields.checked[i]) ? [i] : []));
    const only = <T>(list: T[]) => changing.map((i) => list[i]);
    const answer = targets.map((t) => t.id);
    try {
      type Row = { id: string; json: string };
      const rows =
        changing.length === 0
          ? await variantsJson(ctx, answer)
          : ((await commit(ctx, statements(ctx, only(updates), only(targets), only(fields.checked), answer))).at(-1) as Row[]);
      const byId = new Map(rows.map((r) => [r.id, r.json]));
      return { data: targets.map((t) => JSON.parse(byId.get(t.id)!)) };
    } catch (error) {
      // The look-up runs again and reports what changed; a second lost race is a 409 to retry.
      if (!isRaceLost(error)) throw error;
      if (attempt >= 1) throw new ApiError("conflict", "The variants changed while this request ran; nothing was changed, retry it");
    }
  }
}
