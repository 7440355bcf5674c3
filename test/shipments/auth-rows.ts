// Authorization matrix rows (test/helpers/auth-matrix.ts) of shipments (docs/api/25-shipments.md): ship a paid order
// (each credential's own, so the allowed call finds a unit left), list and read. Run by
// test/security/authorization-matrix.test.ts.
import { type MatrixRows, type MatrixStore, matrixRow } from "../helpers/auth-matrix";
import { call } from "../helpers/api";
import { seedVariant } from "../orders/support";

/** A paid order of five units of a stocked variant. */
async function paidOrder(store: MatrixStore) {
  const variant = await seedVariant(store.id, { stock: 100 });
  const made = await call("POST", `/stores/${store.id}/orders`, {
    token: store.adminToken,
    body: { email: "m@example.test", currency: "USD", line_items: [{ variant_id: variant.variantId, quantity: 5 }] },
  });
  if (made.status !== 201) throw new Error(`order failed: ${made.status} ${made.text}`);
  await call("POST", `/stores/${store.id}/orders/${made.body.id}/transitions`, { token: store.adminToken, body: { status: "paid" } });
  return { order: made.body as { id: string } };
}

/** A paid order with one shipment of one unit. */
async function shipment(store: MatrixStore) {
  const { order } = await paidOrder(store);
  const made = await call("POST", `/stores/${store.id}/orders/${order.id}/shipments`, {
    token: store.adminToken,
    body: { items: [{ line_item_id: `${order.id}:0`, quantity: 1 }] },
  });
  if (made.status !== 201) throw new Error(`shipment failed: ${made.status} ${made.text}`);
  return { order, shipment: made.body as { id: string } };
}

/** A paid order with one shipment of all five units (each allowed return takes one). */
async function shippedOrder(store: MatrixStore) {
  const { order } = await paidOrder(store);
  const made = await call("POST", `/stores/${store.id}/orders/${order.id}/shipments`, {
    token: store.adminToken,
    body: { items: [{ line_item_id: `${order.id}:0`, quantity: 5 }] },
  });
  if (made.status !== 201) throw new Error(`shipment failed: ${made.status} ${made.text}`);
  return { order };
}

export const shipmentRows: MatrixRows = {
  createShipment: matrixRow({
    setup: paidOrder,
    path: (s, f) => `/stores/${s}/orders/${f.order.id}/shipments`,
    body: (f) => ({ items: [{ line_item_id: `${f.order.id}:0`, quantity: 1 }] }),
    expectAllowed: 201,
  }),
  listShipments: matrixRow({ path: "/stores/{store_id}/shipments", expectAllowed: 200 }),
  getShipment: matrixRow({ setup: shipment, path: (s, f) => `/stores/${s}/shipments/${f.shipment.id}`, expectAllowed: 200 }),
  updateShipment: matrixRow({
    setup: shipment,
    path: (s, f) => `/stores/${s}/shipments/${f.shipment.id}`,
    body: () => ({ tracking: [{ number: `T-${crypto.randomUUID()}` }] }),
    expectAllowed: 200,
  }),
  createReturn: matrixRow({
    setup: shippedOrder,
    path: (s, f) => `/stores/${s}/orders/${f.order.id}/returns`,
    body: (f) => ({ items: [{ line_item_id: `${f.order.id}:0`, quantity: 1, restock: true }] }),
    expectAllowed: 201,
  }),
  listReturns: matrixRow({ setup: shippedOrder, path: (s, f) => `/stores/${s}/orders/${f.order.id}/returns`, expectAllowed: 200 }),
  cancelShipment: matrixRow({ setup: shipment, path: (s, f) => `/stores/${s}/shipments/${f.shipment.id}/cancel`, expectAllowed: 200 }),
};
