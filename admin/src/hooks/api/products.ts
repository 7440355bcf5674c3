// Products: the paged list (search, drafts), one product, and its changes. Every change invalidates the
// product's detail and the lists.
import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { components, paths } from "../../lib/api-schema";
import { client, currentStoreId, unwrap } from "../../lib/client";
import { queryKeysFactory } from "./keys";

export const productKeys = queryKeysFactory("products");
export type Product = components["schemas"]["Product"];
export const PRODUCTS_PAGE_SIZE = 20;
type ListParams = NonNullable<paths["/stores/{store_id}/products"]["get"]["parameters"]["query"]>;

export interface ProductListQuery {
  search: string;
  includeDrafts: boolean;
  /** Filters and sort kept in the URL (docs/catalog.md "Filters and sort"); empty means none / the default. */
  status?: string;
  sort?: string;
  tag?: string;
  /** Custom field filters as the API takes them: [`field.<key>` | `field.<key>.min` | `field.<key>.max`, value]. */
  fields?: Array<[string, string]>;
  /** The page's cursor (the previous page's next_cursor); null for the first page. */
  cursor: string | null;
}

function listQuery(storeId: string, query: ProductListQuery) {
  return {
    queryKey: productKeys.list(storeId, query),
    queryFn: () =>
      unwrap(
        client.GET("/stores/{store_id}/products", {
          params: {
            path: { store_id: storeId },
            query: {
              limit: PRODUCTS_PAGE_SIZE,
              cursor: query.cursor ?? undefined,
              search: query.search || undefined,
              include_drafts: query.includeDrafts,
              status: (query.status || undefined) as ListParams["status"],
              sort: (query.sort || undefined) as ListParams["sort"],
              tag: query.tag ? [query.tag] : undefined,
              // Names the OpenAPI document cannot list (one per field key): sent as given.
              ...Object.fromEntries(query.fields ?? []),
            },
          },
        }),
      ),
  };
}

/**
 * Pages by cursor, so a page keeps its place while the catalog changes (docs/api/15-sync-and-bulk.md). Keeps the previous
 * page on screen while the next loads, and fetches the page after it ahead of time.
 */
export function useProducts(query: ProductListQuery) {
  const storeId = currentStoreId();
  const queryClient = useQueryClient();
  const result = useQuery({ ...listQuery(storeId, query), placeholderData: keepPreviousData });
  const next = result.isPlaceholderData ? null : (result.data?.pagination.next_cursor ?? null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `query` is a new object on every render; its fields (fields by value) say when it changed
  useEffect(() => {
    if (next) void queryClient.prefetchQuery(listQuery(storeId, { ...query, cursor: next }));
  }, [next, queryClient, storeId, query.search, query.includeDrafts, query.status, query.sort, query.tag, JSON.stringify(query.fields)]);
  return result;
}

export function useProduct(id: string) {
  const storeId = currentStoreId();
  return useQuery({
    queryKey: productKeys.detail(storeId, id),
    queryFn: () => unwrap(client.GET("/stores/{store_id}/products/{id}", { params: { path: { store_id: storeId, id } } })),
  });
}

/**
 * Products by id, each its own cached GET (the product page's own query), to name the rows of a list that carries
 * only product ids (inventory levels). A product that cannot be read is left out.
 */
export function useProductsById(ids: string[]) {
  const storeId = currentStoreId();
  return useQueries({
    queries: ids.map((id) => ({
      queryKey: productKeys.detail(storeId, id),
      queryFn: () => unwrap(client.GET("/stores/{store_id}/products/{id}", { params: { path: { store_id: storeId, id } } })),
      staleTime: 60_000,
    })),
    combine: (results) => new Map(results.flatMap((r) => (r.data ? [[r.data.id, r.data] as const] : []))),
  });
}

/** Invalidates the product's detail and every product list of the store. */
export function useInvalidateProduct() {
  const queryClient = useQueryClient();
  return (id?: string) => {
    const storeId = currentStoreId();
    void queryClient.invalidateQueries({ queryKey: productKeys.lists(storeId) });
    if (id) void queryClient.invalidateQueries({ queryKey: productKeys.detail(storeId, id) });
  };
}

export function useCreateProduct() {
  const invalidate = useInvalidateProduct();
  return useMutation({
    mutationFn: (body: components["schemas"]["CreateProductRequest"]) =>
      unwrap(client.POST("/stores/{store_id}/products", { params: { path: { store_id: currentStoreId() } }, body })),
    onSuccess: () => invalidate(),
  });
}

export function useUpdateProduct(id: string) {
  const invalidate = useInvalidateProduct();
  return useMutation({
    mutationFn: (body: components["schemas"]["UpdateProductRequest"]) =>
      unwrap(
        client.PATCH("/stores/{store_id}/products/{id}", {
          params: { path: { store_id: currentStoreId(), id } },
          body,
        }),
      ),
    onSuccess: () => invalidate(id),
  });
}

export function usePublishProduct(id: string) {
  const invalidate = useInvalidateProduct();
  return useMutation({
    mutationFn: (publish: boolean) => {
      const params = { path: { store_id: currentStoreId(), id } };
      return unwrap(
        publish ? client.POST("/stores/{store_id}/products/{id}/publish", { params }) : client.POST("/stores/{store_id}/products/{id}/unpublish", { params }),
      );
    },
    onSuccess: () => invalidate(id),
  });
}

export function useDeleteProduct(id: string) {
  const invalidate = useInvalidateProduct();
  return useMutation({
    mutationFn: () => unwrap(client.DELETE("/stores/{store_id}/products/{id}", { params: { path: { store_id: currentStoreId(), id } } })),
    onSuccess: () => invalidate(),
  });
}

export function usePutSpecs(id: string) {
  const invalidate = useInvalidateProduct();
  return useMutation({
    mutationFn: (specs: components["schemas"]["PutSpecsRequest"]["specs"]) =>
      unwrap(
        client.PUT("/stores/{store_id}/products/{id}/specs", {
          params: { path: { store_id: currentStoreId(), id } },
          body: { specs },
        }),
      ),
    onSuccess: () => invalidate(id),
  });
}
