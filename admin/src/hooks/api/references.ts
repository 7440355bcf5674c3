// What a reference field can point at (docs/api/21-custom-fields.md: products, variants, collections, customers of the store),
// found through each resource's own list: products and their variants by the products list's `search` (title or SKU),
// customers by theirs (part of an email, name or phone, from 2 characters). Collections have no search in the API:
// the store's collections are read whole (as the gallery's items are) and matched by title here. A stored reference
// is named by reading its resource; a variant through its inventory level (the one list that gives a variant's
// product), then its product.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { client, currentStoreId, unwrap } from "../../lib/client";
import type { ReferenceType } from "../../lib/field-types";
import { queryKeysFactory } from "./keys";
import { allPages } from "./pages";

const referenceKeys = queryKeysFactory("references");

export interface ReferenceOption {
  id: string;
  label: string;
}

/** How many matches a picker offers. */
const MATCHES = 20;

type ProductItem = { title: string; variants: Array<{ id: string; title: string; sku: string | null; is_default: boolean }> };
const variantLabel = (p: ProductItem, v: ProductItem["variants"][number]) => `${p.title} — ${v.is_default ? "Default" : v.title}${v.sku ? ` (${v.sku})` : ""}`;
const customerLabel = (c: { email: string; name: string | null }) => (c.name ? `${c.name} (${c.email})` : c.email);

async function search(storeId: string, type: Exclude<ReferenceType, "collection_reference">, text: string): Promise<ReferenceOption[]> {
  const path = { store_id: storeId };
  if (type === "product_reference" || type === "variant_reference") {
    const page = await unwrap(
      client.GET("/stores/{store_id}/products", { params: { path, query: { search: text || undefined, include_drafts: true, limit: MATCHES } } }),
    );
    return type === "product_reference"
      ? page.data.map((p) => ({ id: p.id, label: p.title }))
      : page.data.flatMap((p) => p.variants.map((v) => ({ id: v.id, label: variantLabel(p, v) })));
  }
  const typed = [...text].length >= 2 ? text : undefined;
  const page = await unwrap(client.GET("/stores/{store_id}/customers", { params: { path, query: { search: typed, limit: MATCHES } } }));
  return page.data.map((c) => ({ id: c.id, label: customerLabel(c) }));
}

/** Every collection of the store (read once per picker session, matched as the user types). */
const allCollections = (storeId: string) =>
  allPages((page) => unwrap(client.GET("/stores/{store_id}/collections", { params: { path: { store_id: storeId }, query: page } }))).then((all) =>
    all.map((c) => ({ id: c.id, label: c.title })),
  );

/** The resources a picker offers for `text` (empty: the first ones of the list). */
export function useReferenceSearch(type: ReferenceType, text: string) {
  const storeId = currentStoreId();
  const trimmed = text.trim();
  const whole = type === "collection_reference";
  const query = useQuery({
    queryKey: referenceKeys.list(storeId, whole ? { type } : { type, text: trimmed }),
    queryFn: () => (type === "collection_reference" ? allCollections(storeId) : search(storeId, type, trimmed)),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
  const needle = trimmed.toLowerCase();
  const data = whole ? query.data?.filter((c) => c.label.toLowerCase().includes(needle)).slice(0, MATCHES) : query.data;
  return { data, isFetching: query.isFetching, error: query.error };
}

async function nameOf(storeId: string, type: ReferenceType, id: string): Promise<string> {
  const params = { path: { store_id: storeId, id } };
  if (type === "product_reference") return (await unwrap(client.GET("/stores/{store_id}/products/{id}", { params }))).title;
  if (type === "collection_reference") return (await unwrap(client.GET("/stores/{store_id}/collections/{id}", { params }))).title;
  if (type === "customer_reference") return customerLabel(await unwrap(client.GET("/stores/{store_id}/customers/{id}", { params })));
  const levels = await unwrap(client.GET("/stores/{store_id}/inventory", { params: { path: { store_id: storeId }, query: { variant_id: id, limit: 1 } } }));
  const productId = levels.data[0]?.product_id;
  if (!productId) return id;
  const product = await unwrap(client.GET("/stores/{store_id}/products/{id}", { params: { path: { store_id: storeId, id: productId } } }));
  const variant = product.variants.find((v) => v.id === id);
  return variant ? variantLabel(product, variant) : id;
}

/** The name of a stored reference (its id while it loads, or when it cannot be read). */
export function useReferenceName(type: ReferenceType, id: string) {
  const storeId = currentStoreId();
  const name = useQuery({
    queryKey: referenceKeys.detail(storeId, id, { type }),
    queryFn: () => nameOf(storeId, type, id),
    enabled: id !== "",
    staleTime: 60_000,
    retry: false,
  });
  return name.data ?? id;
}
