// Orders at locations (docs/api/20-inventory.md "Orders"): creation commits each stocked line from active locations, the
// default first, then by position, split where one does not hold enough; fulfilment takes the allocations off
// on_hand and committed; a cancel releases them. And stock writes (PATCH, bulk, CSV) follow the default-location rule.
import { describe, expect, it } from "vitest";
import { call } from "../helpers/api";
import { type CatalogStore, catalogStore, liveVariable, storeEvents } from "../products/fixtures";

const inv = (store: CatalogStore, suffix = "") => `/stores/${store.id}/${suffix}`;

async function location(store: CatalogStore, name: string, code: string) {
  const res = await call("POST", inv(store, "locations"), { token: store.token, body: { name, code } });
  expect(res.status).toBe(201);
  return res.body as { id: string; code: string };
}

async function adjust(store: CatalogStore, changes: Array<Record<string, unknown>>, reason = "received") {
  const res = await call("POST", inv(store, "inventory/adjustments"), { token: store.token, body: { reason, changes } });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

const order = (store: CatalogStore, lines: Array<{ variant_id: string; quantity: number }>) =>
  call("POST", inv(store, "orders"), { token: store.token, body: { email: "buyer@example.test", currency: "USD", line_items: lines } });

const transition = (store: CatalogStore, id: string, status: string) =>
  call("POST", inv(store, `orders/${id}/transitions`), { token: store.token, body: { status } });

async function levels(store: CatalogStore, variantId: string) {
  const res = await call("GET", inv(store, `inventory?variant_id=${variantId}&limit=100`), { token: store.token });
  expect(res.status).toBe(200);
  return Object.fromEntries(
    res.body.data.map((l: { location_code: string; on_hand: number; committed: number }) => [l.location_code, [l.on_hand, l.committed]]),
  );
}

const variantOf = async (store: CatalogStore, productId: string) =>
  (await call("GET", inv(store, `products/${productId}`), { token: store.token })).body.variants[0];

/** A live product whose one variant holds 2 at the default location, 5 at "wh" (position 1) and 5 at "shop" (2). */
async function threeLocations(mode = "stocked") {
  const store = await catalogStore();
  const product = await liveVariable(store, "Mug", [{ sku: `M-${crypto.randomUUID().slice(0, 6)}`, stock: 2, fulfillment_mode: mode }]);
  const variant = product.variants[0];
  const wh = await location(store, "Warehouse", "wh");
  const shop = await location(store, "Shop", "shop");
  await adjust(store, [
    { variant_id: variant.id, location_code: "wh", delta: 5 },
    { variant_id: variant.id, location_code: "shop", delta: 5 },
  ]);
  return { store, product, variant, wh, shop };
}

describe("order creation commits at locations", () => {
  it("the default location first, then by position, split across them; line items show the allocations", async () => {
    const { store, product, variant, wh } = await threeLocations();
    expect((await variantOf(store, product.id)).stock).toBe(12);
    const res = await order(store, [{ variant_id: variant.id, quantity: 6 }]);
    expect(res.status).toBe(201);
    const defaultId = (await variantOf(store, product.id)).inventory[0].location_id;
    expect(res.body.line_items[0].allocations).toEqual([
      { location_id: defaultId, quantity: 2 },
      { location_id: wh.id, quantity: 4 },
    ]);
    expect(await levels(store, variant.id)).toEqual({ default: [2, 2], wh: [5, 4], shop: [5, 0] });
    const after = await variantOf(store, product.id);
    expect(after.stock).toBe(6);
    expect(after.inventory.map((i: { location_code: string; available: number }) => [i.location_code, i.available])).toEqual([
      ["default", 0],
      ["wh", 1],
      ["shop", 5],
    ]);
    const ledger = await call("GET", inv(store, `inventory/ledger?order_id=${res.body.id}`), { token: store.token });
    expect(ledger.body.data.map((e: Record<string, unknown>) => [e.location_code, e.on_hand_delta, e.committed_delta, e.reason])).toEqual([
      ["wh", 0, 4, "order_committed"],
      ["default", 0, 2, "order_committed"],
    ]);
    expect(ledger.body.data[0].actor.token_id).toEqual(expect.any(String));
  });

  it("an inactive location's stock is neither in stock nor committed", async () => {
    const { store, product, variant, wh } = await threeLocations();
    expect((await call("PATCH", inv(store, `locations/${wh.id}`), { token: store.token, body: { active: false } })).status).toBe(200);
    expect((await variantOf(store, product.id)).stock).toBe(7);
    const res = await order(store, [{ variant_id: variant.id, quantity: 3 }]);
    expect(res.status).toBe(201);
    expect(res.body.line_items[0].allocations.map((a: { quantity: number }) => a.quantity)).toEqual([2, 1]);
    expect(await levels(store, variant.id)).toEqual({ default: [2, 2], wh: [5, 0], shop: [5, 1] });
    expect((await order(store, [{ variant_id: variant.id, quantity: 5 }])).status).toBe(409);
  });

  it("not enough at all active locations together: 409 insufficient_stock, no level, allocation or entry changes", async () => {
    const { store, variant } = await threeLocations();
    const ledgerBefore = (await call("GET", inv(store, `inventory/ledger?variant_id=${variant.id}`), { token: store.token })).body.data;
    const res = await order(store, [{ variant_id: variant.id, quantity: 13 }]);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("insufficient_stock");
    expect(await levels(store, variant.id)).toEqual({ default: [2, 0], wh: [5, 0], shop: [5, 0] });
    expect((await call("GET", inv(store, `inventory/ledger?variant_id=${variant.id}`), { token: store.token })).body.data).toEqual(ledgerBefore);
  });

  it("stocked_or_on_demand commits what is available and sells the rest on demand", async () => {
    const { store, variant } = await threeLocations("stocked_or_on_demand");
    const res = await order(store, [{ variant_id: variant.id, quantity: 20 }]);
    expect(res.status).toBe(201);
    expect(res.body.line_items[0].allocations.map((a: { quantity: number }) => a.quantity)).toEqual([2, 5, 5]);
    expect(await levels(store, variant.id)).toEqual({ default: [2, 2], wh: [5, 5], shop: [5, 5] });
  });
});

describe("fulfilment and cancel settle the allocations", () => {
  it("fulfilled: on_hand and committed both fall by the allocations, available unchanged", async () => {
    const { store, product, variant } = await threeLocations();
    const placed = (await order(store, [{ variant_id: variant.id, quantity: 4 }])).body;
    expect((await transition(store, placed.id, "paid")).status).toBe(200);
    expect((await transition(store, placed.id, "fulfilled")).status).toBe(200);
    expect(await levels(store, variant.id)).toEqual({ default: [0, 0], wh: [3, 0], shop: [5, 0] });
    expect((await variantOf(store, product.id)).stock).toBe(8);
    const ledger = await call("GET", inv(store, `inventory/ledger?order_id=${placed.id}&reason=order_fulfilled`), { token: store.token });
    expect(ledger.body.data.map((e: Record<string, unknown>) => [e.location_code, e.on_hand_delta, e.committed_delta]).sort()).toEqual([
      ["default", -2, -2],
      ["wh", -2, -2],
    ]);
  });

  it("canceled: committed falls, the stock is available again, products.updated and inventory.updated are emitted", async () => {
    const { store, product, variant } = await threeLocations();
    const placed = (await order(store, [{ variant_id: variant.id, quantity: 4 }])).body;
    const before = (await storeEvents(store.id)).length;
    expect((await transition(store, placed.id, "canceled")).status).toBe(200);
    expect(await levels(store, variant.id)).toEqual({ default: [2, 0], wh: [5, 0], shop: [5, 0] });
    expect((await variantOf(store, product.id)).stock).toBe(12);
    const events = (await storeEvents(store.id)).slice(before);
    expect(
      events
        .filter((e) => e.name === "inventory.updated")
        .map((e) => [e.data.location_code, e.data.delta, e.data.reason, e.data.committed])
        .sort(),
    ).toEqual([
      ["default", 0, "order_released", 0],
      ["wh", 0, "order_released", 0],
    ]);
    expect(events.filter((e) => e.name === "products.updated")).toHaveLength(1);
    // Canceling again is refused, so nothing is released twice.
    expect((await transition(store, placed.id, "canceled")).status).toBe(409);
    expect(await levels(store, variant.id)).toEqual({ default: [2, 0], wh: [5, 0], shop: [5, 0] });
  });
});

describe("writing stock follows the default location", () => {
  it("PATCH stock sets the default location's on_hand (stock becomes the value) while it alone holds stock", async () => {
    const store = await catalogStore();
    const product = await liveVariable(store, "Cup", [{ sku: "CUP-1", stock: 3 }]);
    const variant = product.variants[0];
    await location(store, "Warehouse", "wh");
    expect((await order(store, [{ variant_id: variant.id, quantity: 1 }])).status).toBe(201);
    const res = await call("PATCH", inv(store, `products/${product.id}/variants/${variant.id}`), { token: store.token, body: { stock: 10 } });
    expect(res.status).toBe(200);
    expect(res.body.stock).toBe(10);
    expect(await levels(store, variant.id)).toEqual({ default: [11, 1] });
    const [entry] = (await call("GET", inv(store, `inventory/ledger?variant_id=${variant.id}&limit=1`), { token: store.token })).body.data;
    expect(entry).toMatchObject({ reason: "stock_write", reference: "variant.update", on_hand_delta: 8, on_hand_after: 11 });
  });

  it("once another active location holds on_hand: PATCH 409, bulk 422 on the item, nothing changes; an inactive one does not count", async () => {
    const store = await catalogStore();
    const product = await liveVariable(store, "Bowl", [{ sku: "BOWL-1", stock: 3 }]);
    const variant = product.variants[0];
    const wh = await location(store, "Warehouse", "wh");
    await adjust(store, [{ variant_id: variant.id, location_id: wh.id, delta: 2 }]);
    const patch = await call("PATCH", inv(store, `products/${product.id}/variants/${variant.id}`), { token: store.token, body: { stock: 10 } });
    expect(patch.status).toBe(409);
    expect(patch.body.code).toBe("conflict");
    expect(patch.body.detail).toMatch(/several locations/);
    const bulk = await call("POST", inv(store, "variants/bulk"), { token: store.token, body: { updates: [{ sku: "BOWL-1", stock_delta: 1 }] } });
    expect(bulk.status).toBe(422);
    expect(bulk.body.errors).toEqual([{ path: "updates.0.stock_delta", message: expect.stringMatching(/several locations/) }]);
    expect(await levels(store, variant.id)).toEqual({ default: [3, 0], wh: [2, 0] });
    // A price change alone is no stock write.
    expect((await call("PATCH", inv(store, `products/${product.id}/variants/${variant.id}`), { token: store.token, body: { price_cents: 999 } })).status).toBe(
      200,
    );
    expect((await call("PATCH", inv(store, `locations/${wh.id}`), { token: store.token, body: { active: false } })).status).toBe(200);
    const again = await call("PATCH", inv(store, `products/${product.id}/variants/${variant.id}`), { token: store.token, body: { stock: 10 } });
    expect(again.status).toBe(200);
    expect(await levels(store, variant.id)).toEqual({ default: [10, 0], wh: [2, 0] });
  });
});
