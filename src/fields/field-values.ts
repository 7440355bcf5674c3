// What an owner's write of `fields` needs (docs/api/21-custom-fields.md): the definitions its keys name (one read), every value
// checked against its definition (every bad value in one 422, at `fields.<key>`, `.<index>` inside lists), the
// references looked up in the store (one read), and then the statements: the value to insert, or the merge of a
// change into the stored values (keys given are set to exactly what was sent, a key given null is removed, the
// others stay), computed by SQL from the row as the batch sees it, so two concurrent changes of different keys both
// land.
//
// A guard in the write's batch asserts that the definitions used still exist and are not being deleted: a
// definition deleted (or whose DELETE began) between the check and the write fails the batch (409), so no value
// outlives its definition (a later one with the same key starts empty).
import { type SQL, and, eq, sql } from "drizzle-orm";
import { fieldDefinitions, fieldGuards } from "../db/schema";
import type { StoreCtx } from "../lib/context";
import { ApiError, type FieldError } from "../lib/errors";
import type { Statement } from "../events/outbox";
import { definitionOf } from "./definitions.service";
import { type Owner, REFERENCE_TABLES, type ReferenceType } from "./field-types";
import type { FieldsInput } from "./schemas";
import { type Definition, type Reference, checkValue } from "./values";

const OWNER_LABEL: Record<Owner, string> = { product: "product", variant: "variant", collection: "collection", customer: "customer", order: "order" };

/** The store's definitions of `owner` named by `keys`, by key (one read). */
export async function loadDefinitions(ctx: StoreCtx, owner: Owner, keys: string[]): Promise<Map<string, Definition>> {
  if (keys.length === 0) return new Map();
  // The keys as one JSON parameter: D1 binds at most 100 parameters per statement.
  const rows = await ctx.db
    .select()
    .from(fieldDefinitions)
    // A definition being deleted takes no values (its key is unknown to writes).
    .where(
      and(
        eq(fieldDefinitions.storeId, ctx.store.storeId),
        eq(fieldDefinitions.owner, owner),
        eq(fieldDefinitions.deleting, false),
        sql`${fieldDefinitions.key} IN (SELECT value FROM json_each(${JSON.stringify([...new Set(keys)])}))`,
      ),
    );
  return new Map(rows.map((r) => [r.key, definitionOf(r)]));
}

/** One input's values, checked: what to set, what to remove, and the problems. */
export interface CheckedFields {
  set: Record<string, unknown>;
  remove: string[];
  errors: FieldError[];
  references: Reference[];
  used: Definition[];
}

/**
 * Checks `input` (a create's: null sets nothing; a change's: null removes) against the definitions, errors at
 * `<prefix>.<key>`. An unknown key is an error; an empty list is no value (a change removes the key).
 */
export function checkFields(owner: Owner, definitions: Map<string, Definition>, input: FieldsInput, prefix: string): CheckedFields {
  const out: CheckedFields = { set: {}, remove: [], errors: [], references: [], used: [] };
  for (const [key, raw] of Object.entries(input)) {
    const path = `${prefix}.${key}`;
    const definition = definitions.get(key);
    if (!definition) {
      out.errors.push({ path, message: `is not a ${OWNER_LABEL[owner]} field of this store (define it with POST /stores/{store_id}/field-definitions)` });
      continue;
    }
    out.used.push(definition);
    if (raw === null) {
      out.remove.push(key);
      continue;
    }
    const checked = checkValue(definition, raw, path);
    out.errors.push(...checked.errors);
    out.references.push(...checked.references);
    if (checked.errors.length === 0) {
      if (checked.value === undefined) out.remove.push(key);
      else out.set[key] = checked.value;
    }
  }
  return out;
}

/** The references that name nothing of this type in the store, as errors (one read for all of them). */
export async function checkReferences(ctx: StoreCtx, references: Reference[]): Promise<FieldError[]> {
  if (references.length === 0) return [];
  const byType = new Map<ReferenceType, string[]>();
  for (const r of references) byType.set(r.type, [...(byType.get(r.type) ?? []), r.id]);
  const parts = [...byType].map(
    ([type, ids]) => sql`SELECT ${type} || ':' || id AS found FROM ${sql.raw(REFERENCE_TABLES[type].table)}
      WHERE store_id = ${ctx.store.storeId} AND id IN (SELECT value FROM json_each(${JSON.stringify([...new Set(ids)])}))`,
  );
  const rows = await ctx.db.all<{ found: string }>(sql.join(parts, sql` UNION ALL `));
  const found = new Set(rows.map((r) => r.found));
  return references
    .filter((r) => !found.has(`${r.type}:${r.id}`))
    .map((r) => ({ path: r.path, message: `is not ${REFERENCE_TABLES[r.type].what} of this store` }));
}

