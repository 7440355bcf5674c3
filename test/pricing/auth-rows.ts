// Authorization matrix rows (test/helpers/auth-matrix.ts) of customer groups, price lists, prices, resolution and
// the price history (docs/api/24-prices.md). Run by test/security/authorization-matrix.test.ts.
import { type MatrixRows, type MatrixStore, matrixRow } from "../helpers/auth-matrix";
import { call } from "../helpers/api";

const code = () => `m-${crypto.randomUUID().slice(0, 8)}`;

const group = async (store: MatrixStore) =>
  (await call("POST", `/stores/${store.id}/customer-groups`, { token: store.adminToken, body: { name: "G", code: code() } })).body as { id: string };

const list = async (store: MatrixStore) =>
  (await call("POST", `/stores/${store.id}/price-lists`, { token: store.adminToken, body: { name: "L", code: code(), currency: "EUR" } })).body as {
    id: string;
  };

/** A variant of the store (a single product's default variant). */
const variant = async (store: MatrixStore) => {
  const product = await call("POST", `/stores/${store.id}/products`, {
    token: store.adminToken,
    body: { title: "P", product_type: "single", default_price_cents: 100 },
  });
  return { variantId: product.body.variants[0].id as string, list: await list(store) };
};

export const pricingRows: MatrixRows = {
  createCustomerGroup: matrixRow({ path: "/stores/{store_id}/customer-groups", body: () => ({ name: "G", code: code() }), expectAllowed: 201 }),
  listCustomerGroups: matrixRow({ path: "/stores/{store_id}/customer-groups", expectAllowed: 200 }),
  getCustomerGroup: matrixRow({ setup: group, path: (s, g) => `/stores/${s}/customer-groups/${g.id}`, expectAllowed: 200 }),
  updateCustomerGroup: matrixRow({ setup: group, path: (s, g) => `/stores/${s}/customer-groups/${g.id}`, body: { name: "Renamed" }, expectAllowed: 200 }),
  deleteCustomerGroup: matrixRow({ setup: group, path: (s, g) => `/stores/${s}/customer-groups/${g.id}`, expectAllowed: 204 }),
  changeCustomerGroupMembers: matrixRow({
    setup: async (store) => {
      const c = await call("POST", `/stores/${store.id}/customers`, { token: store.adminToken, body: { email: `g-${crypto.randomUUID()}@example.test` } });
      return { group: await group(store), customerId: c.body.id as string };
    },
    path: (s, f) => `/stores/${s}/customer-groups/${f.group.id}/customers`,
    body: (f) => ({ add: [f.customerId] }),
    expectAllowed: 200,
  }),
  createPriceList: matrixRow({ path: "/stores/{store_id}/price-lists", body: () => ({ name: "L", code: code(), currency: "EUR" }), expectAllowed: 201 }),
  listPriceLists: matrixRow({ path: "/stores/{store_id}/price-lists", expectAllowed: 200 }),
  getPriceList: matrixRow({ setup: list, path: (s, l) => `/stores/${s}/price-lists/${l.id}`, expectAllowed: 200 }),
  updatePriceList: matrixRow({ setup: list, path: (s, l) => `/stores/${s}/price-lists/${l.id}`, body: { priority: 7 }, expectAllowed: 200 }),
  deletePriceList: matrixRow({ setup: list, path: (s, l) => `/stores/${s}/price-lists/${l.id}`, expectAllowed: 204 }),
  listPriceListPrices: matrixRow({ setup: list, path: (s, l) => `/stores/${s}/price-lists/${l.id}/prices`, expectAllowed: 200 }),
  bulkPriceListPrices: matrixRow({
    setup: variant,
    path: (s, f) => `/stores/${s}/price-lists/${f.list.id}/prices/bulk`,
    body: (f) => ({ upsert: [{ variant_id: f.variantId, price_cents: 50 }] }),
    expectAllowed: 200,
  }),
  resolvePrices: matrixRow({
    setup: variant,
    path: "/stores/{store_id}/prices/resolve",
    body: (f) => ({ currency: "USD", items: [{ variant_id: f.variantId }] }),
    expectAllowed: 200,
  }),
  listPriceHistory: matrixRow({ path: "/stores/{store_id}/prices/history", expectAllowed: 200 }),
};
