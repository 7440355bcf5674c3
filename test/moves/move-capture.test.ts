// A move's change capture (migration store/0026, src/moves/capture.ts; docs/scale.md "Moving a store"): every moved
// table writes down its changes while a move copies the store, only for that store; deliveries are not claimed once
// the move holds them; the pause's work does not grow with the store's size; the capture ends with the move.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { MOVED_TABLES } from "../../src/moves/tables";
import { addMember, call } from "../helpers/api";
import { shardOf } from "../helpers/databases";
import { catalogStore } from "../products/fixtures";
import { crashingAt, d1, drive, jobEnv, keptQueue, otherShard, startMove, storeRows } from "./support";
import { failMove, runMoveStep } from "../../src/moves";

async function storeWith(products: number) {
  const store = await catalogStore();
  for (let i = 0; i < products; i++) {
    const res = await call("POST", store.path(), { token: store.token, body: { title: `Item ${i}`, product_type: "single", default_price_cents: 100 + i } });
    expect(res.status).toBe(201);
  }
  return store;
}

const captureRows = async (db: D1Database, storeId: string) => ({
  capture: (await db.prepare("SELECT count(*) AS n FROM move_capture WHERE store_id = ?").bind(storeId).first<{ n: number }>())!.n,
  changes: (await db.prepare("SELECT count(*) AS n FROM move_changes WHERE store_id = ?").bind(storeId).first<{ n: number }>())!.n,
});

describe("the capture triggers", () => {
  it("every moved table but the shared user copies writes down its inserts, updates and deletes", async () => {
    const { results } = await env.STORE_DB_001.prepare("SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE '%_capture_%'").all<{
      name: string;
    }>();
    const names = new Set(results.map((r) => r.name));
    for (const table of MOVED_TABLES.filter((t) => t.name !== "users")) {
      for (const op of ["insert", "update", "delete"]) expect(names.has(`${table.name}_capture_${op}`), `${table.name}_capture_${op}`).toBe(true);
    }
    expect(names.size).toBe((MOVED_TABLES.length - 1) * 3);
  });

  it("only the store being moved is captured, from the move's capture step on; a new member's user copy is captured with the membership", async () => {
    const moving = await storeWith(1);
    const quiet = await catalogStore();
    const from = await shardOf(moving.id);
    const q = keptQueue();
    const move = await startMove(moving.id, await otherShard(moving.id), q);
    expect(move.status).toBe(202);
    expect(await captureRows(d1(from), moving.id)).toEqual({ capture: 0, changes: 0 });
    await drive(move.body.id, q, { stop: (m) => m.step.startsWith("copy:") });
    expect(await captureRows(d1(from), moving.id)).toEqual({ capture: 1, changes: 0 });
    const made = await call("POST", moving.path(), { token: moving.token, body: { title: "During", product_type: "single" } });
    expect(made.status).toBe(201);
    expect((await call("POST", quiet.path(), { token: quiet.token, body: { title: "Elsewhere", product_type: "single" } })).status).toBe(201);
    const { results } = await d1(from)
      .prepare("SELECT DISTINCT table_name, key FROM move_changes WHERE store_id = ? AND table_name IN ('products', 'product_variants')")
      .bind(moving.id)
      .all<{ table_name: string; key: string }>();
    expect(results).toContainEqual({ table_name: "products", key: JSON.stringify([made.body.id]) });
    expect(results.filter((r) => r.table_name === "product_variants")).toHaveLength(1);
    // A member who joins during the move: the membership and the user's copy are both captured.
    const member = await addMember(moving, ["products.read"]);
    const users = await d1(from).prepare("SELECT key FROM move_changes WHERE store_id = ? AND table_name = 'users'").bind(moving.id).all<{ key: string }>();
    expect(users.results.map((r) => r.key)).toContain(JSON.stringify([member.id]));
    const quietDb = d1(await shardOf(quiet.id));
    expect(await captureRows(quietDb, quiet.id)).toEqual({ capture: 0, changes: 0 });
    expect(await drive(move.body.id, q)).toMatchObject({ state: "done" });
    // The capture ends with the move: nothing left on the source.
    expect(await captureRows(d1(from), moving.id)).toEqual({ capture: 0, changes: 0 });
    expect((await call("GET", moving.path(`/${made.body.id}`), { token: moving.token })).status).toBe(200);
    expect((await call("GET", moving.path(`/${made.body.id}`), { token: member.jwt })).status).toBe(200);
  });
});

