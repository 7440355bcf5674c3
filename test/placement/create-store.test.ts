// POST /stores spans two databases (docs/scale.md section 2): the directory says `creating`, the store database
// commits the store, the directory says `active`. A request that dies between the last two writes must leave
// neither a visible half-store nor, on a retry with the same Idempotency-Key, a second store.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createApp } from "../../src/app";
import { settleCreatingStores, CREATING_MS } from "../../src/identity/stores.service";
import { call, newUser } from "../helpers/api";
import { allStoresAll, directoryD1, shardOf } from "../helpers/databases";

/**
 * DIRECTORY on which the write that marks a store active fails, alone or in a batch: the request dies at the last
 * of its three writes, after the store database committed.
 */
function dyingDirectory(): D1Database {
  const real = env.DIRECTORY;
  const doomed = new WeakSet<object>();
  const dies = (sql: string) => /update "store_directory"/i.test(sql);
  const crash = () => Promise.reject(new Error("simulated crash"));
  return new Proxy(real, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target);
      if (prop === "prepare") {
        return (sql: string) => {
          const statement = value.call(target, sql) as D1PreparedStatement;
          if (!dies(sql)) return statement;
          const failing = new Proxy(statement, {
            get(inner, key) {
              if (key === "bind")
                return (...args: unknown[]) => {
                  const bound = inner.bind(...args);
                  const proxy = new Proxy(bound, { get: (b, k) => (["run", "all", "first", "raw"].includes(String(k)) ? crash : Reflect.get(b, k, b)) });
                  doomed.add(proxy);
                  return proxy;
                };
              if (["run", "all", "first", "raw"].includes(String(key))) return crash;
              const v = Reflect.get(inner, key, inner);
              return typeof v === "function" ? v.bind(inner) : v;
            },
          });
          doomed.add(failing);
          return failing;
        };
      }
      if (prop === "batch") {
        return (statements: D1PreparedStatement[]) => (statements.some((s) => doomed.has(s)) ? crash() : value.call(target, statements));
      }
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

async function postStore(jwt: string, name: string, key: string | null, directory?: D1Database) {
  const headers: Record<string, string> = { Authorization: `Bearer ${jwt}`, "Content-Type": "application/json" };
  if (key) headers["Idempotency-Key"] = key;
  const request = new Request("http://api.test/stores", { method: "POST", headers, body: JSON.stringify({ name }) });
  const ctx = createExecutionContext();
  const response = await (await createApp()).fetch(request, directory ? ({ ...env, DIRECTORY: directory } as Env) : env, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

const storesOf = async (jwt: string) =>
  (await call("GET", "/stores", { token: jwt })).body as { data: Array<{ id: string; name: string }>; pagination: { total: number } };

describe("a store whose creation died between the two databases' writes", () => {
  it("is invisible, and a retry with the same Idempotency-Key finishes that store instead of making a second", async () => {
    const user = await newUser();
    const key = `create-${crypto.randomUUID()}`;
    // Batch 1: creating + user_stores + Location on the key. The store database commits. Batch 2 (active + key) dies.
    const died = await postStore(user.jwt, "Half made", key, dyingDirectory());
    expect(died.status).toBe(500);
    expect((await storesOf(user.jwt)).data).toEqual([]);
    // The claim goes stale after a minute; the retry takes the key over.
    await directoryD1().prepare("UPDATE idempotency_keys SET locked_at = locked_at - 120000 WHERE key = ?").bind(key).run();
    const retried = await postStore(user.jwt, "Half made", key);
    expect(retried.status).toBe(201);
    const created = (await retried.json()) as { id: string; name: string };
    const listed = await storesOf(user.jwt);
    expect(listed.data.map((s) => s.id)).toEqual([created.id]);
    expect(listed.pagination.total).toBe(1);
    // One store in the store databases, and after the cron has settled what was left, one in the directory.
    expect(await allStoresAll("SELECT id FROM stores WHERE owner_id = ?", user.id)).toEqual([{ id: created.id }]);
    await settleCreatingStores(env, Date.now() + CREATING_MS + 1000);
    const inDirectory = await directoryD1().prepare("SELECT store_id FROM user_stores WHERE user_id = ?").bind(user.id).all();
    expect(inDirectory.results).toEqual([{ store_id: created.id }]);
    // The store works: its owner reads it.
    expect((await call("GET", `/stores/${created.id}`, { token: user.jwt })).status).toBe(200);
  });

  it("without a key, the cron makes a committed store active and removes one the store database never got", async () => {
    const user = await newUser();
    const committed = await postStore(user.jwt, "Committed", null, dyingDirectory());
    expect(committed.status).toBe(500);
    const lost = await postStore(user.jwt, "Lost", null, dyingDirectory());
    expect(lost.status).toBe(500);
    const creating = (
      await directoryD1()
        .prepare(
          "SELECT store_id, shard FROM store_directory d JOIN user_stores u USING (store_id) WHERE u.user_id = ? AND d.state = 'creating' ORDER BY store_id",
        )
        .bind(user.id)
        .all<{ store_id: string; shard: string }>()
    ).results;
    expect(creating).toHaveLength(2);
    // Take the second store out of its database, as if its batch had never committed.
    const [kept, gone] = creating;
    const goneDb = (env as unknown as Record<string, D1Database>)[gone.shard];
    await goneDb.batch([
      goneDb.prepare("DELETE FROM audit_log WHERE store_id = ?").bind(gone.store_id),
      goneDb.prepare("DELETE FROM stores WHERE id = ?").bind(gone.store_id),
    ]);
    expect(await settleCreatingStores(env, Date.now() + CREATING_MS + 1000)).toBeGreaterThanOrEqual(2);
    const listed = await storesOf(user.jwt);
    expect(listed.data.map((s) => s.id)).toEqual([kept.store_id]);
    expect(await shardOf(kept.store_id)).toBe(kept.shard);
    const left = await directoryD1().prepare("SELECT count(*) AS n FROM store_directory WHERE store_id = ?").bind(gone.store_id).first<{ n: number }>();
    expect(left?.n).toBe(0);
  });
});
