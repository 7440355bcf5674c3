// Authorization matrix rows (test/helpers/auth-matrix.ts) of inventory at locations (docs/api/20-inventory.md): locations
// (read with inventory.read, changed with store.manage), levels, adjustments, transfers and the ledger. Run by
// test/security/authorization-matrix.test.ts.
import { type MatrixStore, type MatrixRows, matrixRow } from "../helpers/auth-matrix";
import { call } from "../helpers/api";

const code = () => `m-${crypto.randomUUID().slice(0, 8)}`;

async function location(store: MatrixStore) {
  const res = await call("POST", `/stores/${store.id}/locations`, { token: store.adminToken, body: { name: "Matrix", code: code() } });
  if (res.status !== 201) throw new Error(`location failed: ${res.status} ${res.text}`);
  return res.body as { id: string; code: string };
}

/** A single product's default variant with 5 units at the default location, and a second location. */
async function stocked(store: MatrixStore) {
  const product = await call("POST", `/stores/${store.id}/products`, {
    token: store.adminToken,
    body: { title: "Stocked", product_type: "single", default_price_cents: 100 },
  });
  const variantId = product.body.variants[0].id as string;
  const adjusted = await call("POST", `/stores/${store.id}/inventory/adjustments`, {
    token: store.adminToken,
    body: { reason: "received", changes: [{ variant_id: variantId, location_code: "default", delta: 5 }] },
  });
  if (adjusted.status !== 201) throw new Error(`adjustment failed: ${adjusted.status} ${adjusted.text}`);
  return { variantId, to: await location(store) };
}

export const inventoryRows: MatrixRows = {
  listLocations: matrixRow({ path: "/stores/{store_id}/locations", expectAllowed: 200 }),
  createLocation: matrixRow({ path: "/stores/{store_id}/locations", body: () => ({ name: "Matrix", code: code() }), expectAllowed: 201 }),
  getLocation: matrixRow({ setup: location, path: (s, l) => `/stores/${s}/locations/${l.id}`, expectAllowed: 200 }),
  updateLocation: matrixRow({ setup: location, path: (s, l) => `/stores/${s}/locations/${l.id}`, body: { name: "Renamed" }, expectAllowed: 200 }),
  deleteLocation: matrixRow({ setup: location, path: (s, l) => `/stores/${s}/locations/${l.id}`, expectAllowed: 204 }),
  listInventoryLevels: matrixRow({ path: "/stores/{store_id}/inventory", expectAllowed: 200 }),
  adjustInventory: matrixRow({
    setup: stocked,
    path: "/stores/{store_id}/inventory/adjustments",
    body: (f) => ({ reason: "cycle_count", changes: [{ variant_id: f.variantId, location_code: "default", on_hand: 4 }] }),
    expectAllowed: 201,
  }),
  transferInventory: matrixRow({
    setup: stocked,
    path: "/stores/{store_id}/inventory/transfers",
    body: (f) => ({ from_location_code: "default", to_location_id: f.to.id, items: [{ variant_id: f.variantId, quantity: 1 }] }),
    expectAllowed: 201,
  }),
  listInventoryLedger: matrixRow({ path: "/stores/{store_id}/inventory/ledger", expectAllowed: 200 }),
};