describe("webhook claims before the pause", () => {
  it("once the move holds them, a delivery of the store is not claimed; a failed move releases them", async () => {
    const store = await storeWith(1);
    const from = await shardOf(store.id);
    const to = await otherShard(store.id);
    const db = d1(from);
    const webhook = await call("POST", `/stores/${store.id}/webhooks`, {
      token: store.token,
      body: { url: "https://hooks.example.com/a", events: ["products.updated"], secret: "a-secret-of-enough-length-0123456789" },
    });
    expect(webhook.status).toBe(201);
    const webhookId = webhook.body.data[0].id as string;
    const id = crypto.randomUUID();
    const now = new Date().toISOString();
    await db.batch([
      db.prepare("INSERT INTO events (id, store_id, name, created_at, payload) VALUES (?, ?, 'products.updated', ?, '{}')").bind(id, store.id, now),
      db
        .prepare(
          `INSERT INTO webhook_deliveries (id, store_id, webhook_id, event_id, event, status, attempt_count, next_attempt_at, created_at)
           VALUES (?, ?, ?, ?, 'products.updated', 'pending', 0, ?, ?)`,
        )
        .bind(id, store.id, webhookId, id, now, now),
    ]);
    const claim = () => db.prepare("UPDATE webhook_deliveries SET claim_id = ?, claimed_at = ? WHERE id = ?").bind(crypto.randomUUID(), now, id).run();
    const release = () => db.prepare("UPDATE webhook_deliveries SET claim_id = NULL, claimed_at = NULL WHERE id = ?").bind(id).run();
    const q = keptQueue();
    const move = await startMove(store.id, to, q);
    await drive(move.body.id, q, { stop: (m) => m.step === "hold" });
    await claim(); // before the hold: claimed as ever
    await release();
    await drive(move.body.id, q, { stop: (m) => m.step === "drain" });
    await expect(claim()).rejects.toThrow(/store_paused/);
    // The store is still live: its other writes go through.
    expect((await call("POST", store.path(), { token: store.token, body: { title: "Live", product_type: "single" } })).status).toBe(201);
    // The move fails here (as when a step fails every retry): its restore releases the deliveries.
    const drain = q.sent.shift()!;
    expect(await failMove(jobEnv(q), drain, "given up")).toMatchObject({ state: "failed", step: "restore" });
    expect(await drive(move.body.id, q)).toMatchObject({ state: "failed", finished_at: expect.any(String) });
    await claim();
    expect(await captureRows(db, store.id)).toEqual({ capture: 0, changes: 0 });
  });
});

describe("the pause does not grow with the store", () => {
  it("the pause step makes the same number of D1 calls for 3 products and for 250 (more than one chunk of every table)", { timeout: 120_000 }, async () => {
    const callsOfPause = async (products: number) => {
      const store = await storeWith(products);
      const to = await otherShard(store.id);
      const q = keptQueue();
      const move = await startMove(store.id, to, q);
      await drive(move.body.id, q, { stop: (m) => m.step === "pause" });
      const counted = crashingAt(0, "before");
      const message = q.sent.shift()!;
      await runMoveStep(jobEnv(q, counted.bindings), message);
      expect(await drive(move.body.id, q)).toMatchObject({ state: "done" });
      expect((await storeRows(d1(to), store.id)).products).toHaveLength(products);
      return counted.state.calls;
    };
    const small = await callsOfPause(3);
    const large = await callsOfPause(250);
    expect(large).toBe(small);
    expect(small).toBeLessThan(40);
  });
});
