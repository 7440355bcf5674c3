// docs/api/14-store-databases-and-operators.md, the operator endpoints: who may call them, the store databases, where a store is, starting a
// move and following it, and their place in the OpenAPI document.
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { maintainShard } from "../../src/maintenance";
import { PERMISSION_NAMES } from "../../src/lib/permissions";
import { call, newStore, newToken } from "../helpers/api";
import { shardOf, storeShardNames } from "../helpers/databases";
import { fetchWithEnv } from "../helpers/support";
import { OPS_TOKEN, drive, keptQueue, moveRow, ops, otherShard, startMove } from "../moves/support";

const UNKNOWN = "01930000-0000-7000-8000-000000000000";

const endpoints = (storeId: string): Array<[string, string, unknown?]> => [
  ["GET", "/ops/shards"],
  ["GET", `/ops/stores/${storeId}`],
  ["POST", `/ops/stores/${storeId}/move`, { to: "STORE_DB_002" }],
  ["GET", `/ops/moves/${UNKNOWN}`],
  ["PATCH", "/ops/shards/STORE_DB_002", { accepting: false }],
];

describe("operator endpoints take OPS_TOKEN and nothing else", () => {
  it("no token, a session JWT, a PAT with every permission, a wrong token: 401 problem+json on every endpoint", async () => {
    const store = await newStore();
    const pat = await newToken(store.id, store.owner.jwt, [...PERMISSION_NAMES]);
    const wrong = OPS_TOKEN.replace(/.$/, "X");
    for (const [method, path, body] of endpoints(store.id)) {
      for (const token of [undefined, store.owner.jwt, pat.token, wrong, OPS_TOKEN.slice(0, -1), `${OPS_TOKEN}x`]) {
        const res = await call(method, path, { token, body });
        expect(res.status, `${method} ${path} with ${token?.slice(0, 12)}`).toBe(401);
        expect(res.headers.get("Content-Type")).toBe("application/problem+json");
        expect(res.body.code).toBe("unauthenticated");
      }
    }
    // None of them started a move or closed a database.
    expect(await env.DIRECTORY.prepare("SELECT count(*) AS n FROM store_moves WHERE store_id = ?").bind(store.id).first()).toEqual({ n: 0 });
    expect(await env.DIRECTORY.prepare("SELECT accepting FROM shards WHERE name = 'STORE_DB_002'").first("accepting")).toBe(1);
  });

  it("a deployment without OPS_TOKEN, or with one shorter than 32 characters: 503 service_unavailable, even with the right token", async () => {
    const store = await newStore();
    for (const OPS of [undefined, "", "short-ops-token-0123456789abcde"]) {
      for (const [method, path, body] of endpoints(store.id)) {
        const request = new Request(`http://api.test${path}`, {
          method,
          headers: { Authorization: `Bearer ${OPS ?? OPS_TOKEN}`, "Content-Type": "application/json" },
          body: body ? JSON.stringify(body) : undefined,
        });
        const res = await fetchWithEnv(request, { OPS_TOKEN: OPS } as Partial<Env>);
        expect(res.status, `${method} ${path}`).toBe(503);
        expect(((await res.json()) as any).code).toBe("service_unavailable");
      }
    }
  });
});

describe("GET /ops/shards: every store database", () => {
  it("names, location hints, accepting, store counts and the size D1 reported to the last maintenance run", async () => {
    const store = await newStore();
    for (const shard of storeShardNames()) await maintainShard(env, shard);
    const res = await ops("GET", "/ops/shards");
    expect(res.status).toBe(200);
    expect(res.body.data.map((s: any) => s.name)).toEqual(storeShardNames());
    for (const shard of res.body.data) {
      expect(shard).toEqual({
        name: shard.name,
        location: "weur",
        accepting: true,
        stores: expect.any(Number),
        size_bytes: expect.any(Number),
        measured_at: expect.any(String),
      });
      expect(shard.size_bytes).toBeGreaterThan(0);
      const { n } = (await env.DIRECTORY.prepare("SELECT count(*) AS n FROM store_directory WHERE shard = ?").bind(shard.name).first<{ n: number }>())!;
      expect(shard.stores).toBe(n);
      const stored = await env.DIRECTORY.prepare("SELECT size_bytes FROM shards WHERE name = ?").bind(shard.name).first<{ size_bytes: number }>();
      expect(stored!.size_bytes).toBe(shard.size_bytes);
    }
    expect(res.body.data.find((s: any) => s.name === "STORE_DB_001").stores + res.body.data.find((s: any) => s.name === "STORE_DB_002").stores).toBeGreaterThan(
      0,
    );
    expect(await shardOf(store.id)).toMatch(/^STORE_DB_00[12]$/);
  });
});

