// The cron only fans out (docs/scale.md section 7, issue 27): one `store-maintenance` message per store database per
// run, and each database's delivery sweep, retention, access cleanup, import sweep and size measurement run in that
// message's own invocation. Shown with 52 store databases (the suite's two plus the 50 SCALE_DB_nnn bindings of
// vitest.config.ts, bound here as STORE_DB_003 ... STORE_DB_052): the cron's own D1 queries are the same as with two,
// and touch no store database. GET /ops/shards and placement read the sizes the maintenance runs stored.
import { applyD1Migrations, createExecutionContext, createMessageBatch, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import worker from "../../src/index";
import { handleMaintenanceBatch } from "../../src/maintenance";
import { chooseShard, registerShards } from "../../src/placement/placement";
import { countingD1, fetchWithEnv } from "../helpers/support";
import { OPS_TOKEN } from "../moves/support";

const bindings = env as unknown as Record<string, D1Database>;
const EXTRA = Array.from({ length: 50 }, (_, i) => String(i + 3).padStart(3, "0"));
const DAY = 24 * 60 * 60 * 1000;

/** The suite's environment with the 50 extra databases bound as store databases. */
const wide = () => ({ ...env, ...Object.fromEntries(EXTRA.map((n) => [`STORE_DB_${n}`, bindings[`SCALE_DB_${n}`]])) }) as Env;

const shardsOf = (e: Env) =>
  Object.keys(e)
    .filter((k) => /^STORE_DB_\d{3,}$/.test(k))
    .sort();

/** `e` with every D1 binding counted, and the maintenance queue kept in memory. */
function counted(e: Env) {
  const names = ["DIRECTORY", ...shardsOf(e)];
  const counters = Object.fromEntries(names.map((name) => [name, countingD1((e as unknown as Record<string, D1Database>)[name])]));
  const sent: Array<{ body: { shard: string } }> = [];
  const queue = { sendBatch: async (messages: Array<{ body: { shard: string } }>) => void sent.push(...messages), send: async () => {} };
  const overrides = Object.fromEntries(Object.entries(counters).map(([name, c]) => [name, c.db]));
  const queries = (name: string) => counters[name].counter.queries;
  const storeQueries = () => shardsOf(e).reduce((n, name) => n + queries(name), 0);
  return { env: { ...e, ...overrides, MAINTENANCE: queue } as unknown as Env, sent, queries, storeQueries };
}

async function cron(e: Env) {
  const ctx = createExecutionContext();
  await worker.scheduled!(createScheduledController(), e, ctx);
  await waitOnExecutionContext(ctx);
}

/** A UUIDv7 of time `ms`. */
function idAt(ms: number) {
  const hex = ms.toString(16).padStart(12, "0") + "7" + crypto.randomUUID().replace(/-/g, "").slice(13, 32);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

beforeAll(async () => {
  const migrations = (env.TEST_MIGRATIONS as Record<string, Parameters<typeof applyD1Migrations>[1]>).STORE_DB_001;
  for (const n of EXTRA) await applyD1Migrations(bindings[`SCALE_DB_${n}`], migrations);
  await registerShards(wide());
}, 120_000);

describe("the cron only fans out: its D1 queries do not grow with the number of store databases", () => {
  it("with 52 store databases it makes as many queries as with 2, none on a store database, and queues one message per database", async () => {
    const narrow = counted(env);
    await cron(narrow.env);
    const many = counted(wide());
    await cron(many.env);
    expect(shardsOf(many.env)).toHaveLength(52);
    expect(many.storeQueries()).toBe(0);
    expect(narrow.storeQueries()).toBe(0);
    expect(many.queries("DIRECTORY")).toBe(narrow.queries("DIRECTORY"));
    expect(many.queries("DIRECTORY")).toBeLessThanOrEqual(4);
    expect(narrow.sent.map((m) => m.body.shard).sort()).toEqual(["STORE_DB_001", "STORE_DB_002"]);
    expect(many.sent.map((m) => m.body.shard).sort()).toEqual(shardsOf(many.env));
  });
});

describe("each store database's maintenance message does that database's work, in its own invocation", () => {
  it("old audit rows and expired idempotency keys go from every one of 52 databases; sizes are recorded; each run queries only its own database", async () => {
    const e = wide();
    const old = Date.now() - 400 * DAY;
    const planted = new Map<string, string>();
    for (const shard of shardsOf(e)) {
      const db = (e as unknown as Record<string, D1Database>)[shard];
      const storeId = crypto.randomUUID();
      const userId = crypto.randomUUID();
      const auditId = idAt(old);
      const at = new Date().toISOString();
      await db.batch([
        db
          .prepare("INSERT INTO users (id, email, email_lower, name, password_hash, created_at) VALUES (?, ?, ?, 'U', '', ?)")
          .bind(userId, `${userId}@x.test`, `${userId}@x.test`, at),
        db.prepare("INSERT INTO stores (id, name, owner_id, created_at) VALUES (?, 'S', ?, ?)").bind(storeId, userId, at),
        db
          .prepare(
            "INSERT INTO audit_log (id, store_id, user_id, action, resource_type, resource_id, created_at) VALUES (?, ?, ?, 'old.change', 'store', ?, ?)",
          )
          .bind(auditId, storeId, userId, storeId, new Date(old).toISOString()),
        db
          .prepare("INSERT INTO idempotency_keys (scope, key, fingerprint, created_at, expires_at) VALUES (?, 'k', 'f', ?, ?)")
          .bind(`store:${storeId}`, old, old + DAY),
      ]);
      planted.set(shard, auditId);
    }
    const fan = counted(e);
    await cron(fan.env);
    for (const message of fan.sent) {
      // One message per batch (wrangler.toml: max_batch_size = 1): one invocation per database.
      const run = counted(e);
      const [report] = await handleMaintenanceBatch(
        createMessageBatch("store-maintenance", [{ id: message.body.shard, timestamp: new Date(), attempts: 1, body: message.body }]) as never,
        run.env,
      );
      const shard = message.body.shard;
      expect(report).toMatchObject({ shard, retained: expect.any(Number), cleaned: expect.any(Number), sizeBytes: expect.any(Number) });
      expect(run.queries(shard)).toBeGreaterThan(0);
      expect(run.queries(shard)).toBeLessThanOrEqual(60);
      expect(run.storeQueries(), shard).toBe(run.queries(shard));
      const db = (e as unknown as Record<string, D1Database>)[shard];
      expect(await db.prepare("SELECT id FROM audit_log WHERE id = ?").bind(planted.get(shard)).first(), shard).toBeNull();
      expect(
        await db
          .prepare("SELECT count(*) AS n FROM idempotency_keys WHERE expires_at <= ?")
          .bind(Date.now() - DAY)
          .first("n"),
        shard,
      ).toBe(0);
    }
    const sizes = await env.DIRECTORY.prepare("SELECT name, size_bytes, measured_at FROM shards").all<{
      name: string;
      size_bytes: number;
      measured_at: string | null;
    }>();
    for (const shard of shardsOf(e)) {
      const row = sizes.results.find((r) => r.name === shard);
      expect(row?.size_bytes, shard).toBeGreaterThan(0);
      expect(row?.measured_at, shard).not.toBeNull();
    }
  }, 120_000);
});

describe("GET /ops/shards and placement use the sizes the maintenance runs stored: no query per store database", () => {
  it("52 databases listed with one directory query and none on a store database; a new store goes to the least full", async () => {
    const e = wide();
    // The two suite databases hold the suite's stores; the extra ones are measured small.
    const c = counted(e);
    const res = await fetchWithEnv(new Request("http://api.test/ops/shards", { headers: { Authorization: `Bearer ${OPS_TOKEN}` } }), c.env as Partial<Env>);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: Array<{ name: string; size_bytes: number; measured_at: string | null }> };
    expect(body.data.map((s) => s.name)).toEqual(shardsOf(e));
    expect(c.storeQueries()).toBe(0);
    expect(c.queries("DIRECTORY")).toBeLessThanOrEqual(2);
    await e.DIRECTORY.prepare("UPDATE shards SET size_bytes = ? WHERE name LIKE 'STORE_DB_%'").bind(5e9).run();
    await e.DIRECTORY.prepare("UPDATE shards SET size_bytes = ? WHERE name = 'STORE_DB_037'").bind(1e6).run();
    const placing = counted(e);
    expect(await chooseShard(placing.env)).toBe("STORE_DB_037");
    expect(placing.storeQueries()).toBe(0);
    await e.DIRECTORY.prepare("UPDATE shards SET size_bytes = 0 WHERE name LIKE 'STORE_DB_%'").run();
  });
});
