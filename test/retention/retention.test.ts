// Data retention: the cron deletes events, webhook deliveries with their attempts, and audit rows older than
// their age limits (30 days; audit 365), in bounded batches along the primary key's index; pending deliveries
// and the events that deliveries still refer to stay. Rows are made through the API; the clock is injected.
import { createExecutionContext, createMessageBatch, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import { afterEach, describe, expect, it, vi } from "vitest";
import worker from "../../src/index";
import { runRetention } from "../../src/retention";
import { RETAINED_TABLES, deleteBatch, uuidv7Floor } from "../../src/retention/tables";
import { type TestStore, call, newStore } from "../helpers/api";
import { storeShardNames } from "../helpers/databases";
import { newStoreOnEachShard } from "../helpers/spread";
import { sqlAll, sqlFirst, sqlRun, storeRun } from "../helpers/support";
import { eventually, scriptedReceiver, subscribe } from "../webhooks/support";

const DAY = 24 * 60 * 60 * 1000;

/** The environment with other retention vars (wrangler types the committed values as literals). */
const withVars = (vars: Record<string, string>) => ({ ...env, ...vars }) as Env;

/** A UUIDv7 of time `ms`, made here: the app's generator is monotonic per isolate, so a future id would move it. */
function idAt(ms: number) {
  const hex = ms.toString(16).padStart(12, "0") + "7" + crypto.randomUUID().replace(/-/g, "").slice(13, 32);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

afterEach(() => vi.restoreAllMocks());

/** Rows of `table` matching `where`, in every store database together (a store's rows are in one of them). */
const count = async (table: string, where: string, ...params: unknown[]) =>
  (await sqlAll<{ n: number }>(`SELECT count(*) AS n FROM ${table} WHERE ${where}`, ...params)).reduce((sum, row) => sum + row.n, 0);

async function createProducts(store: TestStore, n: number) {
  for (let i = 0; i < n; i++) {
    const res = await call("POST", `/stores/${store.id}/products`, { token: store.owner.jwt, body: { title: `P${i}`, product_type: "single" } });
    expect(res.status).toBe(201);
  }
}

/** A store whose product events were delivered (with their attempts) to one subscription. */
async function storeWithDeliveries(products: number) {
  const store = await newStore();
  scriptedReceiver("http://127.0.0.1:9/retention", [200]);
  await subscribe(store, "http://127.0.0.1:9/retention", ["products.created"]);
  await createProducts(store, products);
  await eventually(async () => (await count("webhook_deliveries", "store_id = ? AND status = 'delivered'", store.id)) === products);
  return store;
}

const rowsOf = async (storeId: string) => ({
  events: await count("events", "store_id = ?", storeId),
  deliveries: await count("webhook_deliveries", "store_id = ?", storeId),
  attempts: await count("webhook_attempts", "delivery_id IN (SELECT id FROM webhook_deliveries WHERE store_id = ?)", storeId),
  audit: await count("audit_log", "store_id = ?", storeId),
});

describe("rows older than their age limit are deleted by the cron; younger rows stay", () => {
  it("events, deliveries and attempts after 30 days; the audit log after 365", async () => {
    const store = await storeWithDeliveries(2);
    const made = await rowsOf(store.id);
    expect(made).toMatchObject({ events: 2, deliveries: 2, attempts: 2 });
    expect(made.audit).toBeGreaterThanOrEqual(3); // store, webhook, two products

    await runRetention(env, Date.now() + 29 * DAY);
    expect(await rowsOf(store.id)).toEqual(made);

    const deleted = await runRetention(env, Date.now() + 31 * DAY);
    expect(deleted.webhook_deliveries).toBeGreaterThanOrEqual(2);
    expect(await rowsOf(store.id)).toEqual({ events: 0, deliveries: 0, attempts: 0, audit: made.audit });

    await runRetention(env, Date.now() + 364 * DAY);
    expect((await rowsOf(store.id)).audit).toBe(made.audit);
    await runRetention(env, Date.now() + 366 * DAY);
    expect((await rowsOf(store.id)).audit).toBe(0);
    // The catalog itself is never retention's business.
    expect(await count("products", "store_id = ?", store.id)).toBe(2);
  });

  it("the ages come from the RETENTION_DAYS and AUDIT_RETENTION_DAYS vars", async () => {
    const store = await storeWithDeliveries(1);
    const made = await rowsOf(store.id);
    await runRetention(withVars({ RETENTION_DAYS: "7", AUDIT_RETENTION_DAYS: "10" }), Date.now() + 6 * DAY);
    expect(await rowsOf(store.id)).toEqual(made);
    await runRetention(withVars({ RETENTION_DAYS: "7", AUDIT_RETENTION_DAYS: "10" }), Date.now() + 8 * DAY);
    expect(await rowsOf(store.id)).toEqual({ events: 0, deliveries: 0, attempts: 0, audit: made.audit });
    await runRetention(withVars({ RETENTION_DAYS: "7", AUDIT_RETENTION_DAYS: "10" }), Date.now() + 11 * DAY);
    expect((await rowsOf(store.id)).audit).toBe(0);
  });

  it("a var that is not a positive whole number stops the run before it deletes anything", async () => {
    const store = await storeWithDeliveries(1);
    const made = await rowsOf(store.id);
    for (const bad of ["thirty", "0", "-5", "1.5"]) {
      await expect(runRetention(withVars({ RETENTION_DAYS: bad }), Date.now() + 400 * DAY)).rejects.toThrow(/RETENTION_DAYS/);
    }
    expect(await rowsOf(store.id)).toEqual(made);
  });

  it("the scheduled handler has it run: one maintenance message per store database, whose consumer deletes", async () => {
    const store = await newStore();
    const old = idAt(Date.now() - 400 * DAY);
    await storeRun(
      store.id,
      "INSERT INTO audit_log (id, store_id, user_id, action, resource_type, resource_id, created_at) VALUES (?, ?, ?, 'old.change', 'store', ?, ?)",
      old,
      store.id,
      store.owner.id,
      store.id,
      new Date(Date.now() - 400 * DAY).toISOString(),
    );
    const sent: Array<{ body: { shard: string } }> = [];
    const MAINTENANCE = { sendBatch: async (messages: typeof sent) => void sent.push(...messages) };
    const ctx = createExecutionContext();
    await worker.scheduled!(createScheduledController(), { ...env, MAINTENANCE } as unknown as Env, ctx);
    await waitOnExecutionContext(ctx);
    expect(sent.map((m) => m.body.shard)).toEqual(storeShardNames());
    expect(await count("audit_log", "id = ?", old)).toBe(1);
    const batch = createMessageBatch(
      "store-maintenance",
      sent.map((m, i) => ({ id: `m${i}`, timestamp: new Date(), attempts: 1, body: m.body })),
    );
    await worker.queue!(batch as never, env, createExecutionContext());
    expect(await count("audit_log", "id = ?", old)).toBe(0);
    expect(await count("audit_log", "store_id = ?", store.id)).toBeGreaterThan(0);
  });
});

describe("pending deliveries are never deleted, nor the events deliveries still refer to", () => {
  it("an old pending delivery stays with its attempts and its event; the others go", async () => {
    const store = await storeWithDeliveries(3);
    const [pending] = await sqlAll<{ id: string; event_id: string }>(
      "SELECT id, event_id FROM webhook_deliveries WHERE store_id = ? ORDER BY id LIMIT 1",
      store.id,
    );
    await sqlRun("UPDATE webhook_deliveries SET status = 'pending' WHERE id = ?", pending.id);
    await runRetention(env, Date.now() + 400 * DAY);
    expect(await sqlAll("SELECT id FROM webhook_deliveries WHERE store_id = ?", store.id)).toEqual([{ id: pending.id }]);
    expect(await count("webhook_attempts", "delivery_id = ?", pending.id)).toBe(1);
    expect(await sqlAll("SELECT id FROM events WHERE store_id = ?", store.id)).toEqual([{ id: pending.event_id }]);
    // Once it has finished, the next run takes it and then its event.
    await sqlRun("UPDATE webhook_deliveries SET status = 'failed' WHERE id = ?", pending.id);
    await runRetention(env, Date.now() + 400 * DAY);
    expect(await rowsOf(store.id)).toMatchObject({ events: 0, deliveries: 0, attempts: 0 });
  });

  it("an old event stays while a younger delivery (a replay) refers to it", async () => {
    const store = await storeWithDeliveries(1);
    const original = (await sqlFirst<Record<string, unknown>>("SELECT * FROM webhook_deliveries WHERE store_id = ?", store.id))!;
    // A replay made 10 days after the event, as POST .../replay would.
    const replayId = idAt(Date.now() + 10 * DAY);
    const replay = { ...original, id: replayId, status: "delivered", created_at: new Date(Date.now() + 10 * DAY).toISOString() };
    const columns = Object.keys(replay);
    await storeRun(store.id, `INSERT INTO webhook_deliveries (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`, ...Object.values(replay));
    await runRetention(env, Date.now() + 31 * DAY);
    expect(await sqlAll("SELECT id FROM webhook_deliveries WHERE store_id = ?", store.id)).toEqual([{ id: replayId }]);
    expect(await count("events", "id = ?", original.event_id)).toBe(1);
    await runRetention(env, Date.now() + 41 * DAY);
    expect(await rowsOf(store.id)).toMatchObject({ events: 0, deliveries: 0 });
  });
});

describe("one run touches a bounded number of rows, oldest first", () => {
  it("RETENTION_BATCH_ROWS × RETENTION_BATCHES_PER_RUN rows per table per store database per run", async () => {
    await runRetention(env, Date.now() + 400 * DAY); // nothing older than now is left
    const stores = await newStoreOnEachShard();
    for (const store of stores) await createProducts(store, 7);
    const bounded = withVars({ RETENTION_BATCH_ROWS: "2", RETENTION_BATCHES_PER_RUN: "2" });
    const eventIds = async (storeId: string) =>
      (await sqlAll<{ id: string }>("SELECT id FROM events WHERE store_id = ? ORDER BY id", storeId)).map((r) => r.id);
    const ids = await Promise.all(stores.map((s) => eventIds(s.id)));
    // Each database gives up to 2 × 2 of its oldest rows: 4 from each store here.
    expect((await runRetention(bounded, Date.now() + 31 * DAY)).events).toBe(4 * stores.length);
    for (const [i, store] of stores.entries()) expect(await eventIds(store.id)).toEqual(ids[i].slice(4));
    expect((await runRetention(bounded, Date.now() + 31 * DAY)).events).toBe(3 * stores.length);
    expect((await runRetention(bounded, Date.now() + 31 * DAY)).events).toBe(0);
  });

  it.each(storeShardNames())("each DELETE is a range of an index (EXPLAIN QUERY PLAN shows no table scan), attempts go by their index: %s", async (shard) => {
    const db = (env as unknown as Record<string, D1Database>)[shard];
    const dialect = new SQLiteAsyncDialect();
    for (const table of RETAINED_TABLES) {
      const { sql, params } = dialect.sqlToQuery(deleteBatch(table, uuidv7Floor(Date.now()), "", 500));
      const plan = await db
        .prepare(`EXPLAIN QUERY PLAN ${sql}`)
        .bind(...params)
        .all<{ detail: string }>();
      const details = plan.results.map((r) => r.detail);
      expect(details.join(" | "), table.name).not.toMatch(/\bSCAN\b/);
      expect(
        details.some((d) => new RegExp(`SEARCH ${table.name} USING (COVERING )?INDEX sqlite_autoindex_${table.name}_1 \\(id>\\? AND id<\\?\\)`).test(d)),
        details.join(" | "),
      ).toBe(true);
      if (table.name === "events")
        expect(details.join(" | ")).toMatch(/SEARCH webhook_deliveries USING COVERING INDEX webhook_deliveries_event_idx \(event_id=\?\)/);
    }
    const cascade = await db.prepare("EXPLAIN QUERY PLAN DELETE FROM webhook_attempts WHERE delivery_id = ?").bind("x").all<{ detail: string }>();
    expect(cascade.results.map((r) => r.detail).join(" | ")).toMatch(/USING (COVERING )?INDEX webhook_attempts_delivery_idx/);
  });

  it("what the API writes to these tables has time-ordered ids (UUIDv7 of the creation time)", async () => {
    const store = await storeWithDeliveries(1);
    for (const table of ["events", "webhook_deliveries", "audit_log"]) {
      const rows = await sqlAll<{ id: string; created_at: string }>(`SELECT id, created_at FROM ${table} WHERE store_id = ?`, store.id);
      expect(rows.length, table).toBeGreaterThan(0);
      for (const row of rows) {
        const ms = parseInt(row.id.replace("-", "").slice(0, 12), 16);
        expect(Math.abs(ms - Date.parse(row.created_at)), `${table} ${row.id}`).toBeLessThan(5_000);
      }
    }
  });
});
