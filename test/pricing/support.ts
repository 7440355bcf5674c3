// Shared by the pricing tests (docs/api/24-prices.md): a store with a live product of a few variants, price lists,
// groups and customers made through the API.
import { call } from "../helpers/api";
import { ok, typedApi } from "../helpers/typed-api";
import type { components } from "../../client/src/generated/schema";
import { type CatalogStore, catalogStore, liveVariable } from "../products/fixtures";

export interface PricingStore extends CatalogStore {
  variants: Array<{ id: string; sku: string; price_cents: number }>;
  productId: string;
}

/** A USD store with one live product of `count` variants priced 1000, 2000, ... cents. */
export async function pricingStore(count = 2): Promise<PricingStore> {
  const store = await catalogStore();
  const tag = crypto.randomUUID().slice(0, 6);
  const product = await liveVariable(
    store,
    "Shirt",
    Array.from({ length: count }, (_, i) => ({
      sku: `P-${tag}-${i}`,
      price_cents: 1000 * (i + 1),
      stock: 100,
      option_values: [{ name: "Size", value: `S${i}` }],
    })),
  );
  return { ...store, productId: product.id, variants: product.variants.map((v: any) => ({ id: v.id, sku: v.sku, price_cents: v.price_cents })) };
}

type CreatePriceList = components["schemas"]["CreatePriceListRequest"];
type PriceItem = NonNullable<components["schemas"]["BulkPricesRequest"]["upsert"]>[number];

/** An active price list (typed by the generated request body: a renamed field fails the typecheck here). */
export async function priceList(store: CatalogStore, body: Partial<CreatePriceListRequest> & Pick<CreatePriceList, "currency">) {
  const path = { store_id: store.id };
  return ok(
    await typedApi(store.token).POST("/stores/{store_id}/price-lists", {
      params: { path },
      body: { name: "List", code: `L-${crypto.randomUUID().slice(0, 8)}`, status: "active", ...body },
    }),
  );
}
type CreatePriceListRequest = CreatePriceList;

export async function setPrices(store: CatalogStore, listId: string, upsert: PriceItem[]) {
  return ok(
    await typedApi(store.token).POST("/stores/{store_id}/price-lists/{id}/prices/bulk", {
      params: { path: { store_id: store.id, id: listId } },
      body: { upsert },
    }),
  );
}

export async function group(store: CatalogStore, customerIds: string[] = []) {
  const api = typedApi(store.token);
  const made = ok(
    await api.POST("/stores/{store_id}/customer-groups", {
      params: { path: { store_id: store.id } },
      body: { name: "Group", code: `G-${crypto.randomUUID().slice(0, 8)}` },
    }),
  );
  if (customerIds.length > 0) {
    ok(
      await api.POST("/stores/{store_id}/customer-groups/{id}/customers", {
        params: { path: { store_id: store.id, id: made.id } },
        body: { add: customerIds },
      }),
    );
  }
  return made;
}

export async function customer(store: CatalogStore) {
  const res = await call("POST", `/stores/${store.id}/customers`, { token: store.token, body: { email: `c-${crypto.randomUUID().slice(0, 8)}@example.test` } });
  if (res.status !== 201) throw new Error(`customer: ${res.status} ${res.text}`);
  return res.body as { id: string; email: string };
}

export async function resolve(store: CatalogStore, body: Record<string, unknown>, token = store.token) {
  return call("POST", `/stores/${store.id}/prices/resolve`, { token, body });
}

type ResolveContext = Omit<components["schemas"]["ResolvePricesRequest"], "items">;

/** The one price resolve gives for one variant. */
export async function priceOf(store: CatalogStore, variantId: string, context: ResolveContext, quantity = 1) {
  const resolved = ok(
    await typedApi(store.token).POST("/stores/{store_id}/prices/resolve", {
      params: { path: { store_id: store.id } },
      body: { ...context, items: [{ variant_id: variantId, quantity }] },
    }),
  );
  return resolved.data[0];
}
