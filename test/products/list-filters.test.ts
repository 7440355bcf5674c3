// The product list's filters and sorts (docs/catalog.md "Filters and sort"), with cursors that carry the sort key.
import { describe, expect, it } from "vitest";
import { call } from "../helpers/api";
import { type CatalogStore, catalogStore, liveVariable, makeProduct, makeVariant } from "./fixtures";

const list = (store: CatalogStore, query = "") => call("GET", store.path(query), { token: store.token });
const titles = (res: { body: { data: Array<{ title: string }> } }) => res.body.data.map((p) => p.title);

/** Every page of a list with limit 2, following next_cursor; the titles in order. */
async function walk(store: CatalogStore, query: string): Promise<string[]> {
  const seen: string[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 20; page++) {
    const res = await list(store, `?limit=2&${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
    expect(res.status, res.text).toBe(200);
    seen.push(...titles(res));
    cursor = res.body.pagination.next_cursor;
    if (!cursor) return seen;
  }
  throw new Error("too many pages");
}

/** A store with five products of known prices, stock, brands, tags and statuses. */
async function sampleStore() {
  const store = await catalogStore();
  const made: Record<string, any> = {};
  made.boot = await liveVariable(store, "Boot", [
    { sku: "BOOT-1", price_cents: 5000, stock: 3, option_values: [{ name: "Size", value: "S" }] },
    { sku: "BOOT-2", price_cents: 9000, stock: 2, option_values: [{ name: "Size", value: "M" }] },
  ]);
  await call("PATCH", store.path(`/${made.boot.id}`), { token: store.token, body: { brand: "Acme", tags: ["Shoes", "Winter"] } });
  made.sandal = await makeProduct(store, { title: "sandal", status: "live", default_price_cents: 2000, brand: "ACME", tags: ["shoes", "Summer"] });
  made.cap = await makeProduct(store, { title: "Cap", status: "live", default_price_cents: 1000, brand: "Other", external_id: "erp-cap" });
  await call("PATCH", store.path(`/${made.cap.id}/variants/${made.cap.variants[0].id}`), { token: store.token, body: { stock: 10 } });
  made.draft = await makeProduct(store, { title: "Draft coat", default_price_cents: 12000, tags: ["Winter"] });
  made.scarf = await makeProduct(store, { title: "Scarf", status: "live", default_price_cents: 3000 });
  await call("PATCH", store.path(`/${made.scarf.id}/variants/${made.scarf.variants[0].id}`), { token: store.token, body: { fulfillment_mode: "on_demand" } });
  return { store, made };
}

describe("the list filters by status, product_type, brand, tag, price range, in_stock, sku and external_id", () => {
  it("each filter narrows the list as the rule says", async () => {
    const { store } = await sampleStore();
    const set = async (q: string) => titles(await list(store, `?${q}&limit=100`)).sort();
    expect(await set("status=draft")).toEqual(["Draft coat"]);
    expect(await set("status=live")).toEqual(["Boot", "Cap", "Scarf", "sandal"]);
    expect(await set("product_type=variable")).toEqual(["Boot"]);
    expect(await set("brand=acme")).toEqual(["Boot", "sandal"]);
    expect(await set("tag=SHOES")).toEqual(["Boot", "sandal"]);
    expect(await set("tag=shoes&tag=winter")).toEqual(["Boot"]);
    expect(await set("tag=winter&include_drafts=true")).toEqual(["Boot", "Draft coat"]);
    // Any variant within the range: Boot's second variant (9000) is in 8000..9500 although its lowest price is not.
    expect(await set("price_min_cents=8000&price_max_cents=9500")).toEqual(["Boot"]);
    expect(await set("price_max_cents=2000")).toEqual(["Cap", "sandal"]);
    expect(await set("in_stock=true")).toEqual(["Boot", "Cap", "Scarf"]);
    expect(await set("in_stock=false")).toEqual(["sandal"]);
    expect(await set("sku=boot-2")).toEqual(["Boot"]);
    expect(await set("sku=BOOT")).toEqual([]);
    expect(await set("external_id=erp-cap")).toEqual(["Cap"]);
    expect(await set("tag=shoes&search=boo")).toEqual(["Boot"]);
    const counted = await list(store, "?tag=shoes");
    expect(counted.body.pagination.total).toBe(2);
  });

  it.each([
    ["status=archived", "status"],
    ["product_type=bundle", "product_type"],
    ["in_stock=yes", "in_stock"],
    ["price_min_cents=-1", "price_min_cents"],
    ["price_min_cents=500&price_max_cents=100", "price_max_cents"],
    ["sort=popularity", "sort"],
    ["sort=--title", "sort"],
    ["collection_id=00000000-0000-7000-8000-000000000000", "collection_id"],
    ["sort=-title&updated_since=2026-01-01T00:00:00.000Z", "sort"],
  ])("%s → 422", async (query, path) => {
    const store = await catalogStore();
    const res = await list(store, `?${query}`);
    expect(res.status).toBe(422);
    expect(res.body.errors.map((e: { path: string }) => e.path)).toContain(path);
  });
});

describe("the list sorts by updated_at, created_at, title, price or stock, `-` for descending, and cursors stay exact", () => {
  it.each([
    ["title", ["Boot", "Cap", "sandal", "Scarf"]],
    ["-title", ["Scarf", "sandal", "Cap", "Boot"]],
    ["price", ["Cap", "sandal", "Scarf", "Boot"]],
    ["-price", ["Boot", "Scarf", "sandal", "Cap"]],
    ["stock", ["sandal", "Scarf", "Boot", "Cap"]],
    ["-stock", ["Cap", "Boot", "Scarf", "sandal"]],
    ["created_at", ["Boot", "sandal", "Cap", "Scarf"]],
    ["-created_at", ["Scarf", "Cap", "sandal", "Boot"]],
  ])("sort=%s, walked two at a time", async (sort, expected) => {
    const { store } = await sampleStore();
    expect(titles(await list(store, `?sort=${sort}&limit=100`))).toEqual(expected);
    expect(await walk(store, `sort=${sort}`)).toEqual(expected);
  });

  it("a cursor walk with a filter and a sort returns every match once, whatever is written meanwhile", async () => {
    const { store, made } = await sampleStore();
    const first = await list(store, "?sort=price&limit=2&include_drafts=true");
    expect(titles(first)).toEqual(["Cap", "sandal"]);
    // A change after the first page: Cap's price moves it behind the cursor; it is not read twice.
    await call("PATCH", store.path(`/${made.cap.id}/variants/${made.cap.variants[0].id}`), { token: store.token, body: { price_cents: 1500 } });
    const second = await list(store, `?sort=price&limit=2&include_drafts=true&cursor=${encodeURIComponent(first.body.pagination.next_cursor)}`);
    expect(titles(second)).toEqual(["Scarf", "Boot"]);
    expect(await walk(store, "sort=-price&tag=shoes")).toEqual(["Boot", "sandal"]);
  });

  it("a cursor from one sort used with another is 422", async () => {
    const { store } = await sampleStore();
    const cursor = (await list(store, "?sort=price&limit=1")).body.pagination.next_cursor;
    for (const other of ["sort=-price", "sort=title", "", "sort=stock"]) {
      const res = await list(store, `?${other}&cursor=${encodeURIComponent(cursor)}`);
      expect(res.status).toBe(422);
      expect(res.body.errors[0].path).toBe("cursor");
    }
  });

  it("price and stock follow every variant change (create, update, delete)", async () => {
    const store = await catalogStore();
    const a = await liveVariable(store, "A", [{ sku: "A1", price_cents: 500, stock: 1 }]);
    await liveVariable(store, "B", [{ sku: "B1", price_cents: 700, stock: 5 }]);
    expect(titles(await list(store, "?sort=price"))).toEqual(["A", "B"]);
    const extra = await makeVariant(store, a.id, { sku: "A2", price_cents: 100, stock: 0, option_values: [{ name: "Size", value: "L" }] });
    expect(titles(await list(store, "?sort=-stock"))).toEqual(["B", "A"]);
    await call("POST", `/stores/${store.id}/variants/bulk`, { token: store.token, body: { updates: [{ sku: "A1", stock: 50 }] } });
    expect(titles(await list(store, "?sort=-stock"))).toEqual(["A", "B"]);
    await call("DELETE", store.path(`/${a.id}/variants/${extra.id}`), { token: store.token });
    await call("PATCH", store.path(`/${a.id}/variants/${a.variants[0].id}`), { token: store.token, body: { price_cents: 900 } });
    expect(titles(await list(store, "?sort=price"))).toEqual(["B", "A"]);
  });
});

/** Titles and total of a list (at most 100 products). */
async function titlesAndTotal(store: CatalogStore, query: string) {
  const res = await list(store, `?limit=100&${query}`);
  expect(res.status, res.text).toBe(200);
  return { titles: titles(res), total: res.body.pagination.total };
}

describe("a filter's total is the number of its matches, after every change", () => {
  it("status and in_stock totals follow variant, status and delete changes", async () => {
    const { store, made } = await sampleStore();
    const totals = async () => {
      const out: Record<string, number> = {};
      for (const q of [
        "in_stock=true",
        "in_stock=false",
        "in_stock=true&include_drafts=true",
        "in_stock=false&status=draft",
        "status=draft",
        "include_drafts=true",
      ]) {
        const { titles: seen, total } = await titlesAndTotal(store, q);
        expect(total, q).toBe(seen.length);
        out[q] = total;
      }
      return out;
    };
    expect(await totals()).toEqual({
      "in_stock=true": 3,
      "in_stock=false": 1,
      "in_stock=true&include_drafts=true": 3,
      "in_stock=false&status=draft": 1,
      "status=draft": 1,
      "include_drafts=true": 5,
    });
    // sandal gets stock (in stock now), the draft coat goes live, Cap is deleted.
    await call("PATCH", store.path(`/${made.sandal.id}/variants/${made.sandal.variants[0].id}`), { token: store.token, body: { stock: 4 } });
    await call("PATCH", store.path(`/${made.draft.id}`), { token: store.token, body: { status: "live" } });
    expect((await call("DELETE", store.path(`/${made.cap.id}`), { token: store.token })).status).toBe(204);
    expect(await totals()).toEqual({
      "in_stock=true": 3,
      "in_stock=false": 1,
      "in_stock=true&include_drafts=true": 3,
      "in_stock=false&status=draft": 0,
      "status=draft": 0,
      "include_drafts=true": 4,
    });
    expect((await titlesAndTotal(store, "in_stock=false")).titles).toEqual(["Draft coat"]);
  });

  it("a product with several variants in the price range is one match; the range follows status and changes", async () => {
    const { store, made } = await sampleStore();
    // Boot: 5000 and 9000, both in range.
    expect(await titlesAndTotal(store, "price_min_cents=4000&price_max_cents=10000")).toEqual({ titles: ["Boot"], total: 1 });
    expect(await titlesAndTotal(store, "price_min_cents=1000&price_max_cents=13000&include_drafts=true")).toEqual({
      titles: ["Scarf", "Draft coat", "Cap", "sandal", "Boot"],
      total: 5,
    });
    await call("PATCH", store.path(`/${made.draft.id}`), { token: store.token, body: { status: "live" } });
    await call("PATCH", store.path(`/${made.boot.id}`), { token: store.token, body: { title: "Boots" } });
    expect(await titlesAndTotal(store, "price_min_cents=4000&price_max_cents=13000")).toEqual({ titles: ["Boots", "Draft coat"], total: 2 });
    expect(await walk(store, "price_min_cents=4000&price_max_cents=13000")).toEqual(["Boots", "Draft coat"]);
  });

  it("a tag's list follows its products' status and changes, newest change first", async () => {
    const { store, made } = await sampleStore();
    expect(await titlesAndTotal(store, "tag=winter")).toEqual({ titles: ["Boot"], total: 1 });
    await call("PATCH", store.path(`/${made.draft.id}`), { token: store.token, body: { status: "live" } });
    expect(await titlesAndTotal(store, "tag=winter")).toEqual({ titles: ["Draft coat", "Boot"], total: 2 });
    // A change to Boot (not to its tags) moves it first.
    await call("PATCH", store.path(`/${made.boot.id}`), { token: store.token, body: { title: "Boots" } });
    expect(await titlesAndTotal(store, "tag=winter")).toEqual({ titles: ["Boots", "Draft coat"], total: 2 });
    expect(await walk(store, "tag=winter&tag=shoes")).toEqual(["Boots"]);
    await call("PATCH", store.path(`/${made.boot.id}`), { token: store.token, body: { status: "draft" } });
    expect(await titlesAndTotal(store, "tag=winter")).toEqual({ titles: ["Draft coat"], total: 1 });
    expect(await titlesAndTotal(store, "tag=winter&include_drafts=true")).toEqual({ titles: ["Boots", "Draft coat"], total: 2 });
    expect(await titlesAndTotal(store, "tag=winter&status=draft")).toEqual({ titles: ["Boots"], total: 1 });
  });
});
