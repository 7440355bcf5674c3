// GET /products/export.csv: the catalog as CSV, streamed 100 products per pull (csv-stream.ts). A cell a
// spreadsheet would run as a formula is written with a leading `'` (csv-columns.ts, escapeFormula).
import { sql } from "drizzle-orm";
import type { StoreCtx } from "../lib/context";
import { type CsvColumn, type CsvRecord, OPTION_SLOTS, csvColumns, escapeFormula, fieldColumnOf, majorUnits } from "./csv-columns";
import type { FieldType } from "../fields/field-types";
import { cellOf } from "../fields/values";
import { EXPORT_PAGE, csvStream } from "./csv-stream";
import { type ProductJson, productEntriesSql } from "../products/product-json";
import { type VariantJson, variantsArraySql } from "../products/variant-shape";

/** What the export reads of a product: keys of the API's product and of its variants (product-json.ts, variant-shape.ts). */
const PRODUCT_KEYS = ["id", "slug", "title", "description", "brand", "product_type", "status", "seo_title", "seo_description", "tags", "fields"] as const;
const VARIANT_KEYS = [
  "sku",
  "title",
  "option_values",
  "price_cents",
  "stock",
  "fulfillment_mode",
  "shipping_box",
  "compare_at_price_cents",
  "external_id",
  "fields",
] as const;

type ExportProduct = Pick<ProductJson, (typeof PRODUCT_KEYS)[number]> & { variants: Array<Pick<VariantJson, (typeof VARIANT_KEYS)[number]>> };

/** The store's product and variant field definitions, oldest first: the export's custom field columns. */
interface FieldDefinition {
  owner: "product" | "variant";
  key: string;
  type: FieldType;
}

async function page(ctx: StoreCtx, after: string): Promise<ExportProduct[]> {
  const row = await ctx.db.get<{ page: string }>(sql`SELECT json_group_array(json(item)) AS page FROM (
      SELECT json_object(${productEntriesSql("p", PRODUCT_KEYS)},
        'variants', ${variantsArraySql(sql`p.id`, VARIANT_KEYS, "v.position, v.id")}) AS item
      FROM products p WHERE p.store_id = ${ctx.store.storeId} AND p.id > ${after} ORDER BY p.id LIMIT ${EXPORT_PAGE})`);
  return JSON.parse(row.page) as ExportProduct[];
}

/** The most option pairs any variant of the store has (the export's header carries that many, at least 3). */
async function optionSlots(ctx: StoreCtx): Promise<number> {
  const row = await ctx.db.get<{ n: number | null }>(
    sql`SELECT max(json_array_length(option_values)) AS n FROM product_variants WHERE store_id = ${ctx.store.storeId}`,
  );
  return Math.max(OPTION_SLOTS, row.n ?? 0);
}

async function fieldDefinitions(ctx: StoreCtx): Promise<FieldDefinition[]> {
  return ctx.db.all<FieldDefinition>(sql`SELECT owner, key, type FROM field_definitions WHERE store_id = ${ctx.store.storeId}
    AND owner IN ('product', 'variant') ORDER BY owner = 'variant', created_at, id`);
}

/** One CSV row per variant; the product's fields on the first (a product without variants still gets its row). */
export function rowsOf(product: ExportProduct, columns: CsvColumn[], definitions: FieldDefinition[] = []): string[][] {
  const variants = product.variants.length > 0 ? product.variants : [null];
  return variants.map((v, i) => {
    const first = i === 0;
    const record: Partial<CsvRecord> = { handle: product.slug };
    if (first) {
      Object.assign(record, {
        title: product.title,
        description: product.description ?? "",
        brand: product.brand ?? "",
        product_type: product.product_type,
        status: product.status,
        seo_title: product.seo_title ?? "",
        seo_description: product.seo_description ?? "",
        tags: product.tags.join(", "),
      });
      for (const d of definitions) if (d.owner === "product") record[fieldColumnOf("product", d.key)] = cellOf(d.type, product.fields[d.key]);
    }
    if (v) {
      record.variant_sku = v.sku ?? "";
      record.variant_title = v.title;
      v.option_values.forEach((o, n) => {
        record[`option${n + 1}_name` as keyof CsvRecord] = o.name;
        record[`option${n + 1}_value` as keyof CsvRecord] = o.value;
      });
      record.price = majorUnits(v.price_cents);
      record.stock = String(v.stock);
      record.fulfillment_mode = v.fulfillment_mode;
      record.compare_at_price = v.compare_at_price_cents === null ? "" : majorUnits(v.compare_at_price_cents);
      record.variant_external_id = v.external_id ?? "";
      const box = v.shipping_box;
      if (box) [record.length_mm, record.width_mm, record.height_mm, record.weight_g] = [box.length_mm, box.width_mm, box.height_mm, box.weight_g].map(String);
      for (const d of definitions) if (d.owner === "variant") record[fieldColumnOf("variant", d.key)] = cellOf(d.type, v.fields[d.key]);
    }
    return columns.map((c) => escapeFormula(record[c] ?? ""));
  });
}

/**
 * The whole catalog as a stream of UTF-8 CSV. The header's columns are read before the stream starts: the option
 * pairs the store's variants use, and its custom fields.
 */
export async function exportCatalog(ctx: StoreCtx): Promise<ReadableStream<Uint8Array>> {
  const [slots, definitions] = await Promise.all([optionSlots(ctx), fieldDefinitions(ctx)]);
  // Section 21's columns after section 18's: the product fields, then the variant fields, each oldest first.
  const columns: CsvColumn[] = [...csvColumns(slots), ...definitions.map((d) => fieldColumnOf(d.owner, d.key))];
  return csvStream(
    columns,
    (after) => page(ctx, after),
    (p) => rowsOf(p, columns, definitions),
  );
}
