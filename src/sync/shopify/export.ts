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

type Column = (typeof SHOPIFY_HEADER_CLASSIC)[number];

interface ExportVariant {
  id: string;
  sku: string | null;
  option_values: Array<{ name: string; value: string }>;
  price_cents: number;
  compare_at: number | null;
  stock: number;
  fulfillment_mode: string;
  weight_g: number | null;
}

interface ExportProduct {
  id: string;
  slug: string;
  title: string;
  description: string | null;
  brand: string | null;
  product_type: "single" | "variable";
  status: "draft" | "live";
  seo_title: string | null;
  seo_description: string | null;
  tags: string[];
  variants: ExportVariant[];
  /** The gallery's images in position order: [library file id, alt, variant id]. */
  images: Array<[string, string | null, string | null]>;
}

async function page(ctx: StoreCtx, after: string): Promise<ExportProduct[]> {
  const row = await ctx.db.get<{ page: string }>(sql`SELECT json_group_array(json(item)) AS page FROM (
      SELECT json_object('id', p.id, 'slug', p.slug, 'title', p.title, 'description', p.description, 'brand', p.brand,
        'product_type', p.product_type, 'status', p.status, 'seo_title', p.seo_title, 'seo_description', p.seo_description, 'tags', json(p.tags),
        'variants', (SELECT json_group_array(json_object('id', v.id, 'sku', v.sku, 'option_values', json(v.option_values),
            'price_cents', v.price_cents, 'compare_at', v.compare_at_price_cents, 'stock', v.stock,
            'fulfillment_mode', v.fulfillment_mode, 'weight_g', v.box_weight_g))
          FROM (SELECT * FROM product_variants WHERE product_id = p.id ORDER BY position, id) v),
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
    "Variant Compare At Price": variant.compare_at === null ? "" : majorUnits(variant.compare_at),
    "Variant Inventory Tracker": "shopify",
    "Variant Inventory Qty": String(variant.stock),
    // Sold past its stock unless the variant is only ever stocked.
    "Variant Inventory Policy": variant.fulfillment_mode === "stocked" ? "deny" : "continue",
    "Variant Fulfillment Service": "manual",
  };
  if (variant.weight_g !== null && variant.weight_g > 0) Object.assign(cells, { "Variant Grams": String(variant.weight_g), "Variant Weight Unit": "g" });
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
  return csvStream(SHOPIFY_HEADER_CLASSIC, (after) => page(ctx, after), (p) => shopifyRowsOf(p, imageUrl));
}
