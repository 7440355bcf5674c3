// GET /products/export.csv: the catalog as CSV, streamed 100 products per pull (csv-stream.ts). A cell a
// spreadsheet would run as a formula is written with a leading `'` (csv-columns.ts, escapeFormula).
import { sql } from "drizzle-orm";
import type { StoreCtx } from "../lib/context";
import { type CsvColumn, type CsvRecord, OPTION_SLOTS, csvColumns, escapeFormula, fieldColumnOf, majorUnits } from "./csv-columns";
import type { FieldType } from "../fields/field-types";
import { cellOf } from "../fields/values";
import { EXPORT_PAGE, csvStream } from "./csv-stream";

interface ExportProduct {
  id: string;
  slug: string;
  title: string;
  description: string | null;
  brand: string | null;
  product_type: string;
  status: string;
  seo_title: string | null;
  seo_description: string | null;
  tags: string[];
  fields: Record<string, unknown>;
  variants: Array<{
    sku: string | null;
    title: string;
    option_values: Array<{ name: string; value: string }>;
    price_cents: number;
    stock: number;
    fulfillment_mode: string;
    box: [number, number, number, number] | null;
    compare_at: number | null;
    external_id: string | null;
    fields: Record<string, unknown>;
  }>;
}

/** The store's product and variant field definitions, oldest first: the export's custom field columns. */
interface FieldDefinition {
  owner: "product" | "variant";
  key: string;
  type: FieldType;
}

async function page(ctx: StoreCtx, after: string): Promise<ExportProduct[]> {
  const row = await ctx.db.get<{ page: string }>(sql`SELECT json_group_array(json(item)) AS page FROM (
      SELECT json_object('id', p.id, 'slug', p.slug, 'title', p.title, 'description', p.description, 'brand', p.brand,
        'product_type', p.product_type, 'status', p.status, 'seo_title', p.seo_title, 'seo_description', p.seo_description, 'tags', json(p.tags),
        'fields', json(p.fields),
        'variants', (SELECT json_group_array(json_object('sku', v.sku, 'title', v.title, 'option_values', json(v.option_values),
            'price_cents', v.price_cents, 'stock', v.stock, 'fulfillment_mode', v.fulfillment_mode,
            'compare_at', v.compare_at_price_cents, 'external_id', v.external_id, 'fields', json(v.fields),
            'box', CASE WHEN v.box_length_mm IS NULL THEN NULL
              ELSE json_array(v.box_length_mm, v.box_width_mm, v.box_height_mm, v.box_weight_g) END))
          FROM (SELECT * FROM product_variants WHERE product_id = p.id ORDER BY position, id) v)) AS item
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
      record.compare_at_price = v.compare_at === null ? "" : majorUnits(v.compare_at);
      record.variant_external_id = v.external_id ?? "";
      if (v.box) [record.length_mm, record.width_mm, record.height_mm, record.weight_g] = v.box.map(String);
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
  return csvStream(columns, (after) => page(ctx, after), (p) => rowsOf(p, columns, definitions));
}
