// Cursors and change feeds (docs/api/15-sync-and-bulk.md) on the products, orders and customers lists.
import { describe, expect, it } from "vitest";
import { call } from "../helpers/api";
import { type CatalogStore, catalogStore, catalogStoreIds, makeProduct } from "../products/fixtures";
import { itSpreadsStoresOverDatabases } from "../products/store-databases";

const get = (store: CatalogStore, path: string) => call("GET", `/stores/${store.id}${path}`, { token: store.token });

/** Every page of `path` by next_cursor: the ids in walk order, and the page count. */
async function walk(store: CatalogStore, path: string, between?: (page: number) => Promise<void>) {
  const ids: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const sep = path.includes("?") ? "&" : "?";
    const res = await get(store, cursor ? `${path}${sep}cursor=${encodeURIComponent(cursor)}` : path);
    expect(res.status).toBe(200);
    ids.push(...res.body.data.map((item: { id: string }) => item.id));
    cursor = res.body.pagination.next_cursor;
    pages++;
    if (cursor && between) await between(pages);
  } while (cursor);
  return { ids, pages };
}

describe("pagination.next_cursor: a cursor for the next page, null on the last page", () => {
  it("pages of 2 over 5 products carry a cursor until the last page", async () => {
    const store = await catalogStore();
    for (let i = 0; i < 5; i++) await makeProduct(store, { title: `P${i}` });
    const first = await get(store, "/products?include_drafts=true&limit=2");
    expect(first.body.pagination).toMatchObject({ limit: 2, offset: 0, total: 5 });
    expect(typeof first.body.pagination.next_cursor).toBe("string");
    const { ids, pages } = await walk(store, "/products?include_drafts=true&limit=2");
    expect(pages).toBe(3);
    expect(ids).toHaveLength(5);
    const exact = await get(store, "/products?include_drafts=true&limit=5");
    expect(exact.body.pagination.next_cursor).toBeNull();
  });

  it("an offset page also gives a cursor to continue from its last item", async () => {
    const store = await catalogStore();
    for (let i = 0; i < 4; i++) await makeProduct(store, { title: `P${i}` });
    const all = (await get(store, "/products?include_drafts=true")).body.data.map((p: { id: string }) => p.id);
    const second = await get(store, "/products?include_drafts=true&limit=1&offset=1");
    expect(second.body.data[0].id).toBe(all[1]);
    const next = await get(store, `/products?include_drafts=true&limit=5&cursor=${second.body.pagination.next_cursor}`);
    expect(next.body.data.map((p: { id: string }) => p.id)).toEqual(all.slice(2));
  });
});

describe("a cursor walk never repeats or skips an item that stayed unchanged, whatever is written meanwhile", () => {
  it("inserts, updates and deletes between pages: every unchanged product is read exactly once", async () => {
    const store = await catalogStore();
    const made: string[] = [];
    for (let i = 0; i < 12; i++) made.push((await makeProduct(store, { title: `Item ${i}` })).id);
    const touched = new Set<string>();
    const { ids } = await walk(store, "/products?include_drafts=true&limit=3", async (page) => {
      // A new product, an update of one not yet read (it moves to the front), and an update of one already read.
      await makeProduct(store, { title: `New ${page}` });
      const notYetRead = made[page - 1];
      const alreadyRead = made[made.length - page];
      for (const id of [notYetRead, alreadyRead]) {
        touched.add(id);
        await call("PATCH", store.path(`/${id}`), { token: store.token, body: { title: `Changed ${page}` } });
      }
      const gone = made[6 + page];
      touched.add(gone);
      expect((await call("DELETE", store.path(`/${gone}`), { token: store.token })).status).toBe(204);
    });
    const unchanged = made.filter((id) => !touched.has(id));
    expect(new Set(ids).size).toBe(ids.length); // nothing read twice
    for (const id of unchanged) expect(ids.filter((x) => x === id)).toHaveLength(1);
  });

  it("offset paging, by contrast, shifts under an insert (why cursors exist)", async () => {
    const store = await catalogStore();
    for (let i = 0; i < 4; i++) await makeProduct(store, { title: `Item ${i}` });
    const first = await get(store, "/products?include_drafts=true&limit=2");
    await makeProduct(store, { title: "Inserted" });
    const byOffset = await get(store, "/products?include_drafts=true&limit=2&offset=2");
    const byCursor = await get(store, `/products?include_drafts=true&limit=2&cursor=${first.body.pagination.next_cursor}`);
    expect(byOffset.body.data[0].id).toBe(first.body.data[1].id); // read twice by offset
    expect(byCursor.body.data.map((p: { id: string }) => p.id)).not.toContain(first.body.data[1].id);
  });
});

