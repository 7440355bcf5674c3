// Authorization matrix rows (test/helpers/auth-matrix.ts) of custom field definitions (docs/api/21-custom-fields.md): any
// credential of the store reads them (`member`), store.manage changes them. Every change acts on a definition of
// its own. Run by test/security/authorization-matrix.test.ts.
import { type MatrixStore, type MatrixRows, matrixRow } from "../helpers/auth-matrix";
import { call } from "../helpers/api";

const key = () => `m_${crypto.randomUUID().slice(0, 8).replace(/-/g, "")}`;

async function definition(store: MatrixStore) {
  const res = await call("POST", `/stores/${store.id}/field-definitions`, {
    token: store.adminToken,
    body: { owner: "product", key: key(), name: "Matrix", type: "text" },
  });
  if (res.status !== 201) throw new Error(`definition failed: ${res.status} ${res.text}`);
  return res.body as { id: string };
}

export const fieldRows: MatrixRows = {
  listFieldDefinitions: matrixRow({ path: "/stores/{store_id}/field-definitions", expectAllowed: 200 }),
  createFieldDefinition: matrixRow({
    path: "/stores/{store_id}/field-definitions",
    body: () => ({ owner: "customer", key: key(), name: "Matrix", type: "integer" }),
    expectAllowed: 201,
  }),
  getFieldDefinition: matrixRow({ setup: definition, path: (s, d) => `/stores/${s}/field-definitions/${d.id}`, expectAllowed: 200 }),
  updateFieldDefinition: matrixRow({
    setup: definition,
    path: (s, d) => `/stores/${s}/field-definitions/${d.id}`,
    body: { name: "Renamed" },
    expectAllowed: 200,
  }),
  deleteFieldDefinition: matrixRow({ setup: definition, path: (s, d) => `/stores/${s}/field-definitions/${d.id}`, expectAllowed: 204 }),
};