export const invalidFields = (errors: FieldError[]) => new ApiError("validation_failed", errors.map((e) => `${e.path}: ${e.message}`).join("; "), { errors });

/**
 * In the write's batch: the definitions the values were checked against still exist, and no DELETE has begun on
 * them (else the batch fails: a value written behind the DELETE's slices would outlive the definition).
 */
export function definitionsStillThere(ctx: StoreCtx, used: Definition[]): Statement[] {
  const ids = [...new Set(used.map((d) => d.id))];
  if (ids.length === 0) return [];
  return [
    ctx.db.insert(fieldGuards).select(sql`SELECT NULL WHERE (SELECT count(*) FROM field_definitions WHERE store_id = ${ctx.store.storeId} AND deleting = 0
      AND id IN (SELECT value FROM json_each(${JSON.stringify(ids)}))) <> ${ids.length}`),
  ];
}

/**
 * SQL: the stored values `column` with the keys of `cleared` (a JSON array) removed and the members of `set` (a JSON
 * object) added, each exactly as it is there. Not `json_patch`: an RFC 7396 merge drops every null member at any
 * depth of a `json` value, so what a PATCH stored would differ from what it sent, and sending it again would
 * "change" it again (docs/api/13c-background-work-and-exact-values.md, docs/decisions.md "Custom fields"). `->` hands each value over as JSON, so json_group_object
 * keeps it as it is (an object, `true`, a number's digits), never as text.
 */
export const mergedFields = (column: SQL, cleared: SQL, set: SQL): SQL =>
  sql`(SELECT json_group_object(m.key, CASE m.side WHEN 0 THEN ${column} -> m.fullkey ELSE ${set} -> m.fullkey END) FROM (
    SELECT 0 AS side, key, fullkey FROM json_each(${column}) WHERE key NOT IN (SELECT value FROM json_each(${cleared}))
    UNION ALL SELECT 1 AS side, key, fullkey FROM json_each(${set})) m)`;

/** A checked write of `fields`: the insert's value, or the change's merge, and the guard for its batch. */
export interface FieldsWrite {
  /** The values of a new resource, as JSON text. */
  json: string;
  /** The change merged into the stored `column` (SQL: keys given are replaced by exactly what was sent, null ones removed). */
  merge: (column: SQL) => SQL;
  /** The stored values (JSON text) after the change, as the merge would make them. */
  apply: (current: string) => Record<string, unknown>;
  /** Whether the change alters these stored values. */
  changes: (current: string) => boolean;
  guards: Statement[];
}

/** `merge` and friends for a checked input. */
export function writeOf(ctx: StoreCtx, checked: Pick<CheckedFields, "set" | "remove" | "used">): FieldsWrite {
  // Every key given is cleared, then the values set: a json value replaces the stored one whole.
  const touched = JSON.stringify([...Object.keys(checked.set), ...checked.remove]);
  const values = JSON.stringify(checked.set);
  const apply = (current: string) => {
    const merged: Record<string, unknown> = { ...(JSON.parse(current) as Record<string, unknown>) };
    for (const key of checked.remove) delete merged[key];
    return { ...merged, ...checked.set };
  };
  return {
    json: values,
    merge: (column) => mergedFields(column, sql`${touched}`, sql`${values}`),
    apply,
    changes: (current) => {
      const stored = JSON.parse(current) as Record<string, unknown>;
      return checked.remove.some((k) => k in stored) || Object.entries(checked.set).some(([k, v]) => JSON.stringify(stored[k]) !== JSON.stringify(v));
    },
    guards: definitionsStillThere(ctx, checked.used),
  };
}

/**
 * One resource's `fields` input, checked and ready to write: the definitions read, every value checked, the
 * references found (a 422 naming every bad value), or null when the body has no `fields`.
 */
export async function prepareFields(ctx: StoreCtx, owner: Owner, input: FieldsInput | undefined, prefix = "fields"): Promise<FieldsWrite | null> {
  if (input === undefined) return null;
  const definitions = await loadDefinitions(ctx, owner, Object.keys(input));
  const checked = checkFields(owner, definitions, input, prefix);
  const errors = [...checked.errors, ...(await checkReferences(ctx, checked.references))];
  if (errors.length > 0) throw invalidFields(errors);
  return writeOf(ctx, checked);
}
