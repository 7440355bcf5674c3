// Fixtures for the integration tests (docs/api/16-integrations.md): an integration made through the API, and the calls an
// integration's key makes.
import { call, type TestStore } from "../helpers/api";

export interface Integration {
  id: string;
  token: string;
  name: string;
  scopes: string;
  [field: string]: unknown;
}

/** An integration of `store`, created with `token` (default: the owner's session). */
export async function newIntegration(store: TestStore, scopes: string[], token = store.owner.jwt, name = "ERP sync"): Promise<Integration> {
  const res = await call("POST", `/stores/${store.id}/integrations`, { token, body: { name, scopes } });
  if (res.status !== 201) throw new Error(`integration failed: ${res.status} ${res.text}`);
  return res.body;
}

export const rotate = (store: TestStore, id: string, previous_expires_in?: number, token = store.owner.jwt) =>
  call("POST", `/stores/${store.id}/integrations/${id}/rotate`, { token, body: previous_expires_in === undefined ? {} : { previous_expires_in } });

export const removeMember = (store: TestStore, userId: string) => call("DELETE", `/stores/${store.id}/members/${userId}`, { token: store.owner.jwt });

/** A call that reads the store's products with `token`: 200 while the key works. */
export const readCatalog = (store: TestStore, token: string) => call("GET", `/stores/${store.id}/products`, { token });

/** Waits (bounded) until `at` has passed on this clock. */
export async function until(at: string): Promise<void> {
  const wait = Date.parse(at) - Date.now() + 50;
  if (wait > 5000) throw new Error(`refusing to wait ${wait} ms`);
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}
