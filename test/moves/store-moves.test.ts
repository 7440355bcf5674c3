// A store changing databases (docs/scale.md sections 2 and 4, "Moving a store"), done here by hand with SQL as the
// move job would: copy the store's rows to the other database, flip the directory, mark the old row `moved`. Each
// isolate remembers where a store is for a while, so the rule tested is that a stale memory is safe: the old
// database's `moved` answer makes the Worker read the directory again and retry there. And while a move has a
// store's writes paused (its row says `moving`), changes are 503 with Retry-After while reads go on.
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type TestStore, call, newToken } from "../helpers/api";
import { writeBeforeNextBatches } from "../helpers/d1-batches";
import { shardOf, storeShardNames } from "../helpers/databases";
import { newStoreOnEachShard } from "../helpers/spread";
import { countingEverywhere, fetchWithEnv, storeFirst } from "../helpers/support";

afterEach(() => vi.restoreAllMocks());

const bindings = env as unknown as Record<string, D1Database>;

/**
 * Copies every row of `storeId` from database `from` to `to` (the store row first, the members' user copies, then
 * every table with a store_id; the search index and counters follow from their triggers), in one batch.
 */
async function copyStore(storeId: string, from: D1Database, to: D1Database) {
  const { results: tables } = await from
    .prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND sql NOT LIKE 'CREATE VIRTUAL%' AND name NOT LIKE 'sqlite%' AND name NOT LIKE '%fts%' AND name NOT LIKE '\\_cf%' ESCAPE '\\' AND name NOT LIKE 'd1\\_%' ESCAPE '\\'",
    )
    .all<{ name: string }>();
  const hasStoreId = async (table: string) => (await from.prepare("SELECT 1 FROM pragma_table_info(?) WHERE name = 'store_id'").bind(table).first()) !== null;
  const selections: Array<[string, string]> = [
    ["stores", "id = ?1"],
    ["users", "id IN (SELECT user_id FROM memberships WHERE store_id = ?1)"],
  ];
  for (const { name } of tables) if (!["stores", "users"].includes(name) && (await hasStoreId(name))) selections.push([name, "store_id = ?1"]);
  const statements: D1PreparedStatement[] = [to.prepare("PRAGMA defer_foreign_keys = on")];
  for (const [table, where] of selections) {
    const { results } = await from.prepare(`SELECT * FROM ${table} WHERE ${where}`).bind(storeId).all<Record<string, unknown>>();
    for (const row of results) {
      const columns = Object.keys(row);
      statements.push(
        to.prepare(`INSERT OR REPLACE INTO ${table} (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`).bind(...Object.values(row)),
      );
    }
  }
  await to.batch(statements);
}

/** Moves `store` to the other store database by hand; returns the old and new database names. */
async function moveByHand(store: TestStore) {
  const from = await shardOf(store.id);
  const to = storeShardNames().find((name) => name !== from)!;
  await copyStore(store.id, bindings[from], bindings[to]);
  await env.DIRECTORY.prepare("UPDATE store_directory SET shard = ?, version = version + 1 WHERE store_id = ?").bind(to, store.id).run();
  await bindings[from].prepare("UPDATE stores SET state = 'moved' WHERE id = ?").bind(store.id).run();
  return { from, to };
}

