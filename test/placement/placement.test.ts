// Where a new store goes (docs/scale.md section 4, docs/api/14b-thousands-of-databases.md): the location hints and `accepting` flags
// are the directory's `shards` rows, set through PATCH /ops/shards/{name}, not a Worker variable. A database that is
// not accepting is never chosen; a database of the creator's region is chosen before the others.
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { chooseShard } from "../../src/placement/placement";
import { call, newStore, newUser } from "../helpers/api";
import { shardOf } from "../helpers/databases";
import { countingD1, fetchWithEnv } from "../helpers/support";
import { ops } from "../moves/support";

const reset = () => env.DIRECTORY.prepare("UPDATE shards SET location = 'weur', accepting = 1 WHERE name IN ('STORE_DB_001', 'STORE_DB_002')").run();
afterEach(reset);

/** Stores per store database, as the directory counts them. */
async function storesOn(shard: string): Promise<number> {
  return (await env.DIRECTORY.prepare("SELECT count(*) AS n FROM store_directory WHERE shard = ?").bind(shard).first<number>("n")) ?? 0;
}

const from = (continent: string, longitude = "0") => ({ continent, longitude }) as unknown as IncomingRequestCfProperties;

describe("a database that is not accepting is never chosen", () => {
  it("with STORE_DB_001 closed, every new store goes to STORE_DB_002, even while 001 holds fewer stores", async () => {
    expect((await ops("PATCH", "/ops/shards/STORE_DB_001", { accepting: false })).status).toBe(200);
    // Make 001 the emptier one by far: placement would pick it were it open.
    const before001 = await storesOn("STORE_DB_001");
    for (let i = 0; i < 4; i++) {
      const store = await newStore();
      expect(await shardOf(store.id)).toBe("STORE_DB_002");
    }
    expect(await storesOn("STORE_DB_001")).toBe(before001);
    expect(await chooseShard(env, from("EU"))).toBe("STORE_DB_002");
    // Opened again: the emptier database takes the next store.
    expect((await ops("PATCH", "/ops/shards/STORE_DB_001", { accepting: true })).status).toBe(200);
    expect(await shardOf((await newStore()).id)).toBe("STORE_DB_001");
  });

  it("with every database closed, POST /stores answers 503 service_unavailable and makes nothing", async () => {
    for (const name of ["STORE_DB_001", "STORE_DB_002"]) await ops("PATCH", `/ops/shards/${name}`, { accepting: false });
    const user = await newUser();
    const res = await call("POST", "/stores", { token: user.jwt, body: { name: "Nowhere" } });
    expect(res.status).toBe(503);
    expect(res.body.code).toBe("service_unavailable");
    expect(res.headers.get("Retry-After")).toBe("60");
    expect(await env.DIRECTORY.prepare("SELECT count(*) AS n FROM user_stores WHERE user_id = ?").bind(user.id).first("n")).toBe(0);
  });
});

describe("a new store goes to a database of its creator's region, by the hints the directory keeps", () => {
  it("hints set through PATCH /ops/shards/{name} decide, the next request already; a database without a hint is in no region", async () => {
    await ops("PATCH", "/ops/shards/STORE_DB_001", { location: "apac" });
    await ops("PATCH", "/ops/shards/STORE_DB_002", { location: "weur" });
    expect(await chooseShard(env, from("AS"))).toBe("STORE_DB_001");
    expect(await chooseShard(env, from("EU"))).toBe("STORE_DB_002");
    await ops("PATCH", "/ops/shards/STORE_DB_001", { location: "weur" });
    await ops("PATCH", "/ops/shards/STORE_DB_002", { location: "apac" });
    expect(await chooseShard(env, from("AS"))).toBe("STORE_DB_002");
    expect(await chooseShard(env, from("EU"))).toBe("STORE_DB_001");
    // No database of the region (or none with a hint): any accepting one, the least full.
    await ops("PATCH", "/ops/shards/STORE_DB_002", { location: null });
    const anyOf = await chooseShard(env, from("NA", "-120"));
    expect(["STORE_DB_001", "STORE_DB_002"]).toContain(anyOf);
    expect(await chooseShard(env, from("AS"))).toBe(anyOf);
  });

  it("a region's only database, once closed, is passed over for another region's", async () => {
    await ops("PATCH", "/ops/shards/STORE_DB_001", { location: "apac", accepting: false });
    expect(await chooseShard(env, from("AS"))).toBe("STORE_DB_002");
  });
});

describe("POST /stores chooses a database without reading every store's directory row", () => {
  /** Each database's counter beside the directory's own count of its stores. */
  async function counters() {
    const { results } = await env.DIRECTORY.prepare(
      "SELECT name, stores, (SELECT count(*) FROM store_directory d WHERE d.shard = s.name) AS counted FROM shards s ORDER BY name",
    ).all<{ name: string; stores: number; counted: number }>();
    return results;
  }

  it("placement reads the shards rows only; no query of POST /stores scans store_directory", async () => {
    const directory = countingD1(env.DIRECTORY);
    await chooseShard({ ...env, DIRECTORY: directory.db } as Env, from("EU"));
    expect(directory.counter.statements.filter((q) => /store_directory/i.test(q))).toEqual([]);
    expect(directory.counter.queries).toBeLessThanOrEqual(2);
    const user = await newUser();
    const posting = countingD1(env.DIRECTORY);
    const request = new Request("http://api.test/stores", {
      method: "POST",
      headers: { Authorization: `Bearer ${user.jwt}`, "Content-Type": "application/json" },
      body: JSON.stringify({ name: "Counted" }),
    });
    expect((await fetchWithEnv(request, { DIRECTORY: posting.db })).status).toBe(201);
    // The directory sees the store's own insert and its activation, and no read of store_directory at all.
    expect(posting.counter.statements.filter((q) => /select[\s\S]*from\s+"?store_directory/i.test(q))).toEqual([]);
  });

  it("the per-database counter follows every change of the directory: new stores, a store's removal, a move's flip", async () => {
    for (let i = 0; i < 3; i++) await newStore();
    for (const row of await counters()) expect(row.stores, row.name).toBe(row.counted);
    const store = await newStore();
    const home = await shardOf(store.id);
    const away = home === "STORE_DB_001" ? "STORE_DB_002" : "STORE_DB_001";
    const before = Object.fromEntries((await counters()).map((r) => [r.name, r.stores]));
    // The flip of a move (src/moves/job.ts) changes the row's shard: one store leaves `home` and reaches `away`.
    await env.DIRECTORY.prepare("UPDATE store_directory SET shard = ?, version = version + 1 WHERE store_id = ?").bind(away, store.id).run();
    let after = Object.fromEntries((await counters()).map((r) => [r.name, r.stores]));
    expect(after[home]).toBe(before[home] - 1);
    expect(after[away]).toBe(before[away] + 1);
    // A state change that keeps the shard counts nothing twice.
    await env.DIRECTORY.prepare("UPDATE store_directory SET state = 'moving' WHERE store_id = ?").bind(store.id).run();
    expect(Object.fromEntries((await counters()).map((r) => [r.name, r.stores]))).toEqual(after);
    // A removed row (a store whose creation was undone) leaves its database's count.
    await env.DIRECTORY.prepare("DELETE FROM store_directory WHERE store_id = ?").bind(store.id).run();
    after = Object.fromEntries((await counters()).map((r) => [r.name, r.stores]));
    expect(after[away]).toBe(before[away]);
    for (const row of await counters()) expect(row.stores, row.name).toBe(row.counted);
  });
});
