// docs/api/14-store-databases-and-operators.md and docs/scale.md section 4, "Moving a store": a move under load loses nothing and duplicates
// nothing, pauses writes only while it must, keeps media served and pending webhook deliveries delivered once.
// The job's steps are run by the test, one queue message at a time (support.ts, `drive`), beside the load.
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { MOVED_TABLES } from "../../src/moves/tables";
import { call } from "../helpers/api";
import { shardOf, storeD1 } from "../helpers/databases";
import { catalogStore } from "../products/fixtures";
import { eventually as waitFor } from "../webhooks/support";
import { type SeededStore, consume, receiver, seededStore } from "./seed";
import { counts, d1, drive, keptQueue, moveRow, onStatement, ops, otherShard, startMove, storeRows } from "./support";

let restore: (() => void) | undefined;
afterEach(() => restore?.());

/** `eventually` with a longer wait: a move's steps take longer than one delivery. */
const eventually = <T>(check: () => Promise<T | null | undefined | false>, timeoutMs = 30_000) => waitFor(check, timeoutMs);

const pendingDeliveries = async (db: D1Database, storeId: string) =>
  (await db.prepare("SELECT id FROM webhook_deliveries WHERE store_id = ? AND status = 'pending'").bind(storeId).all<{ id: string }>()).results;

/** A pending delivery with its event, written as the fan-out would, with no queue message behind it yet. */
async function pendingDelivery(store: SeededStore) {
  const db = await storeD1(store.id);
  const webhook = await db.prepare("SELECT id FROM webhooks WHERE store_id = ? AND event = 'customers.created'").bind(store.id).first<{ id: string }>();
  const [id, eventId, now] = [crypto.randomUUID(), crypto.randomUUID(), new Date().toISOString()];
  const payload = JSON.stringify({ id: eventId, event: "customers.created", store_id: store.id, delivered_at: now, data: { id: "c1" } });
  await db.batch([
    db.prepare("INSERT INTO events (id, store_id, name, created_at, payload) VALUES (?, ?, 'customers.created', ?, ?)").bind(eventId, store.id, now, payload),
    db
      .prepare(
        `INSERT INTO webhook_deliveries (id, store_id, webhook_id, event_id, event, status, attempt_count, next_attempt_at, created_at)
       VALUES (?, ?, ?, ?, 'customers.created', 'pending', 0, ?, ?)`,
      )
      .bind(id, store.id, webhook!.id, eventId, now, now),
  ]);
  return { id, eventId };
}

describe("a move copies every table that holds a store's rows", () => {
  it("MOVED_TABLES names every table of a store database except the global ones", async () => {
    const { results } = await d1("STORE_DB_001")
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name NOT LIKE 'd1_%' AND name NOT LIKE 'products_fts%' AND name NOT LIKE 'customers_fts%'",
      )
      .all<{ name: string }>();
    // Not a store's: failed logins and revoked sessions (per user), and the guards' always-empty tables.
    // And a move's own change capture (migration 0026), the running batch's inventory context (0027, always empty),
    // and the custom fields' always-empty guard (0029).
    const global = [
      "login_attempts",
      "revoked_sessions",
      "commerce_guards",
      "guard_conflict",
      "guard_limit",
      "guard_not_found",
      "move_capture",
      "move_changes",
      "inventory_context",
      "field_guards",
      "batch_actor",
    ];
    expect(
      results
        .map((r) => r.name)
        .filter((n) => !global.includes(n))
        .sort(),
    ).toEqual(MOVED_TABLES.map((t) => t.name).sort());
  });
});

