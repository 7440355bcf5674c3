// GET /stores/{id}/products/deleted?since= (docs/api/15-sync-and-bulk.md): the deletions feed, kept as long as events.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { runRetention } from "../../src/retention";
import { call, newToken } from "../helpers/api";
import { type CatalogStore, catalogStore, catalogStoreIds, makeProduct, storeEvents } from "../products/fixtures";
import { itSpreadsStoresOverDatabases, onSameDatabase, storeFirst } from "../products/store-databases";

const DAY = 24 * 60 * 60 * 1000;
const deleted = (store: CatalogStore, query = "", token = store.token) => call("GET", store.path(`/deleted${query}`), { token });
const remove = (store: CatalogStore, id: string) => call("DELETE", store.path(`/${id}`), { token: store.token });

describe("a deleted product is listed with its deletion time, oldest first", () => {
  it("lists {id, deleted_at} in deletion order, filtered by since, paged with cursors", async () => {
    const store = await catalogStore();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await makeProduct(store, { title: `D${i}` })).id);
    for (const id of [ids[1], ids[0], ids[2]]) expect((await remove(store, id)).status).toBe(204);
    const all = await deleted(store);
    expect(all.status).toBe(200);
    expect(all.body.data.map((d: { id: string }) => d.id)).toEqual([ids[1], ids[0], ids[2]]);
    expect(all.body.pagination).toEqual({ limit: 20, offset: 0, total: 3, next_cursor: null });
    const events = (await storeEvents(store.id)).filter((e) => e.name === "products.deleted");
    expect(events.map((e) => e.data.id)).toEqual([ids[1], ids[0], ids[2]]);

    const since = all.body.data[1].deleted_at;
    const later = await deleted(store, `?since=${encodeURIComponent(since)}`);
    expect(later.body.data.map((d: { id: string }) => d.id)).toEqual(
      all.body.data.filter((d: { deleted_at: string }) => d.deleted_at >= since).map((d: { id: string }) => d.id),
    );
    const first = await deleted(store, "?limit=2");
    const rest = await deleted(store, `?limit=2&cursor=${first.body.pagination.next_cursor}`);
    expect([...first.body.data, ...rest.body.data].map((d: { id: string }) => d.id)).toEqual([ids[1], ids[0], ids[2]]);
    expect(rest.body.pagination.next_cursor).toBeNull();
  });

  it("is per store, needs products.read, and refuses a bad since", async () => {
    const store = await catalogStore();
    const other = await onSameDatabase(store.id, catalogStore);
    const p = await makeProduct(store);
    await remove(store, p.id);
    expect((await deleted(other)).body.data).toEqual([]);
    const { token } = await newToken(store.id, store.owner.jwt, ["orders.read"]);
    expect((await deleted(store, "", token)).status).toBe(403);
    expect((await deleted(store, "?since=last-week")).status).toBe(422);
  });

  it("a failed delete (unknown product) records nothing", async () => {
    const store = await catalogStore();
    expect((await remove(store, crypto.randomUUID())).status).toBe(404);
    expect((await deleted(store)).body.data).toEqual([]);
  });
});

describe("deletion records are kept as long as events (the retention cron)", () => {
  it("deletes records older than RETENTION_DAYS, keeps younger ones", async () => {
    const store = await catalogStore();
    const p = await makeProduct(store);
    await remove(store, p.id);
    const count = async () => (await storeFirst<{ n: number }>(store.id, "SELECT count(*) AS n FROM product_deletions WHERE store_id = ?", store.id))!.n;
    expect(await count()).toBe(1);
    await runRetention(env, Date.now() + 29 * DAY);
    expect(await count()).toBe(1);
    const deletedRows = await runRetention(env, Date.now() + 31 * DAY);
    expect(deletedRows.product_deletions).toBeGreaterThanOrEqual(1);
    expect(await count()).toBe(0);
  });
});

itSpreadsStoresOverDatabases(() => catalogStoreIds);
