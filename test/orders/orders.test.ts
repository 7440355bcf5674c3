// Orders (docs/api/09-orders-and-customers.md): creation with atomic stock reservation, the race for the last unit, status
// transitions with stock returned on cancel, refunds, and the orders.* events.
import { describe, expect, it } from "vitest";
import { call, newStore, type TestStore } from "../helpers/api";
import { allStoresAll, storeD1s } from "../helpers/databases";
import { onSameDatabase } from "../products/store-databases";
import { eventsOf, seedVariant, stockOf } from "./support";

const order = (store: TestStore, body: unknown) => call("POST", `/stores/${store.id}/orders`, { token: store.owner.jwt, body });
const transition = (store: TestStore, id: string, status: string) =>
  call("POST", `/stores/${store.id}/orders/${id}/transitions`, { token: store.owner.jwt, body: { status } });
const refund = (store: TestStore, id: string, body: unknown = {}) => call("POST", `/stores/${store.id}/orders/${id}/refunds`, { token: store.owner.jwt, body });

describe("Order creation: priced from the variants, stock reserved, orders.created", () => {
  it("creates a pending order with line items and total, takes the stock, emits orders.created", async () => {
    const store = await newStore();
    const a = await seedVariant(store.id, { price: 1250, stock: 5 });
    const b = await seedVariant(store.id, { price: 300, stock: 2 });
    const res = await order(store, {
      email: "buyer@example.test",
      currency: "USD",
      line_items: [
        { variant_id: a.variantId, quantity: 2 },
        { variant_id: b.variantId, quantity: 1 },
      ],
    });
    expect(res.status).toBe(201);
    expect(res.headers.get("Location")).toBe(`/stores/${store.id}/orders/${res.body.id}`);
    expect(res.body).toEqual({
      id: expect.any(String),
      store_id: store.id,
      customer_id: null,
      email: "buyer@example.test",
      currency: "USD",
      country: null,
      status: "pending",
      fulfillment_status: "unfulfilled",
      total_cents: 2800,
      refunded_cents: 0,
      line_items: [
        // Committed at the store's one (default) location.
        {
          id: `${res.body.id}:0`,
          variant_id: a.variantId,
          product_id: a.productId,
          title: a.title,
          sku: a.sku,
          unit_price_cents: 1250,
          quantity: 2,
          price_source: { type: "base", price_list_id: null, min_quantity: null },
          allocations: [{ location_id: expect.any(String), quantity: 2 }],
          fulfilled_quantity: 0,
          returned_quantity: 0,
        },
        {
          id: `${res.body.id}:1`,
          variant_id: b.variantId,
          product_id: b.productId,
          title: b.title,
          sku: b.sku,
          unit_price_cents: 300,
          quantity: 1,
          price_source: { type: "base", price_list_id: null, min_quantity: null },
          allocations: [{ location_id: expect.any(String), quantity: 1 }],
          fulfilled_quantity: 0,
          returned_quantity: 0,
        },
      ],
      fields: {},
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(await stockOf(a.variantId)).toBe(3);
    expect(await stockOf(b.variantId)).toBe(1);
    const read = await call("GET", `/stores/${store.id}/orders/${res.body.id}`, { token: store.owner.jwt });
    expect(read.body).toEqual(res.body);
    expect(await eventsOf(store.id, "orders.created")).toEqual([
      {
        id: res.body.id,
        status: "pending",
        fulfillment_status: "unfulfilled",
        total_cents: 2800,
        currency: "USD",
        line_items: res.body.line_items,
        customer_id: null,
        fields: {},
      },
    ]);
  });

  it("takes the customer's email when only customer_id is given", async () => {
    const store = await newStore();
    const v = await seedVariant(store.id);
    const customer = await call("POST", `/stores/${store.id}/customers`, { token: store.owner.jwt, body: { email: "c@example.test" } });
    const res = await order(store, { customer_id: customer.body.id, currency: "USD", line_items: [{ variant_id: v.variantId, quantity: 1 }] });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ customer_id: customer.body.id, email: "c@example.test" });
    const byCustomer = await call("GET", `/stores/${store.id}/orders?customer_id=${customer.body.id}`, { token: store.owner.jwt });
    expect(byCustomer.body.data.map((o: any) => o.id)).toEqual([res.body.id]);
  });

  it("reserves by fulfillment mode: stocked_or_on_demand takes what there is, on_demand takes none", async () => {
    const store = await newStore();
    const mixed = await seedVariant(store.id, { mode: "stocked_or_on_demand", stock: 2 });
    const onDemand = await seedVariant(store.id, { mode: "on_demand", stock: 0 });
    const res = await order(store, {
      email: "b@example.test",
      currency: "USD",
      line_items: [
        { variant_id: mixed.variantId, quantity: 5 },
        { variant_id: onDemand.variantId, quantity: 3 },
      ],
    });
    expect(res.status).toBe(201);
    expect(await stockOf(mixed.variantId)).toBe(0);
    expect(await stockOf(onDemand.variantId)).toBe(0);
  });

  it("answers 409 insufficient_stock for a stocked line, changing nothing", async () => {
    const store = await newStore();
    const plenty = await seedVariant(store.id, { stock: 10 });
    const scarce = await seedVariant(store.id, { stock: 1 });
    const res = await order(store, {
      email: "b@example.test",
      currency: "USD",
      line_items: [
        { variant_id: plenty.variantId, quantity: 3 },
        { variant_id: scarce.variantId, quantity: 2 },
      ],
    });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("insufficient_stock");
    expect(await stockOf(plenty.variantId)).toBe(10);
    expect(await stockOf(scarce.variantId)).toBe(1);
    expect((await call("GET", `/stores/${store.id}/orders`, { token: store.owner.jwt })).body.data).toEqual([]);
    expect(await eventsOf(store.id, "orders.created")).toEqual([]);
  });

  it("answers 409 for a variant whose product is not live", async () => {
    const store = await newStore();
    const draft = await seedVariant(store.id, { status: "draft" });
    const res = await order(store, { email: "b@example.test", currency: "USD", line_items: [{ variant_id: draft.variantId, quantity: 1 }] });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("conflict");
    expect(await stockOf(draft.variantId)).toBe(10);
  });

  it("validates the body (422)", async () => {
    const store = await newStore();
    const other = await onSameDatabase(store.id, newStore);
    const v = await seedVariant(store.id);
    const foreign = await seedVariant(other.id);
    const line = [{ variant_id: v.variantId, quantity: 1 }];
    const cases: Array<[unknown, string]> = [
      [{ currency: "USD", line_items: line }, "email"],
      [{ email: "b@example.test", currency: "eur", line_items: line }, "currency"],
      [{ email: "b@example.test", currency: "EURO", line_items: line }, "currency"],
      [{ email: "b@example.test", currency: "USD", line_items: [] }, "line_items"],
      [{ email: "b@example.test", currency: "USD", line_items: [{ variant_id: v.variantId, quantity: 0 }] }, "line_items.0.quantity"],
      [{ email: "b@example.test", currency: "USD", line_items: [{ variant_id: foreign.variantId, quantity: 1 }] }, "line_items.0.variant_id"],
      [{ customer_id: crypto.randomUUID(), currency: "USD", line_items: line }, "customer_id"],
      [{ email: "b@example.test", currency: "USD", line_items: line, status: "paid" }, ""],
    ];
    for (const [body, path] of cases) {
      const res = await order(store, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      if (path) expect(res.body.errors.map((e: any) => e.path)).toContain(path);
    }
    expect(await stockOf(v.variantId)).toBe(10);
  });
});

describe("Stock: exactly one of two concurrent orders for the last unit wins", () => {
  it("lets one order take the last unit and rejects the other with nothing changed", async () => {
    const store = await newStore();
    const last = await seedVariant(store.id, { stock: 1 });
    const body = { email: "race@example.test", currency: "USD", line_items: [{ variant_id: last.variantId, quantity: 1 }] };
    const results = await Promise.all([order(store, body), order(store, body)]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.status === 409)!.body.code).toBe("insufficient_stock");
    expect(await stockOf(last.variantId)).toBe(0);
    const list = await call("GET", `/stores/${store.id}/orders`, { token: store.owner.jwt });
    expect(list.body.pagination.total).toBe(1);
    expect(await eventsOf(store.id, "orders.created")).toHaveLength(1);
  });
});

