// The one owner of a variant's shape (issue 46). Everything that turns API input into product_variants columns
// (create, PATCH, the whole-product PUT, the CSV import) goes through `variantColumns` / `newVariantColumns`, and
// everything that renders a variant as JSON (the API's answers, the products.* events, the bulk answer, both CSV
// exports) reads `variantJsonSql`, the API's projection, whole or a subset of its keys. Adding a variant field:
// its zod schema (variant-schemas.ts), its column (db/schema/catalog.ts + a migration), one entry in INPUT_COLUMNS
// (and DEFAULTS) and one in PROJECTION below.
import { type SQL, sql } from "drizzle-orm";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import type { productVariants } from "../db/schema";
import type { CreateVariantInput, variantSchema } from "./variant-schemas";
import type { z } from "@hono/zod-openapi";

type OptionValue = { name: string; value: string };

/** A variant as the API returns it (the zod schema's type). */
export type VariantJson = z.infer<typeof variantSchema>;
export type VariantKey = keyof VariantJson;

/** The writable fields of a variant as the API's bodies give them (create, PATCH, PUT items, import rows). */
export type VariantInput = Partial<Omit<CreateVariantInput, "fields">>;
type Insert = typeof productVariants.$inferInsert;
type Columns = Partial<Insert>;
/** A new variant's columns that `newVariantColumns` always sets (title, price, stock, position: the caller's). */
type NewColumns = Columns &
  Required<
    Pick<
      Insert,
      | "sku"
      | "skuLower"
      | "fulfillmentMode"
      | "optionValues"
      | "optionKey"
      | "boxLengthMm"
      | "boxWidthMm"
      | "boxHeightMm"
      | "boxWeightG"
      | "compareAtPriceCents"
      | "externalId"
    >
  >;

/** Order- and case-insensitive form of a set of option values. */
export const optionKey = (values: OptionValue[]) =>
  JSON.stringify(values.map((o) => [o.name.toLowerCase(), o.value.toLowerCase()]).sort((a, b) => (a[0] < b[0] ? -1 : 1)));

export const derivedTitle = (values: OptionValue[], sku?: string | null) => values.map((o) => o.value).join(" / ") || sku || "Variant";

/** Per input field, the columns it writes. */
const INPUT_COLUMNS: { [K in keyof Required<VariantInput>]: (value: NonNullable<VariantInput[K]> | null) => Columns } = {
  title: (title) => ({ title: title ?? undefined }),
  sku: (sku) => ({ sku: sku ?? null, skuLower: sku ? sku.toLowerCase() : null }),
  price_cents: (cents) => ({ priceCents: cents ?? undefined }),
  stock: (stock) => ({ stock: stock ?? undefined }),
  fulfillment_mode: (mode) => ({ fulfillmentMode: mode ?? undefined }),
  option_values: (values) => ({ optionValues: JSON.stringify(values ?? []), optionKey: optionKey(values ?? []) }),
  shipping_box: (box) => ({
    boxLengthMm: box?.length_mm ?? null,
    boxWidthMm: box?.width_mm ?? null,
    boxHeightMm: box?.height_mm ?? null,
    boxWeightG: box?.weight_g ?? null,
  }),
  position: (position) => ({ position: position ?? undefined }),
  compare_at_price_cents: (cents) => ({ compareAtPriceCents: cents ?? null }),
  external_id: (id) => ({ externalId: id ?? null }),
};

/** What a new variant (create, PUT's full replacement, an import's insert) has for a field its input leaves out. */
const DEFAULTS = {
  sku: null,
  fulfillment_mode: "stocked",
  option_values: [],
  shipping_box: null,
  compare_at_price_cents: null,
  external_id: null,
} as const satisfies Required<Omit<VariantInput, "title" | "price_cents" | "stock" | "position">>;

/** The columns of the fields `input` gives (undefined: not given, nothing written): PATCH and an import's update. */
export function variantColumns(input: VariantInput): Columns {
  const columns: Columns = {};
  for (const key of Object.keys(INPUT_COLUMNS) as Array<keyof VariantInput>) {
    const value = input[key];
    if (value === undefined) continue;
    const write = INPUT_COLUMNS[key] as (v: unknown) => Columns;
    Object.assign(columns, write(value));
  }
  return columns;
}

/** A new variant's columns: what `input` gives, the defaults for the rest (title, position, stock: the caller's). */
export const newVariantColumns = (input: VariantInput): NewColumns =>
  variantColumns({ ...DEFAULTS, ...Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) }) as NewColumns;

// ---- The projection: a variant row as the API's JSON ----

const dialect = new SQLiteAsyncDialect();
const rendered = new Map<string, SQL>();

/**
 * The product and variant expressions take no parameters (column references only), so each shape is rendered to
 * SQL text once per isolate and reused as raw SQL: building and walking the whole template again on every request
 * was a measurable share of a catalog read's CPU time.
 */
export function renderedOnce(key: string, build: () => SQL): SQL {
  let cached = rendered.get(key);
  if (!cached) {
    const { sql: text, params } = dialect.sqlToQuery(build());
    if (params.length > 0) throw new Error(`${key}: a SQL expression rendered once cannot take parameters`);
    cached = sql.raw(text);
    rendered.set(key, cached);
  }
  return cached;
}

