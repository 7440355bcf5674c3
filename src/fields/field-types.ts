// The types of custom fields (docs/api/21-custom-fields.md) and what each accepts: which validations apply, which can be
// filtered by, which name another resource of the store. One place, read by the definitions' checks, the values'
// checks, the list filters and the CSV columns.
export const OWNERS = ["product", "variant", "collection", "customer", "order"] as const;
export type Owner = (typeof OWNERS)[number];

/** The owners whose fields the product list can filter by (a variant field: products with a matching variant). */
export const FILTERABLE_OWNERS: readonly Owner[] = ["product", "variant"];

export const SCALAR_TYPES = [
  "text",
  "multiline_text",
  "integer",
  "decimal",
  "boolean",
  "date",
  "date_time",
  "url",
  "money",
  "color",
  "product_reference",
  "variant_reference",
  "collection_reference",
  "customer_reference",
] as const;
export type ScalarType = (typeof SCALAR_TYPES)[number];

export const FIELD_TYPES = [...SCALAR_TYPES, "json", ...SCALAR_TYPES.map((t) => `list.${t}` as const)] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export const KEY_RE = /^[a-z][a-z0-9_]*$/;

/** Caps (docs/api/21-custom-fields.md). */
export const DEFINITIONS_PER_OWNER = 200;
export const FILTERABLE_PER_OWNER = 20;
export const MAX_LIST_ITEMS = 128;
export const MAX_JSON_BYTES = 16 * 1024;
/**
 * A `json` value's nesting, at most (docs/api/13c-background-work-and-exact-values.md; how levels count is decided in
 * docs/decisions.md "Custom fields"): a scalar, `[]` or `{}` is 1 level, and an array or object one more than its
 * deepest array or object member (`{"a":{"b":1}}` is 2). Far below SQLite's own limit (1,000), which a deeper value
 * hits inside a write's statements: a 500 instead of the 422.
 */
export const MAX_JSON_DEPTH = 32;
export const MAX_CHOICES = 128;
export const MAX_REGEX_LENGTH = 255;

/** Text lengths per type (UTF-16 code units, as every length in the API). */
export const MAX_LENGTH: Partial<Record<ScalarType, number>> = { text: 1_000, multiline_text: 65_535, url: 2_048 };

/** Money in minor units: as the catalog's prices (non-negative, within the exact range of a JSON number). */
export const MAX_MONEY = 1_000_000_000_000;

/** The base type of a list, or the type itself. */
export const itemType = (type: FieldType): ScalarType | "json" => (type.startsWith("list.") ? (type.slice(5) as ScalarType) : (type as ScalarType | "json"));
export const isList = (type: FieldType) => type.startsWith("list.");

export const TEXT_TYPES: ReadonlySet<string> = new Set(["text", "multiline_text", "url"]);
/** The types a `field.<key>.min` / `.max` filter applies to. */
export const RANGE_FILTER_TYPES: ReadonlySet<string> = new Set(["integer", "decimal", "money", "date"]);

export const REFERENCE_TABLES = {
  product_reference: { table: "products", what: "a product" },
  variant_reference: { table: "product_variants", what: "a variant" },
  collection_reference: { table: "collections", what: "a collection" },
  customer_reference: { table: "customers", what: "a customer" },
} as const;
export type ReferenceType = keyof typeof REFERENCE_TABLES;
export const isReference = (type: string): type is ReferenceType => type in REFERENCE_TABLES;

/** Whether `filterable: true` is allowed for this type: scalar types only. */
export const isFilterableType = (type: FieldType) => (SCALAR_TYPES as readonly string[]).includes(type);

/** Which validations a type takes: min/max (and what they bound), regex, choices. */
export function validationsOf(type: FieldType): {
  minMax: "number" | "integer" | "date" | "date_time" | "length" | "count" | null;
  regex: boolean;
  choices: boolean;
} {
  const base = itemType(type);
  const texts = TEXT_TYPES.has(base);
  if (isList(type)) return { minMax: "count", regex: texts, choices: texts };
  if (texts) return { minMax: "length", regex: true, choices: true };
  if (base === "decimal") return { minMax: "number", regex: false, choices: false };
  if (base === "integer" || base === "money") return { minMax: "integer", regex: false, choices: false };
  if (base === "date" || base === "date_time") return { minMax: base, regex: false, choices: false };
  return { minMax: null, regex: false, choices: false };
}
