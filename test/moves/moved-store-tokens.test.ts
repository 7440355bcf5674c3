// Issue 23 item 5: a store's move leaves its rows on the source database until the purge, and a token revoked after
// the move is revoked only on the target. That old copy must never vouch for the token: on a third store's paths
// (whose database is the source) it is 401, not 403 "belongs to another store", and GET /me does not accept it from
// an isolate whose placement cache still names the source. The same holds for an integration's key.
import { describe, expect, it } from "vitest";
import { rememberPlacement } from "../../src/placement/store-db";
import { call, newStore, newToken, type TestStore } from "../helpers/api";
import { shardOf } from "../helpers/databases";
import { fetchWithEnv } from "../helpers/support";
import { d1, drive, keptQueue, otherShard, startMove } from "./support";

/** A store on `shard` (stores are spread over the databases: a few tries). */
async function storeOn(shard: string): Promise<TestStore> {
  for (let i = 0; i < 20; i++) {
    const store = await newStore();
    if ((await shardOf(store.id)) === shard) return store;
  }
  throw new Error(`no store landed on ${shard}`);
}

/** Moves `store` to the other database and stops once the move is done, before the source is purged. */
async function moveKeepingSource(store: TestStore): Promise<{ source: string; target: string }> {
  const source = await shardOf(store.id);
  const target = await otherShard(store.id);
  const q = keptQueue();
  const started = await startMove(store.id, target, q);
  expect(started.status).toBe(202);
  const move = await drive(started.body.id, q, { stop: (m) => m.state === "done" || m.state === "failed" });
  expect(move.state).toBe("done");
  return { source, target };
}

const get = (path: string, token: string) =>
  fetchWithEnv(new Request(`http://api.test${path}`, { headers: { Authorization: `Bearer ${token}` } }), {}).then(async (r) => ({
    status: r.status,
    body: (await r.json()) as any,
  }));

describe("a token revoked after its store moved is 401 everywhere, whatever the source database still holds", () => {
  it("on a third store's paths (on the source database): 401, not 403; a live token of the moved store is still 403 there", async () => {
    const moved = await newStore();
    const source = await shardOf(moved.id);
    const third = await storeOn(source);
    const revoked = await newToken(moved.id, moved.owner.jwt, ["products.read"]);
    const live = await newToken(moved.id, moved.owner.jwt, ["products.read"]);
    await moveKeepingSource(moved);
    const copy = await d1(source).prepare("SELECT revoked_at FROM api_tokens WHERE id = ?").bind(revoked.id).first();
    expect(copy, "the source still holds the token's old row").toEqual({ revoked_at: null });
    expect((await call("DELETE", `/stores/${moved.id}/api-tokens/${revoked.id}`, { token: moved.owner.jwt })).status).toBe(204);
    for (const path of [`/stores/${third.id}`, `/stores/${third.id}/products`]) {
      const res = await get(path, revoked.token);
      expect(res.status, path).toBe(401);
      expect(res.body.code).toBe("unauthenticated");
      expect((await get(path, live.token)).status, path).toBe(403);
    }
    expect((await get(`/stores/${moved.id}/products`, live.token)).status).toBe(200);
  });

  it("GET /me from an isolate whose cache still names the source: 401 for the revoked token, 200 for a live one", async () => {
    const moved = await newStore();
    const revoked = await newToken(moved.id, moved.owner.jwt, ["products.read"]);
    const live = await newToken(moved.id, moved.owner.jwt, ["products.read"]);
    const { source } = await moveKeepingSource(moved);
    expect((await call("DELETE", `/stores/${moved.id}/api-tokens/${revoked.id}`, { token: moved.owner.jwt })).status).toBe(204);
    const stale = () => rememberPlacement({ storeId: moved.id, shard: source, state: "active", version: 1 });
    stale();
    expect((await get("/me", revoked.token)).status).toBe(401);
    stale();
    const me = await get("/me", live.token);
    expect(me.status).toBe(200);
    expect(me.body.stores.map((s: { id: string }) => s.id)).toEqual([moved.id]);
  });

  it("an integration's key revoked after the move: 401 on a third store's paths and on GET /me with a stale cache", async () => {
    const moved = await newStore();
    const source = await shardOf(moved.id);
    const third = await storeOn(source);
    const created = await call("POST", `/stores/${moved.id}/integrations`, { token: moved.owner.jwt, body: { name: "ERP", scopes: ["products.read"] } });
    await moveKeepingSource(moved);
    expect((await call("DELETE", `/stores/${moved.id}/integrations/${created.body.id}`, { token: moved.owner.jwt })).status).toBe(204);
    expect((await get(`/stores/${third.id}/products`, created.body.token)).status).toBe(401);
    rememberPlacement({ storeId: moved.id, shard: source, state: "active", version: 1 });
    expect((await get("/me", created.body.token)).status).toBe(401);
  });
});
