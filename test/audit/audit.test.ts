// Audit log and events outbox (every later issue uses them): rows written in the change's own batch,
// GET /stores/{store_id}/audit-log (audit.read), paginated; the events table and the recordEvent helper.
import { env } from "cloudflare:workers";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { describe, expect, it } from "vitest";
import * as schema from "../../src/db/schema";
import { commit, recordEvent } from "../../src/events/outbox";
import { addMember, call, newStore, newToken, newUser } from "../helpers/api";
import { storeD1, storeD1s } from "../helpers/databases";
import { sqlAll } from "../helpers/support";

const ENTRY_KEYS = [
  "action",
  "actor_email",
  "actor_name",
  "created_at",
  "details",
  "id",
  "integration_id",
  "integration_name",
  "resource_id",
  "resource_type",
  "store_id",
  "token_id",
  "token_name",
  "user_id",
];

describe("audit log: who changed what, newest first, paginated, audit.read", () => {
  it("entries for session and token changes", async () => {
    const store = await newStore();
    const pat = await newToken(store.id, store.owner.jwt, ["members.manage", "members.read"]);
    const invitee = await newUser();
    const inv = await call("POST", `/stores/${store.id}/invites`, { token: pat.token, body: { email: invitee.email, permissions: ["members.read"] } });
    expect(inv.status).toBe(201);
    const res = await call("GET", `/stores/${store.id}/audit-log`, { token: store.owner.jwt });
    expect(res.status).toBe(200);
    expect(res.body.data.map((e: any) => e.action)).toEqual(["invite.create", "token.create", "store.create"]);
    for (const e of res.body.data) expect(Object.keys(e).sort()).toEqual(ENTRY_KEYS);
    const [invite, token, created] = res.body.data;
    expect(invite).toMatchObject({
      store_id: store.id,
      user_id: store.owner.id,
      token_id: pat.id,
      token_name: pat.name,
      resource_type: "invite",
      resource_id: inv.body.id,
    });
    expect(token).toMatchObject({
      token_id: null,
      token_name: null,
      integration_id: null,
      integration_name: null,
      resource_type: "token",
      resource_id: pat.id,
    });
    expect(created).toMatchObject({ resource_type: "store", resource_id: store.id, user_id: store.owner.id });
    expect(Date.parse(invite.created_at)).toBeGreaterThanOrEqual(Date.parse(created.created_at));
  });

  it("is paginated and scoped to the store", async () => {
    const store = await newStore();
    const other = await newStore();
    for (let i = 0; i < 4; i++) await newToken(store.id, store.owner.jwt, []);
    const page = await call("GET", `/stores/${store.id}/audit-log?limit=2&offset=1`, { token: store.owner.jwt });
    expect(page.body.pagination).toEqual({ limit: 2, offset: 1, total: 5 });
    expect(page.body.data).toHaveLength(2);
    const all = await call("GET", `/stores/${store.id}/audit-log`, { token: store.owner.jwt });
    expect(all.body.data.slice(1, 3).map((e: any) => e.id)).toEqual(page.body.data.map((e: any) => e.id));
    expect(all.body.data.every((e: any) => e.store_id === store.id)).toBe(true);
    const theirs = await call("GET", `/stores/${other.id}/audit-log`, { token: other.owner.jwt });
    expect(theirs.body.pagination.total).toBe(1);
  });

  it("a member without audit.read gets 403 naming it", async () => {
    const store = await newStore();
    const member = await addMember(store, ["members.read"]);
    const res = await call("GET", `/stores/${store.id}/audit-log`, { token: member.jwt });
    expect(res.status).toBe(403);
    expect(res.body.missing_permission).toBe("audit.read");
  });
});

describe("audit rows and events commit in the same batch as the change, or not at all", () => {
  it("an accept that fails inside its batch leaves no membership, audit row, event or used invite", async () => {
    const store = await newStore();
    const member = await addMember(store, ["members.read"]);
    const second = await call("POST", `/stores/${store.id}/invites`, { token: store.owner.jwt, body: { email: member.email, permissions: ["members.read"] } });
    const before = await sqlAll("SELECT id FROM audit_log WHERE store_id = ?", store.id);
    const eventsBefore = await sqlAll("SELECT id FROM events WHERE store_id = ?", store.id);
    const res = await call("POST", "/invites/accept", { token: member.jwt, body: { token: second.body.token } });
    expect(res.status).toBe(409);
    expect(await sqlAll("SELECT id FROM audit_log WHERE store_id = ?", store.id)).toHaveLength(before.length);
    expect(await sqlAll("SELECT id FROM events WHERE store_id = ?", store.id)).toHaveLength(eventsBefore.length);
    const invite = await sqlAll<{ accepted_at: string | null }>("SELECT accepted_at FROM invites WHERE id = ?", second.body.id);
    expect(invite[0].accepted_at).toBeNull();
  });
});

describe("events outbox: (id, store_id, name, created_at, payload: the envelope holding the data JSON), inserted by a helper inside the change's batch", () => {
  it("the table has exactly those columns", async () => {
    // The data is kept once, inside `payload` (the webhook envelope every delivery sends): in every store database.
    // `sequence` and `resource_id` (migration 0028) are set by a trigger: the number, and data.id for the log's filter.
    for (const db of storeD1s()) {
      const columns = (await db.prepare("SELECT name FROM pragma_table_info('events')").all<{ name: string }>()).results;
      expect(columns.map((c) => c.name).sort()).toEqual(["created_at", "id", "name", "payload", "resource_id", "sequence", "store_id"]);
    }
  });

  /** A customers.* payload as its schema types it (recordEvent takes nothing less). */
  const customer = (id: string) => ({
    id,
    email: `${id}@example.test`,
    name: null,
    phone: null,
    group_ids: [],
    fields: {},
    created_at: "2026-11-28T00:00:00.000Z",
    updated_at: "2026-11-28T00:00:00.000Z",
  });

  it("recordEvent + commit write the change and its event atomically, with value or SQL data", async () => {
    const store = await newStore();
    const db = drizzle(await storeD1(store.id), { schema });
    const ctx = { db, env, waitUntil: () => {} };
    await commit(ctx, [
      ...recordEvent(db, store.id, "customers.created", customer("c1")),
      ...recordEvent(db, store.id, "customers.updated", sql`SELECT json_object('id', id, 'name', name) FROM stores WHERE id = ${store.id}`),
    ]);
    const rows = await sqlAll<{ id: string; name: string; data: string; created_at: string }>(
      "SELECT id, name, json_extract(payload, '$.data') AS data, created_at FROM events WHERE store_id = ? ORDER BY name",
      store.id,
    );
    expect(rows.map((r) => r.name)).toEqual(["customers.created", "customers.updated"]);
    expect(JSON.parse(rows[0].data)).toEqual(customer("c1"));
    expect(JSON.parse(rows[1].data)).toMatchObject({ id: store.id });
    expect(rows[0].created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    // A failing statement in the batch takes the event with it.
    await expect(
      commit(ctx, [...recordEvent(db, store.id, "customers.created", customer("c2")), db.run(sql`INSERT INTO no_such_table VALUES (1)`)]),
    ).rejects.toThrow();
    // Matched as the JSON id: a bare 'c2' also occurs by chance in the store's UUID or name (the other event's data).
    expect(await sqlAll('SELECT id FROM events WHERE store_id = ? AND payload LIKE \'%"id":"c2"%\'', store.id)).toHaveLength(0);
  });
});
