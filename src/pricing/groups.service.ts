// Customer groups (docs/api/24-prices.md): create, list, read, rename, delete, and membership. A group named by a
// price list cannot be deleted (409): deleting it would silently widen that list's prices to every buyer. Codes are
// unique per store case-insensitively; 100 groups per store.
import { type SQLWrapper, and, count, eq, sql } from "drizzle-orm";
import { customerGroupMembers, customerGroups, customers } from "../db/schema";
import { auditEntry } from "../lib/audit";
import type { StoreCtx } from "../lib/context";
import { isUniqueViolation } from "../lib/db";
import { ApiError, conflict, limitExceeded, notFound } from "../lib/errors";
import { guarded, stillExists, stillHolds, withinCap } from "../lib/guards";
import { isUuid, nowIso, uuidv7 } from "../lib/ids";
import { type Walk, pageOf, walkConditions, walkOrder } from "../lib/cursor";
import { commit, recordEvent } from "../events/outbox";
import { customerJsonSql } from "../customers/customers.service";

export const GROUPS_PER_STORE_CAP = 100;

type GroupRow = typeof customerGroups.$inferSelect;

const memberCount = (id: SQLWrapper | string) => sql<number>`(SELECT count(*) FROM customer_group_members m WHERE m.group_id = ${id})`;

const toGroup = (g: GroupRow, customerCount: number) => ({
  id: g.id,
  name: g.name,
  code: g.code,
  customer_count: customerCount,
  created_at: g.createdAt,
  updated_at: g.updatedAt,
});

/** The group as the API returns it, rendered inside a batch (after its changes). */
const groupJsonSql = (id: string) => sql`(SELECT json_object('id', g.id, 'name', g.name, 'code', g.code,
  'customer_count', ${memberCount(sql`g.id`)}, 'created_at', g.created_at, 'updated_at', g.updated_at) FROM customer_groups g WHERE g.id = ${id})`;

const DUPLICATE_CODE = "A customer group with this code already exists in this store";

/** A price list naming the group (its customer_group_ids). */
export const namedByPriceList = (storeId: string, groupId: string) =>
  sql`EXISTS (SELECT 1 FROM price_lists pl, json_each(pl.customer_group_ids) g WHERE pl.store_id = ${storeId} AND g.value = ${groupId})`;

