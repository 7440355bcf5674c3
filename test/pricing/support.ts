// Shared by the pricing tests (docs/api/24-prices.md): a store with a live product of a few variants, price lists,
// groups and customers made through the API.
import { call } from "../helpers/api";
import { type CatalogStore, catalogStore, liveVariable } from "../products/fixtures";

export interface PricingStore extends CatalogStore {
  variants: Array<{ id: string; sku: string; price_cents: number }>;
  productId: string;
}

/** A USD store with one live product of `count` variants priced 1000, 2000, ... cents. */
export async function pricingStore(count = 2): Promise<PricingStore> {
  const store = await catalogStore();
  const tag = crypto.randomUUID().slice(0, 6);
  const product = await liveVariable(store, "Shirt", Array.from({ length: count }, (_, i) => ({
    sku: `P-${tag}-${i}`, price_cents: 1000 * (i + 1), stock: 100, option_values: [{ name: "Size", value: `S${i}` }],
  })));
  return { ...store, productId: product.id, variants: product.variants.map((v: any) => ({ id: v.id, sku: v.sku, price_cents: v.price_cents })) };
}

export async function priceList(store: CatalogStore, body: Record<string, unknown>) {
  const res = await call("POST", `/stores/${store.id}/price-lists`, {
    token: store.token,
    body: { name: "List", code: `L-${crypto.randomUUID().slice(0, 8)}`, status: "active", ...body },
  });
  if (res.status !== 201) throw new Error(`price list: ${res.status} ${res.text}`);
  return res.body as { id: string; currency: string; priority: number };
}

export async function setPrices(store: CatalogStore, listId: string, upsert: Array<Record<string, unknown>>) {
  const res = await call("POST", `/stores/${store.id}/price-lists/${listId}/prices/bulk`, { token: store.token, body: { upsert } });
  if (res.status !== 200) throw new Error(`prices: ${res.status} ${res.text}`);
  return res.body as { upserted: number; deleted: number };
}

export async function group(store: CatalogStore, customerIds: string[] = []) {
  const res = await call("POST", `/stores/${store.id}/customer-groups`, { token: store.token, body: { name: "Group", code: `G-${crypto.randomUUID().slice(0, 8)}` } });
  if (res.status !== 201) throw new Error(`group: ${res.status} ${res.text}`);
  if (customerIds.length > 0) {
    const added = await call("POST", `/stores/${store.id}/customer-groups/${res.body.id}/customers`, { token: store.token, body: { add: customerIds } });
    if (added.status !== 200) throw new Error(`members: ${added.status} ${added.text}`);
  }
  return res.body as { id: string };
}

export async function customer(store: CatalogStore) {
  const res = await call("POST", `/stores/${store.id}/customers`, { token: store.token, body: { email: `c-${crypto.randomUUID().slice(0, 8)}@example.test` } });
  if (res.status !== 201) throw new Error(`customer: ${res.status} ${res.text}`);
  return res.body as { id: string; email: string };
}

export async function resolve(store: CatalogStore, body: Record<string, unknown>, token = store.token) {
  return call("POST", `/stores/${store.id}/prices/resolve`, { token, body });
}

/** The one price resolve gives for one variant. */
export async function priceOf(store: CatalogStore, variantId: string, context: Record<string, unknown>, quantity = 1) {
  const res = await resolve(store, { ...context, items: [{ variant_id: variantId, quantity }] });
  if (res.status !== 200) throw new Error(`resolve: ${res.status} ${res.text}`);
  return res.body.data[0] as { price_cents: number | null; source: { type: string; price_list_id: string | null; min_quantity: number | null } | null; lowest_price_30d_cents: number | null };
}
