// The product CSV layout (docs/api/15-sync-and-bulk.md and docs/api/16-integrations.md, after Shopify's): one row per variant, the product's own fields
// on its first row only; `handle` (the slug) on every row; `price` in major units ("12.50"). Options 4 to 10 add
// their pairs after `option3_value`, as far as the store's variants use them (csvColumns). Custom fields (section 21)
// add `field:<key>` (product fields, on a product's first row) and `variant_field:<key>` columns at the end.
export const CSV_COLUMNS = [
  "handle",
  "title",
  "description",
  "brand",
  "product_type",
  "status",
  "seo_title",
  "seo_description",
  "variant_sku",
  "variant_title",
  "option1_name",
  "option1_value",
  "option2_name",
  "option2_value",
  "option3_name",
  "option3_value",
  "price",
  "stock",
  "fulfillment_mode",
  "length_mm",
  "width_mm",
  "height_mm",
  "weight_g",
  "tags",
  "compare_at_price",
  "variant_external_id",
] as const;

/** The option pairs section 15's header carries; a variant may have up to MAX_OPTION_SLOTS (the API's cap). */
export const OPTION_SLOTS = 3;
export const MAX_OPTION_SLOTS = 10;

type OptionColumn = `option${number}_${"name" | "value"}`;
/** A custom field's column: `field:<key>` (the product's) or `variant_field:<key>`. */
export type FieldColumn = `field:${string}` | `variant_field:${string}`;
export type CsvColumn = (typeof CSV_COLUMNS)[number] | OptionColumn | FieldColumn;
export type CsvRecord = Record<CsvColumn, string>;

/** One record of an import file with its line number (1-based, the header is line 1). */
export interface SliceRow {
  line: number;
  record: CsvRecord;
}

/** The header for `slots` option pairs: section 15's, with option4_name, option4_value ... after option3_value. */
export function csvColumns(slots: number): CsvColumn[] {
  const extra = Array.from({ length: Math.max(0, slots - OPTION_SLOTS) }, (_, i) => [`option${i + 4}_name`, `option${i + 4}_value`] as const).flat();
  const at = CSV_COLUMNS.indexOf("option3_value") + 1;
  return [...CSV_COLUMNS.slice(0, at), ...extra, ...CSV_COLUMNS.slice(at)];
}

/** Every column an import may name, besides custom fields' (fieldColumn). */
export const IMPORT_COLUMNS: readonly string[] = csvColumns(MAX_OPTION_SLOTS);

const FIELD_COLUMN_RE = /^(field|variant_field):([a-z][a-z0-9_]{0,63})$/;

/** A custom field's column as its owner and key, or null for any other column. */
export function fieldColumn(column: string): { owner: "product" | "variant"; key: string } | null {
  const m = FIELD_COLUMN_RE.exec(column);
  return m ? { owner: m[1] === "field" ? "product" : "variant", key: m[2] } : null;
}

export const fieldColumnOf = (owner: "product" | "variant", key: string): FieldColumn => (owner === "product" ? `field:${key}` : `variant_field:${key}`);

/** The columns that carry the product's own fields (on its first row). */
export const PRODUCT_COLUMNS = ["title", "description", "brand", "product_type", "status", "seo_title", "seo_description", "tags"] as const;

/** 1250 → "12.50". */
export const majorUnits = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;

const PRICE_RE = /^(\d{1,10})(?:\.(\d{1,2}))?$/;

/** "12.5" → 1250, "12" → 1200; null for anything else (negative, more than 2 decimals, not a number). */
export function minorUnits(text: string): number | null {
  const match = PRICE_RE.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

// Cells a spreadsheet would run as a formula (docs/api/16-integrations.md): a first character `=`, `+`, `-`, `@`, tab or CR.
// The export writes them with one leading `'`, which spreadsheets show as "this is text"; the import removes exactly
// that one `'`. A cell that already starts with `'`s before such a character gets one more, so the round trip is
// exact for every text (`'=x` is written `''=x` and read back `'=x`); any other cell, `'Tis` included, is left as
// it is both ways. Every cell follows the rule: numbers (prices, stock, sizes) are never negative, so it never
// changes them.
const FORMULA_START = /^'*[=+\-@\t\r]/;
const ESCAPED_FORMULA = /^'+[=+\-@\t\r]/;

/** The cell as exported: inert in a spreadsheet. */
export const escapeFormula = (cell: string) => (FORMULA_START.test(cell) ? `'${cell}` : cell);

/** The cell as imported: the export's `'` removed again. */
export const unescapeFormula = (cell: string) => (ESCAPED_FORMULA.test(cell) ? cell.slice(1) : cell);
