// Shopify's product CSV end to end (docs/api/23-one-call-sync-and-imports.md): `npm run dev` imports a file in Shopify's classic template
// layout whose images a real HTTP server on 127.0.0.1 serves (bench/lib/shopify-csv.mjs), then its export with
// format=shopify is imported into a second, empty store: that import fetches the exported `Image Src` URLs, which
// are the dev server's own public media URLs, over HTTP. Both stores must then hold the same catalog.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startImageServer } from "../../bench/lib/shopify-csv.mjs";
import { account, api, startDev, until } from "./harness.mjs";

// Port: E2E_SHOPIFY_PORT (dev server, default 8793); the image server takes a free port.
const PORT = Number(process.env.E2E_SHOPIFY_PORT ?? 8793);
const persistDir = mkdtempSync(path.join(tmpdir(), "e2e-shopify-"));
let server;
let images;

beforeAll(async () => {
  images = await startImageServer();
  server = await startDev({ port: PORT, persistDir });
});

afterAll(async () => {
  await server?.stop();
  await images?.stop();
  rmSync(persistDir, { recursive: true, force: true });
});

const HEADER = [
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
const quote = (cell) => (/[",\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell);
const csvOf = (rows) => [HEADER, ...rows.map((r) => HEADER.map((h) => r[h] ?? ""))].map((cells) => cells.map(quote).join(",")).join("\r\n") + "\r\n";

async function runImport(owner, csv) {
  const form = new FormData();
  form.append("file", new File([csv], "products.csv", { type: "text/csv" }));
  const res = await fetch(`${server.base}/stores/${owner.storeId}/imports`, {
    method: "POST",
    headers: { Authorization: `Bearer ${owner.token}` },
    body: form,
  });
  expect(res.status).toBe(202);
  const { id } = await res.json();
  return until(
    async () => {
      const body = (await api(server.base, "GET", `/stores/${owner.storeId}/imports/${id}`, { token: owner.token })).body;
      return body.state === "done" || body.state === "failed" ? body : null;
    },
    120_000,
    "the import to end",
  );
}

/** What section 23's round trip keeps, per product, images identified by their bytes' size and dimensions. */
async function catalogOf(owner) {
  const list = (await api(server.base, "GET", `/stores/${owner.storeId}/products?include_drafts=true&limit=100`, { token: owner.token })).body.data;
  const out = [];
  for (const p of list) {
    const gallery = (await api(server.base, "GET", `/stores/${owner.storeId}/products/${p.id}/images`, { token: owner.token })).body.data;
    const images = [];
    for (const g of gallery) {
      const bytes = new Uint8Array(await (await fetch(`${server.base}${g.url}`)).arrayBuffer());
      images.push([bytes.length, g.alt, g.position, p.variants.find((v) => v.id === g.product_variant_id)?.sku ?? null]);
    }
    out.push({
      slug: p.slug,
      title: p.title,
      status: p.status,
      type: p.product_type,
      tags: p.tags,
      description: p.description,
      variants: p.variants.map((v) => [v.sku, v.option_values, v.price_cents, v.compare_at_price_cents, v.stock]),
      images,
    });
  }
  return out.sort((a, b) => a.slug.localeCompare(b.slug));
}

describe("a Shopify file with images from a real server, then export → import into an empty store over HTTP", () => {
  it("imports the file, warns about the broken image, and the round trip gives the same catalog", async () => {
    const owner = await account(server.base);
    const img = (n) => `${images.base}/img/${n}.png`;
    const done = await runImport(
      owner,
      csvOf([
        {
          Handle: "hoodie",
          Title: "Hoodie",
          "Body (HTML)": '<p>Warm, "heavy"</p>',
          Vendor: "Acme",
          Tags: "winter",
          Type: "Hoodies",
          Published: "TRUE",
          "Option1 Name": "Size",
          "Option1 Value": "S",
          "Variant SKU": "H-S",
          "Variant Inventory Qty": "4",
          "Variant Price": "40.00",
          "Variant Compare At Price": "55.00",
          "Image Src": img(1),
          "Image Position": "1",
          "Image Alt Text": "Front",
          "Gift Card": "FALSE",
          Status: "active",
        },
        {
          Handle: "hoodie",
          "Option1 Value": "M",
          "Variant SKU": "H-M",
          "Variant Inventory Qty": "0",
          "Variant Price": "41.00",
          "Image Src": img(2),
          "Image Position": "2",
          "Variant Image": img(2),
        },
        { Handle: "hoodie", "Image Src": img(3), "Image Position": "3", "Image Alt Text": "Back" },
        {
          Handle: "mug",
          Title: "Mug",
          "Option1 Name": "Title",
          "Option1 Value": "Default Title",
          "Variant SKU": "MUG",
          "Variant Price": "9.50",
          "Variant Inventory Qty": "12",
          "Image Src": `${images.base}/gone.png`,
          Status: "draft",
        },
      ]),
    );
    expect(done).toMatchObject({ state: "done", format: "shopify", products_created: 2, variants_created: 3, errors: [] });
    expect(done.warnings).toEqual([{ line: 5, message: expect.stringContaining("could not be fetched (HTTP 404)") }]);
    expect(done.ignored_columns).toContain("Google Shopping / MPN");
    expect(images.stats().requests).toBe(3);
    const source = await catalogOf(owner);
    expect(source.find((p) => p.slug === "hoodie").images.map(([, alt, position, sku]) => [alt, position, sku])).toEqual([
      ["Front", 0, null],
      [null, 1, "H-M"],
      ["Back", 2, null],
    ]);

    const exported = await fetch(`${server.base}/stores/${owner.storeId}/products/export.csv?format=shopify`, {
      headers: { Authorization: `Bearer ${owner.token}` },
    });
    expect(exported.status).toBe(200);
    const csv = await exported.text();
    expect(csv.startsWith(`${HEADER.join(",")}\r\n`)).toBe(true);
    expect(csv).toContain(`${server.base}/media/${owner.storeId}/`);

    const empty = await account(server.base);
    const again = await runImport(empty, csv);
    expect(again).toMatchObject({ state: "done", format: "shopify", products_created: 2, variants_created: 3, errors: [], warnings: [] });
    // The second import fetched the dev server's own media URLs, not the image server's.
    expect(images.stats().requests).toBe(3);
    expect(await catalogOf(empty)).toEqual(source);
  });
});
