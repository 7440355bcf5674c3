// The list's `total` stays exact where it is not counted row by row (docs/catalog.md "Filters and sort"): the
// store's counters (store_catalog_stats: status, in_stock and product_type, migrations 0004, 0024 and 0025) after
// every kind of write, and the count of a list filtered by several tags (from each tag row's copy of its product's
// tag set, migration 0025).
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call } from "../helpers/api";
import { finished, HEADER, importCsv } from "../sync/csv-helpers";
import { type CatalogStore, catalogStore, liveVariable, makeProduct } from "./fixtures";
import { storeAll, storeFirst, storeRun } from "./store-databases";

const COUNTERS = ["total", "live", "in_stock", "live_in_stock", "variable", "live_variable", "variable_in_stock", "live_variable_in_stock"];

/** The counters as stored, and as a count of the store's products says they should be. */
async function counters(store: CatalogStore) {
  const stored = await storeFirst<Record<string, number>>(store.id, `SELECT ${COUNTERS.join(", ")} FROM store_catalog_stats WHERE store_id = ?`, store.id);
  const counted = await storeFirst<Record<string, number>>(
    store.id,
    `SELECT count(*) AS total, sum(status = 'live') AS live, sum(in_stock <> 0) AS in_stock, sum(status = 'live' AND in_stock <> 0) AS live_in_stock,
      sum(product_type = 'variable') AS variable, sum(product_type = 'variable' AND status = 'live') AS live_variable,
      sum(product_type = 'variable' AND in_stock <> 0) AS variable_in_stock,
      sum(product_type = 'variable' AND status = 'live' AND in_stock <> 0) AS live_variable_in_stock
    FROM products WHERE store_id = ?`,
    store.id,
  );
  return { stored: { ...stored }, counted: Object.fromEntries(COUNTERS.map((c) => [c, counted?.[c] ?? 0])) };
}

/** Every combination of status, product_type and in_stock the counters answer: its total, checked against its list. */
const QUERIES = ["", "include_drafts=true", "status=draft", "status=live"].flatMap((status) =>
  ["", "product_type=variable", "product_type=single"].flatMap((type) =>
    ["", "in_stock=true", "in_stock=false"].map((stock) => [status, type, stock].filter(Boolean).join("&")),
  ),
);

/** Each query's total, after checking that it is the number of products the list shows. */
async function totals(store: CatalogStore): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const q of QUERIES) {
    const res = await call("GET", store.path(`?limit=100&${q}`), { token: store.token });
    expect(res.status, res.text).toBe(200);
    expect(res.body.pagination.total, q).toBe(res.body.data.length);
    out[q] = res.body.pagination.total;
  }
  return out;
}

async function expectExact(store: CatalogStore) {
  const { stored, counted } = await counters(store);
  expect(stored).toEqual(counted);
  await totals(store);
}

describe("the store's counters follow every write: create, status, stock, type, delete, import", () => {
  it("stay equal to a count of the products, and every status/product_type/in_stock total to its list", async () => {
    const store = await catalogStore();
    const single = await makeProduct(store, { title: "Mug", status: "live", default_price_cents: 900 });
    const draft = await makeProduct(store, { title: "Draft mug", default_price_cents: 900 });
    const hoodie = await liveVariable(store, "Hoodie", [{ sku: "H-S", price_cents: 4000, stock: 3, option_values: [{ name: "Size", value: "S" }] }]);
    const poster = await makeProduct(store, { title: "Poster", product_type: "variable", default_price_cents: undefined });
    await expectExact(store);
    const before = (await counters(store)).stored;
    expect(before).toMatchObject({ total: 4, live: 2, variable: 2, live_variable: 1, live_variable_in_stock: 1 });

    // Status both ways, stock in and out.
    await call("PATCH", store.path(`/${draft.id}`), { token: store.token, body: { status: "live" } });
    await call("PATCH", store.path(`/${hoodie.id}`), { token: store.token, body: { status: "draft" } });
    await call("PATCH", store.path(`/${single.id}/variants/${single.variants[0].id}`), { token: store.token, body: { stock: 5 } });
    await call("PATCH", store.path(`/${hoodie.id}/variants/${hoodie.variants[0].id}`), { token: store.token, body: { stock: 0 } });
    await expectExact(store);

    // The API refuses to change product_type (422); the counters follow it all the same if a row's type changes.
    const refused = await call("PATCH", store.path(`/${single.id}`), { token: store.token, body: { product_type: "variable" } });
    expect(refused.status).toBe(422);
    await storeRun(store.id, "UPDATE products SET product_type = 'variable' WHERE id = ?", single.id);
    await expectExact(store);
    await storeRun(store.id, "UPDATE products SET product_type = 'single' WHERE id = ?", single.id);

    // Deletes.
    expect((await call("DELETE", store.path(`/${poster.id}`), { token: store.token })).status).toBe(204);
    expect((await call("DELETE", store.path(`/${draft.id}`), { token: store.token })).status).toBe(204);
    await expectExact(store);

    // An import creates a variable and a single product, and changes the status of one.
    const csv = [
      HEADER,
      "tee,Tee,,,variable,live,,,T-S,S,Size,S,,,,,20.00,2,stocked,,,,",
      "tee,,,,,,,,T-M,M,Size,M,,,,,20.00,0,stocked,,,,",
      "cap,Cap,,,single,draft,,,C-1,,,,,,,,5.00,0,stocked,,,,",
      `${hoodie.slug},Hoodie,,,variable,live,,,H-S,S,Size,S,,,,,40.00,0,stocked,,,,`,
    ].join("\n");
    const started = await importCsv(store, csv);
    expect(started.status, started.text).toBe(202);
    const done = await finished(store, started.body.id);
    expect(done, JSON.stringify(done)).toMatchObject({ state: "done", errors: [], products_created: 2, products_updated: 1 });
    await expectExact(store);
    expect((await totals(store))["product_type=variable"]).toBe(2);
  });
});