describe("Transitions: pending → paid → fulfilled; pending or paid → canceled (stock returned)", () => {
  async function placed(store: TestStore, stock = 5, quantity = 2) {
    const v = await seedVariant(store.id, { stock });
    const res = await order(store, { email: "t@example.test", currency: "USD", line_items: [{ variant_id: v.variantId, quantity }] });
    return { variant: v, order: res.body };
  }

  it("walks pending → paid → fulfilled, emitting orders.updated each time", async () => {
    const store = await newStore();
    const { order: o } = await placed(store);
    const paid = await transition(store, o.id, "paid");
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ id: o.id, status: "paid" });
    const fulfilled = await transition(store, o.id, "fulfilled");
    expect(fulfilled.body.status).toBe("fulfilled");
    expect((await eventsOf(store.id, "orders.updated")).map((e) => e.status)).toEqual(["paid", "fulfilled"]);
  });

  it("refuses every other move, the same status included (409)", async () => {
    const store = await newStore();
    const { order: o } = await placed(store);
    for (const status of ["pending", "fulfilled", "refunded"]) expect((await transition(store, o.id, status)).status).toBe(409);
    await transition(store, o.id, "paid");
    for (const status of ["paid", "pending", "refunded"]) expect((await transition(store, o.id, status)).status).toBe(409);
    await transition(store, o.id, "fulfilled");
    expect((await transition(store, o.id, "canceled")).status).toBe(409);
    expect((await transition(store, o.id, "shipped")).status).toBe(422);
    expect((await eventsOf(store.id, "orders.updated")).map((e) => e.status)).toEqual(["paid", "fulfilled"]);
  });

  it("returns the reserved stock on cancel, from pending and from paid, once", async () => {
    const store = await newStore();
    const first = await placed(store, 5, 2);
    expect(await stockOf(first.variant.variantId)).toBe(3);
    const canceled = await transition(store, first.order.id, "canceled");
    expect(canceled.body.status).toBe("canceled");
    expect(await stockOf(first.variant.variantId)).toBe(5);
    expect((await transition(store, first.order.id, "canceled")).status).toBe(409);
    expect(await stockOf(first.variant.variantId)).toBe(5);

    const second = await placed(store, 4, 4);
    await transition(store, second.order.id, "paid");
    await transition(store, second.order.id, "canceled");
    expect(await stockOf(second.variant.variantId)).toBe(4);
  });

  it("applies one of two concurrent cancels: stock comes back once", async () => {
    const store = await newStore();
    const { variant, order: o } = await placed(store, 5, 3);
    const results = await Promise.all([transition(store, o.id, "canceled"), transition(store, o.id, "canceled")]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await stockOf(variant.variantId)).toBe(5);
    expect((await eventsOf(store.id, "orders.updated")).map((e) => e.status)).toEqual(["canceled"]);
  });

  it("returns only what a stocked_or_on_demand line actually took", async () => {
    const store = await newStore();
    const v = await seedVariant(store.id, { mode: "stocked_or_on_demand", stock: 1 });
    const o = await order(store, { email: "t@example.test", currency: "USD", line_items: [{ variant_id: v.variantId, quantity: 3 }] });
    expect(await stockOf(v.variantId)).toBe(0);
    await transition(store, o.body.id, "canceled");
    expect(await stockOf(v.variantId)).toBe(1);
  });

  it("answers 404 for another store's order", async () => {
    const store = await newStore();
    const other = await onSameDatabase(store.id, newStore);
    const { order: o } = await placed(store);
    expect((await transition(other, o.id, "paid")).status).toBe(404);
    expect((await call("GET", `/stores/${other.id}/orders/${o.id}`, { token: other.owner.jwt })).status).toBe(404);
  });
});

