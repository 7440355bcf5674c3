// Shopify product CSV files for the import tests, built from the headers of Shopify's published templates (copied
// here as Shopify writes them, not from the service's code), and the image server's URLs (image-server.global.ts).
import Papa from "papaparse";
import { inject } from "vitest";
import { call } from "../helpers/api";
import type { CatalogStore } from "../products/fixtures";

/** Shopify's product_template.csv as published until 2024. */
export const CLASSIC_HEADER = [
  "Handle",
  "Title",
  "Body (HTML)",
  "Vendor",
  "Product Category",
  "Type",
  "Tags",
  "Published",
  "Option1 Name",
  "Option1 Value",
  "Option2 Name",
  "Option2 Value",
  "Option3 Name",
  "Option3 Value",
  "Variant SKU",
  "Variant Grams",
  "Variant Inventory Tracker",
  "Variant Inventory Qty",
  "Variant Inventory Policy",
  "Variant Fulfillment Service",
  "Variant Price",
  "Variant Compare At Price",
  "Variant Requires Shipping",
  "Variant Taxable",
  "Variant Barcode",
  "Image Src",
  "Image Position",
  "Image Alt Text",
  "Gift Card",
  "SEO Title",
  "SEO Description",
  "Google Shopping / Google Product Category",
  "Google Shopping / Gender",
  "Google Shopping / Age Group",
  "Google Shopping / MPN",
  "Google Shopping / AdWords Grouping",
  "Google Shopping / AdWords Labels",
  "Google Shopping / Condition",
  "Google Shopping / Custom Product",
  "Google Shopping / Custom Label 0",
  "Google Shopping / Custom Label 1",
  "Google Shopping / Custom Label 2",
  "Google Shopping / Custom Label 3",
  "Google Shopping / Custom Label 4",
  "Variant Image",
  "Variant Weight Unit",
  "Variant Tax Code",
  "Cost per item",
  "Price / International",
  "Compare At Price / International",
  "Status",
];

/** Shopify's product template since 2024. */
export const HEADER_2024 = [
  "Title",
  "URL handle",
  "Description",
  "Vendor",
  "Product category",
  "Type",
  "Tags",
  "Published on online store",
  "Status",
  "SKU",
  "Barcode",
  "Option1 name",
  "Option1 value",
  "Option1 Linked To",
  "Option2 name",
  "Option2 value",
  "Option2 Linked To",
  "Option3 name",
  "Option3 value",
  "Option3 Linked To",
  "Price",
  "Compare-at price",
  "Cost per item",
  "Charge tax",
  "Tax code",
  "Unit price total measure",
  "Unit price total measure unit",
  "Unit price base measure",
  "Unit price base measure unit",
  "Inventory tracker",
  "Inventory quantity",
  "Continue selling when out of stock",
  "Weight value (grams)",
  "Weight unit for display",
  "Requires shipping",
  "Fulfillment service",
  "Product image URL",
  "Image position",
  "Image alt text",
  "Variant image URL",
  "Gift card",
  "SEO title",
  "SEO description",
  "Color (product.metafields.shopify.color-pattern)",
  "Google Shopping / Google product category",
  "Google Shopping / Gender",
  "Google Shopping / Age group",
  "Google Shopping / Manufacturer part number (MPN)",
  "Google Shopping / Ad group name",
  "Google Shopping / Ads labels",
  "Google Shopping / Condition",
  "Google Shopping / Custom product",
  "Google Shopping / Custom label 0",
  "Google Shopping / Custom label 1",
  "Google Shopping / Custom label 2",
  "Google Shopping / Custom label 3",
  "Google Shopping / Custom label 4",
];

/** The newer template's names for the classic columns the rows below use. */
const TO_2024: Record<string, string> = {
  Handle: "URL handle",
  "Body (HTML)": "Description",
  "Product Category": "Product category",
  Published: "Published on online store",
  "Option1 Name": "Option1 name",
  "Option1 Value": "Option1 value",
  "Option2 Name": "Option2 name",
  "Option2 Value": "Option2 value",
  "Option3 Name": "Option3 name",
  "Option3 Value": "Option3 value",
  "Variant SKU": "SKU",
  "Variant Grams": "Weight value (grams)",
  "Variant Inventory Qty": "Inventory quantity",
  "Variant Price": "Price",
  "Variant Compare At Price": "Compare-at price",
  "Image Src": "Product image URL",
  "Image Position": "Image position",
  "Image Alt Text": "Image alt text",
  "Variant Image": "Variant image URL",
  "SEO Title": "SEO title",
  "SEO Description": "SEO description",
  "Gift Card": "Gift card",
  "Variant Inventory Tracker": "Inventory tracker",
  "Variant Inventory Policy": "Continue selling when out of stock",
  "Variant Fulfillment Service": "Fulfillment service",
  "Variant Requires Shipping": "Requires shipping",
  "Variant Taxable": "Charge tax",
  "Variant Weight Unit": "Weight unit for display",
  "Google Shopping / Gender": "Google Shopping / Gender",
  "Cost per item": "Cost per item",
};

export type ShopifyRow = Record<string, string>;

/** A Shopify file: `rows` name classic columns; with the 2024 header they are renamed to its spellings. */
export function shopifyCsv(rows: ShopifyRow[], header: string[] = CLASSIC_HEADER): string {
  const renamed = header === CLASSIC_HEADER ? rows : rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [TO_2024[k] ?? k, v])));
  for (const row of renamed) for (const key of Object.keys(row)) if (!header.includes(key)) throw new Error(`not in the header: ${key}`);
  return Papa.unparse([header, ...renamed.map((r) => header.map((h) => r[h] ?? ""))], { newline: "\r\n" }) + "\r\n";
}

/** The image server (a real HTTP server, image-server.global.ts). */
export const imageServer = () => inject("imageServer");
/** A PNG `width` px wide; `tag` keeps each test's URLs (and their hit counts) its own. */
export const img = (width: number, tag: string) => `${imageServer()}/img/w${width}.png?t=${tag}`;
/** How many times the image server was asked for `url`. */
export const hits = async (url: string) => {
  const { pathname, search } = new URL(url);
  return (await (await fetch(`${imageServer()}/__hits?url=${encodeURIComponent(pathname + search)}`)).json()) as number;
};

export const tagOf = () => crypto.randomUUID().slice(0, 8);

/** The store's products (drafts too) by slug, as GET returns them. */
export async function productsBySlug(store: CatalogStore): Promise<Record<string, any>> {
  const res = await call("GET", store.path("?include_drafts=true&limit=100"), { token: store.token });
  return Object.fromEntries(res.body.data.map((p: any) => [p.slug, p]));
}

/** A product's gallery as GET /images returns it. */
export async function galleryOf(store: CatalogStore, productId: string): Promise<any[]> {
  return (await call("GET", store.path(`/${productId}/images?limit=100`), { token: store.token })).body.data;
}
