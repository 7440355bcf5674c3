// Listing products (docs/api/06-products.md): drafts, ordering, search, pagination and totals.
import { describe, expect, it } from "vitest";
import { call } from "../helpers/api";
import { type CatalogStore, catalogStore, catalogStoreIds, liveVariable, makeProduct, makeVariant } from "./fixtures";
import { itSpreadsStoresOverDatabases, onSameDatabase, storeRun } from "./store-databases";

const list = (store: CatalogStore, query = "") => call("GET", store.path(query), { token: store.token });
const titles = (res: { body: { data: Array<{ title: string }> } }) => res.body.data.map((p) => p.title);

describe("drafts are hidden from the list unless include_drafts=true", () => {
  it("lists live products only by default, and both with include_drafts", async () => {
    const store = await catalogStore();
    await makeProduct(store, { title: "Draft one" });
    await makeProduct(store, { title: "Live one", status: "live" });
    const plain = await list(store);
    expect(plain.status).toBe(200);
    expect(titles(plain)).toEqual(["Live one"]);
    expect(plain.body.pagination).toEqual({ limit: 20, offset: 0, total: 1, next_cursor: null });
    const all = await list(store, "?include_drafts=true");
    expect(titles(all)).toEqual(["Live one", "Draft one"]);
    expect(all.body.pagination.total).toBe(2);
    expect(titles(await list(store, "?include_drafts=false"))).toEqual(["Live one"]);
    expect(titles(await list(store, "?include_drafts=1"))).toHaveLength(2);
  });

  it("list items carry variants but not images or specs", async () => {
    const store = await catalogStore();
    await makeProduct(store, { status: "live", default_price_cents: 100 });
    const [item] = (await list(store)).body.data;
    expect(item.variants[0]).toMatchObject({ is_default: true, price_cents: 100, available: false, availability: "out_of_stock" });
    expect(item).not.toHaveProperty("images");
    expect(item).not.toHaveProperty("specs");
  });
});

describe("include_drafts accepts only true/false/1/0", () => {
  it.each(["yes", "TRUE", "2", ""])("include_drafts=%s → 422", async (value) => {
    const store = await catalogStore();
    const res = await list(store, `?include_drafts=${value}`);
    expect(res.status).toBe(422);
    expect(res.body.errors[0].path).toBe("include_drafts");
  });
});

describe("the list is ordered by updated_at desc, then id desc", () => {
  it("puts the most recently changed product first", async () => {
    const store = await catalogStore();
    const a = await makeProduct(store, { title: "A", status: "live" });
    await makeProduct(store, { title: "B", status: "live" });
    await makeProduct(store, { title: "C", status: "live" });
    expect(titles(await list(store))).toEqual(["C", "B", "A"]);
    await call("PATCH", store.path(`/${a.id}`), { token: store.token, body: { description: "touched" } });
    expect(titles(await list(store))).toEqual(["A", "C", "B"]);
  });

  it("breaks updated_at ties by id, descending", async () => {
    const store = await catalogStore();
    const created = [];
    for (const title of ["T1", "T2", "T3"]) created.push(await makeProduct(store, { title, status: "live" }));
    await storeRun(store.id, "UPDATE products SET updated_at = '2026-01-01T00:00:00.000Z' WHERE store_id = ?", store.id);
    const expected = created
      .map((p) => p.id)
      .sort()
      .reverse();
    expect((await list(store)).body.data.map((p: { id: string }) => p.id)).toEqual(expected);
  });
});

