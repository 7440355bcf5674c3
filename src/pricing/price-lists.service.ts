// Price lists (docs/api/24-prices.md): create, list, read, change, delete. A list's currency is fixed at creation;
// its countries are ISO 3166-1 codes and its groups this store's (checked inside the batch too, so a group deleted
// meanwhile fails the change); its schedule is half-open [starts_at, ends_at). 100 lists per store.
import { type SQLWrapper, and, count, eq, sql } from "drizzle-orm";
import { priceLists } from "../db/schema";
import { auditEntry } from "../lib/audit";
import type { StoreCtx } from "../lib/context";
import { isUniqueViolation } from "../lib/db";
import { ApiError, conflict, invalidField, limitExceeded, notFound } from "../lib/errors";
import { guarded, stillExists, stillHolds, withinCap } from "../lib/guards";
import { isUuid, nowIso, uuidv7 } from "../lib/ids";
import { type Walk, pageOf, walkConditions, walkOrder } from "../lib/cursor";
import { commit, recordEvent } from "../events/outbox";

export const PRICE_LISTS_PER_STORE_CAP = 100;

type ListRow = typeof priceLists.$inferSelect;

const priceCount = (id: SQLWrapper | string) => sql<number>`(SELECT count(*) FROM prices p WHERE p.price_list_id = ${id})`;

export const toPriceList = (r: ListRow, price_count: number) => ({
  id: r.id,
  name: r.name,
  code: r.code,
  status: r.status,
  currency: r.currency,
  priority: r.priority,
  countries: JSON.parse(r.countries) as string[],
  customer_group_ids: JSON.parse(r.customerGroupIds) as string[],
  starts_at: r.startsAt,
  ends_at: r.endsAt,
  price_count,
  created_at: r.createdAt,
  updated_at: r.updatedAt,
});

export type PriceList = ReturnType<typeof toPriceList>;

/** The list as the API returns it, rendered inside a batch (after its changes). */
const listJsonSql = (id: string) => sql`(SELECT json_object('id', l.id, 'name', l.name, 'code', l.code, 'status', l.status,
  'currency', l.currency, 'priority', l.priority, 'countries', json(l.countries), 'customer_group_ids', json(l.customer_group_ids),
  'starts_at', l.starts_at, 'ends_at', l.ends_at, 'price_count', ${priceCount(sql`l.id`)}, 'created_at', l.created_at,
  'updated_at', l.updated_at) FROM price_lists l WHERE l.id = ${id})`;

const DUPLICATE_CODE = "A price list with this code already exists in this store";

interface ListInput {
  name?: string;
  code?: string;
  currency?: unknown;
  status?: "draft" | "active";
  priority?: number;
  countries?: string[];
  customer_group_ids?: string[];
  starts_at?: string | null;
  ends_at?: string | null;
}

/** Timestamps as stored (nowIso form): they compare as text with `at`. */
const stamp = (value: string | null | undefined) => (value ? nowIso(Date.parse(value)) : value);

function assertSchedule(startsAt: string | null, endsAt: string | null) {
  if (startsAt && endsAt && startsAt >= endsAt) throw invalidField("ends_at", "must be after starts_at");
}

/** Every group id is a group of this store (422 at customer_group_ids.<i> for each that is not). */
async function assertGroups(ctx: StoreCtx, ids: string[]) {
  if (ids.length === 0) return;
  const row = await ctx.db.get<{ found: string }>(sql`SELECT json_group_array(id) AS found FROM customer_groups
    WHERE store_id = ${ctx.store.storeId} AND id IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`);
  const found = new Set(JSON.parse(row.found) as string[]);
  const bad = ids.map((id, i) => ({ id, i })).filter((g) => !found.has(g.id));
  if (bad.length > 0) {
    throw new ApiError("validation_failed", bad.map((g) => `customer_group_ids.${g.i}: is not a customer group of this store`).join("; "), {
      errors: bad.map((g) => ({ path: `customer_group_ids.${g.i}`, message: "is not a customer group of this store" })),
    });
  }
}

/** Inside the batch: the groups still exist (a group deleted after the check above fails the change). */
const groupsStillThere = (ctx: StoreCtx, ids: string[]) =>
  stillHolds(
    ctx.db,
    sql`(SELECT count(*) FROM customer_groups WHERE store_id = ${ctx.store.storeId}
    AND id IN (SELECT value FROM json_each(${JSON.stringify(ids)}))) = ${ids.length}`,
  );

const groupsGone = () => conflict("A customer group of this price list was deleted meanwhile; nothing was changed");

