// Where a new store goes (docs/scale.md section 4, API.md "14 (continued)"): the location hints and `accepting` flags
// are the directory's `shards` rows, set through PATCH /ops/shards/{name}, not a Worker variable. A database that is
// not accepting is never chosen; a database of the creator's region is chosen before the others.
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { chooseShard } from "../../src/placement/placement";
import { call, newStore, newUser } from "../helpers/api";
import { shardOf } from "../helpers/databases";
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
