// Shipments (docs/api/25-shipments.md): a test per rule of the contract that is built (POST .../shipments, GET
// /shipments and /shipments/{id}, the order's fulfilment fields, section 9's transition to fulfilled as one shipment,
// no cancel of an order with a live shipment), the stock through levels and ledger, events, and the races.
import { afterEach, describe, expect, it, vi } from "vitest";
import { call } from "../helpers/api";
import { eventsNamed, expectLedgerSumsToLevels, inventoryStore, levelOf, moveOrder, placeOrder } from "../inventory/support";
import { interceptStoreBatches, storeAll, storeRun } from "../products/store-databases";
import { newIntegrationKey } from "../helpers/auth-matrix";
import { beforeTheBatch, orderOf, paidOrder, setUp, shipOf } from "./support";

afterEach(() => vi.restoreAllMocks());

const paths = (res: { body: { errors?: Array<{ path: string }> } }) => (res.body.errors ?? []).map((e) => e.path);

describe("shipping part of an order", () => {
  it("201 with the shipment; the order stays paid, partially_fulfilled; stock leaves the committing location; ledger order_fulfilled with the shipment as reference; shipments.created and one orders.updated", async () => {
    const { store, variant } = await setUp(5, 0);
    const orderId = await paidOrder(store, [{ variant_id: variant.id, quantity: 3 }]);
    const updatedBefore = (await eventsNamed(store.id, "orders.updated")).length;
    const res = await shipOf(store, orderId, {
      items: [{ line_item_id: `${orderId}:0`, quantity: 2 }],
      tracking: [{ number: "1Z999", carrier: "UPS", url: "https://track.example/1Z999" }],
      external_id: "3pl-1",
    });
    expect(res.status, res.text).toBe(201);
    expect(res.headers.get("Location")).toBe(`/stores/${store.id}/shipments/${res.body.id}`);
    expect(res.body).toEqual({
      id: expect.any(String),
      order_id: orderId,
      status: "shipped",
      location_id: store.defaultLocation.id,
      items: [{ line_item_id: `${orderId}:0`, variant_id: variant.id, sku: variant.sku, quantity: 2 }],
      tracking: [{ number: "1Z999", carrier: "UPS", url: "https://track.example/1Z999" }],
      external_id: "3pl-1",
      shipped_at: expect.any(String),
      delivered_at: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const order = await orderOf(store, orderId);
    expect(order.status).toBe("paid");
    expect(order.fulfillment_status).toBe("partially_fulfilled");
    expect(order.line_items[0]).toMatchObject({ id: `${orderId}:0`, fulfilled_quantity: 2, returned_quantity: 0 });
    expect(await levelOf(store, variant.id, store.defaultLocation.id)).toMatchObject({ on_hand: 3, committed: 1, available: 2 });
    const ledger = await call("GET", store.at(`/inventory/ledger?reason=order_fulfilled&variant_id=${variant.id}`), { token: store.token });
    expect(ledger.body.data.map((e: any) => [e.on_hand_delta, e.committed_delta, e.reference, e.order_id])).toEqual([[-2, -2, res.body.id, orderId]]);
    expect(await eventsNamed(store.id, "shipments.created")).toEqual([res.body]);
    const updated = await eventsNamed(store.id, "orders.updated");
    expect(updated.length).toBe(updatedBefore + 1);
    expect(updated.at(-1).fulfillment_status).toBe("partially_fulfilled");
    await expectLedgerSumsToLevels(store.id);
  });

  it("the shipment of the last unit makes the order fulfilled (one orders.updated); a partial after a partial changes neither status (no orders.updated)", async () => {
    const { store, variant } = await setUp(5, 0);
    const orderId = await paidOrder(store, [{ variant_id: variant.id, quantity: 3 }]);
    expect((await shipOf(store, orderId, { items: [{ line_item_id: `${orderId}:0`, quantity: 1 }] })).status).toBe(201);
    const afterFirst = (await eventsNamed(store.id, "orders.updated")).length;
    expect((await shipOf(store, orderId, { items: [{ line_item_id: `${orderId}:0`, quantity: 1 }] })).status).toBe(201);
    expect((await eventsNamed(store.id, "orders.updated")).length).toBe(afterFirst);
    expect((await shipOf(store, orderId, { items: [{ line_item_id: `${orderId}:0`, quantity: 1 }] })).status).toBe(201);
    const updated = await eventsNamed(store.id, "orders.updated");
    expect(updated.length).toBe(afterFirst + 1);
    expect(updated.at(-1)).toMatchObject({ status: "fulfilled", fulfillment_status: "fulfilled" });
    const order = await orderOf(store, orderId);
    expect([order.status, order.fulfillment_status, order.line_items[0].fulfilled_quantity]).toEqual(["fulfilled", "fulfilled", 3]);
    expect(await levelOf(store, variant.id, store.defaultLocation.id)).toMatchObject({ on_hand: 2, committed: 0 });
  });

  it("only a paid order ships: 409 for pending, fulfilled and canceled", async () => {
    const { store, variant } = await setUp(9, 0);
    const pending = await placeOrder(store, [{ variant_id: variant.id, quantity: 1 }]);
    expect((await shipOf(store, pending, { items: [{ line_item_id: `${pending}:0`, quantity: 1 }] })).status).toBe(409);
    const canceled = await placeOrder(store, [{ variant_id: variant.id, quantity: 1 }]);
    await moveOrder(store, canceled, "canceled");
    expect((await shipOf(store, canceled, { items: [{ line_item_id: `${canceled}:0`, quantity: 1 }] })).status).toBe(409);
    const done = await paidOrder(store, [{ variant_id: variant.id, quantity: 1 }]);
    await moveOrder(store, done, "fulfilled");
    expect((await shipOf(store, done, { items: [{ line_item_id: `${done}:0`, quantity: 1 }] })).status).toBe(409);
  });

  it("422 at items.<i>.quantity above what is left, and at items.<i>.line_item_id for another order's line; nothing moves", async () => {
    const { store, variant } = await setUp(9, 0);
    const orderId = await paidOrder(store, [{ variant_id: variant.id, quantity: 2 }]);
    const other = await paidOrder(store, [{ variant_id: variant.id, quantity: 1 }]);
    await shipOf(store, orderId, { items: [{ line_item_id: `${orderId}:0`, quantity: 1 }] });
    const res = await shipOf(store, orderId, {
      items: [
        { line_item_id: `${orderId}:0`, quantity: 2 },
        { line_item_id: `${other}:0`, quantity: 1 },
        { line_item_id: "nonsense", quantity: 1 },
      ],
    });
    expect(res.status).toBe(422);
    expect(paths(res)).toEqual(["items.0.quantity", "items.1.line_item_id", "items.2.line_item_id"]);
    expect((await shipOf(store, orderId, { items: [{ line_item_id: `${orderId}:0`, quantity: 0 }] })).status).toBe(422);
    expect((await orderOf(store, orderId)).line_items[0].fulfilled_quantity).toBe(1);
    expect(await levelOf(store, variant.id, store.defaultLocation.id)).toMatchObject({ on_hand: 8, committed: 2 });
  });

  it("tracking: up to 10 entries, number 1..100 characters, url http(s) only (422 otherwise)", async () => {
    const { store, variant } = await setUp(9, 0);
    const orderId = await paidOrder(store, [{ variant_id: variant.id, quantity: 1 }]);
    const item = [{ line_item_id: `${orderId}:0`, quantity: 1 }];
    const eleven = Array.from({ length: 11 }, (_, i) => ({ number: `N${i}` }));
    expect(paths(await shipOf(store, orderId, { items: item, tracking: eleven }))).toEqual(["tracking"]);
    expect(paths(await shipOf(store, orderId, { items: item, tracking: [{ number: "" }] }))).toEqual(["tracking.0.number"]);
    expect(paths(await shipOf(store, orderId, { items: item, tracking: [{ number: "x".repeat(101) }] }))).toEqual(["tracking.0.number"]);
    expect(paths(await shipOf(store, orderId, { items: item, tracking: [{ number: "1", url: "ftp://track.example/1" }] }))).toEqual(["tracking.0.url"]);
    expect(paths(await shipOf(store, orderId, { items: item, tracking: [{ number: "1", url: "javascript:alert(1)" }] }))).toEqual(["tracking.0.url"]);
    const ten = await shipOf(store, orderId, { items: item, tracking: Array.from({ length: 10 }, (_, i) => ({ number: "x".repeat(100 - i) })) });
    expect(ten.status, ten.text).toBe(201);
    expect(ten.body.tracking[0]).toEqual({ number: "x".repeat(100), carrier: null, url: null });
  });

  it("external_id is unique within the store: 409 and nothing moves", async () => {
    const { store, variant } = await setUp(9, 0);
    const a = await paidOrder(store, [{ variant_id: variant.id, quantity: 1 }]);
    const b = await paidOrder(store, [{ variant_id: variant.id, quantity: 1 }]);
    expect((await shipOf(store, a, { items: [{ line_item_id: `${a}:0`, quantity: 1 }], external_id: "X-1" })).status).toBe(201);
    const level = await levelOf(store, variant.id, store.defaultLocation.id);
    const again = await shipOf(store, b, { items: [{ line_item_id: `${b}:0`, quantity: 1 }], external_id: "X-1" });
    expect(again.status).toBe(409);
    expect(await levelOf(store, variant.id, store.defaultLocation.id)).toEqual(level);
    expect((await orderOf(store, b)).fulfillment_status).toBe("unfulfilled");
  });

  it("accepts Idempotency-Key: a repeat is the first answer and ships nothing more", async () => {
    const { store, variant } = await setUp(9, 0);
    const orderId = await paidOrder(store, [{ variant_id: variant.id, quantity: 3 }]);
    const body = { items: [{ line_item_id: `${orderId}:0`, quantity: 1 }] };
    const first = await shipOf(store, orderId, body, store.token, { "Idempotency-Key": "ship-1" });
    const second = await shipOf(store, orderId, body, store.token, { "Idempotency-Key": "ship-1" });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.headers.get("Idempotent-Replayed")).toBe("true");
    expect(second.body.id).toBe(first.body.id);
    expect((await orderOf(store, orderId)).line_items[0].fulfilled_quantity).toBe(1);
  });
});

describe("where the units come from", () => {
  it("without location_id: the line's allocations in order (the default location first); location_id null when several", async () => {
    const { store, wh, variant } = await setUp(2, 5);
    const orderId = await paidOrder(store, [{ variant_id: variant.id, quantity: 6 }]);
    const res = await shipOf(store, orderId, { items: [{ line_item_id: `${orderId}:0`, quantity: 3 }] });
    expect(res.status, res.text).toBe(201);
    expect(res.body.location_id).toBeNull();
    expect(await levelOf(store, variant.id, store.defaultLocation.id)).toMatchObject({ on_hand: 0, committed: 0 });
    expect(await levelOf(store, variant.id, wh.id)).toMatchObject({ on_hand: 4, committed: 3 });
    const rest = await shipOf(store, orderId, { items: [{ line_item_id: `${orderId}:0`, quantity: 3 }] });
    expect(rest.body.location_id).toBe(wh.id);
    expect(await levelOf(store, variant.id, wh.id)).toMatchObject({ on_hand: 1, committed: 0 });
    await expectLedgerSumsToLevels(store.id);
  });

  it("with location_id: every unit must be committed there (409, nothing moves); units there ship from there", async () => {
    const { store, wh, variant } = await setUp(2, 5);
    const orderId = await paidOrder(store, [{ variant_id: variant.id, quantity: 6 }]);
    const tooMany = await shipOf(store, orderId, { location_id: store.defaultLocation.id, items: [{ line_item_id: `${orderId}:0`, quantity: 3 }] });
    expect(tooMany.status).toBe(409);
    expect(await levelOf(store, variant.id, store.defaultLocation.id)).toMatchObject({ on_hand: 2, committed: 2 });
    const fromWh = await shipOf(store, orderId, { location_id: wh.id, items: [{ line_item_id: `${orderId}:0`, quantity: 4 }] });
    expect(fromWh.status, fromWh.text).toBe(201);
    expect(fromWh.body.location_id).toBe(wh.id);
    expect(await levelOf(store, variant.id, store.defaultLocation.id)).toMatchObject({ on_hand: 2, committed: 2 });
    expect(await levelOf(store, variant.id, wh.id)).toMatchObject({ on_hand: 1, committed: 0 });
    expect((await shipOf(store, orderId, { location_id: crypto.randomUUID(), items: [{ line_item_id: `${orderId}:0`, quantity: 1 }] })).status).toBe(422);
  });

  it("on-demand units move no stock", async () => {
    const { store, variant } = await setUp(1, 0);
    const patch = await call("PATCH", store.path(`/${variant.product_id}/variants/${variant.id}`), {
      token: store.token,
      body: { fulfillment_mode: "stocked_or_on_demand" },
    });
    expect(patch.status, patch.text).toBe(200);
    const orderId = await paidOrder(store, [{ variant_id: variant.id, quantity: 3 }]);
    const ledgerBefore = (await call("GET", store.at(`/inventory/ledger?variant_id=${variant.id}`), { token: store.token })).body.data.length;
    // One committed unit ships first, then the two on demand, which move nothing.
    expect((await shipOf(store, orderId, { items: [{ line_item_id: `${orderId}:0`, quantity: 1 }] })).status).toBe(201);
    expect(await levelOf(store, variant.id, store.defaultLocation.id)).toMatchObject({ on_hand: 0, committed: 0 });
    const rest = await shipOf(store, orderId, { items: [{ line_item_id: `${orderId}:0`, quantity: 2 }] });
    expect(rest.status, rest.text).toBe(201);
    expect(rest.body.location_id).toBeNull();
    expect((await call("GET", store.at(`/inventory/ledger?variant_id=${variant.id}`), { token: store.token })).body.data.length).toBe(ledgerBefore + 1);
    expect((await orderOf(store, orderId)).status).toBe("fulfilled");
  });
});

describe("order status", () => {
  it("section 9's {status: fulfilled} ships every remaining unit in one shipment", async () => {
    const { store, wh, variants } = await setUp(2, 5, 2);
    const orderId = await paidOrder(store, [
      { variant_id: variants[0].id, quantity: 4 },
      { variant_id: variants[1].id, quantity: 1 },
    ]);
    await shipOf(store, orderId, { items: [{ line_item_id: `${orderId}:0`, quantity: 1 }] });
    const res = await call("POST", store.at(`/orders/${orderId}/transitions`), { token: store.token, body: { status: "fulfilled" } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.status).toBe("fulfilled");
    expect(res.body.fulfillment_status).toBe("fulfilled");
    expect(res.body.line_items.map((l: any) => l.fulfilled_quantity)).toEqual([4, 1]);
    const list = await call("GET", store.at(`/shipments?order_id=${orderId}`), { token: store.token });
    expect(list.body.data.map((s: any) => s.items.map((i: any) => i.quantity))).toEqual([[3, 1], [1]]);
    expect(await levelOf(store, variants[0].id, wh.id)).toMatchObject({ on_hand: 3, committed: 0 });
    expect(await levelOf(store, variants[0].id, store.defaultLocation.id)).toMatchObject({ on_hand: 0, committed: 0 });
    await expectLedgerSumsToLevels(store.id);
  });

  it("an order with a shipment that is not canceled cannot be canceled (409)", async () => {
    const { store, variant } = await setUp(5, 0);
    const orderId = await paidOrder(store, [{ variant_id: variant.id, quantity: 2 }]);
    await shipOf(store, orderId, { items: [{ line_item_id: `${orderId}:0`, quantity: 1 }] });
    const res = await call("POST", store.at(`/orders/${orderId}/transitions`), { token: store.token, body: { status: "canceled" } });
    expect(res.status).toBe(409);
    expect(await levelOf(store, variant.id, store.defaultLocation.id)).toMatchObject({ on_hand: 4, committed: 1 });
  });
});

/** Runs `other` just before the first long batch (the shipment's) reaches the store's database. */
const beforeTheShipment = (storeId: string, other: () => Promise<unknown>) => beforeTheBatch(storeId, 10, other);

describe("races", () => {
  it("two requests that each ship everything left: one 201, the other 409, never both", async () => {
    const { store, variant } = await setUp(5, 0);
    const orderId = await paidOrder(store, [{ variant_id: variant.id, quantity: 3 }]);
    const body = { items: [{ line_item_id: `${orderId}:0`, quantity: 3 }] };
    let second: Awaited<ReturnType<typeof shipOf>> | undefined;
    await beforeTheShipment(store.id, async () => {
      second = await shipOf(store, orderId, body);
    });
    const first = await shipOf(store, orderId, body);
    expect([first.status, second!.status].sort()).toEqual([201, 409]);
    expect((await orderOf(store, orderId)).line_items[0].fulfilled_quantity).toBe(3);
    expect(await levelOf(store, variant.id, store.defaultLocation.id)).toMatchObject({ on_hand: 2, committed: 0 });
    vi.restoreAllMocks();
    // And side by side.
    const again = await paidOrder(store, [{ variant_id: variant.id, quantity: 2 }]);
    const both = await Promise.all([0, 1].map(() => shipOf(store, again, { items: [{ line_item_id: `${again}:0`, quantity: 2 }] })));
    expect(both.filter((r) => r.status === 201)).toHaveLength(1);
    await expectLedgerSumsToLevels(store.id);
  });

  it("a shipment racing the order's cancel: exactly one wins", async () => {
    const { store, variant } = await setUp(5, 0);
    const orderId = await paidOrder(store, [{ variant_id: variant.id, quantity: 2 }]);
    let cancel: Awaited<ReturnType<typeof call>> | undefined;
    await beforeTheShipment(store.id, async () => {
      cancel = await call("POST", store.at(`/orders/${orderId}/transitions`), { token: store.token, body: { status: "canceled" } });
    });
    const shipped = await shipOf(store, orderId, { items: [{ line_item_id: `${orderId}:0`, quantity: 1 }] });
    expect(cancel!.status).toBe(200);
    expect(shipped.status).toBe(409);
    expect(await levelOf(store, variant.id, store.defaultLocation.id)).toMatchObject({ on_hand: 5, committed: 0 });
    vi.restoreAllMocks();
    // The other way round: the shipment's batch lands first, the cancel's guard fails.
    const other = await paidOrder(store, [{ variant_id: variant.id, quantity: 2 }]);
    let ship: Awaited<ReturnType<typeof shipOf>> | undefined;
    let done = false;
    await interceptStoreBatches(store.id, async (statements, send) => {
      if (!done && statements.length >= 5) {
        done = true;
        ship = await shipOf(store, other, { items: [{ line_item_id: `${other}:0`, quantity: 1 }] });
      }
      return send(statements);
    });
    const canceled = await call("POST", store.at(`/orders/${other}/transitions`), { token: store.token, body: { status: "canceled" } });
    expect(ship!.status).toBe(201);
    expect(canceled.status).toBe(409);
    expect((await orderOf(store, other)).status).toBe("paid");
    await expectLedgerSumsToLevels(store.id);
  });
});

describe("reading shipments", () => {
  it("GET /shipments with order_id, status, updated_since and cursors; GET /shipments/{id}; 404 for another store's", async () => {
    const { store, variant } = await setUp(9, 0);
    const a = await paidOrder(store, [{ variant_id: variant.id, quantity: 3 }]);
    const b = await paidOrder(store, [{ variant_id: variant.id, quantity: 1 }]);
    const s1 = (await shipOf(store, a, { items: [{ line_item_id: `${a}:0`, quantity: 1 }] })).body;
    const s2 = (await shipOf(store, b, { items: [{ line_item_id: `${b}:0`, quantity: 1 }] })).body;
    const s3 = (await shipOf(store, a, { items: [{ line_item_id: `${a}:0`, quantity: 1 }] })).body;
    const all = await call("GET", store.at("/shipments"), { token: store.token });
    expect(all.body.data.map((s: any) => s.id)).toEqual([s3.id, s2.id, s1.id]);
    expect((await call("GET", store.at(`/shipments?order_id=${a}`), { token: store.token })).body.data.map((s: any) => s.id)).toEqual([s3.id, s1.id]);
    expect((await call("GET", store.at("/shipments?status=delivered"), { token: store.token })).body.data).toEqual([]);
    const feed = await call("GET", store.at(`/shipments?updated_since=${s2.updated_at}&limit=1`), { token: store.token });
    expect(feed.body.data.map((s: any) => s.id)).toEqual([s2.id]);
    const next = await call(
      "GET",
      store.at(`/shipments?updated_since=${s2.updated_at}&limit=1&cursor=${encodeURIComponent(feed.body.pagination.next_cursor)}`),
      { token: store.token },
    );
    expect(next.body.data.map((s: any) => s.id)).toEqual([s3.id]);
    const one = await call("GET", store.at(`/shipments/${s1.id}`), { token: store.token });
    expect(one.body).toEqual(s1);
    const elsewhere = await inventoryStore();
    expect((await call("GET", elsewhere.at(`/shipments/${s1.id}`), { token: elsewhere.token })).status).toBe(404);
    expect((await call("GET", store.at("/shipments/nope"), { token: store.token })).status).toBe(404);
  });
});

describe("the change feed's total", () => {
  it("pagination.total with updated_since alone counts the shipments changed at or after the moment, across days and at the moment itself (day counts plus the moment's own day)", async () => {
    const { store, variant } = await setUp(9, 0);
    const orderId = await paidOrder(store, [{ variant_id: variant.id, quantity: 4 }]);
    const made: string[] = [];
    for (let i = 0; i < 4; i++) made.push((await shipOf(store, orderId, { items: [{ line_item_id: `${orderId}:0`, quantity: 1 }] })).body.id);
    // Moved into the past straight in the database: the day counts follow every change of updated_at.
    const times = ["2026-01-05T10:00:00.000Z", "2026-01-06T08:00:00.000Z", "2026-01-06T23:59:59.999Z"];
    for (const [i, at] of times.entries()) await storeRun(store.id, "UPDATE shipments SET updated_at = ? WHERE id = ?", at, made[i]);
    const days = await storeAll(store.id, "SELECT day, shipments FROM shipment_days WHERE store_id = ? AND shipments > 0 ORDER BY day", store.id);
    expect(days.slice(0, 2)).toEqual([
      { day: "2026-01-05", shipments: 1 },
      { day: "2026-01-06", shipments: 2 },
    ]);
    const total = async (since: string, extra = "") =>
      (await call("GET", store.at(`/shipments?updated_since=${since}&limit=1${extra}`), { token: store.token })).body.pagination.total;
    expect(await total("2026-01-01T00:00:00.000Z")).toBe(4);
    expect(await total("2026-01-05T10:00:00.000Z")).toBe(4);
    expect(await total("2026-01-05T10:00:00.001Z")).toBe(3);
    expect(await total("2026-01-06T08:00:00.000Z")).toBe(3);
    expect(await total("2026-01-06T08:00:00.001Z")).toBe(2);
    expect(await total("2026-01-06T23:59:59.999Z")).toBe(2);
    expect(await total("2026-01-07T00:00:00.000Z")).toBe(1);
    expect(await total("2099-01-01T00:00:00.000Z")).toBe(0);
    // With another filter the total is counted as before.
    expect(await total("2026-01-06T00:00:00.000Z", "&status=shipped")).toBe(3);
    // A cancel moves its shipment to today.
    expect((await call("POST", store.at(`/shipments/${made[0]}/cancel`), { token: store.token })).status).toBe(200);
    expect(await total("2026-01-05T10:00:00.001Z")).toBe(4);
    expect(await total("2026-01-07T00:00:00.000Z")).toBe(2);
  });
});

describe("a 3PL's key holding orders.read + fulfillments.write", () => {
  it("ships, and cannot refund or change the order's status (403 naming orders.write)", async () => {
    const { store, variant } = await setUp(5, 0);
    const orderId = await paidOrder(store, [{ variant_id: variant.id, quantity: 2 }]);
    const key = await newIntegrationKey(store.id, store.owner.jwt, ["orders.read", "fulfillments.write"]);
    const shipped = await shipOf(store, orderId, { items: [{ line_item_id: `${orderId}:0`, quantity: 1 }], tracking: [{ number: "T1" }] }, key);
    expect(shipped.status, shipped.text).toBe(201);
    expect((await call("GET", store.at(`/shipments/${shipped.body.id}`), { token: key })).status).toBe(200);
    for (const [path, body] of [
      [`/orders/${orderId}/refunds`, {}],
      [`/orders/${orderId}/transitions`, { status: "fulfilled" }],
      [`/orders/${orderId}/transitions`, { status: "canceled" }],
    ] as const) {
      const res = await call("POST", store.at(path), { token: key, body });
      expect(res.status).toBe(403);
      expect(res.body.missing_permission).toBe("orders.write");
    }
    const ledger = await call("GET", store.at(`/inventory/ledger?reason=order_fulfilled&variant_id=${variant.id}`), { token: store.token });
    expect(ledger.body.data[0].actor).toMatchObject({ user_id: null, integration_id: expect.any(String) });
  });
});

describe("PATCH /shipments/{id}", () => {
  it("tracking replaces the list; status becomes delivered from shipped (delivered_at default now); the same again is 200 with no event; other statuses 422; canceled 409", async () => {
    const { store, variant } = await setUp(5, 0);
    const orderId = await paidOrder(store, [{ variant_id: variant.id, quantity: 2 }]);
    const shipment = (await shipOf(store, orderId, { items: [{ line_item_id: `${orderId}:0`, quantity: 1 }], tracking: [{ number: "A" }, { number: "B" }] }))
      .body;
    const patch = (body: unknown) => call("PATCH", store.at(`/shipments/${shipment.id}`), { token: store.token, body });
    const tracked = await patch({ tracking: [{ number: "C", carrier: "DHL" }] });
    expect(tracked.status, tracked.text).toBe(200);
    expect(tracked.body.tracking).toEqual([{ number: "C", carrier: "DHL", url: null }]);
    expect((await patch({ status: "shipped" })).status).toBe(422);
    expect(paths(await patch({ status: "canceled" }))).toEqual(["status"]);
    expect(paths(await patch({ delivered_at: "2026-12-01T10:00:00Z" }))).toEqual(["delivered_at"]);
    const delivered = await patch({ status: "delivered", delivered_at: "2026-12-01T10:00:00+01:00" });
    expect(delivered.body).toMatchObject({ status: "delivered", delivered_at: "2026-12-01T09:00:00.000Z" });
    const events = (await eventsNamed(store.id, "shipments.updated")).length;
    expect(events).toBe(2);
    const same = await patch({ status: "delivered", tracking: [{ number: "C", carrier: "DHL" }] });
    expect(same.status).toBe(200);
    expect(same.body).toEqual(delivered.body);
    expect((await eventsNamed(store.id, "shipments.updated")).length).toBe(events);
    // Delivery does not change the order.
    expect((await orderOf(store, orderId)).fulfillment_status).toBe("partially_fulfilled");
    const other = (await shipOf(store, orderId, { items: [{ line_item_id: `${orderId}:0`, quantity: 1 }] })).body;
    expect((await call("POST", store.at(`/shipments/${other.id}/cancel`), { token: store.token })).status).toBe(200);
    expect((await call("PATCH", store.at(`/shipments/${other.id}`), { token: store.token, body: { tracking: [] } })).status).toBe(409);
  });
});

describe("cancelling a shipment", () => {
  it("only a shipped one (409 delivered or canceled); its units ship again, on_hand and committed rise back (ledger order_committed, reference the shipment); a fulfilled order goes back to paid with one orders.updated", async () => {
    const { store, wh, variant } = await setUp(2, 5);
    const orderId = await paidOrder(store, [{ variant_id: variant.id, quantity: 4 }]);
    await moveOrder(store, orderId, "fulfilled");
    const [shipment] = (await call("GET", store.at(`/shipments?order_id=${orderId}`), { token: store.token })).body.data;
    const updatedBefore = (await eventsNamed(store.id, "orders.updated")).length;
    const res = await call("POST", store.at(`/shipments/${shipment.id}/cancel`), { token: store.token });
    expect(res.status, res.text).toBe(200);
    expect(res.body.status).toBe("canceled");
    const order = await orderOf(store, orderId);
    expect([order.status, order.fulfillment_status, order.line_items[0].fulfilled_quantity]).toEqual(["paid", "unfulfilled", 0]);
    expect(await levelOf(store, variant.id, store.defaultLocation.id)).toMatchObject({ on_hand: 2, committed: 2 });
    expect(await levelOf(store, variant.id, wh.id)).toMatchObject({ on_hand: 5, committed: 2 });
    const ledger = await call("GET", store.at(`/inventory/ledger?reason=order_committed&variant_id=${variant.id}`), { token: store.token });
    expect(
      ledger.body.data
        .filter((e: any) => e.reference === shipment.id)
        .map((e: any) => [e.on_hand_delta, e.committed_delta])
        .sort(),
    ).toEqual([
      [2, 2],
      [2, 2],
    ]);
    expect(await eventsNamed(store.id, "shipments.canceled")).toEqual([res.body]);
    expect((await eventsNamed(store.id, "orders.updated")).length).toBe(updatedBefore + 1);
    expect((await call("POST", store.at(`/shipments/${shipment.id}/cancel`), { token: store.token })).status).toBe(409);
    // The units ship again; a delivered shipment cannot be canceled.
    const again = await shipOf(store, orderId, { items: [{ line_item_id: `${orderId}:0`, quantity: 4 }] });
    expect(again.status, again.text).toBe(201);
    await call("PATCH", store.at(`/shipments/${again.body.id}`), { token: store.token, body: { status: "delivered" } });
    expect((await call("POST", store.at(`/shipments/${again.body.id}/cancel`), { token: store.token })).status).toBe(409);
    // With no live shipment left... here there is one: the order cannot be canceled.
    expect((await call("POST", store.at(`/orders/${orderId}/transitions`), { token: store.token, body: { status: "canceled" } })).status).toBe(409);
    await expectLedgerSumsToLevels(store.id);
  });

  it("after a cancel the order can be canceled, releasing every committed unit", async () => {
    const { store, variant } = await setUp(5, 0);
    const orderId = await paidOrder(store, [{ variant_id: variant.id, quantity: 3 }]);
    const shipment = (await shipOf(store, orderId, { items: [{ line_item_id: `${orderId}:0`, quantity: 2 }] })).body;
    expect((await call("POST", store.at(`/shipments/${shipment.id}/cancel`), { token: store.token })).status).toBe(200);
    expect((await call("POST", store.at(`/orders/${orderId}/transitions`), { token: store.token, body: { status: "canceled" } })).status).toBe(200);
    expect(await levelOf(store, variant.id, store.defaultLocation.id)).toMatchObject({ on_hand: 5, committed: 0 });
    await expectLedgerSumsToLevels(store.id);
  });

  it("a cancel whose units would take a level past 1,000,000,000 on_hand (counted up since the shipment): 409, the shipment stays shipped, no stock moves", async () => {
    const { store, variant } = await setUp(5, 0);
    const orderId = await paidOrder(store, [{ variant_id: variant.id, quantity: 2 }]);
    const shipment = (await shipOf(store, orderId, { items: [{ line_item_id: `${orderId}:0`, quantity: 2 }] })).body;
    const counted = await call("POST", store.at("/inventory/adjustments"), {
      token: store.token,
      body: { reason: "cycle_count", changes: [{ variant_id: variant.id, location_code: "default", on_hand: 999_999_999 }] },
    });
    expect(counted.status, counted.text).toBe(201);
    const res = await call("POST", store.at(`/shipments/${shipment.id}/cancel`), { token: store.token });
    expect(res.status, res.text).toBe(409);
    expect(res.body.detail).toContain("maximum on_hand");
    expect((await call("GET", store.at(`/shipments/${shipment.id}`), { token: store.token })).body.status).toBe("shipped");
    expect(await levelOf(store, variant.id, store.defaultLocation.id)).toMatchObject({ on_hand: 999_999_999 });
    await expectLedgerSumsToLevels(store.id);
  });

  it("two cancels of one shipment at once: one 200, the other 409, the stock back once", async () => {
    const { store, variant } = await setUp(5, 0);
    const orderId = await paidOrder(store, [{ variant_id: variant.id, quantity: 2 }]);
    const shipment = (await shipOf(store, orderId, { items: [{ line_item_id: `${orderId}:0`, quantity: 2 }] })).body;
    let second: Awaited<ReturnType<typeof call>> | undefined;
    let done = false;
    await interceptStoreBatches(store.id, async (statements, send) => {
      if (!done && statements.length >= 8) {
        done = true;
        second = await call("POST", store.at(`/shipments/${shipment.id}/cancel`), { token: store.token });
      }
      return send(statements);
    });
    const first = await call("POST", store.at(`/shipments/${shipment.id}/cancel`), { token: store.token });
    expect([first.status, second!.status].sort()).toEqual([200, 409]);
    expect(await levelOf(store, variant.id, store.defaultLocation.id)).toMatchObject({ on_hand: 5, committed: 2 });
    await expectLedgerSumsToLevels(store.id);
  });

  it("a 3PL key (orders.read + fulfillments.write) updates and cancels shipments", async () => {
    const { store, variant } = await setUp(5, 0);
    const orderId = await paidOrder(store, [{ variant_id: variant.id, quantity: 2 }]);
    const key = await newIntegrationKey(store.id, store.owner.jwt, ["orders.read", "fulfillments.write"]);
    const shipment = (await shipOf(store, orderId, { items: [{ line_item_id: `${orderId}:0`, quantity: 1 }] }, key)).body;
    expect((await call("PATCH", store.at(`/shipments/${shipment.id}`), { token: key, body: { tracking: [{ number: "Z" }] } })).status).toBe(200);
    expect((await call("POST", store.at(`/shipments/${shipment.id}/cancel`), { token: key })).status).toBe(200);
  });
});
