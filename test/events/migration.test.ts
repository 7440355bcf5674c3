// Migration store/0028 on a database that already holds events (docs/api/22-event-log.md): each store's events are
// numbered 1..N in (created_at, id) order, into the column and the stored envelope; webhook.test rows get none;
// each store's counter starts after its events; later events continue it, and deleting old events (retention)
// never makes a number be given again.
import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";

type Migration = Parameters<typeof applyD1Migrations>[1][number];
const all = (env.TEST_MIGRATIONS as Record<string, Migration[]>).STORE_DB_001;
const before = all.filter((m) => m.name < "0028");
const sequence = all.filter((m) => m.name.startsWith("0028"));
const db = (env as unknown as Record<string, D1Database>).SCALE_DB_051;

const rows = async <T>(query: string, ...params: unknown[]) =>
  (
    await db
      .prepare(query)
      .bind(...params)
      .all<T>()
  ).results;
const event = (id: string, store: string, name: string, at: string) =>
  db
    .prepare("INSERT INTO events (id, store_id, name, created_at, payload) VALUES (?, ?, ?, ?, ?)")
    .bind(id, store, name, at, JSON.stringify({ id, event: name, store_id: store, delivered_at: at, data: { id: `r-${id}` } }));

beforeAll(async () => {
  expect(sequence).toHaveLength(1);
  await applyD1Migrations(db, before);
  await db.batch([
    db.prepare(
      "INSERT INTO users (id, email, email_lower, name, password_hash, created_at) VALUES ('u1', 'o@example.test', 'o@example.test', 'O', 'x', '2026-11-01T00:00:00.000Z')",
    ),
    db.prepare(
      "INSERT INTO stores (id, name, owner_id, created_at) VALUES ('s1', 'S', 'u1', '2026-11-01T00:00:00.000Z'), ('s2', 'T', 'u1', '2026-11-01T00:00:00.000Z'), ('s3', 'Empty', 'u1', '2026-11-01T00:00:00.000Z')",
    ),
    // Ids out of time order, and two events at the same millisecond (ordered by id).
    event("e-c", "s1", "products.created", "2026-11-02T00:00:00.000Z"),
    event("e-a", "s1", "products.updated", "2026-11-03T00:00:00.000Z"),
    event("e-b", "s1", "customers.created", "2026-11-02T00:00:00.000Z"),
    event("e-t", "s1", "webhook.test", "2026-11-02T12:00:00.000Z"),
    event("e-z", "s2", "orders.created", "2026-11-05T00:00:00.000Z"),
  ]);
  await applyD1Migrations(db, sequence);
});

describe("migration 0028: existing events get their sequence", () => {
  it("numbers each store's events in (created_at, id) order, in the column and the envelope; webhook.test gets none", async () => {
    const got = await rows<{ id: string; store_id: string; sequence: number | null; payload: string; resource_id: string | null }>(
      "SELECT id, store_id, sequence, payload, resource_id FROM events ORDER BY store_id, sequence, id",
    );
    expect(got.map((r) => [r.store_id, r.id, r.sequence])).toEqual([
      ["s1", "e-t", null],
      ["s1", "e-b", 1],
      ["s1", "e-c", 2],
      ["s1", "e-a", 3],
      ["s2", "e-z", 1],
    ]);
    for (const row of got.filter((r) => r.sequence !== null)) {
      expect(JSON.parse(row.payload).sequence).toBe(row.sequence);
      expect(row.resource_id).toBe(`r-${row.id}`);
    }
    expect(await rows("SELECT id, event_sequence FROM stores ORDER BY id")).toEqual([
      { id: "s1", event_sequence: 3 },
      { id: "s2", event_sequence: 1 },
      { id: "s3", event_sequence: 0 },
    ]);
  });

  it("later events continue each store's count; deleting old events never makes a number come back", async () => {
    await event("e-new", "s1", "products.updated", "2026-11-06T00:00:00.000Z").run();
    await event("e-first", "s3", "products.created", "2026-11-06T00:00:00.000Z").run();
    // Retention deletes everything of s1; the next event still continues.
    await db.prepare("DELETE FROM events WHERE store_id = 's1'").run();
    await event("e-later", "s1", "products.updated", "2026-11-07T00:00:00.000Z").run();
    expect(await rows("SELECT id, sequence FROM events WHERE store_id IN ('s1', 's3') ORDER BY id")).toEqual([
      { id: "e-first", sequence: 1 },
      { id: "e-later", sequence: 5 },
    ]);
  });

  it("a store arriving by a move (its row says 'incoming') keeps the sequences its events came with", async () => {
    await db
      .prepare(
        "INSERT INTO stores (id, name, owner_id, created_at, state, event_sequence) VALUES ('s4', 'Moved', 'u1', '2026-11-01T00:00:00.000Z', 'incoming', 40)",
      )
      .run();
    await db
      .prepare(
        "INSERT INTO events (id, store_id, name, created_at, payload, sequence, resource_id) VALUES ('e-m', 's4', 'products.created', '2026-11-01T00:00:00.000Z', '{\"sequence\":40}', 40, 'p')",
      )
      .run();
    expect(await rows("SELECT sequence, payload FROM events WHERE id = 'e-m'")).toEqual([{ sequence: 40, payload: '{"sequence":40}' }]);
    expect(await rows("SELECT event_sequence FROM stores WHERE id = 's4'")).toEqual([{ event_sequence: 40 }]);
  });
});
