// POST /prices/resolve and the price context of product reads (docs/api/24-prices.md): the one rule of
// ./resolve.ts applied to named variants, with where each price came from and its lowest price of the last 30 days.
import { sql } from "drizzle-orm";
import type { StoreReadCtx } from "../lib/context";
import { withAuthBatch } from "../access/batched";
import { ApiError, type FieldError, forbidden, invalidField } from "../lib/errors";
import { nowIso } from "../lib/ids";
import { has } from "../lib/permissions";
import type { Db } from "../lib/types";
import { type PriceContext, type Resolved, lowestPriceOfSql, resolvedPriceSql } from "./resolve";

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

/**
 * POST /prices/resolve in one read, sent in the access check's batch (`requiresWithBatchedRead`): the named
 * variants (by id or SKU), each one's price by the rule, its lowest price of the 30 days and whether the customer is
 * this store's, all in one statement whose items are one JSON parameter. The answers keep their order: 403 for a
 * customer without customers.read, 422 at customer_id, 422 at items.<i> (shape), 422 at items.<i> (unknown).
 */
export async function resolvePrices(ctx: StoreReadCtx, permissions: () => bigint, input: ContextInput & { items: Item[] }) {
  const c: PriceContext = {
    storeId: ctx.storeId,
    currency: input.currency,
    country: input.country ?? null,
    customerId: input.customer_id ?? null,
    at: input.at ? nowIso(Date.parse(input.at)) : nowIso(),
  };
  const asked = input.items.map((item) => [item.variant_id ?? null, item.sku?.toLowerCase() ?? null, item.quantity ?? 1]);
  const resolved = sql.raw("r.resolved");
  const result = await withAuthBatch<{
    i: number;
    variant_id: string | null;
    quantity: number;
    resolved: string | null;
    lowest: number | null;
    customer_ok: number;
  }>(
    ctx,
    sql`
    WITH asked AS MATERIALIZED (
      SELECT CAST(it.key AS INTEGER) AS i, json_extract(it.value, '$[2]') AS quantity,
        coalesce((SELECT v.id FROM product_variants v WHERE v.id = json_extract(it.value, '$[0]') AND v.store_id = ${c.storeId}),
          (SELECT v.id FROM product_variants v WHERE v.store_id = ${c.storeId} AND v.sku_lower = json_extract(it.value, '$[1]'))) AS variant_id
      FROM json_each(${JSON.stringify(asked)}) it),
    r AS MATERIALIZED (SELECT a.i, a.variant_id, a.quantity, ${resolvedPriceSql(c, sql`a.variant_id`, sql`a.quantity`)} AS resolved FROM asked a)
    SELECT r.i, r.variant_id, r.quantity, r.resolved,
      CASE WHEN r.resolved IS NULL THEN NULL ELSE ${lowestPriceOfSql(
        c,
        sql`r.variant_id`,
        sql`json_extract(${resolved}, '$.source.price_list_id')`,
        sql`coalesce(json_extract(${resolved}, '$.source.min_quantity'), 1)`,
        sql`json_extract(${resolved}, '$.price_cents')`,
      )} END AS lowest,
      EXISTS (SELECT 1 FROM customers WHERE id = ${c.customerId ?? ""} AND store_id = ${c.storeId}) AS customer_ok
    FROM r ORDER BY r.i`,
  );
  const rows = result.results;
  if (input.customer_id !== undefined) {
    if (!has(permissions(), "customers.read")) throw forbidden("Pricing for a customer needs the customers.read permission", "customers.read");
    if (!rows[0]?.customer_ok) throw invalidField("customer_id", "is not a customer of this store");
  }
  const errors: FieldError[] = [];
  input.items.forEach((item, i) => {
    if ((item.variant_id === undefined) === (item.sku === undefined))
      errors.push({ path: `items.${i}`, message: "name the variant by variant_id or by sku (exactly one)" });
  });
  if (errors.length > 0) throw new ApiError("validation_failed", errors.map((e) => `${e.path}: ${e.message}`).join("; "), { errors });
  const unknown = rows.filter((r) => r.variant_id === null);
  if (unknown.length > 0) {
    throw new ApiError("validation_failed", unknown.map((r) => `items.${r.i}: is not a variant of this store`).join("; "), {
      errors: unknown.map((r) => ({ path: `items.${r.i}`, message: "is not a variant of this store" })),
    });
  }
  return {
    data: rows.map((r) => {
      const price = r.resolved === null ? null : (JSON.parse(r.resolved) as Resolved);
      return {
        variant_id: r.variant_id!,
        quantity: r.quantity,
        currency: c.currency,
        price_cents: price?.price_cents ?? null,
        compare_at_price_cents: price?.compare_at_price_cents ?? null,
        lowest_price_30d_cents: price ? r.lowest : null,
        source: price?.source ?? null,
      };
    }),
  };
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
      variant.calculated_price = price && {
        currency: c.currency,
        price_cents: price.price_cents,
        compare_at_price_cents: price.compare_at_price_cents,
        source: price.source,
      };
    }
  }
  return products;
}
