// GET /prices/history (docs/api/24-prices.md): every change of a price, list and base prices alike, newest first.
// Rows are written in the change's own batch (list prices by the bulk endpoint, base prices by the variant triggers
// of migrations/store/0035_pricing.sql) and kept as long as the store: retention never deletes them.
import { type SQL, sql } from "drizzle-orm";
import type { StoreCtx } from "../lib/context";
import { nowIso } from "../lib/ids";
import { type Walk, pageOf, walkConditions, walkOrder } from "../lib/cursor";

export async function listPriceHistory(ctx: StoreCtx, walk: Walk, filter: { variant_id?: string; price_list_id?: string; since?: string; until?: string }) {
  const conditions: SQL[] = [sql`h.store_id = ${ctx.store.storeId}`];
  if (filter.variant_id) conditions.push(sql`h.variant_id = ${filter.variant_id}`);
  if (filter.price_list_id) conditions.push(sql`h.price_list_id = ${filter.price_list_id}`);
  if (filter.since) conditions.push(sql`h.changed_at >= ${nowIso(Date.parse(filter.since))}`);
  if (filter.until) conditions.push(sql`h.changed_at < ${nowIso(Date.parse(filter.until))}`);
  const at = sql`h.changed_at`;
  const id = sql`h.id`;
  const where = sql.join(conditions, sql` AND `);
  const keyset = walkConditions({ ...walk, since: undefined }, at, id);
  const [rows, totals] = await Promise.all([
    ctx.db.all<{ json: string; changed_at: string; id: string }>(sql`SELECT json_object('id', h.id, 'variant_id', h.variant_id,
        'price_list_id', h.price_list_id, 'currency', h.currency, 'min_quantity', h.min_quantity, 'price_cents', h.price_cents,
        'compare_at_price_cents', h.compare_at_price_cents, 'changed_at', h.changed_at, 'actor', json(h.actor)) AS json, h.changed_at, h.id
      FROM price_history h WHERE ${where}${keyset.length > 0 ? sql` AND ${sql.join(keyset, sql` AND `)}` : sql``}
      ORDER BY ${walkOrder(walk, at, id)} LIMIT ${walk.limit + 1} OFFSET ${walk.offset}`),
    ctx.db.get<{ total: number }>(sql`SELECT count(*) AS total FROM price_history h WHERE ${where}`),
  ]);
  const page = pageOf(walk, rows, (r) => ({ at: r.changed_at, id: r.id }), totals.total);
  return { data: page.data.map((r) => JSON.parse(r.json)), pagination: page.pagination };
}
