// Field definitions (docs/api/21-custom-fields.md; docs/decisions.md "Custom fields"): create, list, read, change, delete.
// Each change is one batch with its audit row; definitions have no events (docs/api/21-custom-fields.md lists none: they describe the
// store's data, like its settings). The caps (200 per owner, 20 filterable per owner) are guards inside the batch,
// so concurrent creates cannot pass them; the key's uniqueness is the unique index (409).
//
// The index of filterable values follows the definition: becoming filterable backfills it from the stored values
// after the definition's batch, in slices (src/fields/slices.ts), then marks it complete (index_ready); becoming
// unfilterable deletes its rows in the definition's batch. Deleting a definition removes its values from every
// resource of the store in slices (json_remove; their index rows go by the triggers), then deletes it (its remaining
// index rows by foreign key), without events and without touching updated_at: a schema change, not a change of each
// resource. A later definition with the same key starts empty.
import { and, asc, count, eq, sql } from "drizzle-orm";
import { fieldDefinitions, fieldIndex } from "../db/schema";
import { auditEntry } from "../lib/audit";
import type { StoreCtx } from "../lib/context";
import { isUniqueViolation } from "../lib/db";
import { conflict, invalidField, limitExceeded, notFound } from "../lib/errors";
import { exists, guarded, stillExists, withinCap } from "../lib/guards";
import { isUuid, nowIso, uuidv7 } from "../lib/ids";
import type { Page } from "../lib/pagination";
import { type Statement, commit } from "../events/outbox";
import { checkDefinition } from "./definition-rules";
import { backfillSlices, removeSlices } from "./slices";
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
  withinCap(
    ctx.db,
    sql`(SELECT count(*) FROM ${fieldDefinitions} WHERE ${fieldDefinitions.storeId} = ${ctx.store.storeId}
    AND ${fieldDefinitions.owner} = ${owner} AND ${fieldDefinitions.filterable} = 1) < ${FILTERABLE_PER_OWNER}`,
  );

