// Custom field values on customers (docs/api/21-custom-fields.md): set at creation, merged by PATCH (null removes a key), in
// every response and in customers.* events' data; writing them needs customers.write.
import { afterEach, describe, expect, it, vi } from "vitest";
import { call, newToken } from "../helpers/api";
import { define, errorsOf, fieldStore } from "../fields/support";
import { storeEvents } from "../products/fixtures";
import { writeBeforeStoreBatches } from "../products/store-databases";

afterEach(() => vi.restoreAllMocks());

describe("customers carry `fields`", () => {
  it("create, GET, list, PATCH merge and null removal; customers.created/updated carry them", async () => {
    const store = await fieldStore();
    await define(store, { owner: "customer", key: "tier", type: "text", validations: { choices: ["gold", "silver"] } });
    await define(store, { owner: "customer", key: "birthday", type: "date" });
    const email = `f-${crypto.randomUUID()}@example.test`;
    const made = await call("POST", store.at("/customers"), { token: store.token, body: { email, fields: { tier: "gold", birthday: "1990-05-17" } } });
    expect(made.status, made.text).toBe(201);
    expect(made.body.fields).toEqual({ tier: "gold", birthday: "1990-05-17" });
    expect((await call("GET", store.at(`/customers/${made.body.id}`), { token: store.token })).body).toEqual(made.body);
    expect((await call("GET", store.at("/customers"), { token: store.token })).body.data[0].fields).toEqual(made.body.fields);
    const patched = await call("PATCH", store.at(`/customers/${made.body.id}`), { token: store.token, body: { name: "Ada", fields: { birthday: null } } });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body).toMatchObject({ name: "Ada", fields: { tier: "gold" } });
    expect((await call("GET", store.at(`/customers/${made.body.id}`), { token: store.token })).body).toEqual(patched.body);
    const events = (await storeEvents(store.id)).filter((e) => e.name.startsWith("customers."));
    expect(events.map((e) => e.data)).toEqual([made.body, patched.body]);
    const bad = await call("POST", store.at("/customers"), {
      token: store.token,
      body: { email: `g-${crypto.randomUUID()}@example.test`, fields: { tier: "bronze", birthday: "1990-02-30" } },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(errorsOf(bad)).sort()).toEqual(["fields.birthday", "fields.tier"]);
  });

  it("the response and the event show the merge as stored, a concurrent change of another key included", async () => {
    const store = await fieldStore();
    await define(store, { owner: "customer", key: "a", type: "text" });
    await define(store, { owner: "customer", key: "b", type: "text" });
    const made = await call("POST", store.at("/customers"), { token: store.token, body: { email: `m-${crypto.randomUUID()}@example.test` } });
    await writeBeforeStoreBatches(store.id, `UPDATE customers SET fields = json_set(fields, '$.b', 'other') WHERE id = ?`, made.body.id);
    const res = await call("PATCH", store.at(`/customers/${made.body.id}`), { token: store.token, body: { fields: { a: "mine" } } });
    expect(res.body.fields).toEqual({ b: "other", a: "mine" });
    const [updated] = (await storeEvents(store.id)).filter((e) => e.name === "customers.updated");
    expect(updated.data.fields).toEqual({ b: "other", a: "mine" });
  });

  it("writing a customer's fields needs customers.write", async () => {
    const store = await fieldStore();
    await define(store, { owner: "customer", key: "tier", type: "text" });
    const made = await call("POST", store.at("/customers"), { token: store.token, body: { email: `p-${crypto.randomUUID()}@example.test` } });
    const reader = await newToken(store.id, store.owner.jwt, ["customers.read", "products.edit"]);
    const res = await call("PATCH", store.at(`/customers/${made.body.id}`), { token: reader.token, body: { fields: { tier: "gold" } } });
    expect(res.status).toBe(403);
    expect(res.body.missing_permission).toBe("customers.write");
  });
});