export const col = (alias: string, name: string) => sql.raw(`${alias}.${name}`);

export const bool = (condition: SQL) => sql`json(CASE WHEN ${condition} THEN 'true' ELSE 'false' END)`;

/** in_stock / out_of_stock / on_demand from the fulfillment mode and the stock (docs/api/06-products.md). */
export const availabilitySql = (v: string) => sql`(CASE ${col(v, "fulfillment_mode")}
  WHEN 'on_demand' THEN 'on_demand'
  WHEN 'stocked_or_on_demand' THEN CASE WHEN ${col(v, "stock")} > 0 THEN 'in_stock' ELSE 'on_demand' END
  ELSE CASE WHEN ${col(v, "stock")} > 0 THEN 'in_stock' ELSE 'out_of_stock' END END)`;

/** The variant's level at every active location, in position order (0 and 0 where it has none; docs/api/20-inventory.md). */
const inventoryArraySql = (v: string) => sql`json((SELECT json_group_array(json_object('location_id', loc.id,
    'location_code', loc.code, 'on_hand', coalesce(il.on_hand, 0), 'committed', coalesce(il.committed, 0),
    'available', coalesce(il.on_hand - il.committed, 0)) ORDER BY loc.position, loc.id)
  FROM locations loc LEFT JOIN inventory_levels il ON il.location_id = loc.id AND il.variant_id = ${col(v, "id")}
  WHERE loc.store_id = ${col(v, "store_id")} AND loc.active = 1))`;

/** Each key of the API's variant, in the API's order, with its SQL expression over the variant row alias `v`. */
/**
 * Each key of the API's variant, in the API's order, with its SQL expression over the variant row alias `v`. Typed by
 * the zod schema: a key of the schema without an expression here does not compile.
 */
const PROJECTION: { [K in Exclude<VariantKey, "calculated_price">]: (v: string) => SQL } = {
  id: (v) => col(v, "id"),
  product_id: (v) => col(v, "product_id"),
  title: (v) => col(v, "title"),
  is_default: (v) => bool(col(v, "is_default")),
  sku: (v) => col(v, "sku"),
  price_cents: (v) => col(v, "price_cents"),
  stock: (v) => col(v, "stock"),
  inventory: inventoryArraySql,
  fulfillment_mode: (v) => col(v, "fulfillment_mode"),
  available: (v) => bool(sql`${availabilitySql(v)} <> 'out_of_stock'`),
  availability: availabilitySql,
  option_values: (v) => sql`json(${col(v, "option_values")})`,
  shipping_box: (v) => sql`json(CASE WHEN ${col(v, "box_length_mm")} IS NULL THEN NULL ELSE json_object(
    'length_mm', ${col(v, "box_length_mm")}, 'width_mm', ${col(v, "box_width_mm")},
    'height_mm', ${col(v, "box_height_mm")}, 'weight_g', ${col(v, "box_weight_g")}) END)`,
  position: (v) => col(v, "position"),
  compare_at_price_cents: (v) => col(v, "compare_at_price_cents"),
  external_id: (v) => col(v, "external_id"),
  fields: (v) => sql`json(${col(v, "fields")})`,
  created_at: (v) => col(v, "created_at"),
  updated_at: (v) => col(v, "updated_at"),
};
const PROJECTION_ENTRIES = Object.entries(PROJECTION) as Array<[VariantKey, (v: string) => SQL]>;

/**
 * Variant row `v` as the API's JSON object (not rendered: for building larger expressions). With `keys`, only those
 * keys of the same projection, in its order (an export that needs a few fields reads those, not the levels).
 */
export function buildVariantJsonSql(v: string, keys?: readonly VariantKey[]): SQL {
  const entries = keys ? PROJECTION_ENTRIES.filter(([key]) => keys.includes(key)) : PROJECTION_ENTRIES;
  return sql`json_object(${sql.join(
    entries.map(([key, expression]) => sql`${sql.raw(`'${key}'`)}, ${expression(v)}`),
    sql`, `,
  )})`;
}

/** Variant row `v` as the API's JSON object (or only `keys` of it), rendered once per isolate. */
export const variantJsonSql = (v: string, keys?: readonly VariantKey[]): SQL =>
  renderedOnce(`variant:${v}:${keys?.join(",") ?? "*"}`, () => buildVariantJsonSql(v, keys));

/**
 * The variants of product `productId` (a SQL expression) as a JSON array of `keys` of each, in the API's order
 * (position, created_at, id) or in `order` (the CSV exports keep theirs, position and id).
 */
export const variantsArraySql = (productId: SQL, keys?: readonly VariantKey[], order = "v.position, v.created_at, v.id") =>
  sql`json((SELECT json_group_array(json(vj.j)) FROM (
  SELECT ${buildVariantJsonSql("v", keys)} AS j FROM product_variants v WHERE v.product_id = ${productId}
  ORDER BY ${sql.raw(order)}) vj))`;
