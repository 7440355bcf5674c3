// docs/scale.md section 4: a crash anywhere in a move resumes to `done`; a move that cannot get past a step fails
// and leaves the store active where it was; the cron re-sends a lost step; the jobs that walk every store skip a
// store a move is bringing in or taking away.
import { createMessageBatch } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { type MoveMessage, handleMoveBatch, runMoveStep } from "../../src/moves";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import { runRetention } from "../../src/retention";
import { RETAINED_TABLES, deleteBatch, uuidv7Floor } from "../../src/retention/tables";
import { sweepCandidates } from "../../src/webhooks/delivery/lost-sweep";
import { call } from "../helpers/api";
import { shardOf } from "../helpers/databases";
import { catalogStore } from "../products/fixtures";
import { receiver, seededStore } from "./seed";
import { INJECTED, counts, crashingAt, cronLater, d1, drive, jobEnv, keptQueue, moveRow, ops, otherShard, startMove, storeRows } from "./support";

async function eventually(check: () => Promise<boolean>, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("condition not reached in time");
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A store with three products (and the rows that come with them). */
async function smallStore() {
  const store = await catalogStore();
  for (const title of ["One", "Two", "Three"]) {
    const res = await call("POST", store.path(), { token: store.token, body: { title, product_type: "single", default_price_cents: 100 } });
    expect(res.status).toBe(201);
  }
  return store;
}

/** A store with rows in every table, once the deliveries its seeding made have gone out. */
async function settledSeededStore() {
  const store = await seededStore();
  const db = d1(await shardOf(store.id));
  await eventually(async () => !(await db.prepare("SELECT 1 FROM webhook_deliveries WHERE store_id = ? AND status = 'pending'").bind(store.id).first()));
  return { ...store, path: (suffix = "") => `/stores/${store.id}/products${suffix}` };
}

/**
 * A store with a few rows in the main tables (or, `seeded`, in every table: its webhook deliveries settled first),
 * its databases, and a started move with its messages kept.
 */
async function started(seeded = false) {
  const store = seeded ? await settledSeededStore() : await smallStore();
  const from = await shardOf(store.id);
  const to = await otherShard(store.id);
  const before = await storeRows(d1(from), store.id);
  const version = (await ops("GET", `/ops/stores/${store.id}`)).body.version as number;
  const q = keptQueue();
  const move = await startMove(store.id, to, q);
  expect(move.status).toBe(202);
  return { store, from, to, before, version, q, moveId: move.body.id as string };
}

describe("a crash in any step resumes to done", () => {
  it("every D1 call of every step fails once, before or after D1 did it: the move still ends done, every row once", { timeout: 120_000 }, async () => {
    const hooks = receiver("http://127.0.0.1:9/moves/");
    const { store, from, to, before, q, moveId } = await started(true).finally(hooks.restore);
    let crashes = 0;
    while (q.sent.length > 0) {
      const message = q.sent.shift()!;
      // Crash at the 1st D1 call of this step, then (run again, as the queue retries) at the 2nd, ... until a run
      // makes fewer calls than the crash point: that run went through.
      for (let at = 1; ; at++) {
        const when = at % 2 === 0 ? "after" : "before";
        const faults = crashingAt(at, when);
        try {
          await runMoveStep(jobEnv(q, faults.bindings), message);
        } catch (error) {
          expect(String(error)).toContain(INJECTED);
        }
        if (!faults.state.crashed) break;
        crashes++;
        // A crash after the step's own commit lost the next message: the cron finds the move overdue.
        const move = (await moveRow(moveId))!;
        if (move.seq !== message.seq && q.sent.length === 0 && !move.finished_at) await cronLater(q, 120_000, moveId);
        if (move.seq !== message.seq) break;
      }
    }
    expect(crashes).toBeGreaterThan(100);
    expect(await moveRow(moveId)).toMatchObject({ state: "done", error: null, finished_at: expect.any(String) });
    const after = await storeRows(d1(to), store.id);
    expect(after).toEqual(before);
    expect(Object.entries(counts(await storeRows(d1(from), store.id))).filter(([t, c]) => t !== "users" && c > 0)).toEqual([]);
    expect((await call("GET", store.path("?include_drafts=true"), { token: store.token })).body.pagination.total).toBe(before.products.length);
  });

  it("a duplicate message (the queue delivers at least once) changes nothing", async () => {
    const { q, moveId, store, to, before } = await started();
    const first = q.sent.shift()!;
    await runMoveStep(jobEnv(q), first);
    expect(await runMoveStep(jobEnv(q), first)).toBeNull();
    expect(q.sent).toHaveLength(1);
    expect(await drive(moveId, q)).toMatchObject({ state: "done" });
    expect(await storeRows(d1(to), store.id)).toEqual(before);
  });

  it("the cron re-sends a step whose message was lost, and only once it is overdue", async () => {
    const { q, moveId } = await started();
    q.sent.length = 0;
    expect(await cronLater(q, 0, moveId)).not.toContain(moveId);
    expect(await cronLater(q, 120_000, moveId)).toContain(moveId);
    expect(q.sent).toEqual([{ move_id: moveId, seq: 0 }]);
    expect(await drive(moveId, q)).toMatchObject({ state: "done" });
  });
});

describe("a failed move leaves the store active where it was", () => {
  it("a verification mismatch fails the move before any pause: the store active where it was, the target's copy removed", async () => {
    const { store, from, to, before, version, q, moveId } = await started();
    await drive(moveId, q, { stop: (m) => m.state === "verifying" });
    // A row the copy wrote is lost on the target (as if a write had gone astray).
    await d1(to).prepare("DELETE FROM products WHERE store_id = ? AND title = 'Two'").bind(store.id).run();
    const move = await drive(moveId, q);
    expect(move).toMatchObject({ state: "failed", error: expect.stringContaining("products: 1 rows missing on the target"), finished_at: expect.any(String) });
    expect((await ops("GET", `/ops/moves/${moveId}`)).body).toMatchObject({ state: "failed", error: expect.stringContaining("verification failed") });
    // Verification runs while the store is live: it never stopped, and the directory never changed.
    expect((await ops("GET", `/ops/stores/${store.id}`)).body).toEqual({ store_id: store.id, shard: from, state: "active", version });
    expect(await d1(from).prepare("SELECT state FROM stores WHERE id = ?").bind(store.id).first()).toEqual({ state: "active" });
    expect(await storeRows(d1(from), store.id)).toEqual(before);
    expect(Object.entries(counts(await storeRows(d1(to), store.id))).filter(([t, c]) => t !== "users" && c > 0)).toEqual([]);
    // The store works as before, and can be moved again.
    const write = await call("POST", store.path(), { token: store.token, body: { title: "Four", product_type: "single", default_price_cents: 100 } });
    expect(write.status).toBe(201);
    const again = keptQueue();
    const retry = await startMove(store.id, to, again);
    expect(retry.status).toBe(202);
    expect(await drive(retry.body.id, again)).toMatchObject({ state: "done" });
    expect((await call("GET", store.path("?include_drafts=true"), { token: store.token })).body.pagination.total).toBe(4);
  });

  it("verification compares row contents: a row on the target whose contents differ fails the move, the store stays where it was", async () => {
    const { store, from, to, before, q, moveId } = await started();
    await drive(moveId, q, { stop: (m) => m.state === "verifying" });
    // Every key is on the target, but one row's contents are not the source's (as if a write had landed half).
    await d1(to).prepare("UPDATE products SET title = 'Tw0' WHERE store_id = ? AND title = 'Two'").bind(store.id).run();
    expect(await d1(to).prepare("SELECT count(*) AS n FROM products WHERE store_id = ? AND title = 'Tw0'").bind(store.id).first()).toEqual({ n: 1 });
    const move = await drive(moveId, q);
    expect(move).toMatchObject({
      state: "failed",
      error: "verification failed: products: 0 rows missing on the target, 0 rows not on the source, 1 rows whose contents differ",
    });
    expect((await ops("GET", `/ops/stores/${store.id}`)).body).toMatchObject({ shard: from, state: "active" });
    expect(await storeRows(d1(from), store.id)).toEqual(before);
    expect(Object.entries(counts(await storeRows(d1(to), store.id))).filter(([t, c]) => t !== "users" && c > 0)).toEqual([]);
    const titles = (await call("GET", store.path("?include_drafts=true"), { token: store.token })).body.data.map((p: { title: string }) => p.title);
    expect(titles.sort()).toEqual(["One", "Three", "Two"]);
  });

  it("a step that fails every retry (the queue's last attempt) fails the move; before that the queue retries it", async () => {
    const { store, from, to, version, q, moveId } = await started();
    await drive(moveId, q, { stop: (m) => m.state === "copying" && m.step.startsWith("copy:products") });
    const broken = {
      [to]: {
        prepare: () => {
          throw new Error("target unreachable");
        },
        batch: () => Promise.reject(new Error("target unreachable")),
      },
    };
    const message = q.sent.shift()!;
    const batchOf = (attempts: number) =>
      createMessageBatch<MoveMessage>("store-moves", [{ id: `m${attempts}`, timestamp: new Date(), attempts, body: message }]);
    const early = batchOf(1);
    let retried = false;
    early.messages[0].retry = () => {
      retried = true;
    };
    await handleMoveBatch(early, jobEnv(q, broken));
    expect(retried).toBe(true);
    expect((await moveRow(moveId))!.state).toBe("copying");
    await handleMoveBatch(batchOf(5), jobEnv(q, broken));
    expect(await moveRow(moveId)).toMatchObject({ state: "failed", error: expect.stringContaining("target unreachable") });
    // The cleanup runs with the target reachable again.
    expect(await drive(moveId, q)).toMatchObject({ state: "failed", finished_at: expect.any(String) });
    expect((await ops("GET", `/ops/stores/${store.id}`)).body).toEqual({ store_id: store.id, shard: from, state: "active", version });
    expect(Object.entries(counts(await storeRows(d1(to), store.id))).filter(([t, c]) => t !== "users" && c > 0)).toEqual([]);
  });
});

describe("retention and the delivery sweep skip stores not active in a database", () => {
  it("a store's old history stays while its row says moving; other stores' goes; nothing aborts", async () => {
    const moving = await seededStore();
    const settled = await seededStore();
    for (const s of [moving, settled]) {
      const db = await import("../helpers/databases").then((m) => m.storeD1(s.id));
      // Old enough for retention, and overdue for the sweep.
      await db
        .prepare(
          "UPDATE webhook_deliveries SET status = 'pending', next_attempt_at = '2000-01-01T00:00:00.000Z', claim_id = NULL, claimed_at = NULL WHERE store_id = ?",
        )
        .bind(s.id)
        .run();
    }
    const db = d1(await shardOf(moving.id));
    await db.prepare("UPDATE stores SET state = 'moving' WHERE id = ?").bind(moving.id).run();
    try {
      const candidates = (await sweepCandidates(env, Date.now())).map((g) => g.storeId);
      expect(candidates).not.toContain(moving.id);
      expect(candidates).toContain(settled.id);
      const auditBefore = await db.prepare("SELECT count(*) AS n FROM audit_log WHERE store_id = ?").bind(moving.id).first<{ n: number }>();
      await runRetention(env, Date.now() + 400 * 24 * 60 * 60 * 1000);
      expect(await db.prepare("SELECT count(*) AS n FROM audit_log WHERE store_id = ?").bind(moving.id).first()).toEqual(auditBefore);
      const settledDb = d1(await shardOf(settled.id));
      expect(await settledDb.prepare("SELECT count(*) AS n FROM audit_log WHERE store_id = ?").bind(settled.id).first()).toEqual({ n: 0 });
    } finally {
      await db.prepare("UPDATE stores SET state = 'active' WHERE id = ?").bind(moving.id).run();
    }
  });

  it("the filter is an index lookup: retention's DELETEs still scan no table", async () => {
    const dialect = new SQLiteAsyncDialect();
    for (const table of RETAINED_TABLES) {
      const { sql, params } = dialect.sqlToQuery(deleteBatch(table, uuidv7Floor(Date.now()), "", 500));
      const plan = await d1("STORE_DB_001")
        .prepare(`EXPLAIN QUERY PLAN ${sql}`)
        .bind(...params)
        .all<{ detail: string }>();
      const details = plan.results.map((r) => r.detail).join(" | ");
      expect(details, table.name).not.toMatch(/\bSCAN\b/);
      expect(details, table.name).toMatch(/SEARCH stores USING COVERING INDEX stores_state_idx \(state=\?\)/);
    }
  });
});
