// Custom field values on orders (docs/api/21-custom-fields.md): set at creation (orders have no PATCH), in every response and in
// orders.* events' data; a reference must name something of this store.
import { describe, expect, it } from "vitest";
import { call } from "../helpers/api";
import { define, errorsOf, fieldStore } from "../fields/support";
import { storeEvents } from "../products/fixtures";
import { seedVariant } from "./support";

describe("orders carry `fields`, set at creation", () => {
  it("POST /orders with fields: the order, GET, the list and orders.created carry them; transitions keep them", async () => {
    const store = await fieldStore();
    await define(store, { owner: "order", key: "po_number", type: "text" });
    await define(store, { owner: "order", key: "gift", type: "boolean" });
    await define(store, { owner: "order", key: "referrer", type: "customer_reference" });
    const { variantId } = await seedVariant(store.id);
    const customer = await call("POST", store.at("/customers"), { token: store.token, body: { email: `o-${crypto.randomUUID()}@example.test` } });
    const fields = { po_number: "PO-77", gift: true, referrer: customer.body.id };
    const made = await call("POST", store.at("/orders"), {
      token: store.token,
      body: { email: "buyer@example.test", currency: "USD", line_items: [{ variant_id: variantId, quantity: 1 }], fields },
    });
    expect(made.status, made.text).toBe(201);
    expect(made.body.fields).toEqual(fields);
    expect((await call("GET", store.at(`/orders/${made.body.id}`), { token: store.token })).body.fields).toEqual(fields);
    expect((await call("GET", store.at("/orders"), { token: store.token })).body.data[0].fields).toEqual(fields);
    const paid = await call("POST", store.at(`/orders/${made.body.id}/transitions`), { token: store.token, body: { status: "paid" } });
    expect(paid.status, paid.text).toBe(200);
    expect(paid.body.fields).toEqual(fields);
    const events = (await storeEvents(store.id)).filter((e) => e.name.startsWith("orders."));
    expect(events.map((e) => e.data.fields)).toEqual([fields, fields]);
  });

  it("bad values and another store's customer: 422 at fields.<key>, no order", async () => {
    const store = await fieldStore();
    const other = await fieldStore();
    await define(store, { owner: "order", key: "gift", type: "boolean" });
    await define(store, { owner: "order", key: "referrer", type: "customer_reference" });
    const { variantId } = await seedVariant(store.id);
    const stranger = await call("POST", other.at("/customers"), { token: other.token, body: { email: `s-${crypto.randomUUID()}@example.test` } });
    const res = await call("POST", store.at("/orders"), {
      token: store.token,
      body: {
        email: "b@example.test",
        currency: "USD",
        line_items: [{ variant_id: variantId, quantity: 1 }],
        fields: { gift: "yes", referrer: stranger.body.id },
      },
    });
    expect(res.status).toBe(422);
    expect(errorsOf(res)).toEqual({ "fields.gift": "must be true or false", "fields.referrer": "is not a customer of this store" });
    expect((await call("GET", store.at("/orders"), { token: store.token })).body.data).toEqual([]);
  });
});