describe("PATCH /ops/shards/{name}: a database's location hint and `accepting` live in the directory", () => {
  const reset = () => env.DIRECTORY.prepare("UPDATE shards SET location = 'weur', accepting = 1 WHERE name IN ('STORE_DB_001', 'STORE_DB_002')").run();
  afterEach(reset);

  it("sets either or both; a field left out stays; null clears the hint; GET /ops/shards and the directory show it", async () => {
    const both = await ops("PATCH", "/ops/shards/STORE_DB_002", { location: "apac", accepting: false });
    expect(both.status).toBe(200);
    const { measured_at, ...rest } = both.body;
    expect(rest).toEqual({ name: "STORE_DB_002", location: "apac", accepting: false, stores: expect.any(Number), size_bytes: expect.any(Number) });
    expect(measured_at === null || typeof measured_at === "string").toBe(true);
    const listed = (await ops("GET", "/ops/shards")).body.data;
    expect(listed.find((s: any) => s.name === "STORE_DB_002")).toEqual(both.body);
    expect(listed.find((s: any) => s.name === "STORE_DB_001")).toMatchObject({ location: "weur", accepting: true });
    const row = () => env.DIRECTORY.prepare("SELECT location, accepting FROM shards WHERE name = 'STORE_DB_002'").first();
    expect(await row()).toEqual({ location: "apac", accepting: 0 });
    expect((await ops("PATCH", "/ops/shards/STORE_DB_002", { accepting: true })).body).toMatchObject({ location: "apac", accepting: true });
    expect((await ops("PATCH", "/ops/shards/STORE_DB_002", { location: null })).body).toMatchObject({ location: null, accepting: true });
    expect(await row()).toEqual({ location: null, accepting: 1 });
    // An empty body changes nothing and answers the database as it is.
    expect((await ops("PATCH", "/ops/shards/STORE_DB_002", {})).body).toMatchObject({ name: "STORE_DB_002", location: null, accepting: true });
  });

  it("404 for a name that is not a store database of this deployment; 422 for a bad hint, a non-boolean or an unknown field", async () => {
    for (const name of ["STORE_DB_999", "DIRECTORY", "SCALE_DB_003", "nope"]) {
      const res = await ops("PATCH", `/ops/shards/${name}`, { accepting: false });
      expect(res.status, name).toBe(404);
      expect(res.body.code).toBe("not_found");
    }
    for (const body of [{ location: "mars" }, { location: "WEUR" }, { accepting: "no" }, { accepting: 0 }, { stores: 3 }, { size_bytes: 0 }]) {
      const res = await ops("PATCH", "/ops/shards/STORE_DB_001", body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.code).toBe("validation_failed");
    }
    expect(await env.DIRECTORY.prepare("SELECT location, accepting FROM shards WHERE name = 'STORE_DB_001'").first()).toEqual({
      location: "weur",
      accepting: 1,
    });
  });

  it("the Worker has no per-database variable: SHARD_LOCATIONS is gone from the deployed configuration", () => {
    const { vars } = env.TEST_DEPLOYED_LIMITS as { vars: Record<string, unknown> };
    expect(Object.keys(vars)).not.toContain("SHARD_LOCATIONS");
    expect(Object.keys(vars).filter((name) => /STORE_DB|SHARD/.test(name))).toEqual([]);
  });
});

