// Field definitions (API.md section 21; docs/decisions.md "Custom fields"): create, list, read, change, delete.
// Each change is one batch with its audit row; definitions have no events (API.md lists none: they describe the
// store's data, like its settings). The caps (200 per owner, 20 filterable per owner) are guards inside the batch,
// so concurrent creates cannot pass them; the key's uniqueness is the unique index (409).
//
// The index of filterable values follows the definition in the same batch: becoming filterable backfills it from
// the stored values (one INSERT ... SELECT over the owner's rows of the store), becoming unfilterable deletes its
// rows. Deleting a definition deletes its index rows (foreign key) and removes its values from every resource of the
// store (one UPDATE per owner table, json_remove), without events and without touching updated_at: a schema change,
// not a change of each resource. A later definition with the same key starts empty.
import { and, asc, count, eq, sql } from "drizzle-orm";
import { collections, customers, fieldDefinitions, fieldIndex, orders, products, productVariants } from "../db/schema";
import { auditEntry } from "../lib/audit";
import type { StoreCtx } from "../lib/context";
import { isUniqueViolation } from "../lib/db";
import { conflict, invalidField, limitExceeded, notFound } from "../lib/errors";
import { exists, guarded, stillExists, withinCap } from "../lib/guards";
import { isUuid, nowIso, uuidv7 } from "../lib/ids";
import type { Page } from "../lib/pagination";
import { type Statement, commit } from "../events/outbox";
import { checkDefinition } from "./definition-rules";
import { DEFINITIONS_PER_OWNER, FILTERABLE_PER_OWNER, type FieldType, type Owner } from "./field-types";
import type { CreateDefinitionInput, UpdateDefinitionInput } from "./schemas";
import type { Definition, Validations } from "./values";

export type DefinitionRow = typeof fieldDefinitions.$inferSelect;

export const toDefinition = (r: DefinitionRow) => ({
  id: r.id,
  store_id: r.storeId,
  owner: r.owner,
  key: r.key,
  name: r.name,
  description: r.description,
  type: r.type as FieldType,
  validations: JSON.parse(r.validations) as Validations,
  filterable: r.filterable,
  created_at: r.createdAt,
  updated_at: r.updatedAt,
});

/** A row as the value checks use it. */
export const definitionOf = (r: Pick<DefinitionRow, "id" | "owner" | "key" | "type" | "validations" | "filterable">): Definition => ({
  id: r.id,
  owner: r.owner,
  key: r.key,
  type: r.type as FieldType,
  validations: JSON.parse(r.validations) as Validations,
  filterable: Boolean(r.filterable),
});

/** The table holding each owner's resources (and their `fields` column). */
const OWNER_TABLES = { product: products, variant: productVariants, collection: collections, customer: customers, order: orders } as const;

const OWNER_NAMES: Record<Owner, string> = { product: "product", variant: "variant", collection: "collection", customer: "customer", order: "order" };

const inStore = (ctx: StoreCtx, id: string) => and(eq(fieldDefinitions.id, id), eq(fieldDefinitions.storeId, ctx.store.storeId))!;
const selectRow = (ctx: StoreCtx, id: string) => ctx.db.select().from(fieldDefinitions).where(inStore(ctx, id));
/** The JSON path of a key ([a-z][a-z0-9_]*: nothing to quote). */
export const pathOf = (key: string) => `$.${key}`;

async function getRow(ctx: StoreCtx, id: string): Promise<DefinitionRow> {
  if (!isUuid(id)) throw notFound("Field definition");
  const row = await ctx.db.query.fieldDefinitions.findFirst({ where: inStore(ctx, id) });
  if (!row) throw notFound("Field definition");
  return row;
}

const capsError = () =>
  limitExceeded(`A store has at most ${DEFINITIONS_PER_OWNER} field definitions per owner, at most ${FILTERABLE_PER_OWNER} of them filterable`);

