// Reviews of a product; a change also changes the product's review_count and rating_average.
import { useMutation, useQuery } from "@tanstack/react-query";
import type { components } from "../../lib/api-schema";
import { client, currentStoreId, unwrap } from "../../lib/client";
import { queryKeysFactory } from "./keys";
import { useInvalidateProduct } from "./products";
import { useQueryClient } from "@tanstack/react-query";

export const reviewKeys = queryKeysFactory("reviews");

export function useReviews(productId: string) {
  const storeId = currentStoreId();
  return useQuery({
    queryKey: reviewKeys.list(storeId, { productId }),
    queryFn: () =>
      unwrap(
        client.GET("/stores/{store_id}/products/{id}/reviews", {
          params: { path: { store_id: storeId, id: productId }, query: { limit: 100 } },
        }),
      ),
  });
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
