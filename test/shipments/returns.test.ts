// Returns (docs/api/25-shipments.md "Returns"): a test per rule (what can come back, restock or not, where, the
// ledger and events, no money moved), a shipment's cancel refused once the order has a return, the race of a return
// and a shipment's cancel both ways, idempotency, and who may record and read returns.
import { afterEach, describe, expect, it, vi } from "vitest";
import { call } from "../helpers/api";
import { ok, typedApi } from "../helpers/typed-api";
import { newIntegrationKey } from "../helpers/auth-matrix";
import { type InventoryStore, eventsNamed, expectLedgerSumsToLevels, inventoryStore, levelOf, stockOf } from "../inventory/support";
import { beforeTheBatch, orderOf, paidOrder, setUp, shipOf } from "./support";

afterEach(() => vi.restoreAllMocks());

type ReturnBody = { items: Array<{ line_item_id: string; quantity: number; restock: boolean; location_id?: string }>; reason?: string; note?: string };

const returnOf = (store: InventoryStore, orderId: string, body: ReturnBody, token = store.token, headers?: Record<string, string>) =>
  typedApi(token, headers).POST("/stores/{store_id}/orders/{id}/returns", { params: { path: { store_id: store.id, id: orderId } }, body });
const returnsOf = async (store: InventoryStore, orderId: string, query: { limit?: number; cursor?: string } = {}) =>
  ok(await typedApi(store.token).GET("/stores/{store_id}/orders/{id}/returns", { params: { path: { store_id: store.id, id: orderId }, query } as never }));
const errorPaths = (error: unknown) => ((error as { errors?: Array<{ path: string }> }).errors ?? []).map((e) => e.path);

/** A paid order of `quantity` units of a variant stocked at the default location, with `shipped` of them shipped. */
async function shippedOrder(quantity: number, shipped: number) {
  const set = await setUp(10, 0);
  const orderId = await paidOrder(set.store, [{ variant_id: set.variant.id, quantity }]);
  const shipment = await shipOf(set.store, orderId, { items: [{ line_item_id: `${orderId}:0`, quantity: shipped }] });
  expect(shipment.status, shipment.text).toBe(201);
  return { ...set, orderId, shipment: shipment.body as { id: string } };
}

