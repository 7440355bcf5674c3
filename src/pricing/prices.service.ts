// A price list's prices (docs/api/24-prices.md): read them, and change them in bulk, all or nothing. A bulk call
// names 1..250 items in all; every bad item is reported at once (`upsert.<i>.<field>` / `delete.<i>.<field>`) and
// nothing changes. Values already stored change nothing: no event, no history row, not counted. Each price that
// changes writes its history row in the same batch, before the change, and only if the batch still finds a
// different value then (a concurrent call that stored the same value first leaves one row, not two).
import { type SQL, and, eq, sql } from "drizzle-orm";
import { priceHistory, prices } from "../db/schema";
import { auditEntry } from "../lib/audit";
import type { StoreCtx } from "../lib/context";
import { ApiError, type FieldError, limitExceeded, notFound } from "../lib/errors";
import { guarded, stillExists, withinCap } from "../lib/guards";
import { nowIso, uuidv7 } from "../lib/ids";
import { type Walk, pageOf, walkConditions, walkOrder } from "../lib/cursor";
import { type Statement, commit, recordEvent } from "../events/outbox";
import { findPriceList } from "./price-lists.service";

/** Quantity tiers one variant may have in one list. */
export const TIERS_PER_VARIANT_CAP = 10;
export const BULK_ITEMS_CAP = 250;

type Ref = { variant_id?: string; sku?: string };
type Upsert = Ref & { min_quantity?: number; price_cents: number; compare_at_price_cents?: number | null };
type Delete = Ref & { min_quantity?: number };

interface Stored {
  variant_id: string;
  min_quantity: number;
  price_cents: number;
  compare_at_price_cents: number | null;
}

const invalid = (errors: FieldError[]) => new ApiError("validation_failed", errors.map((e) => `${e.path}: ${e.message}`).join("; "), { errors });

/** One round trip: the named variants (by id and by SKU) and the list's stored prices for them. */
async function lookUp(ctx: StoreCtx, listId: string, refs: Ref[]) {
  const ids = [...new Set(refs.flatMap((r) => (r.variant_id ? [r.variant_id] : [])))];
  const skus = [...new Set(refs.flatMap((r) => (r.sku ? [r.sku.toLowerCase()] : [])))];
  const row = await ctx.db.get<{ variants: string; stored: string }>(sql`WITH named AS (
      SELECT v.id, v.product_id, v.sku_lower FROM product_variants v WHERE v.store_id = ${ctx.store.storeId}
        AND (v.id IN (SELECT value FROM json_each(${JSON.stringify(ids)})) OR v.sku_lower IN (SELECT value FROM json_each(${JSON.stringify(skus)}))))
    SELECT (SELECT json_group_array(json_array(id, product_id, sku_lower)) FROM named) AS variants,
      (SELECT json_group_array(json_object('variant_id', p.variant_id, 'min_quantity', p.min_quantity, 'price_cents', p.price_cents,
          'compare_at_price_cents', p.compare_at_price_cents))
        FROM prices p WHERE p.price_list_id = ${listId} AND p.variant_id IN (SELECT id FROM named)) AS stored`);
  const variants = JSON.parse(row.variants) as Array<[string, string, string | null]>;
  return {
    byId: new Map(variants.map(([id, productId]) => [id, { id, productId }])),
    bySku: new Map(variants.filter((v) => v[2] !== null).map(([id, productId, sku]) => [sku!, { id, productId }])),
    stored: JSON.parse(row.stored) as Stored[],
  };
}