describe("a list filtered by several tags counts its matches exactly", () => {
  it("in either order of the tags, with status, with a column filter, and after changes", async () => {
    const store = await catalogStore();
    const tagged = async (title: string, tags: string[], extra: Record<string, unknown> = {}) =>
      makeProduct(store, { title, status: "live", default_price_cents: 100, tags, ...extra });
    await tagged("A", ["sale", "shoes", "red"], { brand: "Acme" });
    const b = await tagged("B", ["Sale", "Shoes"]);
    await tagged("C", ["sale"]);
    await tagged("D", ["shoes", "red"], { brand: "Acme" });
    await makeProduct(store, { title: "E", default_price_cents: 100, tags: ["sale", "shoes"] });
    const check = async (q: string, expected: number) => {
      const res = await call("GET", store.path(`?limit=100&${q}`), { token: store.token });
      expect(res.status, res.text).toBe(200);
      expect([res.body.pagination.total, res.body.data.length], q).toEqual([expected, expected]);
    };
    await check("tag=sale&tag=shoes", 2);
    await check("tag=SHOES&tag=sale", 2);
    await check("tag=sale&tag=shoes&include_drafts=true", 3);
    await check("tag=sale&tag=shoes&status=draft", 1);
    await check("tag=sale&tag=shoes&tag=red", 1);
    await check("tag=shoes&tag=red&brand=acme", 2);
    await check("tag=sale&tag=sale", 3);
    await check("tag=sale&tag=none", 0);
    // The tag set is ",sale,shoes,red,": a filter tag must match a whole tag, not a part or a run of them.
    await check("tag=shoes&tag=sal", 0);
    await check("tag=shoes&tag=sale%2Cshoes", 0);
    await check("tag=shoes&tag=%2Csale", 0);
    await call("PATCH", store.path(`/${b.id}`), { token: store.token, body: { tags: ["shoes"] } });
    await check("tag=sale&tag=shoes", 1);
    await call("PATCH", store.path(`/${b.id}`), { token: store.token, body: { tags: ["sale", "shoes"], status: "draft" } });
    await check("tag=sale&tag=shoes", 1);
    await check("tag=sale&tag=shoes&include_drafts=true", 3);
  });
});

/** The UPDATE statements of migration 0025 (its backfill of existing stores), as the store databases got them. */
function backfill(): string[] {
  const migrations = Object.values(env.TEST_MIGRATIONS).flat();
  const counts = migrations.find((m) => m.name.startsWith("0025_"));
  if (!counts) throw new Error("no migration 0025 in TEST_MIGRATIONS");
  const statements = counts.queries.map((q) => q.replace(/^\s*--.*$/gm, "").trim());
  const updates = statements.filter((q) => /^UPDATE /i.test(q));
  expect(updates).toHaveLength(2);
  return updates;
}

describe("migration 0025's backfill gives existing stores what the triggers give new writes", () => {
  it("the variable counters and each tag row's tag set", async () => {
    const store = await catalogStore();
    await makeProduct(store, { title: "Mug", status: "live", default_price_cents: 900, tags: ["Kitchen", "Sale"] });
    await makeProduct(store, { title: "Poster", product_type: "variable", default_price_cents: undefined, tags: ["Sale"] });
    await liveVariable(store, "Hoodie", [{ sku: "BF-S", price_cents: 4000, stock: 3, option_values: [{ name: "Size", value: "S" }] }]);
    const tagRows = () =>
      storeAll(store.id, "SELECT product_id, tag_lower, tag_list FROM product_tags WHERE store_id = ? ORDER BY product_id, tag_lower", store.id);
    const written = { counters: (await counters(store)).stored, tags: await tagRows() };
    expect(written.tags.map((r) => r.tag_list)).toContain(",kitchen,sale,");
    // As a store's rows were before 0025: the new columns at their defaults.
    await storeRun(
      store.id,
      "UPDATE store_catalog_stats SET variable = 0, live_variable = 0, variable_in_stock = 0, live_variable_in_stock = 0 WHERE store_id = ?",
      store.id,
    );
    await storeRun(store.id, "UPDATE product_tags SET tag_list = ',' WHERE store_id = ?", store.id);
    for (const statement of backfill()) await storeRun(store.id, statement);
    expect({ counters: (await counters(store)).stored, tags: await tagRows() }).toEqual(written);
    await expectExact(store);
  });
});
