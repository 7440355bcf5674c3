// The product CSV layout (API.md section 15, after Shopify's): one row per variant, the product's own fields on
// its first row only; `handle` (the slug) on every row; `price` in major units ("12.50").
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

export type CsvColumn = (typeof CSV_COLUMNS)[number];
export type CsvRecord = Record<CsvColumn, string>;

/** The columns that carry the product's own fields (on its first row). */
export const PRODUCT_COLUMNS = ["title", "description", "brand", "product_type", "status", "seo_title", "seo_description", "tags"] as const;

export const OPTION_SLOTS = 3;

/** 1250 → "12.50". */
export const majorUnits = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;

const PRICE_RE = /^(\d{1,10})(?:\.(\d{1,2}))?$/;

/** "12.5" → 1250, "12" → 1200; null for anything else (negative, more than 2 decimals, not a number). */
export function minorUnits(text: string): number | null {
  const match = PRICE_RE.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}
