// Authorization matrix rows (test/helpers/auth-matrix.ts) of customers (docs/api/09-orders-and-customers.md). Run by
// test/security/authorization-matrix.test.ts.
import { type MatrixStore, type MatrixRows, matrixRow } from "../helpers/auth-matrix";
import { call } from "../helpers/api";

const customer = async (store: MatrixStore) =>
  (await call("POST", `/stores/${store.id}/customers`, { token: store.adminToken, body: { email: `f-${crypto.randomUUID()}@example.test` } })).body as {
    id: string;
  };

export const customerRows: MatrixRows = {
  createCustomer: matrixRow({ path: "/stores/{store_id}/customers", body: () => ({ email: `m-${crypto.randomUUID()}@example.test` }), expectAllowed: 201 }),
  listCustomers: matrixRow({ path: "/stores/{store_id}/customers", expectAllowed: 200 }),
  getCustomer: matrixRow({ setup: customer, path: (s, c) => `/stores/${s}/customers/${c.id}`, expectAllowed: 200 }),
  updateCustomer: matrixRow({ setup: customer, path: (s, c) => `/stores/${s}/customers/${c.id}`, body: { name: "X" }, expectAllowed: 200 }),
};