describe("recording a return", () => {
  it("201 with the return; restock raises on_hand at the default location (ledger returned, reference the return); returned_quantity; returns.created; no orders.updated and no money moved", async () => {
    const { store, product, variant, orderId } = await shippedOrder(3, 2);
    const before = await orderOf(store, orderId);
    const updatedBefore = (await eventsNamed(store.id, "orders.updated")).length;
    const stockBefore = await stockOf(store, product.id, variant.id);
    const res = await returnOf(store, orderId, {
      items: [{ line_item_id: `${orderId}:0`, quantity: 1, restock: true }],
      reason: "too small",
      note: "Box\nopened",
    });
    expect(res.response.status).toBe(201);
    const made = ok(res);
    expect(made).toEqual({
      id: expect.any(String),
      order_id: orderId,
      items: [{ line_item_id: `${orderId}:0`, variant_id: variant.id, sku: variant.sku, quantity: 1, restock: true, location_id: store.defaultLocation.id }],
      reason: "too small",
      note: "Box\nopened",
      created_at: expect.any(String),
    });
    // 10 received, 3 committed, 2 shipped (on_hand 8, committed 1); 1 back on the shelf.
    expect(await levelOf(store, variant.id, store.defaultLocation.id)).toMatchObject({ on_hand: 9, committed: 1, available: 8 });
    expect(await stockOf(store, product.id, variant.id)).toBe(stockBefore + 1);
    const ledger = await call("GET", store.at(`/inventory/ledger?reason=returned&variant_id=${variant.id}`), { token: store.token });
    expect(ledger.body.data.map((e: any) => [e.on_hand_delta, e.committed_delta, e.reference, e.order_id])).toEqual([[1, 0, made.id, orderId]]);
    const order = await orderOf(store, orderId);
    expect(order.line_items[0]).toMatchObject({ fulfilled_quantity: 2, returned_quantity: 1 });
    expect([order.status, order.fulfillment_status, order.total_cents, order.refunded_cents]).toEqual([
      before.status,
      before.fulfillment_status,
      before.total_cents,
      before.refunded_cents,
    ]);
    expect(await eventsNamed(store.id, "returns.created")).toEqual([made]);
    expect((await eventsNamed(store.id, "orders.updated")).length).toBe(updatedBefore);
    expect((await eventsNamed(store.id, "products.updated")).at(-1).id).toBe(product.id);
    expect(await returnsOf(store, orderId)).toEqual({ data: [made], pagination: expect.objectContaining({ total: 1 }) });
    await expectLedgerSumsToLevels(store.id);
  });

  it("restock at a named location raises on_hand there; restock false moves no stock and stores no location", async () => {
    const { store, wh, variant, orderId } = await shippedOrder(4, 4);
    const atDefault = await levelOf(store, variant.id, store.defaultLocation.id);
    const there = ok(await returnOf(store, orderId, { items: [{ line_item_id: `${orderId}:0`, quantity: 2, restock: true, location_id: wh.id }] }));
    expect(there.items[0].location_id).toBe(wh.id);
    expect(await levelOf(store, variant.id, wh.id)).toMatchObject({ on_hand: 2, committed: 0 });
    const kept = ok(await returnOf(store, orderId, { items: [{ line_item_id: `${orderId}:0`, quantity: 1, restock: false }] }));
    expect(kept.items[0]).toMatchObject({ restock: false, location_id: null });
    expect(await levelOf(store, variant.id, store.defaultLocation.id)).toEqual(atDefault);
    expect(await levelOf(store, variant.id, wh.id)).toMatchObject({ on_hand: 2 });
    const ledger = await call("GET", store.at(`/inventory/ledger?reason=returned&variant_id=${variant.id}`), { token: store.token });
    expect(ledger.body.data.map((e: any) => e.reference)).toEqual([there.id]);
    expect((await orderOf(store, orderId)).line_items[0].returned_quantity).toBe(3);
    // Newest first, with cursors.
    const first = await returnsOf(store, orderId, { limit: 1 });
    expect(first.data.map((r) => r.id)).toEqual([kept.id]);
    const next = await returnsOf(store, orderId, { limit: 1, cursor: first.pagination.next_cursor! });
    expect(next.data.map((r) => r.id)).toEqual([there.id]);
    await expectLedgerSumsToLevels(store.id);
  });

  it("422 per item: more than shipped and not yet returned, another order's line, a line named twice, an unknown location, a location without restock; nothing is recorded", async () => {
    const { store, variant, orderId } = await shippedOrder(3, 2);
    const other = await paidOrder(store, [{ variant_id: variant.id, quantity: 1 }]);
    const refused = async (body: ReturnBody, at: string[]) => {
      const res = await returnOf(store, orderId, body);
      expect(res.response.status).toBe(422);
      expect(errorPaths(res.error)).toEqual(at);
    };
    const line = `${orderId}:0`;
    await refused({ items: [{ line_item_id: line, quantity: 3, restock: false }] }, ["items.0.quantity"]);
    await refused({ items: [{ line_item_id: `${other}:0`, quantity: 1, restock: false }] }, ["items.0.line_item_id"]);
    await refused({ items: [{ line_item_id: `${orderId}:7`, quantity: 1, restock: false }] }, ["items.0.line_item_id"]);
    await refused(
      {
        items: [
          { line_item_id: line, quantity: 1, restock: false },
          { line_item_id: line, quantity: 1, restock: false },
        ],
      },
      ["items.1.line_item_id"],
    );
    await refused({ items: [{ line_item_id: line, quantity: 1, restock: true, location_id: crypto.randomUUID() }] }, ["items.0.location_id"]);
    await refused({ items: [{ line_item_id: line, quantity: 1, restock: false, location_id: store.defaultLocation.id }] }, ["items.0.location_id"]);
    await refused({ items: [] }, ["items"]);
    // Returns add up: 2 shipped, 2 returned, nothing more.
    ok(await returnOf(store, orderId, { items: [{ line_item_id: line, quantity: 2, restock: false }] }));
    await refused({ items: [{ line_item_id: line, quantity: 1, restock: false }] }, ["items.0.quantity"]);
    expect((await returnsOf(store, orderId)).data).toHaveLength(1);
    const unshipped = await paidOrder(store, [{ variant_id: variant.id, quantity: 1 }]);
    expect((await returnOf(store, unshipped, { items: [{ line_item_id: `${unshipped}:0`, quantity: 1, restock: false }] })).response.status).toBe(422);
    expect((await returnOf(store, crypto.randomUUID(), { items: [{ line_item_id: line, quantity: 1, restock: false }] })).response.status).toBe(404);
    const elsewhere = await inventoryStore();
    expect((await returnOf(elsewhere, orderId, { items: [{ line_item_id: line, quantity: 1, restock: false }] })).response.status).toBe(404);
  });

  it("a canceled shipment's units cannot come back; a deleted variant's units come back only without restock (409 with it)", async () => {
    const { store, product, variant, orderId, shipment } = await shippedOrder(2, 1);
    expect((await call("POST", store.at(`/shipments/${shipment.id}/cancel`), { token: store.token })).status).toBe(200);
    const none = await returnOf(store, orderId, { items: [{ line_item_id: `${orderId}:0`, quantity: 1, restock: false }] });
    expect(errorPaths(none.error)).toEqual(["items.0.quantity"]);
    expect((await shipOf(store, orderId, { items: [{ line_item_id: `${orderId}:0`, quantity: 2 }] })).status).toBe(201);
    const deleted = await call("DELETE", store.path(`/${product.id}`), { token: store.token });
    expect(deleted.status, deleted.text).toBe(204);
    const restocked = await returnOf(store, orderId, { items: [{ line_item_id: `${orderId}:0`, quantity: 1, restock: true }] });
    expect(restocked.response.status).toBe(409);
    expect(errorPaths(restocked.error)).toEqual(["items.0.restock"]);
    const kept = ok(await returnOf(store, orderId, { items: [{ line_item_id: `${orderId}:0`, quantity: 2, restock: false }] }));
    expect(kept.items[0]).toMatchObject({ variant_id: variant.id, quantity: 2, restock: false });
    await expectLedgerSumsToLevels(store.id);
  });

  it("a restock that would take a level past 1,000,000,000 on_hand: 422 at the item's quantity when read so, 409 when the level rose meanwhile; nothing is recorded either way", async () => {
    const { store, variant, orderId } = await shippedOrder(3, 3);
    const setOnHand = async (onHand: number) => {
      const res = await call("POST", store.at("/inventory/adjustments"), {
        token: store.token,
        body: { reason: "cycle_count", changes: [{ variant_id: variant.id, location_code: "default", on_hand: onHand }] },
      });
      expect(res.status, res.text).toBe(201);
    };
    await setOnHand(999_999_999);
    const over = await returnOf(store, orderId, { items: [{ line_item_id: `${orderId}:0`, quantity: 2, restock: true }] });
    expect(over.response.status).toBe(422);
    expect(errorPaths(over.error)).toEqual(["items.0.quantity"]);
    expect(JSON.stringify(over.error)).toContain("above the maximum 1000000000");
    // Without restock the same units come back: nothing is stocked.
    expect(ok(await returnOf(store, orderId, { items: [{ line_item_id: `${orderId}:0`, quantity: 1, restock: false }] })).items[0].restock).toBe(false);

    // Read at 999,999,998 (room for 2), raised to the maximum before the return's batch: the batch's guard answers.
    await setOnHand(999_999_998);
    await beforeTheBatch(store.id, 6, () => setOnHand(1_000_000_000));
    const raced = await returnOf(store, orderId, { items: [{ line_item_id: `${orderId}:0`, quantity: 2, restock: true }] });
    vi.restoreAllMocks();
    expect(raced.response.status).toBe(409);
    expect((await returnsOf(store, orderId)).data).toHaveLength(1);
    expect(await levelOf(store, variant.id, store.defaultLocation.id)).toMatchObject({ on_hand: 1_000_000_000 });
    expect(ok(await returnOf(store, orderId, { items: [{ line_item_id: `${orderId}:0`, quantity: 2, restock: false }] })).items).toHaveLength(1);
    await expectLedgerSumsToLevels(store.id);
  });

  it("accepts Idempotency-Key: a repeat is the first answer and records nothing more", async () => {
    const { store, variant, orderId } = await shippedOrder(3, 3);
    const key = { "Idempotency-Key": `ret-${crypto.randomUUID()}` };
    const body: ReturnBody = { items: [{ line_item_id: `${orderId}:0`, quantity: 1, restock: true }] };
    const first = ok(await returnOf(store, orderId, body, store.token, key));
    const again = await returnOf(store, orderId, body, store.token, key);
    expect(again.response.status).toBe(201);
    expect(again.data).toEqual(first);
    expect((await returnsOf(store, orderId)).data).toHaveLength(1);
    expect(await levelOf(store, variant.id, store.defaultLocation.id)).toMatchObject({ on_hand: 8 });
  });
});

