// The product list's custom field filters (docs/api/21-custom-fields.md; docs/catalog.md "Filters and sort"):
// `field.<key>=<value>` (repeatable across keys: all must match) and, for integer, decimal, money and date fields,
// `field.<key>.min` / `.max` (inclusive). A key names a filterable product field, else a filterable variant field
// (products with a variant that matches; each filter may be met by a different variant); a key defined for both
// filters by the product's field. A key that is not filterable, or that no field has: 422 at `field.<key>`; so is
// one whose index is still being built (index_ready 0, src/fields/slices.ts) or that is being deleted. A value is text
// as every query parameter is (docs/api/13c-background-work-and-exact-values.md, src/lib/text.ts): a control
// character or a lone surrogate is 422 at its parameter (tab and line breaks allowed for a multiline_text field,
// whose values may hold them).
//
// Each filter's matches come from field_index (migration 0029), whose rows carry the product's status and
// updated_at: one filter's ids as a candidate set like the tag and collection ones, or, in the default order with no
// other narrowing filter, a walk of the first equality filter's index range in (updated_at, product_id) order that
// stops after a page, the others checked per row by a probe (fieldWalk in list-query.ts).
import { type SQL, sql } from "drizzle-orm";
import type { StoreReadCtx } from "../../lib/context";
import type { FieldError } from "../../lib/errors";
import { invalidFields as invalid } from "../../fields/field-values";
import { type FieldType, KEY_RE, RANGE_FILTER_TYPES } from "../../fields/field-types";
import { filterValue } from "../../fields/values";
import { LINE_MESSAGE, TEXT_MESSAGE, isText } from "../../lib/text";
import { readRows } from "./d1";

/** At most this many keys per list request. */
export const MAX_FIELD_FILTERS = 10;

/** One resolved filter: the definition's index range to read. */
export interface FieldFilter {
  definitionId: string;
  owner: "product" | "variant";
  eq?: string | number;
  min?: string | number;
  max?: string | number;
}

/** The `field.*` parameters by key, and the malformed ones (reported with the others, in one 422). */
export interface Requested {
  keys: Map<string, { eq?: string; min?: string; max?: string }>;
  errors: FieldError[];
}

const NAME_RE = /^field\.([^.]*)(?:\.(min|max))?$/;

/** The `field.*` parameters of a raw query (each name to its values). */
export function requestedFieldFilters(queries: Record<string, string[]>): Requested {
  const requested = new Map<string, { eq?: string; min?: string; max?: string }>();
  const errors: FieldError[] = [];
  for (const [name, values] of Object.entries(queries)) {
    if (!name.startsWith("field.")) continue;
    const m = NAME_RE.exec(name);
    if (!m || !KEY_RE.test(m[1]) || m[1].length > 64) {
      errors.push({ path: name, message: "is not a field filter: use field.<key>, field.<key>.min or field.<key>.max" });
      continue;
    }
    if (values.length !== 1) {
      errors.push({ path: name, message: "give one value (filters on different keys all apply)" });
      continue;
    }
    const entry = requested.get(m[1]) ?? {};
    entry[(m[2] ?? "eq") as "eq" | "min" | "max"] = values[0];
    requested.set(m[1], entry);
  }
  if (requested.size > MAX_FIELD_FILTERS) errors.push({ path: "field", message: `filter by at most ${MAX_FIELD_FILTERS} fields at once` });
  return { keys: requested, errors };
}

interface DefinitionRow {
  id: string;
  owner: "product" | "variant";
  key: string;
  type: FieldType;
  filterable: number;
  index_ready: number;
  deleting: number;
}

