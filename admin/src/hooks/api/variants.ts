// Variants of a product. They come with the product (GET product), so changes invalidate the product's keys.
import { useMutation } from "@tanstack/react-query";
import type { components } from "../../lib/api-schema";
import { client, currentStoreId, unwrap } from "../../lib/client";
import { useInvalidateProduct } from "./products";

export type Variant = components["schemas"]["Variant"];

export function useCreateVariant(productId: string) {
  const invalidate = useInvalidateProduct();
  return useMutation({
    mutationFn: (body: components["schemas"]["CreateVariantRequest"]) =>
      unwrap(
        client.POST("/stores/{store_id}/products/{id}/variants", {
          params: { path: { store_id: currentStoreId(), id: productId } },
          body,
        }),
      ),
    onSuccess: () => invalidate(productId),
  });
}

export function useUpdateVariant(productId: string, variantId: string) {
  const invalidate = useInvalidateProduct();
  return useMutation({
    mutationFn: (body: components["schemas"]["UpdateVariantRequest"]) =>
      unwrap(
        client.PATCH("/stores/{store_id}/products/{id}/variants/{variant_id}", {
          params: { path: { store_id: currentStoreId(), id: productId, variant_id: variantId } },
          body,
        }),
      ),
    onSuccess: () => invalidate(productId),
  });
}

export function useDeleteVariant(productId: string) {
  const invalidate = useInvalidateProduct();
  return useMutation({
    mutationFn: (variantId: string) =>
      unwrap(
        client.DELETE("/stores/{store_id}/products/{id}/variants/{variant_id}", {
          params: { path: { store_id: currentStoreId(), id: productId, variant_id: variantId } },
        }),
      ),
    onSuccess: () => invalidate(productId),
  });
}
