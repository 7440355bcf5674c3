// Shopify's product CSV, out (docs/api/23-one-call-sync-and-imports.md): GET /products/export.csv?format=shopify writes Shopify's layout,
// and importing that file into an empty store gives the same catalog, images included: the importing Worker fetches
// the exported `Image Src` URLs, which are the source store's public media URLs on the Worker itself.
import { exports } from "cloudflare:workers";
import Papa from "papaparse";
import { afterEach, describe, expect, it, vi } from "vitest";
import { call, newToken } from "../helpers/api";
import { makeJpeg, makePng, uploadForm } from "../media/images";
import { type CatalogStore, catalogStore, liveVariable, makeProduct, makeVariant } from "../products/fixtures";
import { importCsv } from "./csv-helpers";
import { CLASSIC_HEADER, galleryOf } from "./shopify-helpers";

afterEach(() => vi.restoreAllMocks());

const exportShopify = (store: CatalogStore) => call("GET", store.path("/export.csv?format=shopify"), { token: store.token });

async function upload(store: CatalogStore, productId: string, bytes: Uint8Array, fields: Record<string, string>) {
  const type = bytes[0] === 0xff ? "image/jpeg" : "image/png";
  const res = await call("POST", store.path(`/${productId}/images`), { token: store.token, body: uploadForm(bytes, "photo", type, fields) });
  if (res.status !== 201) throw new Error(`upload: ${res.status} ${res.text}`);
  return res.body;
}

async function finished(store: CatalogStore, id: string) {
  for (let i = 0; i < 600; i++) {
    const res = await call("GET", `/stores/${store.id}/imports/${id}`, { token: store.token });
    if (res.body.state === "done" || res.body.state === "failed") return res.body;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("import did not finish");
}

/** A catalog with what a Shopify file carries: options, compare-at prices, stock, tags, drafts, images with alt texts. */
async function sourceCatalog() {
  const store = await catalogStore();
  const hoodie = await liveVariable(store, "Hoodie, zipped", [
    {
      sku: "HZ-S-RED",
      price_cents: 4999,
      compare_at_price_cents: 5999,
      stock: 7,
      option_values: [
        { name: "Size", value: "S" },
        { name: "Colour", value: "Red" },
      ],
      shipping_box: { length_mm: 300, width_mm: 200, height_mm: 50, weight_g: 450 },
    },
    {
      sku: "HZ-M-RED",
      price_cents: 5001,
      stock: 0,
      fulfillment_mode: "stocked_or_on_demand",
      option_values: [
        { name: "Size", value: "M" },
        { name: "Colour", value: "Red" },
      ],
    },
  ]);
  await call("PATCH", store.path(`/${hoodie.id}`), {
    token: store.token,
    body: { tags: ["Winter", "Sale"], description: '<p>Zip, "heavy"</p>\n<p>Two lines</p>', brand: "Acme", seo_title: "The hoodie", seo_description: "Warm" },
  });
  await upload(store, hoodie.id, await makePng(30, 10), { alt: "Front" });
  await upload(store, hoodie.id, await makeJpeg(40, 10), { alt: "Back", product_variant_id: hoodie.variants[1].id });
  await upload(store, hoodie.id, await makePng(50, 10), {});
  const mug = await makeProduct(store, { title: "Mug", slug: "mug", default_price_cents: 899, status: "live", tags: ["=cmd"] });
  await call("PATCH", store.path(`/${mug.id}/variants/${mug.variants[0].id}`), { token: store.token, body: { sku: "MUG-1", stock: 12 } });
  await upload(store, mug.id, await makePng(60, 10), { alt: "A mug" });
  const draft = await makeProduct(store, { title: "Poster", product_type: "variable", default_price_cents: undefined });
  await makeVariant(store, draft.id, { price_cents: 100, sku: "P-M", option_values: [{ name: "Paper", value: "Matte" }] });
  // A variable product whose one variant has no options: written without option columns, read back as variable.
  const bare = await makeProduct(store, { title: "Bare", product_type: "variable", default_price_cents: undefined });
  await makeVariant(store, bare.id, { price_cents: 300, sku: "BARE" });
  return { store, hoodie, mug };
}

describe("GET /products/export.csv?format=shopify writes Shopify's layout", () => {
  it("the classic template's header; a row per variant with the product on its first; images one per row, then image-only rows", async () => {
    const { store, hoodie } = await sourceCatalog();
    const res = await exportShopify(store);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("Content-Disposition")).toBe('attachment; filename="products-shopify.csv"');
    const [header, ...rows] = Papa.parse<string[]>(res.text, { skipEmptyLines: true }).data;
    expect(header).toEqual(CLASSIC_HEADER);
    const at = (row: string[], column: string) => row[CLASSIC_HEADER.indexOf(column)];
    const of = (handle: string) =>
      rows.filter((r) => at(r, "Handle") === handle).map((r) => Object.fromEntries(CLASSIC_HEADER.map((c, i) => [c, r[i]]).filter(([, v]) => v !== "")));
    const media = (file: string) => `http://api.test/media/${store.id}/${file}/original`;
    const gallery = await galleryOf(store, hoodie.id);
    expect(of("hoodie-zipped")).toEqual([
      {
        Handle: "hoodie-zipped",
        Title: "Hoodie, zipped",
        "Body (HTML)": '<p>Zip, "heavy"</p>\n<p>Two lines</p>',
        Vendor: "Acme",
        Tags: "Winter, Sale",
        Published: "TRUE",
        "Option1 Name": "Size",
        "Option1 Value": "S",
        "Option2 Name": "Colour",
        "Option2 Value": "Red",
        "Variant SKU": "HZ-S-RED",
        "Variant Grams": "450",
        "Variant Inventory Tracker": "shopify",
        "Variant Inventory Qty": "7",
        "Variant Inventory Policy": "deny",
        "Variant Fulfillment Service": "manual",
        "Variant Price": "49.99",
        "Variant Compare At Price": "59.99",
        "Image Src": media(gallery[0].media_file_id),
        "Image Position": "1",
        "Image Alt Text": "Front",
        "SEO Title": "The hoodie",
        "SEO Description": "Warm",
        "Variant Weight Unit": "g",
        Status: "active",
      },
      {
        Handle: "hoodie-zipped",
        "Option1 Name": "Size",
        "Option1 Value": "M",
        "Option2 Name": "Colour",
        "Option2 Value": "Red",
        "Variant SKU": "HZ-M-RED",
        "Variant Inventory Tracker": "shopify",
        "Variant Inventory Qty": "0",
        "Variant Inventory Policy": "continue",
        "Variant Fulfillment Service": "manual",
        "Variant Price": "50.01",
        "Image Src": media(gallery[1].media_file_id),
        "Image Position": "2",
        "Image Alt Text": "Back",
        "Variant Image": media(gallery[1].media_file_id),
      },
      { Handle: "hoodie-zipped", "Image Src": media(gallery[2].media_file_id), "Image Position": "3" },
    ]);
    // A single product's one variant is Shopify's Default Title; a formula-like cell gets the export's guard.
    expect(of("mug")[0]).toMatchObject({
      "Option1 Name": "Title",
      "Option1 Value": "Default Title",
      "Variant SKU": "MUG-1",
      Tags: "'=cmd",
      Published: "TRUE",
      Status: "active",
    });
    expect(of("poster")[0]).toMatchObject({ Title: "Poster", Published: "FALSE", Status: "draft", "Option1 Name": "Paper", "Option1 Value": "Matte" });
  });

  it("format is native or shopify (422 otherwise); it needs products.read", async () => {
    const store = await catalogStore();
    expect((await call("GET", store.path("/export.csv?format=woocommerce"), { token: store.token })).status).toBe(422);
    const { token } = await newToken(store.id, store.owner.jwt, ["orders.read"]);
    expect((await call("GET", store.path("/export.csv?format=shopify"), { token })).status).toBe(403);
  });
});

