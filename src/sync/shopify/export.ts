// GET /products/export.csv?format=shopify (docs/api/23-one-call-sync-and-imports.md): the catalog in Shopify's layout, under the header of
// the template Shopify published until 2024 (columns.ts, SHOPIFY_HEADER_CLASSIC; docs/sync.md says why that one).
// As Shopify writes it: one row per variant with the product's fields on its first row, the gallery's images one
// per row from the first row on (`Image Src` = the image's public URL, `Image Position`, `Image Alt Text`), rows
// with only the handle and image columns when a product has more images than variants. Streamed like the default
// export (csv-stream.ts), cells guarded against spreadsheet formulas the same way (csv-columns.ts).
import { sql } from "drizzle-orm";
import type { StoreCtx } from "../../lib/context";
import { mediaUrl } from "../../media/sizes";
import { escapeFormula, majorUnits } from "../csv-columns";
import { EXPORT_PAGE, csvStream } from "../csv-stream";
import { SHOPIFY_HEADER_CLASSIC } from "./columns";
import { type ProductJson, productEntriesSql } from "../../products/product-json";
import { type VariantJson, variantsArraySql } from "../../products/variant-shape";

type Column = (typeof SHOPIFY_HEADER_CLASSIC)[number];

/** What the export reads of a product: keys of the API's product and of its variants (product-json.ts, variant-shape.ts). */
const PRODUCT_KEYS = ["id", "slug", "title", "description", "brand", "product_type", "status", "seo_title", "seo_description", "tags"] as const;
const VARIANT_KEYS = ["id", "sku", "option_values", "price_cents", "compare_at_price_cents", "stock", "fulfillment_mode", "shipping_box"] as const;

type ExportVariant = Pick<VariantJson, (typeof VARIANT_KEYS)[number]>;

type ExportProduct = Pick<ProductJson, (typeof PRODUCT_KEYS)[number]> & {
  variants: ExportVariant[];
  /** The gallery's images in position order: [library file id, alt, variant id]. */
  images: Array<[string, string | null, string | null]>;
};

async function page(ctx: StoreCtx, after: string): Promise<ExportProduct[]> {
  const row = await ctx.db.get<{ page: string }>(sql`SELECT json_group_array(json(item)) AS page FROM (
      SELECT json_object(${productEntriesSql("p", PRODUCT_KEYS)},
        'variants', ${variantsArraySql(sql`p.id`, VARIANT_KEYS, "v.position, v.id")},
        'images', (SELECT json_group_array(json_array(gi.media_file_id, gi.alt, gi.product_variant_id))
          FROM (SELECT * FROM product_images WHERE product_id = p.id AND media_file_id IS NOT NULL ORDER BY position, id) gi)) AS item
      FROM products p WHERE p.store_id = ${ctx.store.storeId} AND p.id > ${after} ORDER BY p.id LIMIT ${EXPORT_PAGE})`);
  return JSON.parse(row.page) as ExportProduct[];
}

/** The rows of one product, in SHOPIFY_HEADER_CLASSIC's order. `imageUrl` makes a library file's public URL. */
export function shopifyRowsOf(product: ExportProduct, imageUrl: (fileId: string) => string): string[][] {
  const count = Math.max(product.variants.length, product.images.length, 1);
  const rows: string[][] = [];
  for (let i = 0; i < count; i++) {
    const cells: Partial<Record<Column, string>> = { Handle: product.slug };
    if (i === 0) {
      Object.assign(cells, {
        Title: product.title,
        "Body (HTML)": product.description ?? "",
        Vendor: product.brand ?? "",
        // Every tag in Tags (Type and Product Category stay empty: a tag does not say which it came from).
        Tags: product.tags.join(", "),
        Published: product.status === "live" ? "TRUE" : "FALSE",
        "SEO Title": product.seo_title ?? "",
        "SEO Description": product.seo_description ?? "",
        Status: product.status === "live" ? "active" : "draft",
      });
    }
    const variant = product.variants[i];
    if (variant) Object.assign(cells, variantCells(product, variant, imageUrl));
    const image = product.images[i];
    if (image) Object.assign(cells, { "Image Src": imageUrl(image[0]), "Image Position": String(i + 1), "Image Alt Text": image[1] ?? "" });
    rows.push(SHOPIFY_HEADER_CLASSIC.map((c) => escapeFormula(cells[c] ?? "")));
  }
  return rows;
}

function variantCells(product: ExportProduct, variant: ExportVariant, imageUrl: (fileId: string) => string): Partial<Record<Column, string>> {
  const cells: Partial<Record<Column, string>> = {
    "Variant SKU": variant.sku ?? "",
    "Variant Price": majorUnits(variant.price_cents),
    "Variant Compare At Price": variant.compare_at_price_cents === null ? "" : majorUnits(variant.compare_at_price_cents),
    "Variant Inventory Tracker": "shopify",
    "Variant Inventory Qty": String(variant.stock),
    // Sold past its stock unless the variant is only ever stocked.
    "Variant Inventory Policy": variant.fulfillment_mode === "stocked" ? "deny" : "continue",
    "Variant Fulfillment Service": "manual",
  };
  const weight = variant.shipping_box?.weight_g ?? null;
  if (weight !== null && weight > 0) Object.assign(cells, { "Variant Grams": String(weight), "Variant Weight Unit": "g" });
  // A single product's one variant is Shopify's "Default Title"; Shopify has three options (more are left out).
  const options = product.product_type === "single" ? [{ name: "Title", value: "Default Title" }] : variant.option_values.slice(0, 3);
  options.forEach((o, n) => {
    cells[`Option${n + 1} Name` as Column] = o.name;
    cells[`Option${n + 1} Value` as Column] = o.value;
  });
  const own = product.images.find(([, , variantId]) => variantId === variant.id);
  if (own) cells["Variant Image"] = imageUrl(own[0]);
  return cells;
}

/** The catalog in Shopify's layout, streamed; `origin` makes the images' public URLs absolute. */
export function exportShopify(ctx: StoreCtx, origin: string): ReadableStream<Uint8Array> {
  const imageUrl = (fileId: string) => `${origin}${mediaUrl(ctx.store.storeId, fileId, "original")}`;
  return csvStream(
    SHOPIFY_HEADER_CLASSIC,
    (after) => page(ctx, after),
    (p) => shopifyRowsOf(p, imageUrl),
  );
}
