// Collections: create, read, list, update, delete (docs/catalog.md "Collections"). The collection's JSON, with its
// product_count, is one SQL expression, so the event a change records and the response it returns are computed
// inside the change's own batch (change + audit row + event in one db.batch).
import { and, desc, eq, gte, lt, or, sql } from "drizzle-orm";
import type { SQLiteUpdateSetSource } from "drizzle-orm/sqlite-core";
import { prepareFields } from "../fields/field-values";
import { collections } from "../db/schema";
import { type AuditAction, auditEntry } from "../lib/audit";
import type { StoreCtx } from "../lib/context";
import { isUniqueViolation } from "../lib/db";
import { conflict, invalidField, notFound } from "../lib/errors";
import { exists, guarded, stillExists } from "../lib/guards";
import { isUuid, nowIso, uuidv7 } from "../lib/ids";
import { type Statement, commit, recordEvent } from "../events/outbox";
import type { Page } from "../lib/pagination";
import { slugify } from "../products/slug";
import { type CollectionRules, collectionRulesSql, parseRules } from "../products/list/collection-rules";
import type { CreateCollectionInput, UpdateCollectionInput } from "./schemas";

export type CollectionRow = typeof collections.$inferSelect;
type Shape = Pick<CollectionRow, "id" | "kind" | "rules">;

/**
 * product_count: a manual collection's members; an automatic one's matching products, counted when read (rules
 * are never evaluated into stored rows). Drafts count in both: the count is the admin's, not the storefront's.
 */
const countSql = (storeId: string, c: Shape) =>
  c.kind === "manual"
    ? sql`(SELECT count(*) FROM collection_products WHERE collection_id = ${c.id})`
    : sql`(SELECT count(*) FROM products p WHERE p.store_id = ${storeId} AND ${collectionRulesSql(parseRules(c.rules))})`;

/** The collection as the API returns it (JSON text), as a scalar SQL expression that sees the batch's changes. */
export const collectionJsonSql = (storeId: string, c: Shape) => sql`(SELECT json_object('id', c.id, 'title', c.title,
  'slug', c.slug, 'description', c.description, 'kind', c.kind, 'rules', json(c.rules),
  'product_count', ${countSql(storeId, c)}, 'fields', json(c.fields), 'created_at', c.created_at, 'updated_at', c.updated_at)
  FROM collections c WHERE c.id = ${c.id} AND c.store_id = ${storeId})`;

const inStore = (ctx: StoreCtx, id: string) => and(eq(collections.id, id), eq(collections.storeId, ctx.store.storeId))!;

/** The collection of this store; 404 for unknown ids, malformed ids and other stores' collections alike. */
export async function getCollectionRow(ctx: StoreCtx, id: string): Promise<CollectionRow> {
  if (!isUuid(id)) throw notFound("Collection");
  const row = await ctx.db.query.collections.findFirst({ where: inStore(ctx, id) });
  if (!row) throw notFound("Collection");
  return row;
}

const selectJson = (ctx: StoreCtx, c: Shape) =>
  ctx.db
    .select({ json: sql<string>`${collectionJsonSql(ctx.store.storeId, c)}` })
    .from(collections)
    .where(inStore(ctx, c.id));

/** In a change's batch: the collection still exists (a concurrent delete makes this change a 404). */
export const collectionStillThere = (ctx: StoreCtx, id: string) => stillExists(ctx.db, exists(sql`${collections}`, inStore(ctx, id)));

/** The statements that close a change of collection `c`: bump updated_at, audit, collections.updated, the JSON. */
export const collectionChanged = (ctx: StoreCtx, c: Shape, action: AuditAction, details?: object): Statement[] => [
  ctx.db.update(collections).set({ updatedAt: nowIso() }).where(inStore(ctx, c.id)),
  auditEntry(ctx, action, "collection", c.id, details),
  ...recordEvent(ctx.db, ctx.store.storeId, "collections.updated", collectionJsonSql(ctx.store.storeId, c)),
  selectJson(ctx, c),
];

/** Commits a batch whose last statement is `selectJson`; a guard failure is a 404 (the collection went). */
export async function commitReturningCollection(ctx: StoreCtx, statements: Statement[], slug?: string) {
  try {
    const results = await guarded(commit(ctx, statements), {
      not_found: () => notFound("Collection"),
      conflict: () => conflict("The collection changed meanwhile; nothing was applied"),
    });
    const [last] = results[results.length - 1] as Array<{ json: string }>;
    if (!last) throw notFound("Collection");
    return JSON.parse(last.json);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(`The slug "${slug}" is already used by another collection in this store`);
    throw error;
  }
}