export async function createGroup(ctx: StoreCtx, input: { name: string; code: string }) {
  const now = nowIso();
  const row: GroupRow = {
    id: uuidv7(),
    storeId: ctx.store.storeId,
    name: input.name,
    code: input.code,
    codeLower: input.code.toLowerCase(),
    createdAt: now,
    updatedAt: now,
  };
  const stored = sql`(SELECT count(*) FROM customer_groups WHERE store_id = ${ctx.store.storeId})`;
  try {
    await guarded(
      commit(ctx, [
        withinCap(ctx.db, sql`${stored} < ${GROUPS_PER_STORE_CAP}`),
        ctx.db.insert(customerGroups).values(row),
        auditEntry(ctx, "customer_group.create", "customer_group", row.id),
        ...recordEvent(ctx.db, ctx.store.storeId, "customer_groups.created", toGroup(row, 0)),
      ]),
      { limit: () => limitExceeded(`A store has at most ${GROUPS_PER_STORE_CAP} customer groups`) },
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(DUPLICATE_CODE);
    throw error;
  }
  return toGroup(row, 0);
}

async function findGroup(ctx: StoreCtx, id: string) {
  if (!isUuid(id)) throw notFound("Customer group");
  const [row] = await ctx.db
    .select({ group: customerGroups, customerCount: memberCount(customerGroups.id) })
    .from(customerGroups)
    .where(and(eq(customerGroups.id, id), eq(customerGroups.storeId, ctx.store.storeId)));
  if (!row) throw notFound("Customer group");
  return row;
}

export async function getGroup(ctx: StoreCtx, id: string) {
  const { group, customerCount } = await findGroup(ctx, id);
  return toGroup(group, customerCount);
}

/** Newest first; with updated_since, oldest change first. */
export async function listGroups(ctx: StoreCtx, walk: Walk) {
  const t = customerGroups;
  const base = eq(t.storeId, ctx.store.storeId);
  const at = walk.ascending ? t.updatedAt : t.createdAt;
  const [rows, [{ total }]] = await ctx.db.batch([
    ctx.db
      .select({ group: t, customerCount: memberCount(t.id) })
      .from(t)
      .where(and(base, ...walkConditions(walk, at, t.id)))
      .orderBy(walkOrder(walk, at, t.id))
      .limit(walk.limit + 1)
      .offset(walk.offset),
    ctx.db
      .select({ total: count() })
      .from(t)
      .where(and(base, ...(walk.since ? [sql`${t.updatedAt} >= ${walk.since}`] : []))),
  ]);
  const page = pageOf(walk, rows, (r) => ({ at: walk.ascending ? r.group.updatedAt : r.group.createdAt, id: r.group.id }), total);
  return { data: page.data.map((r) => toGroup(r.group, r.customerCount)), pagination: page.pagination };
}

const stillThere = (ctx: StoreCtx, id: string) =>
  stillExists(ctx.db, sql`EXISTS (SELECT 1 FROM customer_groups WHERE id = ${id} AND store_id = ${ctx.store.storeId})`);

export async function updateGroup(ctx: StoreCtx, id: string, input: { name?: string; code?: string }) {
  const { group, customerCount } = await findGroup(ctx, id);
  const changes: Partial<GroupRow> = {};
  if (input.name !== undefined && input.name !== group.name) changes.name = input.name;
  if (input.code !== undefined && input.code !== group.code) Object.assign(changes, { code: input.code, codeLower: input.code.toLowerCase() });
  // Section 23's rule: a PATCH that changes nothing writes nothing (no audit row, no event, updated_at kept).
  if (Object.keys(changes).length === 0) return toGroup(group, customerCount);
  changes.updatedAt = nowIso();
  try {
    await guarded(
      commit(ctx, [
        stillThere(ctx, id),
        ctx.db.update(customerGroups).set(changes).where(eq(customerGroups.id, id)),
        auditEntry(ctx, "customer_group.update", "customer_group", id),
        ...recordEvent(ctx.db, ctx.store.storeId, "customer_groups.updated", groupJsonSql(id)),
      ]),
      { not_found: () => notFound("Customer group") },
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(DUPLICATE_CODE);
    throw error;
  }
  return toGroup({ ...group, ...changes }, customerCount);
}

export async function deleteGroup(ctx: StoreCtx, id: string) {
  const { group, customerCount } = await findGroup(ctx, id);
  const refused = () =>
    conflict("A price list names this customer group: remove it from the price list first (deleting it would widen that list's prices to every buyer)");
  await guarded(
    commit(ctx, [
      stillThere(ctx, id),
      // Asserted in the batch itself, so a price list naming the group at the same moment keeps it too.
      stillHolds(ctx.db, sql`NOT ${namedByPriceList(ctx.store.storeId, id)}`),
      ctx.db.delete(customerGroups).where(eq(customerGroups.id, id)),
      auditEntry(ctx, "customer_group.delete", "customer_group", id),
      ...recordEvent(ctx.db, ctx.store.storeId, "customer_groups.deleted", toGroup(group, customerCount)),
    ]),
    { not_found: () => notFound("Customer group"), conflict: refused },
  );
}

/**
 * Adds and removes customers (1..1,000 ids in all). Every id must be a customer of this store (422 naming each
 * unknown one, nothing changes). Each customer whose membership changed gets one `customers.updated`.
 */
export async function changeMembers(ctx: StoreCtx, id: string, input: { add?: string[]; remove?: string[] }) {
  await findGroup(ctx, id);
  const add = [...new Set(input.add ?? [])];
  const remove = [...new Set(input.remove ?? [])];
  const named = [...add.map((c, i) => ({ c, path: `add.${i}` })), ...remove.map((c, i) => ({ c, path: `remove.${i}` }))];
  const found = await ctx.db.get<{ ids: string; members: string }>(sql`SELECT
    (SELECT json_group_array(id) FROM customers WHERE store_id = ${ctx.store.storeId} AND id IN (SELECT value FROM json_each(${JSON.stringify(named.map((n) => n.c))}))) AS ids,
    (SELECT json_group_array(customer_id) FROM customer_group_members WHERE group_id = ${id}) AS members`);
  const known = new Set(JSON.parse(found.ids) as string[]);
  const unknown = named.filter((n) => !known.has(n.c));
  if (unknown.length > 0) {
    throw new ApiError("validation_failed", unknown.map((n) => `${n.path}: is not a customer of this store`).join("; "), {
      errors: unknown.map((n) => ({ path: n.path, message: "is not a customer of this store" })),
    });
  }
  const both = add.find((c) => remove.includes(c));
  if (both)
    throw new ApiError("validation_failed", "remove: names a customer add also names", {
      errors: [{ path: "remove", message: `names ${both}, which add also names` }],
    });
  const members = new Set(JSON.parse(found.members) as string[]);
  const adding = add.filter((c) => !members.has(c));
  const removing = remove.filter((c) => members.has(c));
  const changed = [...adding, ...removing];
  if (changed.length > 0) {
    const now = nowIso();
    await guarded(
      commit(ctx, [
        stillThere(ctx, id),
        ...(adding.length > 0
          ? [
              ctx.db
                .insert(customerGroupMembers)
                .values(adding.map((customerId) => ({ groupId: id, customerId, storeId: ctx.store.storeId, createdAt: now })))
                .onConflictDoNothing(),
            ]
          : []),
        ...(removing.length > 0
          ? [
              ctx.db
                .delete(customerGroupMembers)
                .where(
                  and(
                    eq(customerGroupMembers.groupId, id),
                    sql`${customerGroupMembers.customerId} IN (SELECT value FROM json_each(${JSON.stringify(removing)}))`,
                  ),
                ),
            ]
          : []),
        ctx.db
          .update(customers)
          .set({ updatedAt: now })
          .where(and(eq(customers.storeId, ctx.store.storeId), sql`${customers.id} IN (SELECT value FROM json_each(${JSON.stringify(changed)}))`)),
        auditEntry(ctx, "customer_group.members", "customer_group", id, { added: adding, removed: removing }),
        ...changed.flatMap((customerId) => recordEvent(ctx.db, ctx.store.storeId, "customers.updated", customerJsonSql(customerId))),
      ]),
      { not_found: () => notFound("Customer group") },
    );
  }
  return getGroup(ctx, id);
}
