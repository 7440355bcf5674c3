// POST /prices/resolve and the price context of product reads (docs/api/24-prices.md): the one rule of
// ./resolve.ts applied to named variants, with where each price came from and its lowest price of the last 30 days.
import { sql } from "drizzle-orm";
import type { StoreCtx } from "../lib/context";
import { ApiError, type FieldError, forbidden, invalidField } from "../lib/errors";
import { nowIso } from "../lib/ids";
import { has } from "../lib/permissions";
import type { Db } from "../lib/types";
import { type PriceContext, type Resolved, lowestPrice30dSql, resolvedPriceSql } from "./resolve";

export interface ContextInput {
  currency: string;
  country?: string;
  customer_id?: string;
  at?: string;
}

/**
 * The context of a request: naming a customer needs customers.read (403 naming it) and a customer of this store
 * (422 at `customer_id`).
 */
export async function priceContextOf(db: Db, storeId: string, permissions: bigint, input: ContextInput): Promise<PriceContext> {
  if (input.customer_id !== undefined) {
    if (!has(permissions, "customers.read")) throw forbidden("Pricing for a customer needs the customers.read permission", "customers.read");
    const found = await db.get<{ ok: number }>(sql`SELECT EXISTS (SELECT 1 FROM customers WHERE id = ${input.customer_id} AND store_id = ${storeId}) AS ok`);
    if (!found.ok) throw invalidField("customer_id", "is not a customer of this store");
  }
  return {
    storeId,
    currency: input.currency,
    country: input.country ?? null,
    customerId: input.customer_id ?? null,
    at: input.at ? nowIso(Date.parse(input.at)) : nowIso(),
  };
}

type Item = { variant_id?: string; sku?: string; quantity?: number };

export async function resolvePrices(ctx: StoreCtx, input: ContextInput & { items: Item[] }) {
  const c = await priceContextOf(ctx.db, ctx.store.storeId, ctx.store.permissions, input);
  const errors: FieldError[] = [];
  input.items.forEach((item, i) => {
    if ((item.variant_id === undefined) === (item.sku === undefined)) errors.push({ path: `items.${i}`, message: "name the variant by variant_id or by sku (exactly one)" });
  });
  if (errors.length > 0) throw new ApiError("validation_failed", errors.map((e) => `${e.path}: ${e.message}`).join("; "), { errors });
  const asked = input.items.map((item) => [item.variant_id ?? null, item.sku?.toLowerCase() ?? null, item.quantity ?? 1]);
  const rows = await ctx.db.all<{ i: number; variant_id: string | null; quantity: number; resolved: string | null }>(sql`
    SELECT r.i, r.variant_id, r.quantity, ${resolvedPriceSql(c, sql`r.variant_id`, sql`r.quantity`)} AS resolved FROM (
      SELECT CAST(it.key AS INTEGER) AS i, json_extract(it.value, '$[2]') AS quantity,
        coalesce((SELECT v.id FROM product_variants v WHERE v.id = json_extract(it.value, '$[0]') AND v.store_id = ${c.storeId}),
          (SELECT v.id FROM product_variants v WHERE v.store_id = ${c.storeId} AND v.sku_lower = json_extract(it.value, '$[1]'))) AS variant_id
      FROM json_each(${JSON.stringify(asked)}) it) r ORDER BY r.i`);
  const unknown = rows.filter((r) => r.variant_id === null);
  if (unknown.length > 0) {
    throw new ApiError("validation_failed", unknown.map((r) => `items.${r.i}: is not a variant of this store`).join("; "), {
      errors: unknown.map((r) => ({ path: `items.${r.i}`, message: "is not a variant of this store" })),
    });
  }
  const resolved = rows.map((r) => ({ ...r, price: r.resolved === null ? null : (JSON.parse(r.resolved) as Resolved) }));
  const lowest = await lowestPrices(ctx.db, c, resolved.flatMap((r) => (r.price ? [{ variantId: r.variant_id!, price: r.price }] : [])));
  let next = 0;
  return {
    data: resolved.map((r) => ({
      variant_id: r.variant_id!,
      quantity: r.quantity,
      currency: c.currency,
      price_cents: r.price?.price_cents ?? null,
      compare_at_price_cents: r.price?.compare_at_price_cents ?? null,
      lowest_price_30d_cents: r.price ? lowest[next++] : null,
      source: r.price?.source ?? null,
    })),
  };
}

/** One round trip: each priced item's lowest price of the 30 days up to the context's `at`, in order. */
async function lowestPrices(db: Db, c: PriceContext, items: Array<{ variantId: string; price: Resolved }>): Promise<number[]> {
  if (items.length === 0) return [];
  const columns = items.map((item, i) => sql`${lowestPrice30dSql(c, sql`${item.variantId}`, item.price.source, item.price.price_cents)} AS ${sql.raw(`l${i}`)}`);
  const row = await db.get<Record<string, number>>(sql`SELECT ${sql.join(columns, sql`, `)}`);
  return items.map((_, i) => row[`l${i}`]);
}

/**
 * `calculated_price` for quantity 1 of every variant in `products` (parsed product JSON), in one round trip. A
 * variant with no price in the context gets null.
 */
export async function withCalculatedPrices<T extends { variants?: Array<{ id: string; calculated_price?: unknown }> }>(db: Db, c: PriceContext, products: T[]) {
  const ids = products.flatMap((p) => (p.variants ?? []).map((v) => v.id));
  if (ids.length === 0) return products;
  const rows = await db.all<{ id: string; resolved: string | null }>(sql`SELECT it.value AS id,
      ${resolvedPriceSql(c, sql`it.value`, sql`1`)} AS resolved FROM json_each(${JSON.stringify(ids)}) it`);
  const byId = new Map(rows.map((r) => [r.id, r.resolved === null ? null : (JSON.parse(r.resolved) as Resolved)]));
  for (const product of products) {
    for (const variant of product.variants ?? []) {
      const price = byId.get(variant.id) ?? null;
      variant.calculated_price = price && { currency: c.currency, price_cents: price.price_cents, compare_at_price_cents: price.compare_at_price_cents, source: price.source };
    }
  }
  return products;
}