describe("a move under load: writes 503 only while paused, nothing lost or duplicated, media and deliveries carry on", () => {
  it("moves a seeded store while another store keeps working", { timeout: 120_000 }, async () => {
    const hooks = receiver("http://127.0.0.1:9/moves/");
    restore = hooks.restore;
    const store = await seededStore();
    const other = await catalogStore();
    const from = await shardOf(store.id);
    const to = await otherShard(store.id);
    const source = d1(from);
    const target = d1(to);
    // The seed's deliveries go out through the real queue first; then two are left pending with no message.
    await eventually(async () => (await pendingDeliveries(source, store.id)).length === 0);
    const waiting = [await pendingDelivery(store), await pendingDelivery(store)];
    const version = (await ops("GET", `/ops/stores/${store.id}`)).body.version;

    const q = keptQueue();
    const started = await startMove(store.id, to, q);
    expect(started.status).toBe(202);
    const created: string[] = [];
    const log: Array<{ before: string; after: string; write: number; retryAfter: string | null; read: number; otherWrite: number }> = [];
    let n = 0;
    // Beside every step: a write and a read on the moving store, a write on the other store.
    const load = async (before: { state: string }) => {
      n++;
      const [write, read, otherWrite] = await Promise.all([
        call("POST", `/stores/${store.id}/products`, { token: store.token, body: { title: `Load ${n}`, product_type: "single", default_price_cents: 100 } }),
        call("GET", `/stores/${store.id}/products/${store.productIds[0]}`, { token: store.token }),
        call("POST", `/stores/${other.id}/products`, { token: other.token, body: { title: `Other ${n}`, product_type: "single", default_price_cents: 100 } }),
      ]);
      if (write.status === 201) created.push(write.body.id);
      const after = (await moveRow(started.body.id))!;
      log.push({
        before: before.state,
        after: after.state,
        write: write.status,
        retryAfter: write.headers.get("Retry-After"),
        read: read.status,
        otherWrite: otherWrite.status,
      });
    };

    // The pause is one step: the hooks act inside it. Right after the directory says `moving`, a write to the store
    // must answer 503; just before the flip, both sides are compared whole, row by row.
    const pausedWrites: Array<{ status: number; retryAfter: string | null }> = [];
    const atFlip: Record<"source" | "target", Awaited<ReturnType<typeof storeRows>>> = { source: {}, target: {} };
    const hooked = {
      DIRECTORY: onStatement(env.DIRECTORY, "SET state = 'moving'", async () => {
        const write = await call("POST", `/stores/${store.id}/products`, { token: store.token, body: { title: "Paused", product_type: "single" } });
        pausedWrites.push({ status: write.status, retryAfter: write.headers.get("Retry-After") });
      }),
      [to]: onStatement(
        target,
        "SET state = 'active' WHERE id = ? AND state = 'incoming'",
        async () => {
          atFlip.source = await storeRows(source, store.id);
          atFlip.target = await storeRows(target, store.id);
        },
        "before",
      ),
    };
    const move = await drive(started.body.id, q, { around: load, overrides: hooked });
    expect(move).toMatchObject({ state: "done", error: null, finished_at: expect.any(String) });
    expect(pausedWrites).toEqual([{ status: 503, retryAfter: "5" }]);
    expect(atFlip.target).toEqual(atFlip.source);
    const sourceAtPause = atFlip.source;

    // Writes: 201 before and after the pause step; across it, 201 or 503. Reads and the other store: always 200.
    for (const entry of log) {
      expect(entry.read, JSON.stringify(entry)).toBe(200);
      expect(entry.otherWrite, JSON.stringify(entry)).toBe(201);
      if (entry.before === entry.after) expect(entry.write, JSON.stringify(entry)).toBe(201);
      else expect([201, 503], JSON.stringify(entry)).toContain(entry.write);
    }
    expect(log.filter((e) => e.before === "copying" && e.after === "copying").length).toBeGreaterThan(0);
    expect(log.filter((e) => e.before === "verifying" && e.after === "verifying").length).toBeGreaterThan(0);
    expect(log.filter((e) => e.before === "done").length).toBeGreaterThan(0);

    // After the flip, every row is still on the target (writes since then only add rows or update their own);
    // nothing of the store is left on the source but member user copies.
    const onTarget = await storeRows(target, store.id);
    for (const table of MOVED_TABLES) {
      const keys = (rows: Array<Record<string, unknown>>) => rows.map((r) => JSON.stringify(table.key.map((k) => r[k])));
      expect(keys(onTarget[table.name]), table.name).toEqual(expect.arrayContaining(keys(sourceAtPause[table.name])));
    }
    expect(counts(sourceAtPause)).toMatchObject({ products: expect.any(Number), webhook_deliveries: expect.any(Number) });
    for (const table of [
      "products",
      "product_variants",
      "media_files",
      "product_images",
      "customers",
      "orders",
      "order_lines",
      "webhooks",
      "events",
      "audit_log",
      "memberships",
      "api_tokens",
      "invites",
      "product_deletions",
      "idempotency_keys",
      "product_specs",
      "product_reviews",
      "store_catalog_stats",
    ]) {
      expect(sourceAtPause[table].length, table).toBeGreaterThan(0);
    }
    const left = counts(await storeRows(source, store.id));
    expect(Object.entries(left).filter(([t, c]) => t !== "users" && c > 0)).toEqual([]);
    // Every product a 201 answered for is there, once; the catalog counter and the title search agree.
    for (const id of [...created, ...store.productIds])
      expect((await call("GET", `/stores/${store.id}/products/${id}`, { token: store.token })).status).toBe(200);
    expect(new Set(created).size).toBe(created.length);
    const list = await call("GET", `/stores/${store.id}/products?include_drafts=true&limit=1`, { token: store.token });
    expect(list.body.pagination.total).toBe(onTarget.products.length);
    expect(onTarget.products.length).toBe(new Set([...sourceAtPause.products.map((p) => p.id), ...created]).size);
    const search = await call("GET", `/stores/${store.id}/products?include_drafts=true&search=Hoodie`, { token: store.token });
    expect(search.body.data.map((p: any) => p.id)).toEqual([store.productIds[1]]);

    // Event sequences (docs/api/22-event-log.md) moved with their events, and the counter with the store's row: they are
    // 1..N on the target, and the next event there continues them.
    const sequences = (
      await target
        .prepare("SELECT sequence FROM events WHERE store_id = ? AND sequence IS NOT NULL ORDER BY sequence")
        .bind(store.id)
        .all<{ sequence: number }>()
    ).results.map((r) => r.sequence);
    expect(sequences.length).toBeGreaterThan(0);
    expect(sequences).toEqual(sequences.map((_, i) => i + 1));
    const afterMove = await call("POST", `/stores/${store.id}/products`, { token: store.token, body: { title: "After the move", product_type: "single" } });
    expect(afterMove.status).toBe(201);
    const next = await call("GET", `/stores/${store.id}/events?after=${sequences.length}`, { token: store.token });
    expect(next.body.data.map((e: any) => [e.sequence, e.event, e.data.id])).toEqual([[sequences.length + 1, "products.created", afterMove.body.id]]);

    // The directory: on the target, active, two versions on (paused, flipped).
    expect((await ops("GET", `/ops/stores/${store.id}`)).body).toEqual({ store_id: store.id, shard: to, state: "active", version: version + 2 });
    expect((await ops("GET", `/ops/moves/${move.id}`)).body).toMatchObject({ state: "done", rows_copied: expect.any(Number), error: null });
    expect((await ops("GET", `/ops/moves/${move.id}`)).body.rows_copied).toBeGreaterThan(0);

    // R2 objects did not move; their keys still resolve from the rows on the target.
    const image = await call("GET", `/media/${store.id}/${store.mediaFileId}/original`);
    expect(image.status).toBe(200);

    // Deliveries pending at the start go out from the target, once each; so does every delivery the load made.
    await consume(
      store.id,
      waiting.map((d) => d.id),
    );
    await eventually(async () => (await pendingDeliveries(target, store.id)).length === 0);
    const events = (await target.prepare("SELECT event_id FROM webhook_deliveries WHERE store_id = ?").bind(store.id).all<{ event_id: string }>()).results;
    const mine = hooks.received.filter((id) => events.some((e) => e.event_id === id));
    expect(mine.sort()).toEqual(events.map((e) => e.event_id).sort());
    for (const d of waiting) expect(hooks.received.filter((id) => id === d.eventId)).toHaveLength(1);
  });
});

describe("the job runs by itself on the store-moves queue", () => {
  it("POST /ops/stores/{id}/move through the Worker, and the queue's own consumer takes it to done", { timeout: 120_000 }, async () => {
    const store = await catalogStore();
    const to = await otherShard(store.id);
    const started = await ops("POST", `/ops/stores/${store.id}/move`, { to });
    expect(started.status).toBe(202);
    const done = await eventually(async () => {
      const move = (await ops("GET", `/ops/moves/${started.body.id}`)).body;
      return move.state === "done" && move;
    }, 90_000);
    expect(done).toMatchObject({ state: "done", error: null });
    expect((await ops("GET", `/ops/stores/${store.id}`)).body).toMatchObject({ shard: to, state: "active" });
    expect((await call("GET", store.path(), { token: store.token })).status).toBe(200);
  });
});
