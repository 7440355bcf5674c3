// Price lists and their prices (docs/api/24-prices.md): a page of lists for Settings, all of them (at most 100) to
// name them, one list, create / change / delete, a list's prices a page at a time, the bulk change (all or
// nothing), a variant's prices in every list, and the resolution of a context's prices (POST /prices/resolve).
// A change of prices also changes what product reads and orders resolve, so it refreshes those lists.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { components } from "../../lib/api-schema";
import { client, currentStoreId, unwrap } from "../../lib/client";
import { queryKeysFactory } from "./keys";
import { allPages, type PageQuery, pageQuery } from "./pages";

export const priceListKeys = queryKeysFactory("price-lists");
/** Resolutions of a context's prices: their own key, dropped whenever a list or a price changes. */
const resolveKeys = queryKeysFactory("price-resolutions");
export type PriceList = components["schemas"]["PriceList"];
export type Price = components["schemas"]["Price"];
export type ResolvedPrice = components["schemas"]["ResolvedPrice"];
export type ResolveRequest = components["schemas"]["ResolvePricesRequest"];
export const PRICES_PAGE_SIZE = 50;

const listsPage = (storeId: string) => (page: PageQuery) =>
  unwrap(client.GET("/stores/{store_id}/price-lists", { params: { path: { store_id: storeId }, query: page } }));

/** A page of the store's price lists, newest first. */
export function usePriceLists(offset: number) {
  const storeId = currentStoreId();
  return useQuery(pageQuery(priceListKeys.list(storeId, { offset }), offset, listsPage(storeId)));
}

/** Every price list (the cap is 100: one request), to name them by id. */
export function useAllPriceLists() {
  const storeId = currentStoreId();
  return useQuery({ queryKey: priceListKeys.list(storeId, { all: true }), queryFn: () => allPages(listsPage(storeId)), staleTime: 10_000 });
}

export function usePriceList(id: string) {
  const storeId = currentStoreId();
  return useQuery({
    queryKey: priceListKeys.detail(storeId, id),
    queryFn: () => unwrap(client.GET("/stores/{store_id}/price-lists/{id}", { params: { path: { store_id: storeId, id } } })),
  });
}

/** A page of a list's prices, by variant then minimum quantity. */
export function usePriceListPrices(id: string, offset: number) {
  const storeId = currentStoreId();
  return useQuery(
    pageQuery(
      priceListKeys.detail(storeId, id, { prices: offset }),
      offset,
      (page) => unwrap(client.GET("/stores/{store_id}/price-lists/{id}/prices", { params: { path: { store_id: storeId, id }, query: page } })),
      PRICES_PAGE_SIZE,
    ),
  );
}

/** A variant's prices in every list of the store (each list asked with `variant_id`), lists in priority order. */
export function useVariantListPrices(variantId: string) {
  const storeId = currentStoreId();
  const lists = useAllPriceLists();
  const ids = (lists.data ?? []).map((l) => l.id);
  const prices = useQuery({
    queryKey: priceListKeys.list(storeId, { variant: variantId, lists: ids }),
    enabled: lists.data !== undefined,
    queryFn: () =>
      Promise.all(
        (lists.data ?? []).map(async (list) => {
          const page = await unwrap(
            client.GET("/stores/{store_id}/price-lists/{id}/prices", {
              params: { path: { store_id: storeId, id: list.id }, query: { variant_id: variantId, limit: 100 } },
            }),
          );
          return { list, prices: page.data };
        }),
      ),
  });
  const rows = (prices.data ?? [])
    .filter((r) => r.prices.length > 0)
    .sort((a, b) => b.list.priority - a.list.priority || a.list.name.localeCompare(b.list.name));
  return { rows, isPending: lists.isPending || (lists.data !== undefined && prices.isPending), error: lists.error ?? prices.error };
}

function useInvalidatePricing() {
  const queryClient = useQueryClient();
  return () => {
    const storeId = currentStoreId();
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: priceListKeys.all(storeId) }),
      queryClient.invalidateQueries({ queryKey: resolveKeys.all(storeId) }),
    ]);
  };
}

export function useCreatePriceList() {
  const onSuccess = useInvalidatePricing();
  return useMutation({
    mutationFn: (body: components["schemas"]["CreatePriceListRequest"]) =>
      unwrap(client.POST("/stores/{store_id}/price-lists", { params: { path: { store_id: currentStoreId() } }, body })),
    onSuccess,
  });
}

export function useUpdatePriceList(id: string) {
  const onSuccess = useInvalidatePricing();
  return useMutation({
    mutationFn: (body: components["schemas"]["UpdatePriceListRequest"]) =>
      unwrap(client.PATCH("/stores/{store_id}/price-lists/{id}", { params: { path: { store_id: currentStoreId(), id } }, body })),
    onSuccess,
  });
}

export function useDeletePriceList(id: string) {
  const onSuccess = useInvalidatePricing();
  return useMutation({
    mutationFn: () => unwrap(client.DELETE("/stores/{store_id}/price-lists/{id}", { params: { path: { store_id: currentStoreId(), id } } })),
    onSuccess,
  });
}

/** Upserts and deletes a list's prices in one request, all or nothing (422 at `upsert.<i>.<field>` for each bad item). */
export function useBulkPrices(id: string) {
  const onSuccess = useInvalidatePricing();
  return useMutation({
    mutationFn: (body: components["schemas"]["BulkPricesRequest"]) =>
      unwrap(client.POST("/stores/{store_id}/price-lists/{id}/prices/bulk", { params: { path: { store_id: currentStoreId(), id } }, body })),
    onSuccess,
  });
}

/** The prices that apply in a context, one per item in the order asked (null `price_cents`: none applies). */
export function useResolvedPrices(body: ResolveRequest | null) {
  const storeId = currentStoreId();
  return useQuery({
    queryKey: resolveKeys.list(storeId, body ?? {}),
    enabled: body !== null && body.items.length > 0,
    queryFn: () => unwrap(client.POST("/stores/{store_id}/prices/resolve", { params: { path: { store_id: storeId } }, body: body! })),
    placeholderData: keepPreviousData,
    retry: false,
  });
}
