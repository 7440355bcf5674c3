// One CSV row of an import, checked with the same schemas the API's own create and update bodies use, so an
// imported product obeys exactly the rules of a product made through the API. A bad row gives a message; the
// runner skips it and reports it with its line.
import { createProductBody, updateProductBody } from "../products/schemas";
import { createVariantBody } from "../products/variant-schemas";
import type { VariantInput } from "../products/variant-shape";
import type { CsvRecord } from "./csv-columns";
import { MAX_OPTION_SLOTS, minorUnits } from "./csv-columns";

export interface ProductFields {
  title: string;
  description: string | null;
  brand: string | null;
  product_type: "single" | "variable";
  status?: "draft" | "live";
  seo_title: string | null;
  seo_description: string | null;
  /** Undefined when the file has no tags column (the product's tags stay). */
  tags?: string[];
}

/**
 * A variant's columns: the create body's fields (zod's type, variant-shape.ts), each optional and never null; `undefined` means "not
 * given" (a new variant gets the API's default, an update keeps it).
 */
export type VariantFields = { [K in keyof Omit<VariantInput, "position">]?: NonNullable<VariantInput[K]> };

export class RowError extends Error {}

const MAX_WEIGHT_G = 10_000_000;

/** A box with dimensions 0 × 0 × 0: only its weight is known. */
export const isWeightOnly = (box: NonNullable<VariantFields["shipping_box"]>) => box.length_mm === 0 && box.width_mm === 0 && box.height_mm === 0;

const opt = (text: string | undefined) => (text === undefined || text.trim() === "" ? undefined : text);

/** The first issue of a failed schema, as "field: message". */
const firstIssue = (error: { issues: Array<{ path: PropertyKey[]; message: string }> }) => {
  const issue = error.issues[0];
  const field = issue.path.map(String).join(".");
  return field ? `${field}: ${issue.message}` : issue.message;
};

/** The product's own fields, when this row carries them (a non-empty title); null for a variant-only row. */
export function productFieldsOf(record: CsvRecord, exists: boolean): ProductFields | null {
  if (opt(record.title) === undefined) return null;
  const body = {
    title: record.title,
    description: opt(record.description),
    brand: opt(record.brand),
    product_type: opt(record.product_type),
    seo_title: opt(record.seo_title),
    seo_description: opt(record.seo_description),
    status: opt(record.status),
    slug: record.handle,
    // Comma-separated in the cell (a tag has no comma); an empty cell is no tags.
    tags:
      record.tags === undefined
        ? undefined
        : record.tags
            .split(",")
            .map((t) => t.trim())
            .filter(Boolean),
  };
  const parsed = exists ? updateProductBody.safeParse(body) : createProductBody.safeParse(body);
  if (!parsed.success) throw new RowError(firstIssue(parsed.error));
  if (!exists && body.product_type === undefined) throw new RowError("product_type: required for a new product");
  const data = parsed.data;
  return {
    title: data.title!,
    description: data.description ?? null,
    brand: data.brand ?? null,
    product_type: (data.product_type ?? body.product_type) as "single" | "variable",
    status: data.status,
    seo_title: data.seo_title ?? null,
    seo_description: data.seo_description ?? null,
    tags: data.tags,
  };
}

const WHOLE = /^\d+$/;

function integer(record: CsvRecord, column: keyof CsvRecord): number | undefined {
  const text = opt(record[column]);
  if (text === undefined) return undefined;
  if (!WHOLE.test(text.trim())) throw new RowError(`${column}: must be a whole number`);
  return Number(text.trim());
}

/** The variant columns of the row, checked with the variant create body's rules. */
export function variantFieldsOf(record: CsvRecord): VariantFields {
  const fields: VariantFields = {};
  const price = opt(record.price);
  if (price !== undefined) {
    const cents = minorUnits(price);
    if (cents === null) throw new RowError("price: must be an amount in major units with at most 2 decimals, e.g. 12.50");
    fields.price_cents = cents;
  }
  fields.stock = integer(record, "stock");
  const box = [integer(record, "length_mm"), integer(record, "width_mm"), integer(record, "height_mm"), integer(record, "weight_g")];
  if (box.some((n) => n !== undefined)) {
    if (box.some((n) => n === undefined)) throw new RowError("length_mm, width_mm, height_mm, weight_g: give all four or none");
    fields.shipping_box = { length_mm: box[0]!, width_mm: box[1]!, height_mm: box[2]!, weight_g: box[3]! };
  }
  // Dimensions 0, 0, 0: a box whose weight alone is known (Shopify's Variant Grams, docs/api/23-one-call-sync-and-imports.md). It is written
  // only where the variant's box is unknown too (import-plan.ts) and is checked here, not by the API's box schema.
  const weightOnly = fields.shipping_box !== undefined && isWeightOnly(fields.shipping_box);
  if (weightOnly && fields.shipping_box!.weight_g > MAX_WEIGHT_G) throw new RowError(`weight_g: must be at most ${MAX_WEIGHT_G}`);
  const options: Array<{ name: string; value: string }> = [];
  for (let n = 1; n <= MAX_OPTION_SLOTS; n++) {
    const name = opt(record[`option${n}_name` as keyof CsvRecord]);
    const value = opt(record[`option${n}_value` as keyof CsvRecord]);
    if ((name === undefined) !== (value === undefined)) throw new RowError(`option${n}_name, option${n}_value: give both or neither`);
    if (name !== undefined) options.push({ name, value: value! });
  }
  if (options.length > 0) fields.option_values = options;
  fields.sku = opt(record.variant_sku)?.trim();
  fields.title = opt(record.variant_title);
  const compareAt = opt(record.compare_at_price);
  if (compareAt !== undefined) {
    const cents = minorUnits(compareAt);
    if (cents === null) throw new RowError("compare_at_price: must be an amount in major units with at most 2 decimals, e.g. 12.50");
    fields.compare_at_price_cents = cents;
  }
  fields.external_id = opt(record.variant_external_id);
  const mode = opt(record.fulfillment_mode);
  // The create body's schema checks every value given (price_cents stands in when the row gives none).
  const parsed = createVariantBody.safeParse({
    price_cents: fields.price_cents ?? 0,
    sku: fields.sku,
    stock: fields.stock,
    fulfillment_mode: mode,
    option_values: fields.option_values,
    shipping_box: weightOnly ? undefined : fields.shipping_box,
    title: fields.title,
    compare_at_price_cents: fields.compare_at_price_cents,
    external_id: fields.external_id,
  });
  if (!parsed.success) throw new RowError(firstIssue(parsed.error));
  fields.fulfillment_mode = parsed.data.fulfillment_mode;
  fields.title = parsed.data.title;
  fields.option_values = fields.option_values ? parsed.data.option_values : undefined;
  return fields;
}
