// Variants found by SKU (or their product's title) for a grid or a picker that takes SKUs: the products list's own
// `search` (title or SKU), drafts included, its variants that have a SKU.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { client, currentStoreId, unwrap } from "../../lib/client";
import { productKeys } from "./products";

/** How many products a search reads. */
const MATCHES = 20;

export interface SkuOption {
  variantId: string;
  sku: string;
  /** "Linen shirt — M / Blue". */
  label: string;
}

/** Variants with a SKU whose SKU or product title holds `text` (the first products of the catalog when empty). */
export function useSkuSearch(text: string) {
  const storeId = currentStoreId();
  const search = text.trim();
  return useQuery({
    queryKey: productKeys.list(storeId, { skus: search }),
    queryFn: async (): Promise<SkuOption[]> => {
      const page = await unwrap(
        client.GET("/stores/{store_id}/products", {
          params: { path: { store_id: storeId }, query: { search: search || undefined, include_drafts: true, limit: MATCHES } },
        }),
      );
      return page.data.flatMap((p) =>
        p.variants.flatMap((v) => (v.sku ? [{ variantId: v.id, sku: v.sku, label: v.is_default ? p.title : `${p.title} — ${v.title}` }] : [])),
      );
    },
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}