/** The requested filters resolved against the store's product and variant definitions (one read), or a 422 naming every problem. */
export async function resolveFieldFilters(ctx: StoreReadCtx, { keys: requested, errors: malformed }: Requested): Promise<FieldFilter[]> {
  // Too many keys: no look-up for them (the 422 says so).
  if (requested.size > MAX_FIELD_FILTERS) throw invalid(malformed);
  const { rows } = await readRows<DefinitionRow>(
    ctx,
    sql`SELECT id, owner, key, type, filterable, index_ready, deleting FROM field_definitions WHERE store_id = ${ctx.storeId} AND owner IN ('product', 'variant')
      AND key IN (SELECT value FROM json_each(${JSON.stringify([...requested.keys()])}))`,
  );
  const errors: FieldError[] = [...malformed];
  const filters: FieldFilter[] = [];
  for (const [key, wanted] of requested) {
    // A key defined for both: the product's field decides.
    const definition = rows.find((r) => r.key === key && r.owner === "product") ?? rows.find((r) => r.key === key);
    const at = (suffix: string, message: string) => errors.push({ path: `field.${key}${suffix}`, message });
    if (!definition) {
      at("", "is not a product or variant field of this store");
      continue;
    }
    if (definition.deleting) {
      at("", `is being deleted (DELETE /stores/{store_id}/field-definitions/${definition.id} again finishes it)`);
      continue;
    }
    if (!definition.filterable) {
      at(
        "",
        `is not filterable (make the ${definition.owner} field filterable: PATCH /stores/{store_id}/field-definitions/${definition.id} with filterable: true)`,
      );
      continue;
    }
    if (!definition.index_ready) {
      // Its backfill did not finish (migration 0032): the index may miss values stored before it became filterable.
      at(
        "",
        `cannot filter yet: the index of this ${definition.owner} field is being built (PATCH /stores/{store_id}/field-definitions/${definition.id} with filterable: true again finishes it)`,
      );
      continue;
    }
    const filter: FieldFilter = { definitionId: definition.id, owner: definition.owner };
    for (const part of ["eq", "min", "max"] as const) {
      const text = wanted[part];
      if (text === undefined) continue;
      const suffix = part === "eq" ? "" : `.${part}`;
      if (part !== "eq" && !RANGE_FILTER_TYPES.has(definition.type)) {
        at(suffix, `ranges apply to integer, decimal, money and date fields (this one is ${definition.type})`);
        continue;
      }
      // The text type of search, sku, tag and brand, before the value is read as the field's type (a NUL would
      // otherwise reach the index comparison and match nothing: a 200 where those parameters are 422).
      const multiline = part === "eq" && definition.type === "multiline_text";
      if (!isText(text, multiline)) {
        at(suffix, multiline ? TEXT_MESSAGE : LINE_MESSAGE);
        continue;
      }
      const parsed = filterValue(definition.type, text);
      if ("error" in parsed) at(suffix, parsed.error);
      else filter[part] = parsed.value;
    }
    if (filter.min !== undefined && filter.max !== undefined && filter.min > filter.max) at(".max", "must not be less than min");
    filters.push(filter);
  }
  if (errors.length > 0) throw invalid(errors);
  return filters;
}

/** The filter's condition on field_index row `alias` (its value). */
export function valueCondition(filter: FieldFilter, alias: string): SQL {
  const value = sql.raw(`${alias}.value`);
  const parts: SQL[] = [];
  if (filter.eq !== undefined) parts.push(sql`${value} = ${filter.eq}`);
  if (filter.min !== undefined) parts.push(sql`${value} >= ${filter.min}`);
  if (filter.max !== undefined) parts.push(sql`${value} <= ${filter.max}`);
  return sql.join(parts, sql` AND `);
}

/** A filter's matching product ids, from its index range (a candidate set); `extra`: conditions on its rows `f`. */
export function fieldIdsSql(storeId: string, filter: FieldFilter, extra: SQL[] = []): SQL {
  // A variant field: a product with two matching variants is one match.
  const distinct = sql.raw(filter.owner === "variant" ? "DISTINCT " : "");
  const more = extra.length ? sql` AND ${sql.join(extra, sql` AND `)}` : sql``;
  return sql`SELECT ${distinct}f.product_id AS pid FROM field_index f INDEXED BY field_index_walk_idx
    WHERE f.store_id = ${storeId} AND f.definition_id = ${filter.definitionId} AND ${valueCondition(filter, "f")}${more}`;
}

/**
 * Whether product `productId` (SQL) meets `filter`: a product field by its primary key (definition, product), a variant
 * field by the product's rows.
 */
export function fieldProbe(filter: FieldFilter, productId: SQL): SQL {
  return filter.owner === "product"
    ? sql`EXISTS (SELECT 1 FROM field_index g WHERE g.definition_id = ${filter.definitionId} AND g.resource_id = ${productId} AND ${valueCondition(filter, "g")})`
    : sql`EXISTS (SELECT 1 FROM field_index g INDEXED BY field_index_product_idx WHERE g.product_id = ${productId}
        AND g.definition_id = ${filter.definitionId} AND ${valueCondition(filter, "g")})`;
}