export async function createDefinition(ctx: StoreCtx, input: CreateDefinitionInput) {
  const filterable = input.filterable ?? false;
  const validations = checkDefinition(input.owner, input.type, input.validations, filterable);
  const id = uuidv7();
  const now = nowIso();
  const storeId = ctx.store.storeId;
  return commitReturning(
    ctx,
    [
      withinCap(
        ctx.db,
        sql`(SELECT count(*) FROM ${fieldDefinitions} WHERE ${fieldDefinitions.storeId} = ${storeId}
        AND ${fieldDefinitions.owner} = ${input.owner}) < ${DEFINITIONS_PER_OWNER}`,
      ),
      ...(filterable ? [filterableCap(ctx, input.owner)] : []),
      ctx.db.insert(fieldDefinitions).values({
        id,
        storeId,
        owner: input.owner,
        key: input.key,
        name: input.name,
        description: input.description ?? null,
        type: input.type,
        validations: JSON.stringify(validations),
        filterable,
        createdAt: now,
        updatedAt: now,
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
    ctx.db
      .select()
      .from(fieldDefinitions)
      .where(where)
      .orderBy(asc(fieldDefinitions.createdAt), asc(fieldDefinitions.id))
      .limit(page.limit)
      .offset(page.offset),
    ctx.db.select({ total: count() }).from(fieldDefinitions).where(where),
  ]);
  return { data: rows.map(toDefinition), total };
}

export async function updateDefinition(ctx: StoreCtx, id: string, input: UpdateDefinitionInput) {
  const row = await getRow(ctx, id);
  if (row.deleting) throw conflict("This field definition is being deleted: DELETE it again to finish");
  for (const name of ["owner", "key", "type"] as const) {
    if (input[name] !== undefined && input[name] !== row[name])
      throw invalidField(name, name === "owner" ? "cannot change" : "cannot change: make a new field");
  }
  const filterable = input.filterable ?? row.filterable;
  const validations = input.validations !== undefined ? input.validations : (JSON.parse(row.validations) as Validations);
  const checked = JSON.stringify(checkDefinition(row.owner, row.type as FieldType, validations, filterable));
  const changes: Partial<typeof fieldDefinitions.$inferInsert> = {};
  if (input.name !== undefined && input.name !== row.name) changes.name = input.name;
  if (input.description !== undefined && input.description !== row.description) changes.description = input.description;
  if (checked !== row.validations) changes.validations = checked;
  if (filterable !== row.filterable) changes.filterable = filterable;
  // Made filterable, or asked again while an earlier backfill did not finish (index_ready 0): the backfill runs,
  // from the start (idempotent).
  const backfill = filterable && (!row.filterable || (input.filterable === true && !row.indexReady));
  if (Object.keys(changes).length === 0 && !backfill) return toDefinition(row);

  let current = toDefinition(row);
  if (Object.keys(changes).length > 0) {
    // Made filterable: the cap is counted before this row says so; index_ready 0 until the last slice is in. From this
    // batch on the triggers index every write of the field.
    if (filterable && !row.filterable) changes.indexReady = false;
    current = await commitReturning(
      ctx,
      [
        stillExists(ctx.db, exists(sql`${fieldDefinitions}`, and(inStore(ctx, id), eq(fieldDefinitions.deleting, false))!)),
        ...(filterable && !row.filterable ? [filterableCap(ctx, row.owner)] : []),
        ctx.db
          .update(fieldDefinitions)
          .set({ ...changes, updatedAt: nowIso() })
          .where(inStore(ctx, id)),
        ...(!filterable && row.filterable
          ? [ctx.db.delete(fieldIndex).where(and(eq(fieldIndex.storeId, ctx.store.storeId), eq(fieldIndex.definitionId, row.id)))]
          : []),
        auditEntry(ctx, "field_definition.update", "field_definition", id, { owner: row.owner, key: row.key }),
        selectRow(ctx, id),
      ],
      row.owner,
      row.key,
    );
  }
  if (!backfill) return current;
  await backfillSlices(ctx, { id: row.id, owner: row.owner as "product" | "variant", key: row.key });
  // Complete, if the definition is still there and still filterable (made unfilterable meanwhile: its rows are gone).
  return commitReturning(
    ctx,
    [
      ctx.db
        .update(fieldDefinitions)
        .set({ indexReady: true })
        .where(and(inStore(ctx, id), eq(fieldDefinitions.filterable, true))),
      selectRow(ctx, id),
    ],
    row.owner,
    row.key,
  );
}

/**
 * 204. First batch: the definition is marked `deleting` (from then on no write may give it a value: see
 * definitionsStillThere). Then its values on every resource of the store, slice by slice (their index rows go by the
 * triggers). Last batch: the definition with its audit row (its remaining index rows by foreign key). Interrupted
 * midway, the definition is still there, marked, some values already gone; a DELETE again finishes it.
 */
export async function deleteDefinition(ctx: StoreCtx, id: string) {
  const row = await getRow(ctx, id);
  if (!row.deleting) {
    await guarded(
      ctx.db.batch([
        stillExists(ctx.db, exists(sql`${fieldDefinitions}`, inStore(ctx, id))),
        ctx.db.update(fieldDefinitions).set({ deleting: true }).where(inStore(ctx, id)),
      ]),
      { not_found: () => notFound("Field definition") },
    );
  }
  await removeSlices(ctx, { id: row.id, owner: row.owner, key: row.key });
  await guarded(
    commit(ctx, [
      stillExists(ctx.db, exists(sql`${fieldDefinitions}`, inStore(ctx, id))),
      ctx.db.delete(fieldDefinitions).where(inStore(ctx, id)),
      auditEntry(ctx, "field_definition.delete", "field_definition", id, { owner: row.owner, key: row.key }),
    ]),
    { not_found: () => notFound("Field definition") },
  );
}
