// Shopify's product CSV, in (docs/api/23-one-call-sync-and-imports.md): files built on Shopify's published template headers (both
// generations), images fetched from a real HTTP server on loopback (image-server.global.ts) by the queue consumer.
import { describe, expect, it } from "vitest";
import { call } from "../helpers/api";
import { type CatalogStore, catalogStore } from "../products/fixtures";
import { storeAll } from "../products/store-databases";
import { exportCsv, importCsv } from "./csv-helpers";
import { liveVariable } from "../products/fixtures";
import { SHOPIFY_SLICE_ROWS } from "../../src/sync/import-runner";
import { CLASSIC_HEADER, HEADER_2024, type ShopifyRow, galleryOf, hits, imageServer, img, productsBySlug, shopifyCsv, tagOf } from "./shopify-helpers";

/** Polls the import to its end (images make a Shopify import take longer than a plain one). */
async function finished(store: CatalogStore, id: string) {
  for (let i = 0; i < 600; i++) {
    const res = await call("GET", `/stores/${store.id}/imports/${id}`, { token: store.token });
    if (res.body.state === "done" || res.body.state === "failed") return res.body;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("import did not finish");
}

async function runImport(store: CatalogStore, csv: string) {
  const started = await importCsv(store, csv);
  expect(started.status).toBe(202);
  return finished(store, started.body.id);
}

/** The classic template's columns this service reads; every other one is ignored. */
const MAPPED_CLASSIC = [
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
  "Variant Inventory Qty",
  "Variant Price",
  "Variant Compare At Price",
  "Image Src",
  "Image Position",
  "Image Alt Text",
  "SEO Title",
  "SEO Description",
  "Variant Image",
  "Status",
];
const MAPPED_2024 = [
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
  "Option1 name",
  "Option1 value",
  "Option2 name",
  "Option2 value",
  "Option3 name",
  "Option3 value",
  "Price",
  "Compare-at price",
  "Inventory quantity",
  "Weight value (grams)",
  "Product image URL",
  "Image position",
  "Image alt text",
  "Variant image URL",
  "SEO title",
  "SEO description",
];

const HTML = '<p>Warm, soft &amp; "heavy".</p>\n<ul><li>Cotton</li></ul>';

/** A variable product, a single one, a draft, an archived one: Shopify's own row layout. */
function catalogRows(tag: string): ShopifyRow[] {
  return [
    {
      Handle: "hoodie",
      Title: "Zip Hoodie",
      "Body (HTML)": HTML,
      Vendor: "Acme",
      "Product Category": "Apparel & Accessories > Clothing > Activewear",
      Type: "Hoodies",
      Tags: "Winter, sale",
      Published: "TRUE",
      "Option1 Name": "Size",
      "Option1 Value": "S",
      "Option2 Name": "Color",
      "Option2 Value": "Red",
      "Variant SKU": "HD-S-RED",
      "Variant Grams": "450",
      "Variant Inventory Tracker": "shopify",
      "Variant Inventory Qty": "5",
      "Variant Inventory Policy": "deny",
      "Variant Fulfillment Service": "manual",
      "Variant Price": "40.00",
      "Variant Compare At Price": "50.00",
      "Variant Requires Shipping": "TRUE",
      "Variant Taxable": "TRUE",
      "Image Src": img(20, tag),
      "Image Position": "2",
      "Image Alt Text": "Side",
      "Gift Card": "FALSE",
      "SEO Title": "Zip hoodie",
      "SEO Description": "The warm one",
      "Google Shopping / Gender": "unisex",
      "Variant Weight Unit": "g",
      "Cost per item": "12.00",
      Status: "active",
    },
    // Shopify names the options on a product's first row only.
    {
      Handle: "hoodie",
      "Option1 Value": "M",
      "Option2 Value": "Red",
      "Variant SKU": "HD-M-RED",
      "Variant Inventory Qty": "0",
      "Variant Price": "40.00",
      "Image Src": img(10, tag),
      "Image Position": "1",
      "Image Alt Text": "Front",
      "Variant Image": img(10, tag),
    },
    { Handle: "hoodie", "Option1 Value": "M", "Option2 Value": "Blue", "Variant SKU": "HD-M-BLUE", "Variant Inventory Qty": "3", "Variant Price": "42.50" },
    // An image-only row.
    { Handle: "hoodie", "Image Src": img(30, tag), "Image Position": "3", "Image Alt Text": "Back" },
    {
      Handle: "mug",
      Title: "Mug",
      "Body (HTML)": "<p>Holds tea</p>",
      Vendor: "Acme",
      Tags: "",
      Published: "FALSE",
      "Option1 Name": "Title",
      "Option1 Value": "Default Title",
      "Variant SKU": "MUG-1",
      "Variant Grams": "0",
      "Variant Inventory Qty": "7",
      "Variant Price": "12.5",
      "Image Src": img(40, tag),
      "Image Position": "1",
      "Image Alt Text": "A mug",
      Status: "draft",
    },
    {
      Handle: "poster",
      Title: "Old poster",
      Published: "TRUE",
      "Option1 Name": "Title",
      "Option1 Value": "Default Title",
      "Variant Price": "5.00",
      "Variant Inventory Qty": "1",
      Status: "archived",
    },
  ];
}

async function expectCatalog(store: CatalogStore, tag: string) {
  const products = await productsBySlug(store);
  expect(Object.keys(products).sort()).toEqual(["hoodie", "mug", "poster"]);
  const hoodie = (await call("GET", store.path(`/${products.hoodie.id}`), { token: store.token })).body;
  expect(hoodie).toMatchObject({
    title: "Zip Hoodie",
    description: HTML,
    brand: "Acme",
    product_type: "variable",
    status: "live",
    seo_title: "Zip hoodie",
    seo_description: "The warm one",
    tags: ["Winter", "sale", "Hoodies", "Activewear"],
  });
  expect(hoodie.variants.map((v: any) => [v.sku, v.title, v.option_values, v.price_cents, v.compare_at_price_cents, v.stock, v.shipping_box])).toEqual([
    [
      "HD-S-RED",
      "S / Red",
      [
        { name: "Size", value: "S" },
        { name: "Color", value: "Red" },
      ],
      4000,
      5000,
      5,
      { length_mm: 0, width_mm: 0, height_mm: 0, weight_g: 450 },
    ],
    [
      "HD-M-RED",
      "M / Red",
      [
        { name: "Size", value: "M" },
        { name: "Color", value: "Red" },
      ],
      4000,
      null,
      0,
      null,
    ],
    [
      "HD-M-BLUE",
      "M / Blue",
      [
        { name: "Size", value: "M" },
        { name: "Color", value: "Blue" },
      ],
      4250,
      null,
      3,
      null,
    ],
  ]);
  // The gallery in Image Position order with its alt texts; the Variant Image is the variant's.
  const gallery = await galleryOf(store, products.hoodie.id);
  expect(gallery.map((g) => [g.image_variants[0].width, g.alt, g.position, g.is_primary])).toEqual([
    [10, "Front", 0, true],
    [20, "Side", 1, false],
    [30, "Back", 2, false],
  ]);
  expect(gallery.map((g) => g.product_variant_id)).toEqual([hoodie.variants[1].id, null, null]);
  // An image named on two rows (Image Src and Variant Image) is fetched once.
  expect(await hits(img(10, tag))).toBe(1);

  expect(products.mug).toMatchObject({ title: "Mug", product_type: "single", status: "draft", tags: [] });
  expect(products.mug.variants.map((v: any) => [v.sku, v.is_default, v.option_values, v.price_cents, v.stock, v.shipping_box])).toEqual([
    ["MUG-1", true, [], 1250, 7, null],
  ]);
  expect((await galleryOf(store, products.mug.id)).map((g) => [g.image_variants[0].width, g.alt])).toEqual([[40, "A mug"]]);
  // Archived is a draft here.
  expect(products.poster).toMatchObject({ product_type: "single", status: "draft" });
}

describe("Shopify's product CSV is recognised by its header and imported by section 23's mapping", () => {
  it("the classic template (Handle, Body (HTML), ...): variable and single products, image-only rows, HTML, tags, drafts, archived", async () => {
    const store = await catalogStore();
    const tag = tagOf();
    const done = await runImport(store, shopifyCsv(catalogRows(tag)));
    expect(done).toMatchObject({
      state: "done",
      format: "shopify",
      rows_total: 6,
      rows_done: 6,
      products_created: 3,
      variants_created: 5,
      errors: [],
      warnings: [],
      ignored_columns: CLASSIC_HEADER.filter((c) => !MAPPED_CLASSIC.includes(c)),
    });
    await expectCatalog(store, tag);
  });

  it("the 2024 template (Title first, URL handle, Description, Product category, ...) gives the same catalog", async () => {
    const store = await catalogStore();
    const tag = tagOf();
    const done = await runImport(store, shopifyCsv(catalogRows(tag), HEADER_2024));
    expect(done).toMatchObject({ state: "done", format: "shopify", rows_total: 6, products_created: 3, variants_created: 5, errors: [], warnings: [] });
    expect(done.ignored_columns).toEqual(HEADER_2024.filter((c) => !MAPPED_2024.includes(c)));
    expect(done.ignored_columns).toContain("Color (product.metafields.shopify.color-pattern)");
    await expectCatalog(store, tag);
  });

  it("this service's own layout still imports as before, with no ignored columns", async () => {
    const store = await catalogStore();
    const done = await runImport(store, "handle,title,product_type,price\nmug,Mug,single,1.00\n");
    expect(done).toMatchObject({ state: "done", format: "native", products_created: 1, ignored_columns: [], warnings: [] });
  });

  it("a header that is neither layout is refused at upload (422)", async () => {
    const store = await catalogStore();
    const res = await importCsv(store, "Name,Price\nMug,1.00\n");
    expect(res.status).toBe(422);
    expect(res.body.errors[0].message).toContain("Shopify's Handle or URL handle");
  });

  it("stock is a section 20 stock write with the import's reference", async () => {
    const store = await catalogStore();
    const started = await importCsv(
      store,
      shopifyCsv([
        { Handle: "cap", Title: "Cap", "Option1 Name": "Title", "Option1 Value": "Default Title", "Variant Price": "9.00", "Variant Inventory Qty": "11" },
      ]),
    );
    await finished(store, started.body.id);
    const ledger = await call("GET", `/stores/${store.id}/inventory/ledger`, { token: store.token });
    expect(ledger.body.data).toEqual([expect.objectContaining({ reason: "stock_write", reference: `import:${started.body.id}`, on_hand_after: 11 })]);
  });
});

describe("Images: fetched under the URL rules; a URL that fails is a warning on its line, not an error", () => {
  it("a broken URL, a redirect, text served as an image and a file over 20 MiB", async () => {
    const store = await catalogStore();
    const tag = tagOf();
    const base = imageServer();
    const done = await runImport(
      store,
      shopifyCsv([
        {
          Handle: "a",
          Title: "A",
          "Option1 Name": "Title",
          "Option1 Value": "Default Title",
          "Variant Price": "1.00",
          "Image Src": `${base}/missing.png?t=${tag}`,
          "Image Position": "1",
        },
        { Handle: "a", "Image Src": `${base}/redirect/w12.png?t=${tag}`, "Image Position": "2", "Image Alt Text": "after a redirect" },
        {
          Handle: "b",
          Title: "B",
          "Option1 Name": "Title",
          "Option1 Value": "Default Title",
          "Variant Price": "1.00",
          "Image Src": `${base}/not-an-image.png?t=${tag}`,
        },
        { Handle: "b", "Image Src": `${base}/big.png?t=${tag}` },
        { Handle: "b", "Image Src": `${base}/declared-big.png?t=${tag}` },
        { Handle: "c", Title: "C", "Option1 Name": "Title", "Option1 Value": "Default Title", "Variant Price": "1.00", "Image Src": "ftp://example.com/c.png" },
      ]),
    );
    expect(done).toMatchObject({ state: "done", products_created: 3, errors: [] });
    expect(done.warnings).toEqual([
      { line: 2, message: expect.stringMatching(/^Image Src: .*\/missing\.png\?t=.* could not be fetched \(HTTP 404\); the product was imported without it$/) },
      { line: 4, message: expect.stringContaining("(not a JPEG, PNG, WebP, AVIF or GIF image)") },
      { line: 5, message: expect.stringContaining("(larger than 20 MiB)") },
      { line: 6, message: expect.stringContaining("(larger than 20 MiB)") },
      { line: 7, message: expect.stringContaining("(the URL must be an absolute http(s) URL)") },
    ]);
    const products = await productsBySlug(store);
    expect((await galleryOf(store, products.a.id)).map((g) => [g.image_variants[0].width, g.alt, g.position])).toEqual([[12, "after a redirect", 0]]);
    expect(await galleryOf(store, products.b.id)).toEqual([]);
    // Nothing of the refused files reached the library.
    const library = (await call("GET", `/stores/${store.id}/media?limit=100`, { token: store.token })).body.data;
    expect(library.map((f: any) => [f.width, f.filename])).toEqual([[12, "w12.png"]]);
  });

  it("the same URL on rows of several products and slices is fetched once per import; importing the file again fetches nothing and adds nothing", async () => {
    const store = await catalogStore();
    const tag = tagOf();
    const shared = img(16, tag);
    // Single products over two slices.
    const n = SHOPIFY_SLICE_ROWS + 10;
    const rows: ShopifyRow[] = Array.from({ length: n }, (_, i) => ({
      Handle: `p-${i}`,
      Title: `P ${i}`,
      "Option1 Name": "Title",
      "Option1 Value": "Default Title",
      "Variant Price": "1.00",
      "Image Src": shared,
      "Image Alt Text": `p${i}`,
    }));
    const csv = shopifyCsv(rows);
    expect(await runImport(store, csv)).toMatchObject({ state: "done", products_created: n, errors: [], warnings: [] });
    expect(await hits(shared)).toBe(1);
    const first = await productsBySlug(store);
    expect((await galleryOf(store, first[`p-${n - 1}`].id)).map((g) => g.alt)).toEqual([`p${n - 1}`]);
    const events = async () =>
      (await storeAll<{ n: number }>(store.id, "SELECT count(*) AS n FROM events WHERE store_id = ? AND name LIKE 'product.image.%'", store.id))[0].n;
    expect(await events()).toBe(n);

    expect(await runImport(store, csv)).toMatchObject({ state: "done", products_updated: n, errors: [], warnings: [] });
    expect(await hits(shared)).toBe(1);
    expect(await events()).toBe(n);
    const library = (await call("GET", `/stores/${store.id}/media?limit=100`, { token: store.token })).body;
    expect(library.data).toHaveLength(1);
  });
});

describe("Values imported otherwise than the file says are warnings on their lines", () => {
  it("a negative inventory (0), a compare-at price below the price (left out), an unknown status (draft), a long category (no tag), an SKU with a space (none)", async () => {
    const store = await catalogStore();
    const done = await runImport(
      store,
      shopifyCsv([
        {
          Handle: "tee",
          Title: "Tee",
          "Option1 Name": "Size",
          "Option1 Value": "S",
          "Variant Price": "20.00",
          "Variant Compare At Price": "15.00",
          "Variant Inventory Qty": "-3",
          Status: "unlisted",
          "Product Category": `Things > ${"x".repeat(70)}`,
        },
        { Handle: "tee", "Option1 Value": "M", "Variant Price": "20.00", "Variant Grams": "heavy" },
        { Handle: "tee", "Option1 Value": "L", "Variant Price": "20.00", "Variant SKU": "TEE L" },
      ]),
    );
    expect(done.warnings).toEqual([
      { line: 2, message: 'Status: "unlisted" is not active, draft or archived; imported as draft' },
      { line: 2, message: expect.stringMatching(/^Product Category: "x+" is longer than 64 characters and was not added as a tag$/) },
      { line: 2, message: "Variant Inventory Qty: -3 is below 0; imported as 0" },
      { line: 2, message: "Variant Compare At Price: 15.00 is below the price 20.00; left out (a compare-at price is at least the price)" },
      // Shopify allows spaces in SKUs; this API does not: the variant comes without it.
      { line: 4, message: 'Variant SKU: "TEE L" is not an SKU here (at most 100 characters, no whitespace); imported without it' },
    ]);
    expect(done.errors).toEqual([{ line: 3, message: 'Variant Grams: "heavy" is not a weight in grams' }]);
    const { tee } = await productsBySlug(store);
    expect(tee).toMatchObject({ status: "draft", tags: [] });
    expect(tee.variants.map((v: any) => [v.sku, v.option_values[0].value, v.stock, v.compare_at_price_cents])).toEqual([
      [null, "S", 0, null],
      [null, "L", 0, null],
    ]);
  });

  it("a product whose rows go live needs products.publish, as in any import", async () => {
    const store = await catalogStore();
    const { newToken } = await import("../helpers/api");
    const { token } = await newToken(store.id, store.owner.jwt, ["products.read", "products.write", "products.edit"]);
    const started = await importCsv(
      store,
      shopifyCsv([{ Handle: "x", Title: "X", "Option1 Name": "Title", "Option1 Value": "Default Title", "Variant Price": "1.00", Status: "active" }]),
      token,
    );
    const done = await finished(store, started.body.id);
    expect(done.errors).toEqual([{ line: 2, message: "status: live needs the products.publish permission" }]);
  });
});

describe("Variant Grams is the box's weight when the box is otherwise unknown (dimensions 0)", () => {
  it("a variant with a known box keeps it; one without gets 0 × 0 × 0 and the weight; the default export and import carry that box", async () => {
    const store = await catalogStore();
    await liveVariable(store, "Kit", [
      {
        sku: "K-1",
        price_cents: 100,
        option_values: [{ name: "Size", value: "S" }],
        shipping_box: { length_mm: 10, width_mm: 20, height_mm: 30, weight_g: 400 },
      },
      { sku: "K-2", price_cents: 100, option_values: [{ name: "Size", value: "M" }] },
    ]);
    const done = await runImport(
      store,
      shopifyCsv([
        { Handle: "kit", "Option1 Name": "Size", "Option1 Value": "S", "Variant SKU": "K-1", "Variant Price": "1.00", "Variant Grams": "999" },
        { Handle: "kit", "Option1 Value": "M", "Variant SKU": "K-2", "Variant Price": "1.00", "Variant Grams": "250.4" },
      ]),
    );
    expect(done).toMatchObject({ state: "done", variants_updated: 2, errors: [], warnings: [] });
    const boxes = async (s: CatalogStore) => (await productsBySlug(s)).kit.variants.map((v: any) => [v.sku, v.shipping_box]);
    expect(await boxes(store)).toEqual([
      ["K-1", { length_mm: 10, width_mm: 20, height_mm: 30, weight_g: 400 }],
      ["K-2", { length_mm: 0, width_mm: 0, height_mm: 0, weight_g: 250 }],
    ]);
    const csv = (await exportCsv(store)).text;
    expect(csv).toContain("K-2,M,Size,M,,,,,1.00,0,stocked,0,0,0,250,");
    const target = await catalogStore();
    expect(await runImport(target, csv)).toMatchObject({ state: "done", format: "native", errors: [] });
    expect(await boxes(target)).toEqual(await boxes(store));
  });
});