export async function createPriceList(ctx: StoreCtx, input: ListInput & { name: string; code: string; currency: string }) {
  const groups = [...new Set(input.customer_group_ids ?? [])];
  const startsAt = stamp(input.starts_at) ?? null;
  const endsAt = stamp(input.ends_at) ?? null;
  assertSchedule(startsAt, endsAt);
  await assertGroups(ctx, groups);
  const now = nowIso();
  const row: ListRow = {
    id: uuidv7(),
    storeId: ctx.store.storeId,
    name: input.name,
    code: input.code,
    codeLower: input.code.toLowerCase(),
    status: input.status ?? "draft",
    currency: input.currency,
    priority: input.priority ?? 0,
    countries: JSON.stringify([...new Set(input.countries ?? [])]),
    customerGroupIds: JSON.stringify(groups),
    startsAt,
    endsAt,
    createdAt: now,
    updatedAt: now,
  };
  const stored = sql`(SELECT count(*) FROM price_lists WHERE store_id = ${ctx.store.storeId})`;
  try {
    await guarded(
      commit(ctx, [
        withinCap(ctx.db, sql`${stored} < ${PRICE_LISTS_PER_STORE_CAP}`),
        groupsStillThere(ctx, groups),
        ctx.db.insert(priceLists).values(row),
        auditEntry(ctx, "price_list.create", "price_list", row.id),
        ...recordEvent(ctx.db, ctx.store.storeId, "price_lists.created", toPriceList(row, 0)),
      ]),
      { limit: () => limitExceeded(`A store has at most ${PRICE_LISTS_PER_STORE_CAP} price lists`), conflict: groupsGone },
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(DUPLICATE_CODE);
    throw error;
  }
  return toPriceList(row, 0);
}

export async function findPriceList(ctx: StoreCtx, id: string) {
  if (!isUuid(id)) throw notFound("Price list");
  const [row] = await ctx.db
    .select({ list: priceLists, priceCount: priceCount(priceLists.id) })
    .from(priceLists)
    .where(and(eq(priceLists.id, id), eq(priceLists.storeId, ctx.store.storeId)));
  if (!row) throw notFound("Price list");
  return row;
}

export async function getPriceList(ctx: StoreCtx, id: string) {
  const { list, priceCount: n } = await findPriceList(ctx, id);
  return toPriceList(list, n);
}

/** Newest first (filters status, currency); with updated_since, oldest change first. */
export async function listPriceLists(ctx: StoreCtx, walk: Walk, filter: { status?: "draft" | "active"; currency?: string }) {
  const t = priceLists;
  const conditions = [
    eq(t.storeId, ctx.store.storeId),
    ...(filter.status ? [eq(t.status, filter.status)] : []),
    ...(filter.currency ? [eq(t.currency, filter.currency)] : []),
  ];
  const at = walk.ascending ? t.updatedAt : t.createdAt;
  const [rows, [{ total }]] = await ctx.db.batch([
    ctx.db
      .select({ list: t, priceCount: priceCount(t.id) })
      .from(t)
      .where(and(...conditions, ...walkConditions(walk, at, t.id)))
      .orderBy(walkOrder(walk, at, t.id))
      .limit(walk.limit + 1)
      .offset(walk.offset),
    ctx.db
      .select({ total: count() })
      .from(t)
      .where(and(...conditions, ...(walk.since ? [sql`${t.updatedAt} >= ${walk.since}`] : []))),
  ]);
  const page = pageOf(walk, rows, (r) => ({ at: walk.ascending ? r.list.updatedAt : r.list.createdAt, id: r.list.id }), total);
  return { data: page.data.map((r) => toPriceList(r.list, r.priceCount)), pagination: page.pagination };
}

const listStillThere = (ctx: StoreCtx, id: string) =>
  stillExists(ctx.db, sql`EXISTS (SELECT 1 FROM price_lists WHERE id = ${id} AND store_id = ${ctx.store.storeId})`);

export async function updatePriceList(ctx: StoreCtx, id: string, input: ListInput) {
  if (input.currency !== undefined) throw invalidField("currency", "is fixed at creation: make a new price list for another currency");
  const { list, priceCount: n } = await findPriceList(ctx, id);
  const next: ListRow = { ...list };
  if (input.name !== undefined) next.name = input.name;
  if (input.code !== undefined) Object.assign(next, { code: input.code, codeLower: input.code.toLowerCase() });
  if (input.status !== undefined) next.status = input.status;
  if (input.priority !== undefined) next.priority = input.priority;
  if (input.countries !== undefined) next.countries = JSON.stringify([...new Set(input.countries)]);
  const groups = input.customer_group_ids !== undefined ? [...new Set(input.customer_group_ids)] : (JSON.parse(list.customerGroupIds) as string[]);
  next.customerGroupIds = JSON.stringify(groups);
  if (input.starts_at !== undefined) next.startsAt = stamp(input.starts_at) ?? null;
  if (input.ends_at !== undefined) next.endsAt = stamp(input.ends_at) ?? null;
  assertSchedule(next.startsAt, next.endsAt);
  const changed = (Object.keys(next) as Array<keyof ListRow>).filter((k) => next[k] !== list[k]);
  // A PATCH that changes nothing writes nothing (no audit row, no event, updated_at kept).
  if (changed.length === 0) return toPriceList(list, n);
  if (input.customer_group_ids !== undefined) await assertGroups(ctx, groups);
  next.updatedAt = nowIso();
  try {
    await guarded(
      commit(ctx, [
        listStillThere(ctx, id),
        groupsStillThere(ctx, groups),
        ctx.db.update(priceLists).set(next).where(eq(priceLists.id, id)),
        auditEntry(ctx, "price_list.update", "price_list", id, { changed: changed.map((k) => k) }),
        ...recordEvent(ctx.db, ctx.store.storeId, "price_lists.updated", listJsonSql(id)),
      ]),
      { not_found: () => notFound("Price list"), conflict: groupsGone },
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(DUPLICATE_CODE);
    throw error;
  }
  return toPriceList(next, n);
}

/** 204; its prices go with it (their history stays). */
export async function deletePriceList(ctx: StoreCtx, id: string) {
  const { list, priceCount: n } = await findPriceList(ctx, id);
  await guarded(
    commit(ctx, [
      listStillThere(ctx, id),
      ctx.db.delete(priceLists).where(eq(priceLists.id, id)),
      auditEntry(ctx, "price_list.delete", "price_list", id),
      ...recordEvent(ctx.db, ctx.store.storeId, "price_lists.deleted", toPriceList(list, n)),
    ]),
    { not_found: () => notFound("Price list") },
  );
}
