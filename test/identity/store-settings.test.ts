// Store settings and finding customers (OpenAPI: getStore, updateStore, listCustomers `search`, listAudit filters;
// docs/admin.md "Week one"): a store's currency and time zone, customer search by part of an email, name or phone
// through the full-text table, and an audit log that names its actors as they were and can be filtered.
import { and, desc, eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { describe, expect, it } from "vitest";
import { searchCondition } from "../../src/customers/customers.service";
import * as schema from "../../src/db/schema";
import { addMember, call, newStore } from "../helpers/api";
import { storeD1 } from "../helpers/databases";

describe("PATCH /stores/{store_id} (store.manage): name, currency (ISO 4217, default USD), time zone (IANA, default UTC)", () => {
  it("a new store is USD and UTC; the owner changes all three and GET shows them", async () => {
    const store = await newStore();
    const before = await call("GET", `/stores/${store.id}`, { token: store.owner.jwt });
    expect(before.body).toMatchObject({ id: store.id, currency: "USD", timezone: "UTC" });
    const res = await call("PATCH", `/stores/${store.id}`, {
      token: store.owner.jwt,
      body: { name: "Café Berlin", currency: "EUR", timezone: "Europe/Berlin" },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: store.id, name: "Café Berlin", currency: "EUR", timezone: "Europe/Berlin" });
    const after = await call("GET", `/stores/${store.id}`, { token: store.owner.jwt });
    expect(after.body).toMatchObject({ name: "Café Berlin", currency: "EUR", timezone: "Europe/Berlin" });
    const log = await call("GET", `/stores/${store.id}/audit-log?action=store.update`, { token: store.owner.jwt });
    expect(log.body.data).toHaveLength(1);
  });

  it("refuses codes and zones that do not exist (422 naming the field), and unknown fields", async () => {
    const store = await newStore();
    for (const [body, path] of [
      [{ currency: "eur" }, "currency"],
      [{ currency: "XYZ" }, "currency"],
      [{ timezone: "Mars/Olympus" }, "timezone"],
      [{ name: "" }, "name"],
    ] as const) {
      const res = await call("PATCH", `/stores/${store.id}`, { token: store.owner.jwt, body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.errors[0].path).toBe(path);
    }
    expect((await call("PATCH", `/stores/${store.id}`, { token: store.owner.jwt, body: { color: "red" } })).status).toBe(422);
  });

  it("a member without store.manage gets 403 naming it", async () => {
    const store = await newStore();
    const member = await addMember(store, ["products.read"]);
    const res = await call("PATCH", `/stores/${store.id}`, { token: member.jwt, body: { currency: "EUR" } });
    expect(res.status).toBe(403);
    expect(res.body.missing_permission).toBe("store.manage");
  });
});

describe("GET /stores/{store_id}/customers?search=: part of the email, name or phone, case-insensitive, at least 2 characters", () => {
  async function storeWithCustomers() {
    const store = await newStore();
    const people = [
      { email: "ada.lovelace@example.com", name: "Ada Lovelace", phone: "+44 20 7946 0018" },
      { email: "grace@navy.example", name: "Grace Hopper", phone: "+1 555 0100" },
      { email: "linus@example.org", name: null, phone: null },
    ];
    for (const body of people) {
      const res = await call("POST", `/stores/${store.id}/customers`, { token: store.owner.jwt, body });
      expect(res.status).toBe(201);
    }
    return store;
  }
  const emails = async (storeId: string, token: string, search: string) => {
    const res = await call("GET", `/stores/${storeId}/customers?search=${encodeURIComponent(search)}`, { token });
    expect(res.status, res.text).toBe(200);
    return res.body.data.map((c: any) => c.email).sort();
  };

  it("matches inside emails, names and phones, in any case", async () => {
    const store = await storeWithCustomers();
    const jwt = store.owner.jwt;
    expect(await emails(store.id, jwt, "LOVE")).toEqual(["ada.lovelace@example.com"]);
    expect(await emails(store.id, jwt, "hopp")).toEqual(["grace@navy.example"]);
    expect(await emails(store.id, jwt, "555 01")).toEqual(["grace@navy.example"]);
    expect(await emails(store.id, jwt, "example.")).toEqual(["ada.lovelace@example.com", "linus@example.org"]);
    expect(await emails(store.id, jwt, "nu")).toEqual(["linus@example.org"]);
    expect(await emails(store.id, jwt, "zzz")).toEqual([]);
  });

  it("an edited customer is found by the new name, not the old one; another store's customers never", async () => {
    const store = await storeWithCustomers();
    const other = await storeWithCustomers();
    const [linus] = (await call("GET", `/stores/${store.id}/customers?search=linus`, { token: store.owner.jwt })).body.data;
    await call("PATCH", `/stores/${store.id}/customers/${linus.id}`, { token: store.owner.jwt, body: { name: "Torvalds" } });
    expect(await emails(store.id, store.owner.jwt, "torv")).toEqual(["linus@example.org"]);
    const count = await call("GET", `/stores/${store.id}/customers?search=example`, { token: store.owner.jwt });
    expect(count.body.pagination.total).toBe(3);
    expect(await emails(other.id, other.owner.jwt, "torv")).toEqual([]);
  });

  it("one character, or only spaces, is 422", async () => {
    const store = await newStore();
    for (const search of ["a", "  "]) {
      const res = await call("GET", `/stores/${store.id}/customers?search=${encodeURIComponent(search)}`, { token: store.owner.jwt });
      expect(res.status).toBe(422);
      expect(res.body.errors[0].path).toBe("search");
    }
  });

  it("is served by the full-text table (EXPLAIN QUERY PLAN: no scan of customers)", async () => {
    const store = await storeWithCustomers();
    const db = drizzle(await storeD1(store.id), { schema });
    const query = db
      .select()
      .from(schema.customers)
      .where(and(eq(schema.customers.storeId, store.id), searchCondition(store.id, "lovelace")))
      .orderBy(desc(schema.customers.createdAt))
      .limit(20)
      .toSQL();
    const plan = await (await storeD1(store.id))
      .prepare(`EXPLAIN QUERY PLAN ${query.sql}`)
      .bind(...query.params)
      .all<{ detail: string }>();
    const details = plan.results.map((r) => r.detail).join(" | ");
    expect(details).toMatch(/customers_fts VIRTUAL TABLE/);
    expect(details).not.toMatch(/SCAN customers(?!_fts)/);
  });
});

describe("audit log: each entry names its actor as they were at the time, kept after they leave", () => {
  it("actor_name and actor_email are the member's at the time of the change, and stay after removal", async () => {
    const store = await newStore();
    const member = await addMember(store, ["customers.write", "customers.read"]);
    const made = await call("POST", `/stores/${store.id}/customers`, { token: member.jwt, body: { email: "x@example.com" } });
    expect(made.status).toBe(201);
    expect(
      (await call("DELETE", `/stores/${store.id}/members/${(await call("GET", "/me", { token: member.jwt })).body.id}`, { token: store.owner.jwt })).status,
    ).toBe(204);
    const log = await call("GET", `/stores/${store.id}/audit-log?action=customer.create`, { token: store.owner.jwt });
    expect(log.body.data).toHaveLength(1);
    expect(log.body.data[0]).toMatchObject({ actor_name: "Member", actor_email: member.email, integration_id: null });
    const owner = await call("GET", `/stores/${store.id}/audit-log?action=store.create`, { token: store.owner.jwt });
    expect(owner.body.data[0]).toMatchObject({ actor_name: "Owner", actor_email: store.owner.email });
  });
});

describe("audit log filters: actor_user_id, integration_id, action, resource_type, since, until", () => {
  it("each filter narrows the log; total counts the matches", async () => {
    const store = await newStore();
    const member = await addMember(store, ["customers.write", "customers.read"]);
    const memberId = (await call("GET", "/me", { token: member.jwt })).body.id;
    await call("POST", `/stores/${store.id}/customers`, { token: member.jwt, body: { email: "a@example.com" } });
    const start = new Date().toISOString();
    await call("POST", `/stores/${store.id}/customers`, { token: store.owner.jwt, body: { email: "b@example.com" } });
    await call("PATCH", `/stores/${store.id}`, { token: store.owner.jwt, body: { timezone: "Asia/Tokyo" } });
    const list = async (query: string) => {
      const res = await call("GET", `/stores/${store.id}/audit-log?${query}`, { token: store.owner.jwt });
      expect(res.status, res.text).toBe(200);
      return res.body;
    };
    const byMember = await list(`actor_user_id=${memberId}`);
    expect(byMember.data.map((e: any) => e.action)).toEqual(["customer.create", "member.create"]);
    expect(byMember.pagination.total).toBe(2);
    expect((await list("action=customer.create")).data).toHaveLength(2);
    expect((await list("resource_type=store")).data.map((e: any) => e.action)).toEqual(["store.update", "store.create"]);
    expect((await list(`since=${start}`)).data.map((e: any) => e.action)).toEqual(["store.update", "customer.create"]);
    expect((await list(`until=${start}`)).data.map((e: any) => e.action)).not.toContain("store.update");
    expect((await list(`since=${start}&actor_user_id=${memberId}`)).data).toEqual([]);
    expect((await list("integration_id=0190a000-0000-7000-8000-000000000000")).data).toEqual([]);
  });

  it("a malformed time is 422", async () => {
    const store = await newStore();
    const res = await call("GET", `/stores/${store.id}/audit-log?since=yesterday`, { token: store.owner.jwt });
    expect(res.status).toBe(422);
    expect(res.body.errors[0].path).toBe("since");
  });
});

describe("GET /stores/{store_id} and POST /invites/lookup: what an invite link offers before it is accepted", () => {
  it("the invitee's session reads the store's name, the permissions and whether it is still open", async () => {
    const store = await newStore();
    const member = await addMember(store, ["products.read"]);
    const invite = await call("POST", `/stores/${store.id}/invites`, {
      token: store.owner.jwt,
      body: { email: "new@example.com", permissions: ["products.read", "orders.read"] },
    });
    const res = await call("POST", "/invites/lookup", { token: member.jwt, body: { token: invite.body.token } });
    expect(res.status).toBe(200);
    const name = (await call("GET", `/stores/${store.id}`, { token: store.owner.jwt })).body.name;
    expect(res.body).toMatchObject({ store_id: store.id, store_name: name, email: "new@example.com", status: "pending" });
    expect(res.body.permission_names).toEqual(["products.read", "orders.read"]);
    await call("DELETE", `/stores/${store.id}/invites/${invite.body.id}`, { token: store.owner.jwt });
    const revoked = await call("POST", "/invites/lookup", { token: member.jwt, body: { token: invite.body.token } });
    expect([revoked.status, revoked.body.code]).toEqual([409, "conflict"]);
    expect(revoked.body.detail).toMatch(/revoked/);
    expect((await call("POST", "/invites/lookup", { token: member.jwt, body: { token: "inv_nope" } })).status).toBe(404);
    expect((await call("POST", "/invites/lookup", { body: { token: invite.body.token } })).status).toBe(401);
  });
});