export async function bulkPrices(ctx: StoreCtx, listId: string, input: { upsert?: Upsert[]; delete?: Delete[] }) {
  const upserts = input.upsert ?? [];
  const deletes = input.delete ?? [];
  const total = upserts.length + deletes.length;
  if (total < 1 || total > BULK_ITEMS_CAP) throw invalid([{ path: "upsert", message: `upsert and delete must hold 1..${BULK_ITEMS_CAP} items in all` }]);
  const { list } = await findPriceList(ctx, listId);
  const { byId, bySku, stored } = await lookUp(ctx, listId, [...upserts, ...deletes]);
  const errors: FieldError[] = [];
  const keys = new Set<string>();
  const resolve = (ref: Ref, path: string) => {
    if ((ref.variant_id === undefined) === (ref.sku === undefined)) {
      errors.push({ path: `${path}.variant_id`, message: "name the variant by variant_id or by sku (exactly one)" });
      return null;
    }
    const found = ref.variant_id !== undefined ? byId.get(ref.variant_id) : bySku.get(ref.sku!.toLowerCase());
    if (!found) errors.push({ path: `${path}.${ref.variant_id !== undefined ? "variant_id" : "sku"}`, message: "is not a variant of this store" });
    return found ?? null;
  };
  const claim = (variantId: string, minQuantity: number, path: string) => {
    const key = `${variantId}:${minQuantity}`;
    if (keys.has(key)) errors.push({ path: `${path}.min_quantity`, message: "names a (variant, min_quantity) an earlier item names" });
    keys.add(key);
  };
  const planned = upserts.flatMap((item, i) => {
    const path = `upsert.${i}`;
    const variant = resolve(item, path);
    const compareAt = item.compare_at_price_cents ?? null;
    if (compareAt !== null && compareAt <= item.price_cents)
      errors.push({ path: `${path}.compare_at_price_cents`, message: "must be above price_cents (or null)" });
    if (!variant) return [];
    const minQuantity = item.min_quantity ?? 1;
    claim(variant.id, minQuantity, path);
    return [{ variantId: variant.id, productId: variant.productId, minQuantity, priceCents: item.price_cents, compareAt }];
  });
  const removed = deletes.flatMap((item, i) => {
    const path = `delete.${i}`;
    const variant = resolve(item, path);
    if (!variant) return [];
    const minQuantity = item.min_quantity ?? 1;
    claim(variant.id, minQuantity, path);
    return [{ variantId: variant.id, minQuantity }];
  });
  if (errors.length > 0) throw invalid(errors);

  const storedBy = new Map(stored.map((s) => [`${s.variant_id}:${s.min_quantity}`, s]));
  const changedUpserts = planned.filter((p) => {
    const s = storedBy.get(`${p.variantId}:${p.minQuantity}`);
    return !s || s.price_cents !== p.priceCents || s.compare_at_price_cents !== p.compareAt;
  });
  const changedDeletes = removed.filter((d) => storedBy.has(`${d.variantId}:${d.minQuantity}`));
  // The tier cap, as the plan sees it (the batch counts again below).
  const tiers = new Map<string, Set<number>>();
  for (const s of stored) (tiers.get(s.variant_id) ?? tiers.set(s.variant_id, new Set()).get(s.variant_id)!).add(s.min_quantity);
  for (const d of changedDeletes) tiers.get(d.variantId)?.delete(d.minQuantity);
  for (const u of changedUpserts) (tiers.get(u.variantId) ?? tiers.set(u.variantId, new Set()).get(u.variantId)!).add(u.minQuantity);
  const over = [...tiers].find(([, set]) => set.size > TIERS_PER_VARIANT_CAP);
  const capMessage = `A variant has at most ${TIERS_PER_VARIANT_CAP} quantity tiers in a price list`;
  if (over) throw limitExceeded(`${capMessage} (variant ${over[0]})`);
  if (changedUpserts.length + changedDeletes.length === 0) return { upserted: 0, deleted: 0 };

  const now = nowIso();
  const actor = actorJson(ctx);
  const keyOf = (variantId: string, minQuantity: number) =>
    sql`p.price_list_id = ${listId} AND p.variant_id = ${variantId} AND p.min_quantity = ${minQuantity}`;
  const history = (variantId: string, minQuantity: number, priceCents: number | null, compareAt: number | null, unless: SQL) =>
    ctx.db.insert(priceHistory).select(sql`SELECT ${uuidv7()}, ${ctx.store.storeId}, ${variantId}, ${listId}, ${list.currency},
      ${minQuantity}, ${priceCents}, ${compareAt}, ${now}, ${actor} WHERE ${unless}`);
  const statements: Statement[] = [stillExists(ctx.db, sql`EXISTS (SELECT 1 FROM price_lists WHERE id = ${listId} AND store_id = ${ctx.store.storeId})`)];
  for (const u of changedUpserts) {
    const same = sql`EXISTS (SELECT 1 FROM prices p WHERE ${keyOf(u.variantId, u.minQuantity)} AND p.price_cents = ${u.priceCents}
      AND p.compare_at_price_cents IS ${u.compareAt})`;
    statements.push(
      history(u.variantId, u.minQuantity, u.priceCents, u.compareAt, sql`NOT ${same}`),
      ctx.db
        .insert(prices)
        .values({
          variantId: u.variantId,
          priceListId: listId,
          minQuantity: u.minQuantity,
          storeId: ctx.store.storeId,
          productId: u.productId,
          priceCents: u.priceCents,
          compareAtPriceCents: u.compareAt,
          updatedAt: now,
        })
        .onConflictDoUpdate({
          target: [prices.variantId, prices.priceListId, prices.minQuantity],
          set: { priceCents: u.priceCents, compareAtPriceCents: u.compareAt, updatedAt: now },
        }),
    );
  }
  for (const d of changedDeletes) {
    statements.push(
      history(d.variantId, d.minQuantity, null, null, sql`EXISTS (SELECT 1 FROM prices p WHERE ${keyOf(d.variantId, d.minQuantity)})`),
      ctx.db.delete(prices).where(and(eq(prices.priceListId, listId), eq(prices.variantId, d.variantId), eq(prices.minQuantity, d.minQuantity))),
    );
  }
  const variantIds = [...new Set([...changedUpserts.map((u) => u.variantId), ...changedDeletes.map((d) => d.variantId)])];
  statements.push(
    withinCap(
      ctx.db,
      sql`NOT EXISTS (SELECT 1 FROM prices WHERE price_list_id = ${listId}
      AND variant_id IN (SELECT value FROM json_each(${JSON.stringify(variantIds)})) GROUP BY variant_id HAVING count(*) > ${TIERS_PER_VARIANT_CAP})`,
    ),
    auditEntry(ctx, "price_list.prices", "price_list", listId, { upserted: changedUpserts.length, deleted: changedDeletes.length, variant_ids: variantIds }),
    ...recordEvent(ctx.db, ctx.store.storeId, "prices.updated", { id: listId, variant_ids: variantIds }),
  );
  await guarded(commit(ctx, statements), { not_found: () => notFound("Price list"), limit: () => limitExceeded(capMessage) });
  return { upserted: changedUpserts.length, deleted: changedDeletes.length };
}