describe("Refunds: paid or fulfilled → refunded, orders.updated and orders.refunded", () => {
  async function paidOrder(store: TestStore) {
    const v = await seedVariant(store.id, { price: 1000 });
    const o = await order(store, { email: "r@example.test", currency: "USD", line_items: [{ variant_id: v.variantId, quantity: 2 }] });
    await transition(store, o.body.id, "paid");
    return o.body;
  }

  it("refunds the total by default and emits both events with status refunded", async () => {
    const store = await newStore();
    const o = await paidOrder(store);
    const res = await refund(store, o.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: o.id, status: "refunded", refunded_cents: 2000, total_cents: 2000 });
    const updated = await eventsOf(store.id, "orders.updated");
    expect(updated.at(-1)).toMatchObject({ id: o.id, status: "refunded" });
    expect(await eventsOf(store.id, "orders.refunded")).toEqual([
      {
        id: o.id,
        status: "refunded",
        fulfillment_status: "unfulfilled",
        total_cents: 2000,
        currency: "USD",
        line_items: o.line_items,
        customer_id: null,
        fields: {},
      },
    ]);
    expect((await refund(store, o.id)).status).toBe(409);
  });

  it("refunds a partial amount from fulfilled; rejects amounts outside 1..total and unpaid orders", async () => {
    const store = await newStore();
    const o = await paidOrder(store);
    await transition(store, o.id, "fulfilled");
    expect((await refund(store, o.id, { amount_cents: 0 })).status).toBe(422);
    expect((await refund(store, o.id, { amount_cents: 2001 })).status).toBe(422);
    expect((await refund(store, o.id, { amount_cents: 1.5 })).status).toBe(422);
    const partial = await refund(store, o.id, { amount_cents: 500 });
    expect(partial.body).toMatchObject({ status: "refunded", refunded_cents: 500 });

    const v = await seedVariant(store.id);
    const pending = await order(store, { email: "r@example.test", currency: "USD", line_items: [{ variant_id: v.variantId, quantity: 1 }] });
    expect((await refund(store, pending.body.id)).status).toBe(409);
    expect(await eventsOf(store.id, "orders.refunded")).toHaveLength(1);
  });
});