const request = (method: string, path: string, token: string, body?: unknown) =>
  new Request(`http://api.test${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

/** One request on this isolate's app with every database counted. */
async function counted(method: string, path: string, token: string, body?: unknown) {
  const counting = countingEverywhere();
  const res = await fetchWithEnv(request(method, path, token, body), counting.overrides);
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, queries: (name: string) => counting.counters[name].queries };
}

describe("a stale placement is safe: a store moved to another database answers from there on the next request", () => {
  it("reads and writes by PAT and JWT right after the move: the old database says `moved`, the directory is read again, the request retried there", async () => {
    const [store] = await newStoreOnEachShard();
    const pat = await newToken(store.id, store.owner.jwt, ["products.read", "products.write", "products.edit"]);
    const before = await call("POST", `/stores/${store.id}/products`, { token: pat.token, body: { title: "Before the move", product_type: "single" } });
    expect(before.status).toBe(201);
    // This isolate now remembers the store's first database.
    expect((await counted("GET", `/stores/${store.id}/products`, pat.token)).status).toBe(200);
    const { from, to } = await moveByHand(store);

    const read = await counted("GET", `/stores/${store.id}/products?include_drafts=true`, pat.token);
    expect(read.status).toBe(200);
    expect(read.body.data.map((p: any) => p.id)).toEqual([before.body.id]);
    expect(read.queries(from), "the stale database is asked once").toBe(1);
    expect(read.queries("DIRECTORY"), "the directory read again").toBe(1);
    expect(read.queries(to)).toBe(1);

    // From then on the new place is remembered: the old database is not asked again.
    const jwtRead = await counted("GET", `/stores/${store.id}`, store.owner.jwt);
    expect(jwtRead.status).toBe(200);
    expect(jwtRead.body.id).toBe(store.id);
    expect(jwtRead.queries(from)).toBe(0);

    const write = await counted("POST", `/stores/${store.id}/products`, store.owner.jwt, { title: "After the move", product_type: "single" });
    expect(write.status).toBe(201);
    expect(await bindings[to].prepare("SELECT title FROM products WHERE id = ?").bind(write.body.id).first()).toEqual({ title: "After the move" });
    expect(await bindings[from].prepare("SELECT 1 FROM products WHERE id = ?").bind(write.body.id).first()).toBeNull();
    const byPat = await call("PATCH", `/stores/${store.id}/products/${before.body.id}`, { token: pat.token, body: { title: "Renamed after the move" } });
    expect(byPat.status, byPat.text).toBe(200);
    expect(await bindings[to].prepare("SELECT title FROM products WHERE id = ?").bind(before.body.id).first()).toEqual({ title: "Renamed after the move" });
  });

  it("a session JWT on a stale placement: the membership is checked on the new database, the session still in the user's session object", async () => {
    const [store] = await newStoreOnEachShard();
    expect((await counted("GET", `/stores/${store.id}`, store.owner.jwt)).status).toBe(200);
    const { from, to } = await moveByHand(store);
    const res = await counted("GET", `/stores/${store.id}/members`, store.owner.jwt);
    expect(res.status).toBe(200);
    expect(res.body.data.map((m: any) => m.user_id ?? m.id)).toContain(store.owner.id);
    expect(res.queries(from)).toBe(1);
    expect(res.queries(to)).toBeGreaterThanOrEqual(2); // the membership, then the members list
    expect(res.queries("DIRECTORY")).toBe(1); // the fresh placement (the session is the user's session object's)
    // A logout still counts there on the next request.
    expect((await call("POST", "/logout", { token: store.owner.jwt })).status).toBe(204);
    expect((await counted("GET", `/stores/${store.id}/members`, store.owner.jwt)).status).toBe(401);
  });
});

describe("while a move has a store's writes paused (its row says `moving`), changes are 503 service_unavailable with Retry-After; reads answer 200", () => {
  async function pausedStore() {
    const [store] = await newStoreOnEachShard();
    const pat = await newToken(store.id, store.owner.jwt, ["products.read", "products.write", "products.edit", "products.delete"]);
    const product = await call("POST", `/stores/${store.id}/products`, { token: pat.token, body: { title: "Lamp", product_type: "single" } });
    expect(product.status).toBe(201);
    const shard = await shardOf(store.id);
    await env.DIRECTORY.prepare("UPDATE store_directory SET state = 'moving' WHERE store_id = ?").bind(store.id).run();
    await bindings[shard].prepare("UPDATE stores SET state = 'moving' WHERE id = ?").bind(store.id).run();
    const resume = async () => {
      await bindings[shard].prepare("UPDATE stores SET state = 'active' WHERE id = ?").bind(store.id).run();
      await env.DIRECTORY.prepare("UPDATE store_directory SET state = 'active' WHERE store_id = ?").bind(store.id).run();
    };
    return { store, pat, product: product.body, resume };
  }

  function expectPaused(res: { status: number; headers: Headers; body: any }, what: string) {
    expect(res.status, what).toBe(503);
    expect(res.body.code, what).toBe("service_unavailable");
    expect(Number(res.headers.get("Retry-After")), what).toBeGreaterThanOrEqual(1);
  }

  it("by PAT and by JWT: create, update and delete are refused and change nothing; list and get answer; after the pause writes work again", async () => {
    const { store, pat, product, resume } = await pausedStore();
    const audit = async () => (await storeFirst<{ n: number }>(store.id, "SELECT count(*) AS n FROM audit_log WHERE store_id = ?", store.id))!.n;
    const auditBefore = await audit();
    for (const token of [pat.token, store.owner.jwt]) {
      const who = token === pat.token ? "PAT" : "JWT";
      expectPaused(await call("POST", `/stores/${store.id}/products`, { token, body: { title: "New", product_type: "single" } }), `${who} create`);
      expectPaused(await call("PATCH", `/stores/${store.id}/products/${product.id}`, { token, body: { title: "Desk lamp" } }), `${who} update`);
      expectPaused(await call("DELETE", `/stores/${store.id}/products/${product.id}`, { token }), `${who} delete`);
      const list = await call("GET", `/stores/${store.id}/products?include_drafts=true`, { token });
      expect(list.status, `${who} list`).toBe(200);
      expect(list.body.data.map((p: any) => [p.id, p.title])).toEqual([[product.id, "Lamp"]]);
      expect((await call("GET", `/stores/${store.id}/products/${product.id}`, { token })).status, `${who} get`).toBe(200);
    }
    expectPaused(await call("POST", `/stores/${store.id}/api-tokens`, { token: store.owner.jwt, body: { name: "paused", scopes: [] } }), "token");
    expect(await audit()).toBe(auditBefore);
    await resume();
    expect((await call("PATCH", `/stores/${store.id}/products/${product.id}`, { token: pat.token, body: { title: "Desk lamp" } })).status).toBe(200);
  });

  it("a change that passed the access check just before the pause began is refused by the store's database: 503, nothing written", async () => {
    const [store] = await newStoreOnEachShard();
    const count = async () => (await storeFirst<{ n: number }>(store.id, "SELECT count(*) AS n FROM products WHERE store_id = ?", store.id))!.n;
    // The pause lands between the request's check and its batch.
    writeBeforeNextBatches("UPDATE stores SET state = 'moving' WHERE id = ?", store.id);
    const res = await call("POST", `/stores/${store.id}/products`, { token: store.owner.jwt, body: { title: "Racing the pause", product_type: "single" } });
    vi.restoreAllMocks();
    expectPaused(res, "create");
    expect(await count()).toBe(0);
  });
});
