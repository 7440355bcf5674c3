// CSV columns of catalog organization (docs/catalog.md "CSV"): tags (comma-separated in the cell),
// compare_at_price (major units) and variant_external_id; the export → import round trip stays identical.
import { describe, expect, it } from "vitest";
import { call } from "../helpers/api";
import { type CatalogStore, catalogStore, liveVariable, makeProduct } from "../products/fixtures";

const exportCsv = (store: CatalogStore) => call("GET", store.path("/export.csv"), { token: store.token });

async function importCsv(store: CatalogStore, csv: string) {
  const form = new FormData();
  form.append("file", new File([csv], "products.csv", { type: "text/csv" }));
  const started = await call("POST", `/stores/${store.id}/imports`, { token: store.token, body: form });
  expect(started.status).toBe(202);
  for (let i = 0; i < 200; i++) {
    const res = await call("GET", `/stores/${store.id}/imports/${started.body.id}`, { token: store.token });
    if (res.body.state === "done" || res.body.state === "failed") return res.body;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("import did not finish");
}

const shape = async (store: CatalogStore) =>
  (await call("GET", store.path("?include_drafts=true&limit=100&sort=title"), { token: store.token })).body.data.map((p: any) => ({
    slug: p.slug,
    tags: p.tags,
    variants: p.variants.map((v: any) => [v.sku, v.price_cents, v.compare_at_price_cents, v.external_id]),
  }));

describe("CSV carries tags, compare_at_price and variant_external_id, and the round trip stays identical", () => {
  it("exports the columns and an import into an empty store gives the same tags, compare-at prices and external ids", async () => {
    const source = await catalogStore();
    await makeProduct(source, { title: "Mug", tags: ["Kitchen", "Sale items"], default_price_cents: 899 });
    await liveVariable(source, "Hoodie", [
      { sku: "H-S", price_cents: 4000, compare_at_price_cents: 5000, external_id: "erp-h-s", option_values: [{ name: "Size", value: "S" }] },
      { sku: "H-M", price_cents: 4000, option_values: [{ name: "Size", value: "M" }] },
    ]);
    const csv = (await exportCsv(source)).text;
    const lines = csv.split("\r\n");
    expect(lines[0].endsWith(",tags,compare_at_price,variant_external_id")).toBe(true);
    expect(lines.find((l) => l.startsWith("mug,"))).toMatch(/,"Kitchen, Sale items",,$/);
    expect(lines.find((l) => l.includes(",H-S,"))).toMatch(/,50\.00,erp-h-s$/);

    const target = await catalogStore();
    expect(await importCsv(target, csv)).toMatchObject({ state: "done", errors: [] });
    expect((await exportCsv(target)).text.split("\r\n").sort()).toEqual(lines.sort());
    expect(await shape(target)).toEqual(await shape(source));
  });

  it("a file without the tags column leaves a product's tags alone; a compare-at price below the price is a row error", async () => {
    const store = await catalogStore();
    const mug = await makeProduct(store, { title: "Mug", slug: "mug", tags: ["Kitchen"] });
    const done = await importCsv(store, "handle,title,product_type\r\nmug,Mug renamed,single\r\n");
    expect(done.errors).toEqual([]);
    expect((await call("GET", store.path(`/${mug.id}`), { token: store.token })).body).toMatchObject({ title: "Mug renamed", tags: ["Kitchen"] });
    const bad = await importCsv(store, "handle,title,product_type,variant_sku,price,compare_at_price\r\ncap,Cap,single,CAP-1,10.00,9.00\r\n");
    expect(bad.errors).toEqual([{ line: 2, message: expect.stringContaining("compare_at_price") }]);
  });
});