describe("Orders: list", () => {
  it("lists newest first, filters by status", async () => {
    const store = await newStore();
    const v = await seedVariant(store.id);
    const body = { email: "l@example.test", currency: "USD", line_items: [{ variant_id: v.variantId, quantity: 1 }] };
    const first = await order(store, body);
    const second = await order(store, body);
    await transition(store, first.body.id, "paid");
    const all = await call("GET", `/stores/${store.id}/orders`, { token: store.owner.jwt });
    expect(all.body.data.map((o: any) => o.id)).toEqual([second.body.id, first.body.id]);
    const paid = await call("GET", `/stores/${store.id}/orders?status=paid`, { token: store.owner.jwt });
    expect(paid.body.data.map((o: any) => o.id)).toEqual([first.body.id]);
    expect((await call("GET", `/stores/${store.id}/orders?status=nope`, { token: store.owner.jwt })).status).toBe(422);
    // No store database keeps a guard row.
    expect(await allStoresAll<{ n: number }>("SELECT count(*) AS n FROM commerce_guards")).toEqual(storeD1s().map(() => ({ n: 0 })));
  });
});

describe("Stock changes made by orders are product changes: products.updated carries the new stock", () => {
  const stockInEvents = async (storeId: string, variantId: string) =>
    (await eventsOf(storeId, "products.updated")).map((p) => p.variants.find((v: { id: string }) => v.id === variantId)?.stock);

  it("emits products.updated once per product when an order reserves stock, and again when it is canceled", async () => {
    const store = await newStore();
    const v = await seedVariant(store.id, { stock: 5 });
    const placed = await order(store, {
      email: "t@example.test",
      currency: "USD",
      line_items: [
        { variant_id: v.variantId, quantity: 2 },
        { variant_id: v.variantId, quantity: 1 },
      ],
    });
    expect(placed.status).toBe(201);
    expect(await stockInEvents(store.id, v.variantId)).toEqual([2]);

    await transition(store, placed.body.id, "paid");
    expect(await stockInEvents(store.id, v.variantId)).toEqual([2]);
    await transition(store, placed.body.id, "canceled");
    expect(await stockInEvents(store.id, v.variantId)).toEqual([2, 5]);
  });

  it("emits nothing for an order that fails on stock", async () => {
    const store = await newStore();
    const v = await seedVariant(store.id, { stock: 1 });
    const res = await order(store, { email: "t@example.test", currency: "USD", line_items: [{ variant_id: v.variantId, quantity: 2 }] });
    expect(res.status).toBe(409);
    expect(await eventsOf(store.id, "products.updated")).toEqual([]);
  });
});