async function commitReturning(ctx: StoreCtx, statements: Statement[], owner: Owner, key: string) {
  try {
    const results = await guarded(commit(ctx, statements), { not_found: () => notFound("Field definition"), limit: capsError });
    const [row] = results[results.length - 1] as DefinitionRow[];
    if (!row) throw notFound("Field definition");
    return toDefinition(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(`The key "${key}" is already used by another ${OWNER_NAMES[owner]} field of this store`);
    throw error;
  }
}

const filterableCap = (ctx: StoreCtx, owner: Owner) =>
  withinCap(ctx.db, sql`(SELECT count(*) FROM ${fieldDefinitions} WHERE ${fieldDefinitions.storeId} = ${ctx.store.storeId}
    AND ${fieldDefinitions.owner} = ${owner} AND ${fieldDefinitions.filterable} = 1) < ${FILTERABLE_PER_OWNER}`);

export async function createDefinition(ctx: StoreCtx, input: CreateDefinitionInput) {
  const filterable = input.filterable ?? false;
  const validations = checkDefinition(input.owner, input.type, input.validations, filterable);
  const id = uuidv7();
  const now = nowIso();
  const storeId = ctx.store.storeId;
  return commitReturning(
    ctx,
    [
      withinCap(ctx.db, sql`(SELECT count(*) FROM ${fieldDefinitions} WHERE ${fieldDefinitions.storeId} = ${storeId}
        AND ${fieldDefinitions.owner} = ${input.owner}) < ${DEFINITIONS_PER_OWNER}`),
      ...(filterable ? [filterableCap(ctx, input.owner)] : []),
      ctx.db.insert(fieldDefinitions).values({
        id, storeId, owner: input.owner, key: input.key, name: input.name, description: input.description ?? null, type: input.type,
        validations: JSON.stringify(validations), filterable, createdAt: now, updatedAt: now,
      }),
      auditEntry(ctx, "field_definition.create", "field_definition", id, { owner: input.owner, key: input.key }),
      selectRow(ctx, id),
    ],
    input.owner,
    input.key,
  );
}

export async function getDefinition(ctx: StoreCtx, id: string) {
  return toDefinition(await getRow(ctx, id));
}

/** Oldest first; `owner` narrows to one owner's fields. */
export async function listDefinitions(ctx: StoreCtx, page: Page, owner?: Owner) {
  const where = and(eq(fieldDefinitions.storeId, ctx.store.storeId), owner ? eq(fieldDefinitions.owner, owner) : undefined);
  const [rows, [{ total }]] = await ctx.db.batch([
    ctx.db.select().from(fieldDefinitions).where(where).orderBy(asc(fieldDefinitions.createdAt), asc(fieldDefinitions.id)).limit(page.limit).offset(page.offset),
    ctx.db.select({ total: count() }).from(fieldDefinitions).where(where),
  ]);
  return { data: rows.map(toDefinition), total };
}

/** The index rows of a definition that has just become filterable, from the values the store holds. */
function backfill(ctx: StoreCtx, row: DefinitionRow): Statement {
  const storeId = ctx.store.storeId;
  const path = pathOf(row.key);
  const select =
    row.owner === "product"
      ? sql`SELECT p.store_id, ${row.id}, p.id, p.id, json_extract(p.fields, ${path}), p.status, p.updated_at FROM products p
          WHERE p.store_id = ${storeId} AND json_type(p.fields, ${path}) IS NOT NULL`
      : sql`SELECT v.store_id, ${row.id}, v.id, v.product_id, json_extract(v.fields, ${path}), p.status, p.updated_at
          FROM product_variants v JOIN products p ON p.id = v.product_id
          WHERE v.store_id = ${storeId} AND json_type(v.fields, ${path}) IS NOT NULL`;
  // Drizzle's D1 batch binds parameters of builders only (not of db.run): an insert ... select, in the table's column order.
  return ctx.db.insert(fieldIndex).select(select).onConflictDoNothing();
}

export async function updateDefinition(ctx: StoreCtx, id: string, input: UpdateDefinitionInput) {
  const row = await getRow(ctx, id);
  for (const name of ["owner", "key", "type"] as const) {
    if (input[name] !== undefined && input[name] !== row[name]) throw invalidField(name, name === "owner" ? "cannot change" : "cannot change: make a new field");
  }
  const filterable = input.filterable ?? row.filterable;
  const validations = input.validations !== undefined ? input.validations : (JSON.parse(row.validations) as Validations);
  const checked = JSON.stringify(checkDefinition(row.owner, row.type as FieldType, validations, filterable));
  const changes: Partial<typeof fieldDefinitions.$inferInsert> = {};
  if (input.name !== undefined && input.name !== row.name) changes.name = input.name;
  if (input.description !== undefined && input.description !== row.description) changes.description = input.description;
  if (checked !== row.validations) changes.validations = checked;
  if (filterable !== row.filterable) changes.filterable = filterable;
  if (Object.keys(changes).length === 0) return toDefinition(row);

  const index: Statement[] = [];
  if (filterable && !row.filterable) index.push(filterableCap(ctx, row.owner), backfill(ctx, row));
  if (!filterable && row.filterable) {
    index.push(ctx.db.delete(fieldIndex).where(and(eq(fieldIndex.storeId, ctx.store.storeId), eq(fieldIndex.definitionId, row.id))));
  }
  return commitReturning(
    ctx,
    [
      stillExists(ctx.db, exists(sql`${fieldDefinitions}`, inStore(ctx, id))),
      // Made filterable: the cap is counted before this row says so, then the row and its backfill.
      ...(filterable && !row.filterable ? [index[0]] : []),
      ctx.db.update(fieldDefinitions).set({ ...changes, updatedAt: nowIso() }).where(inStore(ctx, id)),
      ...(filterable && !row.filterable ? [index[1]] : index),
      auditEntry(ctx, "field_definition.update", "field_definition", id, { owner: row.owner, key: row.key }),
      selectRow(ctx, id),
    ],
    row.owner,
    row.key,
  );
}

/** 204: the definition, its index rows (foreign key), and its values on every resource of the store. */
export async function deleteDefinition(ctx: StoreCtx, id: string) {
  const row = await getRow(ctx, id);
  const path = pathOf(row.key);
  const table = OWNER_TABLES[row.owner];
  await guarded(
    commit(ctx, [
      stillExists(ctx.db, exists(sql`${fieldDefinitions}`, inStore(ctx, id))),
      ctx.db.delete(fieldDefinitions).where(inStore(ctx, id)),
      ctx.db
        .update(table)
        .set({ fields: sql`json_remove(fields, ${path})` })
        .where(and(eq(table.storeId, ctx.store.storeId), sql`json_type(fields, ${path}) IS NOT NULL`)),
      auditEntry(ctx, "field_definition.delete", "field_definition", id, { owner: row.owner, key: row.key }),
    ]),
    { not_found: () => notFound("Field definition") },
  );
}
