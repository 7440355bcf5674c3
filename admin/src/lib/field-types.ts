// Custom field types in words (docs/api/21-custom-fields.md), and which validations and filters the API accepts for each, so
// the console offers only those (the API checks them again and its 422 is shown at the field). Mirrors
// src/fields/field-types.ts: the API publishes the type names in its OpenAPI enum, not these rules.
import type { components } from "./api-schema";

export type FieldDefinition = components["schemas"]["FieldDefinition"];
export type FieldType = FieldDefinition["type"];
export type FieldOwner = FieldDefinition["owner"];
export type FieldValidations = components["schemas"]["FieldValidations"];
export type ScalarType = Exclude<FieldType, "json" | `list.${string}`>;
export type ReferenceType = Extract<ScalarType, `${string}_reference`>;

/** The owners, as Settings → Custom fields names its tabs, and how a resource of each is called. */
export const OWNERS: ReadonlyArray<readonly [FieldOwner, string, string]> = [
  ["product", "Products", "product"],
  ["variant", "Variants", "variant"],
  ["collection", "Collections", "collection"],
  ["customer", "Customers", "customer"],
  ["order", "Orders", "order"],
];

const SCALAR_WORDS: Record<ScalarType, [one: string, many: string]> = {
  text: ["Single line text", "single line texts"],
  multiline_text: ["Multi-line text", "multi-line texts"],
  integer: ["Integer", "integers"],
  decimal: ["Decimal", "decimals"],
  boolean: ["True or false", "true or false values"],
  date: ["Date", "dates"],
  date_time: ["Date and time", "dates and times"],
  url: ["URL", "URLs"],
  money: ["Money", "amounts of money"],
  color: ["Color", "colors"],
  product_reference: ["Product", "products"],
  variant_reference: ["Variant", "variants"],
  collection_reference: ["Collection", "collections"],
  customer_reference: ["Customer", "customers"],
};

export const SCALAR_TYPES = Object.keys(SCALAR_WORDS) as ScalarType[];

/** Every type the API accepts, in the order "Type" offers them: the scalars, JSON, then the lists. */
export const FIELD_TYPES: FieldType[] = [...SCALAR_TYPES, "json", ...SCALAR_TYPES.map((t) => `list.${t}` as FieldType)];

export const isList = (type: FieldType) => type.startsWith("list.");
/** A list's item type, or the type itself. */
export const itemType = (type: FieldType): ScalarType | "json" => (isList(type) ? (type.slice(5) as ScalarType) : (type as ScalarType | "json"));
export const isReference = (type: string): type is ReferenceType => type.endsWith("_reference");

/** "Single line text", "List of colors", "JSON". */
export function typeLabel(type: FieldType): string {
  if (type === "json") return "JSON";
  if (isList(type)) return `List of ${SCALAR_WORDS[itemType(type) as ScalarType][1]}`;
  return SCALAR_WORDS[type as ScalarType][0];
}

const TEXT_TYPES = new Set<string>(["text", "multiline_text", "url"]);

/** What min/max bound for a type (null: none), and whether regex and choices apply. */
export function validationsOf(type: FieldType): {
  minMax: "number" | "integer" | "money" | "date" | "date_time" | "length" | "count" | null;
  regex: boolean;
  choices: boolean;
} {
  const base = itemType(type);
  const texts = TEXT_TYPES.has(base);
  if (isList(type)) return { minMax: "count", regex: texts, choices: texts };
  if (texts) return { minMax: "length", regex: true, choices: true };
  if (base === "decimal") return { minMax: "number", regex: false, choices: false };
  if (base === "integer" || base === "money" || base === "date" || base === "date_time") return { minMax: base, regex: false, choices: false };
  return { minMax: null, regex: false, choices: false };
}

/** `filterable` is for scalar product and variant fields only. */
export const canBeFilterable = (owner: FieldOwner, type: FieldType) => (owner === "product" || owner === "variant") && !isList(type) && type !== "json";

/** The types a product list filters by range (`field.<key>.min` / `.max`). */
export const RANGE_FILTER_TYPES = new Set<string>(["integer", "decimal", "money", "date"]);
