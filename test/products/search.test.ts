// The product list's search (docs/api/06-products.md; docs/catalog.md "List and search"): the title index per store
// (migration 0030), its two ways to a page, and the triggers that keep it in step with every change of a product.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call } from "../helpers/api";
import { shardOf, storeD1 } from "../helpers/databases";
import { drive, keptQueue, otherShard, startMove } from "../moves/support";
import { type CatalogStore, catalogStore, catalogStoreIds, liveVariable, makeProduct } from "./fixtures";
import { itSpreadsStoresOverDatabases, onDatabase, onSameDatabase, storeAll, storeFirst, storeRun } from "./store-databases";

const list = (store: CatalogStore, query: string) => call("GET", store.path(`?${query}`), { token: store.token });

/** Every id of a list, page by page through its cursors (`limit` per page). */
async function allPages(store: CatalogStore, query: string, limit = 4): Promise<{ ids: string[]; totals: number[] }> {
  const ids: string[] = [];
  const totals: number[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 50; pages++) {
    const res = await list(store, `${query}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
    expect(res.status, res.text).toBe(200);
    ids.push(...res.body.data.map((p: { id: string }) => p.id));
    totals.push(res.body.pagination.total);
    cursor = res.body.pagination.next_cursor;
    if (!cursor) return { ids, totals };
  }
  throw new Error("more than 50 pages");
}

interface Listed {
  id: string;
  title: string;
  variants: Array<{ sku: string | null }>;
}

/** What a search must answer: the list without it, in its order, keeping the matches (title substring, SKU prefix). */
async function expected(store: CatalogStore, query: string, term: string): Promise<string[]> {
  const res = await list(store, `${query}&limit=100`);
  const lower = term.toLowerCase();
  return (res.body.data as Listed[])
    .filter((p) => p.title.toLowerCase().includes(lower) || p.variants.some((v) => v.sku?.toLowerCase().startsWith(lower)))
    .map((p) => p.id);
}

/** The store's entries in the title index, by status (its rowid ranges: migration 0030). */
async function indexEntries(storeId: string, db?: D1Database) {
  const d1 = db ?? (await storeD1(storeId));
  const row = await d1
    .prepare(
      `SELECT (SELECT count(*) FROM products_fts_by_store WHERE rowid >= k.search_key * 2199023255552 + 1099511627776 AND rowid < (k.search_key + 1) * 2199023255552) AS live,
        (SELECT count(*) FROM products_fts_by_store WHERE rowid >= k.search_key * 2199023255552 AND rowid < k.search_key * 2199023255552 + 1099511627776) AS draft
       FROM products_fts_store_keys k WHERE k.store_id = ?`,
    )
    .bind(storeId)
    .first<{ live: number; draft: number }>();
  return row ?? { live: 0, draft: 0 };
}

const productCounts = async (storeId: string) =>
  (await storeFirst<{ live: number; draft: number }>(
    storeId,
    "SELECT count(*) FILTER (WHERE status = 'live') AS live, count(*) FILTER (WHERE status = 'draft') AS draft FROM products WHERE store_id = ?",
    storeId,
  ))!;

describe("a search answers its own store's products, and reads only its store's entries of the title index", () => {
  it("two stores on one database with the same titles: each finds, counts and pages through its own products only", async () => {
    const store = await catalogStore();
    const other = await onSameDatabase(store.id, catalogStore);
    for (const s of [store, other]) {
      for (const title of ["Leather bag", "Leather belt", "Wool hat"]) await makeProduct(s, { title, status: "live" });
      await makeProduct(s, { title: "Leather draft" });
    }
    for (const s of [store, other]) {
      const mine = await storeAll<{ id: string }>(s.id, "SELECT id FROM products WHERE store_id = ? AND title LIKE '%leather%'", s.id);
      const res = await list(s, "search=leather&include_drafts=true");
      expect(res.body.pagination.total).toBe(3);
      expect(res.body.data.map((p: { id: string }) => p.id).sort()).toEqual(mine.map((r) => r.id).sort());
      expect((await list(s, "search=leather")).body.pagination.total).toBe(2);
      expect(await indexEntries(s.id)).toEqual(await productCounts(s.id));
    }
  });
});

describe("the page is the same whichever way it is read: the list's own index (dense matches) or the matches sorted (sparse)", () => {
  // 24 products, 18 live: "Alpha" in 16 titles (dense: 12 live, 12 * 12 >= 18), "Omega" in 4 (sparse: 3 live,
  // 3 * 3 < 18), an SKU prefix "om-" on 2 more; drafts among both; prices and stock spread so that every sort orders
  // them differently. Pages of 2, so both ways page by cursor.
  async function seeded() {
    const store = await catalogStore();
    for (let i = 0; i < 24; i++) {
      const word = i < 16 ? "Alpha" : i < 20 ? "Omega" : "Plain";
      const title = `${i % 3 === 0 ? word.toUpperCase() : word} item ${String.fromCharCode(90 - i)}`;
      if (i >= 22) {
        await liveVariable(store, title, [{ sku: `OM-${i}`, price_cents: 500 + ((i * 37) % 11) * 100, stock: i % 4 }]);
      } else {
        await makeProduct(store, { title, status: i % 4 === 1 ? "draft" : "live", default_price_cents: 500 + ((i * 37) % 11) * 100 });
      }
    }
    return store;
  }

  it("every sort, both directions, live only, drafts included and status=draft, page by page and by offset", { timeout: 120_000 }, async () => {
    const store = await seeded();
    const sorts = ["", "&sort=created_at", "&sort=-title", "&sort=title", "&sort=price", "&sort=-stock"];
    const statuses = ["", "&include_drafts=true", "&status=draft"];
    for (const term of ["alpha", "omega", "om-", "ph"]) {
      for (const status of statuses) {
        for (const sort of sorts.slice(0, status === "" ? sorts.length : 2)) {
          const query = `${status}${sort}`;
          const want = await expected(store, query, term);
          const got = await allPages(store, `search=${term}${query}`, 2);
          expect(got.ids, `${term} ${query}`).toEqual(want);
          expect(new Set(got.totals), `${term} ${query}`).toEqual(new Set([want.length]));
          if (want.length > 3) {
            const page = await list(store, `search=${term}${query}&limit=3&offset=2`);
            expect(
              page.body.data.map((p: { id: string }) => p.id),
              `${term} ${query} offset`,
            ).toEqual(want.slice(2, 5));
          }
        }
      }
    }
  });
});

describe("the title index follows every change of a product (the triggers of migration 0030)", () => {
  it("create, title change, publish, unpublish, delete: searches and the index's entries follow", async () => {
    const store = await catalogStore();
    const product = await liveVariable(store, "Canvas tote", [{ sku: "TOTE-1" }]);
    const ids = (query: string) => list(store, query).then((r) => r.body.data.map((p: { id: string }) => p.id));
    expect(await ids("search=canvas")).toEqual([product.id]);

    expect((await call("PATCH", store.path(`/${product.id}`), { token: store.token, body: { title: "Linen tote" } })).status).toBe(200);
    expect(await ids("search=canvas")).toEqual([]);
    expect(await ids("search=linen")).toEqual([product.id]);

    expect((await call("POST", store.path(`/${product.id}/unpublish`), { token: store.token })).status).toBe(200);
    expect(await ids("search=linen")).toEqual([]);
    expect(await ids("search=linen&include_drafts=true")).toEqual([product.id]);
    expect(await ids("search=linen&status=draft")).toEqual([product.id]);
    expect(await indexEntries(store.id)).toEqual({ live: 0, draft: 1 });

    expect((await call("POST", store.path(`/${product.id}/publish`), { token: store.token })).status).toBe(200);
    expect(await ids("search=linen")).toEqual([product.id]);
    expect(await ids("search=linen&status=draft")).toEqual([]);
    expect(await indexEntries(store.id)).toEqual({ live: 1, draft: 0 });

    // A change of neither title nor status leaves the entry where it is.
    expect((await call("PATCH", store.path(`/${product.id}`), { token: store.token, body: { description: "Roomy" } })).status).toBe(200);
    expect(await ids("search=linen")).toEqual([product.id]);

    expect((await call("DELETE", store.path(`/${product.id}`), { token: store.token })).status).toBe(204);
    expect(await ids("search=linen&include_drafts=true")).toEqual([]);
    expect(await indexEntries(store.id)).toEqual({ live: 0, draft: 0 });
  });

  it("a store's first product gives it its number on the database; its later products share it", async () => {
    const store = await catalogStore();
    const key = () => storeFirst<{ search_key: number }>(store.id, "SELECT search_key FROM products_fts_store_keys WHERE store_id = ?", store.id);
    expect(await key()).toBeNull();
    await makeProduct(store, { title: "First" });
    const first = (await key())!.search_key;
    await makeProduct(store, { title: "Second" });
    expect((await key())!.search_key).toBe(first);
    expect(await indexEntries(store.id)).toEqual({ live: 0, draft: 2 });
  });
});

describe("migration 0030 builds the index for the products that exist when it runs", () => {
  it("emptied and rebuilt by the migration's own statements, the searches answer as before", async () => {
    const store = await catalogStore();
    await makeProduct(store, { title: "Velvet chair", status: "live" });
    await liveVariable(store, "Oak table", [{ sku: "VELVET-9" }]);
    await makeProduct(store, { title: "Velvet draft" });
    const before = [(await list(store, "search=velvet")).body, (await list(store, "search=velvet&include_drafts=true")).body];
    const shard = await shardOf(store.id);
    const migration = (env.TEST_MIGRATIONS as unknown as Record<string, Array<{ name: string; queries: string[] }>>)[shard].find((m) =>
      m.name.startsWith("0030_"),
    )!;
    const statement = (q: string) => q.replace(/^(\s*--.*\n)*/, "").trim();
    const rebuild = migration.queries.map(statement).filter((q) => /^INSERT INTO `products_fts_(store_keys|by_store)`/.test(q));
    expect(rebuild.length).toBeGreaterThan(1);
    await storeRun(store.id, "INSERT INTO products_fts_by_store (products_fts_by_store) VALUES ('delete-all')");
    await storeRun(store.id, "DELETE FROM products_fts_store_keys");
    // Emptied: only the SKU match is left (SKUs are searched in their own index).
    expect((await list(store, "search=velvet&include_drafts=true")).body.pagination.total).toBe(1);
    for (const q of rebuild) await storeRun(store.id, q);
    expect([(await list(store, "search=velvet")).body, (await list(store, "search=velvet&include_drafts=true")).body]).toEqual(before);
    expect(before[1].pagination.total).toBe(3);
    expect(await indexEntries(store.id)).toEqual(await productCounts(store.id));
  });
});

describe("a store move: the arriving database indexes the store's titles in its own ranges, the one it left keeps none", () => {
  it("search answers the same after the move; the target's neighbour with the same titles is untouched", { timeout: 120_000 }, async () => {
    const store = await catalogStore();
    await makeProduct(store, { title: "Suede boot", status: "live" });
    await liveVariable(store, "Suede loafer", [{ sku: "SUEDE-2" }]);
    await makeProduct(store, { title: "Suede draft" });
    const source = await shardOf(store.id);
    const target = await otherShard(store.id);
    const other = await onDatabase(target, catalogStore);
    await makeProduct(other, { title: "Suede hat", status: "live" });
    const before = [(await list(store, "search=suede")).body, (await list(store, "search=suede&include_drafts=true")).body];

    const q = keptQueue();
    const started = await startMove(store.id, target, q);
    expect(started.status).toBe(202);
    const move = await drive(started.body.id, q);
    expect(move.state).toBe("done");

    expect(await shardOf(store.id)).toBe(target);
    expect([(await list(store, "search=suede")).body, (await list(store, "search=suede&include_drafts=true")).body]).toEqual(before);
    expect(await indexEntries(store.id)).toEqual({ live: 2, draft: 1 });
    const sourceDb = (env as unknown as Record<string, D1Database>)[source];
    expect(await indexEntries(store.id, sourceDb)).toEqual({ live: 0, draft: 0 });
    expect((await list(other, "search=suede")).body.pagination.total).toBe(1);
  });
});

itSpreadsStoresOverDatabases(() => catalogStoreIds);
