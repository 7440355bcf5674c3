// The one price resolution rule (docs/pricing.md "Resolution"), as one SQL expression per variant, used by
// POST /prices/resolve, by product reads with a price context (`calculated_price`) and by order creation:
//
// * a price list is a candidate when it is active, in the context's currency, `at` is within [starts_at, ends_at),
//   its countries are empty or hold the context's country (no country: only lists with no countries), and its
//   groups are empty or share one with the customer (no customer: only lists with no groups);
// * in a candidate list the variant's price is the tier with the greatest min_quantity <= quantity;
// * across candidates: the highest priority, then the lowest price, then the smallest list id;
// * none: the base price when the currency is the store's (or when the request's API version keeps base prices in
//   any currency, docs/api-versions.md); otherwise no price.
//
// The candidate rows are read through the prices primary key (variant_id, price_list_id, min_quantity), so a
// variant's resolution reads its own prices and their lists, never a store's whole price table.
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../lib/types";
import { nowIso } from "../lib/ids";

export interface PriceContext {
  storeId: string;
  currency: string;
  country: string | null;
  customerId: string | null;
  /** nowIso() form, so it compares with the stored schedule as text. */
  at: string;
  /** Base prices apply in every currency (API version 2026-11-27's orders), not only in the store's. */
  baseInAnyCurrency?: boolean;
}

export interface PriceSource {
  type: "price_list" | "base";
  price_list_id: string | null;
  min_quantity: number | null;
}

export interface Resolved {
  price_cents: number;
  compare_at_price_cents: number | null;
  source: PriceSource;
}

/** The winning list price of variant `variantId` for `quantity`, as JSON text, or NULL. */
function listPriceSql(c: PriceContext, variantId: SQL, quantity: SQL): SQL {
  return sql`(SELECT json_object('price_cents', p.price_cents, 'compare_at_price_cents', p.compare_at_price_cents,
      'source', json_object('type', 'price_list', 'price_list_id', p.price_list_id, 'min_quantity', p.min_quantity))
    FROM prices p JOIN price_lists pl ON pl.id = p.price_list_id
    WHERE p.variant_id = ${variantId} AND p.min_quantity <= ${quantity}
      AND pl.store_id = ${c.storeId} AND pl.status = 'active' AND pl.currency = ${c.currency}
      AND (pl.starts_at IS NULL OR pl.starts_at <= ${c.at}) AND (pl.ends_at IS NULL OR ${c.at} < pl.ends_at)
      AND (pl.countries = '[]' OR EXISTS (SELECT 1 FROM json_each(pl.countries) pc WHERE pc.value = ${c.country}))
      AND (pl.customer_group_ids = '[]' OR EXISTS (SELECT 1 FROM json_each(pl.customer_group_ids) pg
        JOIN customer_group_members m ON m.group_id = pg.value AND m.customer_id = ${c.customerId}))
      AND p.min_quantity = (SELECT max(t.min_quantity) FROM prices t
        WHERE t.variant_id = p.variant_id AND t.price_list_id = p.price_list_id AND t.min_quantity <= ${quantity})
    ORDER BY pl.priority DESC, p.price_cents ASC, pl.id ASC LIMIT 1)`;
}

/** The base price of variant `variantId` when it applies in this context, as JSON text, or NULL. */
function basePriceSql(c: PriceContext, variantId: SQL): SQL {
  const applies = c.baseInAnyCurrency ? sql`1` : sql`${c.currency} = (SELECT s.currency FROM stores s WHERE s.id = ${c.storeId})`;
  return sql`(SELECT json_object('price_cents', bv.price_cents, 'compare_at_price_cents', bv.compare_at_price_cents,
      'source', json_object('type', 'base', 'price_list_id', NULL, 'min_quantity', NULL))
    FROM product_variants bv WHERE bv.id = ${variantId} AND ${applies})`;
}

/** The price that applies to `variantId` for `quantity` in context `c`: JSON text of a `Resolved`, or NULL. */
export const resolvedPriceSql = (c: PriceContext, variantId: SQL, quantity: SQL): SQL =>
  sql`coalesce(${listPriceSql(c, variantId, quantity)}, ${basePriceSql(c, variantId)})`;

const DAY_MS = 86_400_000;

/**
 * The lowest price the source held at any moment of the 30 days up to `at`: its history rows inside the window,
 * and the last row before it (the price in force when the window opened). A source with no history at all (a base
 * price set before history existed) has held its current price.
 */
export function lowestPrice30dSql(c: PriceContext, variantId: SQL, source: PriceSource, current: number): SQL {
  const list = source.type === "base" ? null : source.price_list_id;
  const tier = source.type === "base" ? 1 : source.min_quantity;
  return lowestPriceOfSql(c, variantId, sql`${list}`, sql`${tier}`, sql`${current}`);
}

/** `lowestPrice30dSql` with the source's list (NULL: the base price), tier and current price as SQL expressions. */
export function lowestPriceOfSql(c: PriceContext, variantId: SQL, listId: SQL, tier: SQL, current: SQL): SQL {
  const from = nowIso(Date.parse(c.at) - 30 * DAY_MS);
  const same = sql`h.variant_id = ${variantId} AND h.price_list_id IS ${listId} AND h.min_quantity = ${tier}`;
  return sql`coalesce((SELECT min(x) FROM (
      SELECT h.price_cents AS x FROM price_history h WHERE ${same} AND h.changed_at > ${from} AND h.changed_at <= ${c.at}
      UNION ALL
      SELECT x FROM (SELECT h.price_cents AS x FROM price_history h WHERE ${same} AND h.changed_at <= ${from}
        ORDER BY h.changed_at DESC LIMIT 1))), ${current})`;
}

/** Resolves several variants (by id) in one round trip: id → its price, or null where none applies. */
export async function resolveVariants(db: Db, c: PriceContext, items: Array<{ variantId: string; quantity: number }>) {
  if (items.length === 0) return [] as Array<Resolved | null>;
  const rows = await db.all<{ i: number; resolved: string | null }>(sql`SELECT CAST(it.key AS INTEGER) AS i,
      ${resolvedPriceSql(c, sql`json_extract(it.value, '$[0]')`, sql`json_extract(it.value, '$[1]')`)} AS resolved
    FROM json_each(${JSON.stringify(items.map((item) => [item.variantId, item.quantity]))}) it`);
  const out: Array<Resolved | null> = items.map(() => null);
  for (const row of rows) out[row.i] = row.resolved === null ? null : (JSON.parse(row.resolved) as Resolved);
  return out;
}
