// Authorization matrix rows (test/helpers/auth-matrix.ts) of the integrations (docs/api/16-integrations.md): create, list,
// read, rename, rotate and revoke, each change on an integration of its own. Run by
// test/security/authorization-matrix.test.ts.
import { type MatrixStore, type MatrixRows, matrixRow } from "../helpers/auth-matrix";
import { call } from "../helpers/api";

const newIntegration = async (store: MatrixStore) =>
  (await call("POST", `/stores/${store.id}/integrations`, { token: store.adminToken, body: { name: "ERP", scopes: ["products.read"] } })).body as {
    id: string;
  };
const one = (storeId: string, integration: { id: string }) => `/stores/${storeId}/integrations/${integration.id}`;

export const integrationRows: MatrixRows = {
  createIntegration: matrixRow({ path: "/stores/{store_id}/integrations", body: { name: "ERP", scopes: ["products.read"] }, expectAllowed: 201 }),
  listIntegrations: matrixRow({ path: "/stores/{store_id}/integrations", expectAllowed: 200 }),
  getIntegration: matrixRow({ setup: newIntegration, path: one, expectAllowed: 200 }),
  updateIntegration: matrixRow({ setup: newIntegration, path: one, body: { name: "Renamed" }, expectAllowed: 200 }),
  rotateIntegration: matrixRow({
    setup: newIntegration,
    path: (storeId, integration) => `${one(storeId, integration)}/rotate`,
    body: { previous_expires_in: 60 },
    expectAllowed: 200,
  }),
  deleteIntegration: matrixRow({ setup: newIntegration, path: one, expectAllowed: 204 }),
};
