// Customers: create, list, read, update. Email is unique per store, case-insensitively. Every change emits
// customers.created / customers.updated with the customer as the API returns it.
import { and, count, eq, getTableColumns, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { SQLiteUpdateSetSource } from "drizzle-orm/sqlite-core";
import type { FieldsInput } from "../fields/schemas";
import { prepareFields } from "../fields/field-values";
import { customers } from "../db/schema";
import { auditEntry } from "../lib/audit";
import type { StoreCtx } from "../lib/context";
import { isUniqueViolation } from "../lib/db";
import { conflict, notFound } from "../lib/errors";
import { isUuid, nowIso, uuidv7 } from "../lib/ids";
import { differing } from "../lib/unchanged";
import { commit, recordEvent } from "../events/outbox";
import { type Walk, pageOf, walkConditions, walkOrder } from "../lib/cursor";

type CustomerRow = typeof customers.$inferSelect;

/** The customer's groups as JSON text, in id order (docs/api/24-prices.md): read beside the row. */
const groupIdsOf = (customerId: SQLWrapper) =>
  sql<string>`(SELECT json_group_array(g) FROM (SELECT m.group_id AS g FROM customer_group_members m WHERE m.customer_id = ${customerId} ORDER BY m.group_id))`;

/** A customer row with its group ids, as every read selects it. */
const withGroups = { ...getTableColumns(customers), groupIds: groupIdsOf(customers.id) };

export const toCustomer = (c: CustomerRow & { groupIds?: string }) => ({
  id: c.id,
  email: c.email,
  name: c.name,
  phone: c.phone,
  group_ids: c.groupIds ? (JSON.parse(c.groupIds) as string[]) : [],
  fields: JSON.parse(c.fields) as Record<string, unknown>,
  created_at: c.createdAt,
  updated_at: c.updatedAt,
});

/** The customer as the API returns it, rendered by SQL inside a change's batch (it sees the merged `fields`). */
export const customerJsonSql = (id: string) => sql`SELECT json_object('id', c.id, 'email', c.email, 'name', c.name, 'phone', c.phone,
  'group_ids', json(${groupIdsOf(sql`c.id`)}),
  'fields', json(c.fields), 'created_at', c.created_at, 'updated_at', c.updated_at) FROM customers c WHERE c.id = ${id}`;

const DUPLICATE_EMAIL = "A customer with this email already exists in this store";

export async function createCustomer(ctx: StoreCtx, input: { email: string; name?: string | null; phone?: string | null; fields?: FieldsInput }) {
  const fields = await prepareFields(ctx, "customer", input.fields);
  const now = nowIso();
  const row: CustomerRow = {
    id: uuidv7(),
    storeId: ctx.store.storeId,
    email: input.email,
    emailLower: input.email.toLowerCase(),
    name: input.name ?? null,
    phone: input.phone ?? null,
    fields: fields?.json ?? "{}",
    createdAt: now,
    updatedAt: now,
  };
  const customer = toCustomer(row);
  try {
    await commit(ctx, [
      ...(fields?.guards ?? []),
      ctx.db.insert(customers).values(row),
      auditEntry(ctx, "customer.create", "customer", row.id),
      ...recordEvent(ctx.db, ctx.store.storeId, "customers.created", customer),
    ]);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(DUPLICATE_EMAIL);
    throw error;
  }
  return customer;
}

const TRIGRAM = 3;
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
const ftsPhrase = (text: string) => `"${text.replace(/"/g, '""')}"`;

/**
 * Customers whose email, name or phone contains `term` (case-insensitive): the FTS5 trigram table reads only the
 * matches. A 2-character term is shorter than a trigram: it reads this store's customers only (docs/decisions.md).
 */
export function searchCondition(storeId: string, term: string): SQL {
  if ([...term].length >= TRIGRAM) {
    return sql`${customers}.rowid IN (SELECT rowid FROM customers_fts WHERE customers_fts MATCH ${ftsPhrase(term)})`;
  }
  const like = `%${escapeLike(term)}%`;
  return sql`${customers}.rowid IN (SELECT rowid FROM customers WHERE store_id = ${storeId}
    AND (email LIKE ${like} ESCAPE '\\' OR name LIKE ${like} ESCAPE '\\' OR phone LIKE ${like} ESCAPE '\\'))`;
}

/** Newest first (created_at desc); with updated_since, a change feed (updated_at, then id, ascending). */
export async function listCustomers(ctx: StoreCtx, walk: Walk, filter: { email?: string; search?: string }) {
  const conditions: SQL[] = [eq(customers.storeId, ctx.store.storeId)];
  if (filter.email) conditions.push(eq(customers.emailLower, filter.email.toLowerCase()));
  if (filter.search) conditions.push(searchCondition(ctx.store.storeId, filter.search));
  const at = walk.ascending ? customers.updatedAt : customers.createdAt;
  const counted = and(...conditions, ...(walk.since ? [sql`${customers.updatedAt} >= ${walk.since}`] : []));
  const [rows, [{ total }]] = await ctx.db.batch([
    ctx.db
      .select(withGroups)
      .from(customers)
      .where(and(...conditions, ...walkConditions(walk, at, customers.id)))
      .orderBy(walkOrder(walk, at, customers.id))
      .limit(walk.limit + 1)
      .offset(walk.offset),
    ctx.db.select({ total: count() }).from(customers).where(counted),
  ]);
  const page = pageOf(walk, rows, (r) => ({ at: walk.ascending ? r.updatedAt : r.createdAt, id: r.id }), total);
  return { data: page.data.map(toCustomer), pagination: page.pagination };
}

export async function findCustomer(ctx: StoreCtx, id: string): Promise<(CustomerRow & { groupIds: string }) | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await ctx.db
    .select(withGroups)
    .from(customers)
    .where(and(eq(customers.id, id), eq(customers.storeId, ctx.store.storeId)));
  return row;
}

