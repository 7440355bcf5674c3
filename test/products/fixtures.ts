// Catalog test fixtures: a fresh store with an all-permission PAT, and product/variant factories through the API.
import { PERMISSION_NAMES } from "../../src/lib/permissions";
import { type TestStore, call, newStore, newToken } from "../helpers/api";
import { storeAll } from "./store-databases";

export interface CatalogStore extends TestStore {
  token: string;
  path: (suffix?: string) => string;
}

/** Every store `catalogStore` made in this test file, oldest first (for `itSpreadsStoresOverDatabases`). */
export const catalogStoreIds: string[] = [];

export async function catalogStore(): Promise<CatalogStore> {
  const store = await newStore();
  catalogStoreIds.push(store.id);
  const { token } = await newToken(store.id, store.owner.jwt, [...PERMISSION_NAMES]);
  return { ...store, token, path: (suffix = "") => `/stores/${store.id}/products${suffix}` };
}

export async function makeProduct(store: CatalogStore, body: Record<string, unknown> = {}) {
  const res = await call("POST", store.path(), {
    token: store.token,
    body: { title: "Plain tee", product_type: "single", default_price_cents: 1500, ...body },
  });
  if (res.status !== 201) throw new Error(`create product: ${res.status} ${res.text}`);
  return res.body;
}

export async function makeVariant(store: CatalogStore, productId: string, body: Record<string, unknown> = {}) {
  const res = await call("POST", store.path(`/${productId}/variants`), { token: store.token, body: { price_cents: 1000, ...body } });
  if (res.status !== 201) throw new Error(`create variant: ${res.status} ${res.text}`);
  return res.body;
}

/** A live variable product with the given variants (option values or bodies). */
export async function liveVariable(
  store: CatalogStore,
  title = "Hoodie",
  variants: Array<Record<string, unknown>> = [{ sku: `SKU-${crypto.randomUUID().slice(0, 8)}` }],
) {
  const product = await makeProduct(store, { title, product_type: "variable", default_price_cents: undefined });
  for (const v of variants) await makeVariant(store, product.id, v);
  const res = await call("POST", store.path(`/${product.id}/publish`), { token: store.token });
  if (res.status !== 200) throw new Error(`publish: ${res.status} ${res.text}`);
  return res.body;
}

/** The store's outbox events, oldest first, with `data` parsed. */
export async function storeEvents(storeId: string): Promise<Array<{ name: string; data: any }>> {
  const results = await storeAll<{ name: string; data: string }>(
    storeId,
    "SELECT name, json_extract(payload, '$.data') AS data FROM events WHERE store_id = ? ORDER BY id",
    storeId,
  );
  return results.map((r) => ({ name: r.name, data: JSON.parse(r.data) }));
}

export const getProduct = (store: CatalogStore, id: string) => call("GET", store.path(`/${id}`), { token: store.token });