describe("returns and shipment cancels", () => {
  it("once the order has a return, its shipments cannot be canceled (409); the order cannot be canceled either", async () => {
    const { store, orderId, shipment } = await shippedOrder(3, 2);
    ok(await returnOf(store, orderId, { items: [{ line_item_id: `${orderId}:0`, quantity: 1, restock: false }] }));
    const cancel = await call("POST", store.at(`/shipments/${shipment.id}/cancel`), { token: store.token });
    expect(cancel.status).toBe(409);
    expect(cancel.body.detail).toMatch(/return/);
    expect((await call("GET", store.at(`/shipments/${shipment.id}`), { token: store.token })).body.status).toBe("shipped");
    expect((await call("POST", store.at(`/orders/${orderId}/transitions`), { token: store.token, body: { status: "canceled" } })).status).toBe(409);
  });

  it("a return racing a shipment's cancel: exactly one lands, whichever batch comes first", async () => {
    // The cancel lands between the return's read and its batch: the return finds nothing shipped (409), stock unmoved.
    const one = await shippedOrder(2, 2);
    let cancel: Awaited<ReturnType<typeof call>> | undefined;
    await beforeTheBatch(one.store.id, 6, async () => {
      cancel = await call("POST", one.store.at(`/shipments/${one.shipment.id}/cancel`), { token: one.store.token });
    });
    const returned = await returnOf(one.store, one.orderId, { items: [{ line_item_id: `${one.orderId}:0`, quantity: 2, restock: true }] });
    expect(cancel!.status).toBe(200);
    expect(returned.response.status).toBe(409);
    expect((await returnsOf(one.store, one.orderId)).data).toEqual([]);
    expect(await levelOf(one.store, one.variant.id, one.store.defaultLocation.id)).toMatchObject({ on_hand: 10, committed: 2 });
    await expectLedgerSumsToLevels(one.store.id);
    vi.restoreAllMocks();

    // The return lands between the cancel's read and its batch: the cancel finds a return (409), the shipment stays.
    const two = await shippedOrder(2, 2);
    let ret: Awaited<ReturnType<typeof returnOf>> | undefined;
    await beforeTheBatch(two.store.id, 6, async () => {
      ret = await returnOf(two.store, two.orderId, { items: [{ line_item_id: `${two.orderId}:0`, quantity: 2, restock: true }] });
    });
    const canceled = await call("POST", two.store.at(`/shipments/${two.shipment.id}/cancel`), { token: two.store.token });
    expect(ret!.response.status).toBe(201);
    expect(canceled.status).toBe(409);
    expect((await call("GET", two.store.at(`/shipments/${two.shipment.id}`), { token: two.store.token })).body.status).toBe("shipped");
    expect(await levelOf(two.store, two.variant.id, two.store.defaultLocation.id)).toMatchObject({ on_hand: 10, committed: 0 });
    await expectLedgerSumsToLevels(two.store.id);
  });

  it("two returns of the last shipped units at once: one 201, the other 422 or 409, never both", async () => {
    const { store, variant, orderId } = await shippedOrder(2, 2);
    const body: ReturnBody = { items: [{ line_item_id: `${orderId}:0`, quantity: 2, restock: true }] };
    const both = await Promise.all([0, 1].map(() => returnOf(store, orderId, body)));
    const statuses = both.map((r) => r.response.status).sort();
    expect(statuses[0]).toBe(201);
    expect([409, 422]).toContain(statuses[1]);
    expect((await orderOf(store, orderId)).line_items[0].returned_quantity).toBe(2);
    expect(await levelOf(store, variant.id, store.defaultLocation.id)).toMatchObject({ on_hand: 10 });
  });
});