export async function getCustomer(ctx: StoreCtx, id: string) {
  const row = await findCustomer(ctx, id);
  if (!row) throw notFound("Customer");
  return toCustomer(row);
}

export async function updateCustomer(ctx: StoreCtx, id: string, input: { email?: string; name?: string | null; phone?: string | null; fields?: FieldsInput }) {
  const row = await findCustomer(ctx, id);
  if (!row) throw notFound("Customer");
  const fields = await prepareFields(ctx, "customer", input.fields);
  const changes: SQLiteUpdateSetSource<typeof customers> = {};
  if (input.email !== undefined) Object.assign(changes, { email: input.email, emailLower: input.email.toLowerCase() });
  if (input.name !== undefined) changes.name = input.name;
  if (input.phone !== undefined) changes.phone = input.phone;
  // Merged by SQL from the row as the batch sees it: a concurrent change of other keys is kept (and shown).
  if (fields?.changes(row.fields)) changes.fields = fields.merge(sql`${customers.fields}`);
  // A PATCH of what is already stored (a json field sent again included) writes nothing: no event, no audit row, the
  // same updated_at (docs/decisions.md "Custom fields", src/lib/unchanged.ts).
  const differs = differing(changes, row);
  if (Object.keys(differs).length === 0) return toCustomer(row);
  const json = customerJsonSql(row.id);
  try {
    const results = await commit(ctx, [
      ...(changes.fields !== undefined ? fields!.guards : []),
      ctx.db
        .update(customers)
        .set({ ...differs, updatedAt: nowIso() })
        .where(and(eq(customers.id, row.id), eq(customers.storeId, ctx.store.storeId))),
      auditEntry(ctx, "customer.update", "customer", row.id),
      ...recordEvent(ctx.db, ctx.store.storeId, "customers.updated", json),
      ctx.db
        .select({ json: sql<string>`(${json})` })
        .from(customers)
        .where(eq(customers.id, row.id)),
    ]);
    const [found] = results[results.length - 1] as Array<{ json: string }>;
    if (!found) throw notFound("Customer");
    return JSON.parse(found.json) as ReturnType<typeof toCustomer>;
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(DUPLICATE_EMAIL);
    throw error;
  }
}