describe("updated_since: oldest change first (updated_at, then id), drafts included", () => {
  it("lists products changed at or after the time, ascending, with drafts, and the next change comes last", async () => {
    const store = await catalogStore();
    const a = await makeProduct(store, { title: "A", status: "live" });
    const b = await makeProduct(store, { title: "B draft" });
    const c = await makeProduct(store, { title: "C" });
    await call("PATCH", store.path(`/${a.id}`), { token: store.token, body: { title: "A2" } });
    const res = await get(store, `/products?updated_since=${encodeURIComponent(b.updated_at)}`);
    expect(res.status).toBe(200);
    expect(res.body.data.map((p: { id: string }) => p.id)).toEqual([b.id, c.id, a.id]);
    expect(res.body.pagination.total).toBe(3);
    const times = res.body.data.map((p: { updated_at: string }) => p.updated_at);
    expect([...times].sort()).toEqual(times);
  });

  it("walks a feed with cursors; a change made during the walk is read again at the end", async () => {
    const store = await catalogStore();
    const made: string[] = [];
    for (let i = 0; i < 6; i++) made.push((await makeProduct(store, { title: `F${i}` })).id);
    const { ids } = await walk(store, "/products?updated_since=2000-01-01T00:00:00.000Z&limit=2", async (page) => {
      if (page === 1) await call("PATCH", store.path(`/${made[0]}`), { token: store.token, body: { title: "F0 again" } });
    });
    expect(ids).toEqual([...made, made[0]]);
  });

  it("orders and customers take the same cursor and updated_since", async () => {
    const store = await catalogStore();
    const customers: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await call("POST", `/stores/${store.id}/customers`, { token: store.token, body: { email: `c${i}@example.test` } });
      customers.push(res.body.id);
    }
    const { ids, pages } = await walk(store, "/customers?limit=2");
    expect(pages).toBe(2);
    expect(ids).toEqual([...customers].reverse());
    await call("PATCH", `/stores/${store.id}/customers/${customers[0]}`, { token: store.token, body: { name: "First" } });
    const feed = await get(store, "/customers?updated_since=2000-01-01T00:00:00.000Z");
    expect(feed.body.data.map((c: { id: string }) => c.id)).toEqual([customers[1], customers[2], customers[0]]);
    const orders = await get(store, "/orders?updated_since=2000-01-01T00:00:00.000Z&limit=5");
    expect(orders.status).toBe(200);
    expect(orders.body.pagination).toEqual({ limit: 5, offset: 0, total: 0, next_cursor: null });
  });
});

describe("bad cursors and mixes are 422, never 500", () => {
  it("cursor with offset, a tampered cursor, a cursor of another list or order, a bad updated_since", async () => {
    const store = await catalogStore();
    for (let i = 0; i < 3; i++) await makeProduct(store, { title: `P${i}` });
    const cursor = (await get(store, "/products?include_drafts=true&limit=1")).body.pagination.next_cursor as string;
    const cases = [
      [`/products?cursor=${cursor}&offset=0`, "offset"],
      [`/products?cursor=${cursor.slice(0, -3)}x`, "cursor"],
      [`/products?cursor=${cursor}AAAA`, "cursor"],
      ["/products?cursor=not-a-cursor!", "cursor"],
      [`/products?cursor=${btoa('["products:desc","yesterday","x"]')}`, "cursor"],
      [`/products?updated_since=2020-01-01T00:00:00.000Z&cursor=${cursor}`, "cursor"],
      [`/customers?cursor=${cursor}`, "cursor"],
      [`/orders?cursor=${cursor}`, "cursor"],
      ["/products?updated_since=yesterday", "updated_since"],
      ["/customers?updated_since=2026-13-45T00:00:00.000Z", "updated_since"],
    ] as const;
    for (const [path, field] of cases) {
      const res = await get(store, path);
      expect(res.status, path).toBe(422);
      expect(res.body.code).toBe("validation_failed");
      expect(res.body.errors.map((e: { path: string }) => e.path)).toContain(field);
    }
  });
});

itSpreadsStoresOverDatabases(() => catalogStoreIds);
