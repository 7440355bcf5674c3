// Customers (docs/api/09-orders-and-customers.md): create, read, list, update; email unique per store case-insensitively; every
// change emits customers.created / customers.updated carrying the customer; a PATCH of what is stored is no change.
import { describe, expect, it } from "vitest";
import { call, newStore, type TestStore } from "../helpers/api";
import { onSameDatabase, storeAll } from "../products/store-databases";

const eventsOf = async (storeId: string, name: string) =>
  (
    await storeAll<{ data: string }>(
      storeId,
      "SELECT json_extract(payload, '$.data') AS data FROM events WHERE store_id = ? AND name = ? ORDER BY id",
      storeId,
      name,
    )
  ).map((r) => JSON.parse(r.data));

const create = (store: TestStore, body: unknown) => call("POST", `/stores/${store.id}/customers`, { token: store.owner.jwt, body });

describe("Customers: create and read", () => {
  it("creates a customer (201, Location) and emits customers.created with it", async () => {
    const store = await newStore();
    const res = await create(store, { email: "Ada@Example.test", name: "Ada", phone: "+44 20 7946 0000" });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      email: "Ada@Example.test",
      name: "Ada",
      phone: "+44 20 7946 0000",
      group_ids: [],
      fields: {},
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(res.headers.get("Location")).toBe(`/stores/${store.id}/customers/${res.body.id}`);
    const read = await call("GET", `/stores/${store.id}/customers/${res.body.id}`, { token: store.owner.jwt });
    expect(read.body).toEqual(res.body);
    expect(await eventsOf(store.id, "customers.created")).toEqual([res.body]);
  });

  it("makes name and phone optional (null)", async () => {
    const store = await newStore();
    const res = await create(store, { email: "bare@example.test" });
    expect(res.body).toMatchObject({ name: null, phone: null });
  });

  it.each([[{}], [{ email: "not-an-email" }], [{ email: "a@example.test", nickname: "x" }], [{ email: "a@example.test", name: "" }]])(
    "answers 422 for %j",
    async (body) => {
      const store = await newStore();
      const res = await create(store, body);
      expect(res.status).toBe(422);
      expect(res.body.code).toBe("validation_failed");
    },
  );

  it("answers 409 for an email already used in the store, in any case; other stores may reuse it", async () => {
    const store = await newStore();
    const other = await onSameDatabase(store.id, newStore);
    expect((await create(store, { email: "dup@example.test" })).status).toBe(201);
    const dup = await create(store, { email: "DUP@example.test" });
    expect(dup.status).toBe(409);
    expect(dup.body.code).toBe("conflict");
    expect((await create(other, { email: "dup@example.test" })).status).toBe(201);
    expect(await eventsOf(store.id, "customers.created")).toHaveLength(1);
  });

  it("answers 404 for another store's customer", async () => {
    const store = await newStore();
    const other = await onSameDatabase(store.id, newStore);
    const c = await create(store, { email: "mine@example.test" });
    expect((await call("GET", `/stores/${other.id}/customers/${c.body.id}`, { token: other.owner.jwt })).status).toBe(404);
    expect((await call("GET", `/stores/${store.id}/customers/nope`, { token: store.owner.jwt })).status).toBe(404);
  });
});

describe("Customers: list", () => {
  it("lists newest first with pagination and an email filter", async () => {
    const store = await newStore();
    const a = await create(store, { email: "a@example.test" });
    const b = await create(store, { email: "b@example.test" });
    const list = await call("GET", `/stores/${store.id}/customers`, { token: store.owner.jwt });
    expect(list.body.data.map((c: any) => c.id)).toEqual([b.body.id, a.body.id]);
    expect(list.body.pagination).toEqual({ limit: 20, offset: 0, total: 2, next_cursor: null });
    const filtered = await call("GET", `/stores/${store.id}/customers?email=A@EXAMPLE.TEST`, { token: store.owner.jwt });
    expect(filtered.body.data.map((c: any) => c.id)).toEqual([a.body.id]);
  });
});

describe("Customers: update emits customers.updated", () => {
  it("PATCHes fields, clears with null, and emits the updated customer", async () => {
    const store = await newStore();
    const c = await create(store, { email: "old@example.test", name: "Old", phone: "1" });
    const res = await call("PATCH", `/stores/${store.id}/customers/${c.body.id}`, {
      token: store.owner.jwt,
      body: { email: "new@example.test", phone: null },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: c.body.id, email: "new@example.test", name: "Old", phone: null });
    expect(await eventsOf(store.id, "customers.updated")).toEqual([res.body]);
    const taken = await create(store, { email: "taken@example.test" });
    const clash = await call("PATCH", `/stores/${store.id}/customers/${taken.body.id}`, { token: store.owner.jwt, body: { email: "NEW@example.test" } });
    expect(clash.status).toBe(409);
    expect(await eventsOf(store.id, "customers.updated")).toHaveLength(1);
  });

  it("a PATCH of what is already stored changes nothing (section 23): 200 with the customer as it was, no event, no audit row", async () => {
    const store = await newStore();
    const c = await create(store, { email: "Same@example.test", name: "Same", phone: "1" });
    const audit = async () => (await storeAll(store.id, "SELECT id FROM audit_log WHERE store_id = ? AND action = 'customer.update'", store.id)).length;
    await new Promise((r) => setTimeout(r, 5));
    const res = await call("PATCH", `/stores/${store.id}/customers/${c.body.id}`, {
      token: store.owner.jwt,
      body: { email: "Same@example.test", name: "Same", phone: "1" },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(c.body);
    expect(await eventsOf(store.id, "customers.updated")).toEqual([]);
    expect(await audit()).toBe(0);
    // One thing changed among restated ones: written, with its event and a new updated_at.
    const changed = await call("PATCH", `/stores/${store.id}/customers/${c.body.id}`, {
      token: store.owner.jwt,
      body: { email: "Same@example.test", name: "Other" },
    });
    expect(changed.body).toMatchObject({ name: "Other", phone: "1" });
    expect(changed.body.updated_at).not.toBe(c.body.updated_at);
    expect(await eventsOf(store.id, "customers.updated")).toEqual([changed.body]);
    expect(await audit()).toBe(1);
  });
});
