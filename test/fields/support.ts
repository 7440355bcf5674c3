// Custom field test helpers (docs/api/21-custom-fields.md): a catalog store, its definitions made through the API, and reads.
import { call } from "../helpers/api";
import { type CatalogStore, catalogStore } from "../products/fixtures";
import { storeAll } from "../products/store-databases";

export type FieldStore = CatalogStore & { at: (suffix?: string) => string };

export async function fieldStore(): Promise<FieldStore> {
  const store = await catalogStore();
  return { ...store, at: (suffix = "") => `/stores/${store.id}${suffix}` };
}

export const defs = (store: FieldStore, suffix = "") => store.at(`/field-definitions${suffix}`);

export async function define(store: FieldStore, body: Record<string, unknown>) {
  const res = await call("POST", defs(store), { token: store.token, body: { name: String(body.key ?? "Field"), ...body } });
  if (res.status !== 201) throw new Error(`define ${JSON.stringify(body)}: ${res.status} ${res.text}`);
  return res.body as { id: string; key: string; owner: string; type: string; filterable: boolean };
}

/** The index rows of the store: [definition key, resource id, product id, value], ordered. */
export async function indexRows(storeId: string) {
  return storeAll<{ key: string; resource_id: string; product_id: string; value: unknown; status: string; updated_at: string }>(
    storeId,
    `SELECT d.key, f.resource_id, f.product_id, f.value, f.status, f.updated_at FROM field_index f JOIN field_definitions d ON d.id = f.definition_id
     WHERE f.store_id = ? ORDER BY d.key, f.resource_id`,
    storeId,
  );
}

/** The 422's errors as {path: message}. */
export const errorsOf = (res: { body: { errors?: Array<{ path: string; message: string }> } }) =>
  Object.fromEntries((res.body.errors ?? []).map((e) => [e.path, e.message]));