/** Who made a change, as a history row records it. */
export const actorJson = (ctx: StoreCtx) => {
  const { userId, token, integration } = ctx.principal;
  return JSON.stringify({ user_id: integration ? null : userId, token_id: token?.id ?? null, integration_id: integration?.id ?? null });
};

/** The list's prices in (variant_id, min_quantity) order; filters variant_id, product_id, sku. */
export async function listPrices(ctx: StoreCtx, listId: string, walk: Walk, filter: { variant_id?: string; product_id?: string; sku?: string }) {
  await findPriceList(ctx, listId);
  const at = sql`p.variant_id`;
  const id = sql`printf('%07d', p.min_quantity)`;
  const conditions: SQL[] = [sql`p.price_list_id = ${listId}`];
  if (filter.variant_id) conditions.push(sql`p.variant_id = ${filter.variant_id}`);
  if (filter.product_id) conditions.push(sql`p.product_id = ${filter.product_id}`);
  if (filter.sku) conditions.push(sql`v.sku_lower = ${filter.sku.toLowerCase()}`);
  if (walk.since) conditions.push(sql`p.updated_at >= ${walk.since}`);
  const where = sql.join(conditions, sql` AND `);
  const keyset = walkConditions({ ...walk, since: undefined }, at, id);
  const [rows, totals] = await Promise.all([
    ctx.db.all<{ json: string; variant_id: string; min_quantity: number }>(sql`SELECT json_object('variant_id', p.variant_id,
        'product_id', p.product_id, 'sku', v.sku, 'min_quantity', p.min_quantity, 'price_cents', p.price_cents,
        'compare_at_price_cents', p.compare_at_price_cents, 'updated_at', p.updated_at) AS json, p.variant_id, p.min_quantity
      FROM prices p JOIN product_variants v ON v.id = p.variant_id
      WHERE ${where}${keyset.length > 0 ? sql` AND ${sql.join(keyset, sql` AND `)}` : sql``}
      ORDER BY ${walkOrder(walk, at, id)} LIMIT ${walk.limit + 1} OFFSET ${walk.offset}`),
    ctx.db.get<{ total: number }>(sql`SELECT count(*) AS total FROM prices p JOIN product_variants v ON v.id = p.variant_id WHERE ${where}`),
  ]);
  const page = pageOf(walk, rows, (r) => ({ at: r.variant_id, id: String(r.min_quantity).padStart(7, "0") }), totals.total);
  return { data: page.data.map((r) => JSON.parse(r.json)), pagination: page.pagination };
}