describe("exporting with format=shopify and importing into an empty store gives the same catalog", () => {
  it("titles, slugs, variants, prices, compare-at prices, stock, options, tags, images in order with their alt texts", async () => {
    const { store: source } = await sourceCatalog();
    const csv = (await exportShopify(source)).text;
    // The importing Worker fetches the exported image URLs: in this test pool the Worker is not on the network, so
    // its own origin is routed to its own fetch (the public /media endpoint, as a browser would get it).
    const realFetch = globalThis.fetch;
    const fetched: string[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      if (!request.url.startsWith("http://api.test/")) return realFetch(input, init);
      fetched.push(request.url);
      return exports.default.fetch(request);
    });
    const target = await catalogStore();
    const started = await importCsv(target, csv);
    const done = await finished(target, started.body.id);
    expect(done).toMatchObject({
      state: "done",
      format: "shopify",
      products_created: 4,
      variants_created: 5,
      errors: [],
      warnings: [],
      ignored_columns: expect.arrayContaining(["Variant Inventory Tracker", "Gift Card"]),
    });
    expect(fetched).toHaveLength(4);

    const shape = async (store: CatalogStore) => {
      const list = (await call("GET", store.path("?include_drafts=true&limit=100"), { token: store.token })).body.data;
      const out = [];
      for (const p of list) {
        const images = await galleryOf(store, p.id);
        const variantOfImage = (g: any) => p.variants.find((v: any) => v.id === g.product_variant_id)?.sku ?? null;
        out.push({
          slug: p.slug,
          title: p.title,
          description: p.description,
          brand: p.brand,
          status: p.status,
          type: p.product_type,
          tags: p.tags,
          seo: [p.seo_title, p.seo_description],
          variants: p.variants.map((v: any) => [v.sku, v.option_values, v.price_cents, v.compare_at_price_cents, v.stock, v.is_default]),
          images: images.map((g) => [g.image_variants[0].width, g.alt, g.position, g.is_primary, variantOfImage(g)]),
        });
      }
      return out.sort((x, y) => x.slug.localeCompare(y.slug));
    };
    expect(await shape(target)).toEqual(await shape(source));
    expect((await shape(target)).find((p) => p.slug === "bare")).toMatchObject({ type: "variable", variants: [["BARE", [], 300, null, 0, false]] });
    expect((await shape(target)).find((p) => p.slug === "hoodie-zipped")!.images).toEqual([
      [30, "Front", 0, true, null],
      [40, "Back", 1, false, "HZ-M-RED"],
      [50, null, 2, false, null],
    ]);
  });
});