describe("who records and reads returns", () => {
  it("a 3PL key holding orders.read + fulfillments.write records and lists returns; orders.read alone lists but cannot record (403 naming fulfillments.write)", async () => {
    const { store, orderId } = await shippedOrder(2, 2);
    const tpl = await newIntegrationKey(store.id, store.owner.jwt, ["orders.read", "fulfillments.write"]);
    const made = ok(await returnOf(store, orderId, { items: [{ line_item_id: `${orderId}:0`, quantity: 1, restock: true }] }, tpl));
    const ledger = await call("GET", store.at(`/inventory/ledger?reason=returned&order_id=${orderId}`), { token: store.token });
    expect(ledger.body.data.map((e: any) => e.reference)).toEqual([made.id]);
    expect(ledger.body.data[0].actor).toMatchObject({ user_id: null, integration_id: expect.any(String) });
    const reader = await newIntegrationKey(store.id, store.owner.jwt, ["orders.read"]);
    const refused = await call("POST", store.at(`/orders/${orderId}/returns`), {
      token: reader,
      body: { items: [{ line_item_id: `${orderId}:0`, quantity: 1, restock: false }] },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.missing_permission).toBe("fulfillments.write");
    expect((await call("GET", store.at(`/orders/${orderId}/returns`), { token: reader })).body.data.map((r: any) => r.id)).toEqual([made.id]);
    const writer = await newIntegrationKey(store.id, store.owner.jwt, ["fulfillments.write"]);
    const unread = await call("GET", store.at(`/orders/${orderId}/returns`), { token: writer });
    expect([unread.status, unread.body.missing_permission]).toEqual([403, "orders.read"]);
  });
});