/** The first free slug for `base` among the store's collections: base, base-2, ... */
async function freeSlug(ctx: StoreCtx, base: string): Promise<string> {
  const rows = await ctx.db
    .select({ slug: collections.slug })
    .from(collections)
    .where(
      and(eq(collections.storeId, ctx.store.storeId), or(eq(collections.slug, base), and(gte(collections.slug, `${base}-`), lt(collections.slug, `${base}.`)))),
    );
  const taken = new Set(rows.map((r) => r.slug));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

export async function createCollection(ctx: StoreCtx, input: CreateCollectionInput) {
  const id = uuidv7();
  const now = nowIso();
  const rules = input.kind === "automatic" ? JSON.stringify(input.rules) : null;
  const shape: Shape = { id, kind: input.kind, rules };
  const slug = input.slug ?? (await freeSlug(ctx, slugify(input.title)));
  const fields = await prepareFields(ctx, "collection", input.fields);
  return commitReturningCollection(
    ctx,
    [
      ...(fields?.guards ?? []),
      ctx.db.insert(collections).values({
        id,
        storeId: ctx.store.storeId,
        title: input.title,
        slug,
        description: input.description ?? null,
        kind: input.kind,
        rules,
        fields: fields?.json ?? "{}",
        createdAt: now,
        updatedAt: now,
      }),
      auditEntry(ctx, "collection.create", "collection", id),
      ...recordEvent(ctx.db, ctx.store.storeId, "collections.created", collectionJsonSql(ctx.store.storeId, shape)),
      selectJson(ctx, shape),
    ],
    slug,
  );
}

export async function getCollection(ctx: StoreCtx, id: string) {
  const row = await getCollectionRow(ctx, id);
  const [found] = await selectJson(ctx, row);
  return JSON.parse(found.json);
}

/** Newest change first; each collection's JSON (with its count) is its own small statement in one batch. */
export async function listCollections(ctx: StoreCtx, page: Page) {
  const where = eq(collections.storeId, ctx.store.storeId);
  const [rows, [{ total }]] = await ctx.db.batch([
    ctx.db
      .select({ id: collections.id, kind: collections.kind, rules: collections.rules })
      .from(collections)
      .where(where)
      .orderBy(desc(collections.updatedAt), desc(collections.id))
      .limit(page.limit)
      .offset(page.offset),
    ctx.db.select({ total: sql<number>`count(*)` }).from(collections).where(where),
  ]);
  if (rows.length === 0) return { data: [], total };
  const [first, ...rest] = rows.map((r) => selectJson(ctx, r));
  const found = await ctx.db.batch([first, ...rest]);
  return { data: found.map(([r]) => JSON.parse(r.json)), total };
}

export async function updateCollection(ctx: StoreCtx, id: string, input: UpdateCollectionInput) {
  const row = await getCollectionRow(ctx, id);
  if (input.kind !== undefined && input.kind !== row.kind) throw invalidField("kind", "cannot change after creation");
  if (input.rules !== undefined && row.kind === "manual") throw invalidField("rules", "a manual collection has no rules");
  const fields = await prepareFields(ctx, "collection", input.fields);
  const changes: SQLiteUpdateSetSource<typeof collections> = {};
  if (input.title !== undefined) changes.title = input.title;
  if (input.slug !== undefined) changes.slug = input.slug;
  if (input.description !== undefined) changes.description = input.description;
  const rules = input.rules !== undefined ? JSON.stringify(input.rules satisfies CollectionRules) : undefined;
  if (rules !== undefined) changes.rules = rules;
  // Merged by SQL from the row as the batch sees it: a concurrent change of other keys is kept.
  if (fields?.changes(row.fields)) changes.fields = fields.merge(sql`${collections.fields}`);
  if (Object.keys(changes).length === 0) return getCollection(ctx, id);
  const shape: Shape = { id, kind: row.kind, rules: rules ?? row.rules };
  return commitReturningCollection(
    ctx,
    [
      collectionStillThere(ctx, id),
      ...(changes.fields !== undefined ? fields!.guards : []),
      ctx.db.update(collections).set(changes).where(inStore(ctx, id)),
      ...collectionChanged(ctx, shape, "collection.update"),
    ],
    input.slug,
  );
}

/** 204; the members go with it (the products stay). */
export async function deleteCollection(ctx: StoreCtx, id: string) {
  await getCollectionRow(ctx, id);
  await guarded(
    commit(ctx, [
      collectionStillThere(ctx, id),
      ctx.db.delete(collections).where(inStore(ctx, id)),
      auditEntry(ctx, "collection.delete", "collection", id),
      ...recordEvent(ctx.db, ctx.store.storeId, "collections.deleted", { id }),
    ]),
    { not_found: () => notFound("Collection") },
  );
}