describe("search matches a title substring or a SKU prefix, case-insensitively", () => {
  it("finds by title substring (long and short terms) and by SKU prefix, not by SKU infix", async () => {
    const store = await catalogStore();
    await makeProduct(store, { title: "Organic Cotton Tee", status: "live" });
    await makeProduct(store, { title: "Wool Sweater", status: "live" });
    await makeProduct(store, { title: "Cotton draft", status: "draft" });
    await liveVariable(store, "Hoodie", [{ sku: "HD-RED-M" }, { sku: "HD-BLU-L", option_values: [{ name: "c", value: "b" }] }]);

    const cotton = await list(store, "?search=COTTON");
    expect(titles(cotton)).toEqual(["Organic Cotton Tee"]);
    expect(cotton.body.pagination.total).toBe(1);
    expect(titles(await list(store, "?search=cotton&include_drafts=true")).sort()).toEqual(["Cotton draft", "Organic Cotton Tee"]);
    expect(titles(await list(store, "?search=ic%20cot"))).toEqual(["Organic Cotton Tee"]);
    expect(titles(await list(store, "?search=oo")).sort()).toEqual(["Hoodie", "Wool Sweater"]);
    expect(titles(await list(store, "?search=hd-re"))).toEqual(["Hoodie"]);
    expect(titles(await list(store, "?search=hd-"))).toEqual(["Hoodie"]);
    expect(titles(await list(store, "?search=RED-M"))).toEqual([]);
    expect(titles(await list(store, "?search=%25"))).toEqual([]);
    expect(titles(await list(store, "?search=%22"))).toEqual([]);
    expect((await list(store, "?search=zzz")).body.pagination.total).toBe(0);
  });

  it("does not find other stores' products", async () => {
    const store = await catalogStore();
    const other = await onSameDatabase(store.id, catalogStore);
    await makeProduct(other, { title: "Unique Gadget", status: "live" });
    expect(titles(await list(store, "?search=gadget"))).toEqual([]);
  });

  it("search longer than 200 characters → 422", async () => {
    const store = await catalogStore();
    expect((await list(store, `?search=${"a".repeat(201)}`)).status).toBe(422);
  });
});

describe("pagination: limit 1..100 (default 20), offset 0..1,000,000, total", () => {
  it.each(["limit=0", "limit=101", "limit=abc", "limit=1.5", "limit=-1", "offset=-1", "offset=1000001", "offset=x"])("%s → 422", async (query) => {
    const store = await catalogStore();
    const res = await list(store, `?${query}`);
    expect(res.status).toBe(422);
    expect(res.body.errors[0].path).toBe(query.split("=")[0]);
  });

  it("pages through the store with a stable total", async () => {
    const store = await catalogStore();
    for (let i = 1; i <= 5; i++) await makeProduct(store, { title: `P${i}`, status: "live" });
    const first = await list(store, "?limit=2");
    expect(titles(first)).toEqual(["P5", "P4"]);
    expect(first.body.pagination).toEqual({ limit: 2, offset: 0, total: 5, next_cursor: expect.any(String) });
    expect(titles(await list(store, "?limit=2&offset=2"))).toEqual(["P3", "P2"]);
    expect(titles(await list(store, "?limit=2&offset=4"))).toEqual(["P1"]);
    const beyond = await list(store, "?offset=1000000");
    expect(beyond.body.data).toEqual([]);
    expect(beyond.body.pagination.total).toBe(5);
    expect((await list(store, "?limit=100")).status).toBe(200);
  });

  it("total follows creates, publishes, unpublishes and deletes", async () => {
    const store = await catalogStore();
    const totals = async () => [(await list(store)).body.pagination.total, (await list(store, "?include_drafts=true")).body.pagination.total];
    const a = await makeProduct(store);
    const b = await makeProduct(store, { status: "live" });
    expect(await totals()).toEqual([1, 2]);
    await call("POST", store.path(`/${a.id}/publish`), { token: store.token });
    expect(await totals()).toEqual([2, 2]);
    await call("POST", store.path(`/${b.id}/unpublish`), { token: store.token });
    expect(await totals()).toEqual([1, 2]);
    await call("DELETE", store.path(`/${a.id}`), { token: store.token });
    expect(await totals()).toEqual([0, 1]);
    const v = await makeProduct(store, { product_type: "variable", default_price_cents: undefined });
    await makeVariant(store, v.id);
    await call("PATCH", store.path(`/${v.id}`), { token: store.token, body: { status: "live" } });
    expect(await totals()).toEqual([1, 2]);
  });
});

describe("odd search input never causes a 500", () => {
  it("a control character in search → 422", async () => {
    const store = await catalogStore();
    const res = await list(store, "?search=%00abc");
    expect(res.status).toBe(422);
    expect(res.body.errors[0].path).toBe("search");
  });

  it.each(["%22%22%22", "a*b", "NEAR(", "%F0%9F%91%95", "'); DROP TABLE products; --", "%5C%25%5F"])("search=%s", async (term) => {
    const store = await catalogStore();
    await makeProduct(store, { title: "A plain product", status: "live" });
    const res = await list(store, `?search=${term}`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.pagination.total).toBe(0);
  });
});

itSpreadsStoresOverDatabases(() => catalogStoreIds);
