// Authorization matrix rows (test/helpers/auth-matrix.ts) of orders (docs/api/09-orders-and-customers.md): create, list, read,
// transition and refund (a paid order of its own). Run by test/security/authorization-matrix.test.ts.
import { type MatrixStore, type MatrixRows, matrixRow } from "../helpers/auth-matrix";
import { call } from "../helpers/api";
import { seedVariant } from "./support";

const orderBody = (variantId: string) => ({ email: "m@example.test", currency: "USD", line_items: [{ variant_id: variantId, quantity: 1 }] });

/** A live variant with stock, and a pending order of one unit (paid first when `paid`). */
async function order(store: MatrixStore, paid = false) {
  const variant = await seedVariant(store.id, { stock: 100 });
  const made = await call("POST", `/stores/${store.id}/orders`, { token: store.adminToken, body: orderBody(variant.variantId) });
  if (made.status !== 201) throw new Error(`order failed: ${made.status} ${made.text}`);
  if (paid) await call("POST", `/stores/${store.id}/orders/${made.body.id}/transitions`, { token: store.adminToken, body: { status: "paid" } });
  return { variant, order: made.body as { id: string } };
}

export const orderRows: MatrixRows = {
  createOrder: matrixRow({ setup: order, path: "/stores/{store_id}/orders", body: (f) => orderBody(f.variant.variantId), expectAllowed: 201 }),
  listOrders: matrixRow({ path: "/stores/{store_id}/orders", expectAllowed: 200 }),
  getOrder: matrixRow({ setup: order, path: (s, f) => `/stores/${s}/orders/${f.order.id}`, expectAllowed: 200 }),
  transitionOrder: matrixRow({ setup: order, path: (s, f) => `/stores/${s}/orders/${f.order.id}/transitions`, body: { status: "paid" }, expectAllowed: 200 }),
  refundOrder: matrixRow({
    setup: (store) => order(store, true),
    path: (s, f) => `/stores/${s}/orders/${f.order.id}/refunds`,
    body: {},
    expectAllowed: 200,
  }),
};