describe("GET /ops/stores/{store_id}: where a store is", () => {
  it("its shard, state and version; 404 for an unknown or malformed id", async () => {
    const store = await newStore();
    const res = await ops("GET", `/ops/stores/${store.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ store_id: store.id, shard: await shardOf(store.id), state: "active", version: expect.any(Number) });
    expect((await ops("GET", `/ops/stores/${UNKNOWN}`)).status).toBe(404);
    expect((await ops("GET", "/ops/stores/not-a-store")).status).toBe(404);
  });
});

describe("POST /ops/stores/{store_id}/move and GET /ops/moves/{move_id}", () => {
  it("202 with the move; GET shows its progress; a second move while it runs is 409", async () => {
    const store = await newStore();
    const from = await shardOf(store.id);
    const to = await otherShard(store.id);
    const q = keptQueue();
    const started = await startMove(store.id, to, q);
    expect(started.status).toBe(202);
    expect(started.body).toEqual({ id: expect.any(String), store_id: store.id, from, to, state: "copying" });
    expect(q.sent).toEqual([{ move_id: started.body.id, seq: 0 }]);
    const status = await ops("GET", `/ops/moves/${started.body.id}`);
    expect(status.body).toEqual({ ...started.body, rows_copied: 0, error: null });
    const again = await startMove(store.id, to, keptQueue());
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("conflict");
  });

  it("two moves of one store at once: exactly one starts (the partial unique index, not a read first)", async () => {
    const store = await newStore();
    const to = await otherShard(store.id);
    const results = await Promise.all([startMove(store.id, to, keptQueue()), startMove(store.id, to, keptQueue()), startMove(store.id, to, keptQueue())]);
    expect(results.map((r) => r.status).sort()).toEqual([202, 409, 409]);
  });

  it("once a move is done the store can be moved back at once: 202, and the new move waits for the old one's purge", async () => {
    const store = await newStore();
    const home = await shardOf(store.id);
    const away = await otherShard(store.id);
    const first = keptQueue();
    const out = await startMove(store.id, away, first);
    expect(out.status).toBe(202);
    // The first move runs to `done` (the flip); its purge of `home` has not started (its message is still queued).
    const done = await drive(out.body.id, first, { stop: (m) => m.state === "done" });
    expect(done.state).toBe("done");
    expect(done.finished_at).toBeNull();
    const second = keptQueue();
    const back = await startMove(store.id, home, second);
    expect(back.status).toBe(202);
    expect(back.body).toMatchObject({ from: away, to: home, state: "copying" });
    // While the first move has not purged `home`, the second only waits: it copies nothing.
    await drive(back.body.id, second, { stop: (m) => m.step === "wait" });
    expect(await moveRow(back.body.id)).toMatchObject({ state: "copying", step: "wait", rows_copied: 0 });
    await drive(out.body.id, first);
    expect((await moveRow(out.body.id))?.finished_at).not.toBeNull();
    const returned = await drive(back.body.id, second, { stop: (m) => m.state === "done" });
    expect(returned).toMatchObject({ state: "done", error: null });
    expect(await shardOf(store.id)).toBe(home);
    expect((await call("GET", `/stores/${store.id}`, { token: store.owner.jwt })).status).toBe(200);
    expect((await call("POST", `/stores/${store.id}/products`, { token: store.owner.jwt, body: { title: "Back home", product_type: "single" } })).status).toBe(
      201,
    );
  });

  it("409 when `to` is the store's own database; 422 for a database the deployment does not have; 404 for an unknown store", async () => {
    const store = await newStore();
    const here = await ops("POST", `/ops/stores/${store.id}/move`, { to: await shardOf(store.id) });
    expect(here.status).toBe(409);
    const unknown = await ops("POST", `/ops/stores/${store.id}/move`, { to: "STORE_DB_999" });
    expect(unknown.status).toBe(422);
    expect(unknown.body).toMatchObject({ code: "validation_failed", errors: [{ path: "to", message: expect.any(String) }] });
    const missing = await ops("POST", `/ops/stores/${store.id}/move`, {});
    expect(missing.status).toBe(422);
    expect(missing.body.errors[0].path).toBe("to");
    expect((await ops("POST", `/ops/stores/${UNKNOWN}/move`, { to: "STORE_DB_001" })).status).toBe(404);
    expect((await ops("GET", `/ops/moves/${UNKNOWN}`)).status).toBe(404);
    expect((await ops("GET", "/ops/moves/nope")).status).toBe(404);
  });
});

describe("the operator endpoints in the OpenAPI document", () => {
  it("all five, under the Operations tag, with the operators' bearer scheme", async () => {
    const doc = (await call("GET", "/openapi.json")).body;
    const operations = [
      doc.paths["/ops/shards"].get,
      doc.paths["/ops/shards/{name}"].patch,
      doc.paths["/ops/stores/{store_id}"].get,
      doc.paths["/ops/stores/{store_id}/move"].post,
      doc.paths["/ops/moves/{move_id}"].get,
    ];
    for (const op of operations) {
      expect(op.tags).toEqual(["Operations"]);
      expect(op.security).toEqual([{ opsToken: [] }]);
      expect(op.responses["401"]).toBeDefined();
    }
    expect(doc.components.securitySchemes.opsToken).toMatchObject({ type: "http", scheme: "bearer" });
    expect(Object.keys(doc.paths["/ops/stores/{store_id}/move"].post.responses).sort()).toEqual(["202", "400", "401", "404", "409", "413", "422", "503"]);
  });
});
