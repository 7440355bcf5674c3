// Collections: the list, one collection, its products, and every change (create, change, delete, members and order).
// Every change invalidates the collections' lists and details.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { components } from "../../lib/api-schema";
import { client, currentStoreId, unwrap } from "../../lib/client";
import { queryKeysFactory } from "./keys";
import { pageQuery } from "./pages";

export const collectionKeys = queryKeysFactory("collections");
export type Collection = components["schemas"]["Collection"];
export type CreateCollection = components["schemas"]["CreateCollectionRequest"];

/** A page of the store's collections. */
export function useCollections(offset: number) {
  const storeId = currentStoreId();
  return useQuery(
    pageQuery(collectionKeys.list(storeId, { offset }), offset, (page) =>
      unwrap(client.GET("/stores/{store_id}/collections", { params: { path: { store_id: storeId }, query: page } })),
    ),
  );
}

export function useCollection(id: string) {
  const storeId = currentStoreId();
  return useQuery({
    queryKey: collectionKeys.detail(storeId, id),
    queryFn: () => unwrap(client.GET("/stores/{store_id}/collections/{id}", { params: { path: { store_id: storeId, id } } })),
  });
}

/** A manual collection holds at most 5,000 products; the console shows them all in order (pages of 100). */
export function useCollectionProducts(id: string) {
  const storeId = currentStoreId();
  return useQuery({
    queryKey: collectionKeys.detail(storeId, id, { products: true }),
    queryFn: async () => {
      const all: components["schemas"]["ProductListItem"][] = [];
      let cursor: string | undefined;
      do {
        const page = await unwrap(
          client.GET("/stores/{store_id}/collections/{id}/products", {
            params: { path: { store_id: storeId, id }, query: { limit: 100, include_drafts: true, cursor } },
          }),
        );
        all.push(...page.data);
        cursor = page.pagination.next_cursor ?? undefined;
      } while (cursor && all.length < 5000);
      return all;
    },
  });
}

function useInvalidateCollections() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: collectionKeys.all(currentStoreId()) });
}

export function useCreateCollection() {
  const invalidate = useInvalidateCollections();
  return useMutation({
    mutationFn: (body: CreateCollection) => unwrap(client.POST("/stores/{store_id}/collections", { params: { path: { store_id: currentStoreId() } }, body })),
    onSuccess: invalidate,
  });
}

export function useUpdateCollection(id: string) {
  const invalidate = useInvalidateCollections();
  return useMutation({
    mutationFn: (body: components["schemas"]["UpdateCollectionRequest"]) =>
      unwrap(client.PATCH("/stores/{store_id}/collections/{id}", { params: { path: { store_id: currentStoreId(), id } }, body })),
    onSuccess: invalidate,
  });
}

export function useDeleteCollection(id: string) {
  const invalidate = useInvalidateCollections();
  return useMutation({
    mutationFn: () => unwrap(client.DELETE("/stores/{store_id}/collections/{id}", { params: { path: { store_id: currentStoreId(), id } } })),
    onSuccess: invalidate,
  });
}

/**
 * Sets a manual collection's products in this order (adding and moving go through it). Member changes share one
 * mutation scope, so quick clicks reach the API one after another, in the order made (never an older order last).
 * A failed change refetches too, so the screen returns to what the API stores.
 */
export function useSetCollectionProducts(id: string) {
  const invalidate = useInvalidateCollections();
  return useMutation({
    mutationFn: (productIds: string[]) =>
      unwrap(
        client.PUT("/stores/{store_id}/collections/{id}/products", {
          params: { path: { store_id: currentStoreId(), id } },
          body: { product_ids: productIds },
        }),
      ),
    scope: { id: `collection-members-${id}` },
    onSettled: invalidate,
  });
}

export function useRemoveCollectionProduct(id: string) {
  const invalidate = useInvalidateCollections();
  return useMutation({
    mutationFn: (productId: string) =>
      unwrap(
        client.DELETE("/stores/{store_id}/collections/{id}/products/{product_id}", {
          params: { path: { store_id: currentStoreId(), id, product_id: productId } },
        }),
      ),
    scope: { id: `collection-members-${id}` },
    onSettled: invalidate,
  });
}
