// What the shipment and return tests share (docs/api/25-shipments.md): a store with a warehouse and stocked variants,
// a paid order, and the calls every test makes.
import { expect } from "vitest";
import { call } from "../helpers/api";
import { interceptStoreBatches } from "../products/store-databases";
import { type InventoryStore, adjusted, createLocation, inventoryStore, moveOrder, placeOrder, productWithVariants } from "../inventory/support";

/** A store with a warehouse after the default location, and a published product whose variants hold `atDefault` and `atWarehouse`. */
export async function setUp(atDefault: number, atWarehouse: number, variants = 1) {
  const store = await inventoryStore();
  const wh = await createLocation(store, { code: `wh-${crypto.randomUUID().slice(0, 6)}` });
  const { product, variants: vs } = await productWithVariants(store, Array(variants).fill(0));
  const published = await call("POST", store.path(`/${product.id}/publish`), { token: store.token });
  expect(published.status, published.text).toBe(200);
  for (const v of vs) {
    await adjusted(store, {
      reason: "received",
      changes: [
        ...(atDefault ? [{ variant_id: v.id, location_id: store.defaultLocation.id, delta: atDefault }] : []),
        ...(atWarehouse ? [{ variant_id: v.id, location_id: wh.id, delta: atWarehouse }] : []),
      ],
    });
  }
  return { store, wh, product, variants: vs, variant: vs[0] };
}

export async function paidOrder(store: InventoryStore, lines: Array<{ variant_id: string; quantity: number }>) {
  const id = await placeOrder(store, lines);
  await moveOrder(store, id, "paid");
  return id;
}

export const shipOf = (store: InventoryStore, orderId: string, body: Record<string, unknown>, token = store.token, headers?: Record<string, string>) =>
  call("POST", store.at(`/orders/${orderId}/shipments`), { token, body, headers });
export const orderOf = async (store: InventoryStore, orderId: string) => (await call("GET", store.at(`/orders/${orderId}`), { token: store.token })).body;

/**
 * Runs `other` just before the next store batch of at least `size` statements (a change's, not a read's) is sent,
 * as a concurrent request landing between the change's read and its batch would.
 */
export async function beforeTheBatch(storeId: string, size: number, other: () => Promise<unknown>) {
  let done = false;
  await interceptStoreBatches(storeId, async (statements, send) => {
    if (!done && statements.length >= size) {
      done = true;
      await other();
    }
    return send(statements);
  });
}
