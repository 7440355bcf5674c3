// Reviews of a product (a page at a time); a change also changes the product's review_count and rating_average.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { components } from "../../lib/api-schema";
import { client, currentStoreId, unwrap } from "../../lib/client";
import { queryKeysFactory } from "./keys";
import { pageQuery } from "./pages";
import { useInvalidateProduct } from "./products";

export const reviewKeys = queryKeysFactory("reviews");

export const REVIEWS_PAGE_SIZE = 20;

/** A page of the product's reviews. */
export function useReviews(productId: string, offset: number) {
  const storeId = currentStoreId();
  return useQuery(
    pageQuery(
      reviewKeys.list(storeId, { productId, offset }),
      offset,
      (page) => unwrap(client.GET("/stores/{store_id}/products/{id}/reviews", { params: { path: { store_id: storeId, id: productId }, query: page } })),
      REVIEWS_PAGE_SIZE,
    ),
  );
}

function useOnReviewChange(productId: string) {
  const invalidateProduct = useInvalidateProduct();
  const queryClient = useQueryClient();
  return () => {
    invalidateProduct(productId);
    void queryClient.invalidateQueries({ queryKey: reviewKeys.lists(currentStoreId()) });
  };
}

export function useCreateReview(productId: string) {
  const onSuccess = useOnReviewChange(productId);
  return useMutation({
    mutationFn: (body: components["schemas"]["CreateReviewRequest"]) =>
      unwrap(
        client.POST("/stores/{store_id}/products/{id}/reviews", {
          params: { path: { store_id: currentStoreId(), id: productId } },
          body,
        }),
      ),
    onSuccess,
  });
}

export function useDeleteReview(productId: string) {
  const onSuccess = useOnReviewChange(productId);
  return useMutation({
    mutationFn: (reviewId: string) =>
      unwrap(
        client.DELETE("/stores/{store_id}/products/{id}/reviews/{review_id}", {
          params: { path: { store_id: currentStoreId(), id: productId, review_id: reviewId } },
        }),
      ),
    onSuccess,
  });
}
