// Personal access tokens: list (paged), create (raw value returned once), rotate (new raw value), revoke.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { components } from "../../lib/api-schema";
import { client, currentStoreId, unwrap } from "../../lib/client";
import { queryKeysFactory } from "./keys";
import { pageQuery } from "./pages";

export const tokenKeys = queryKeysFactory("api-tokens");
export type AccessToken = components["schemas"]["AccessToken"];

/** A page of the store's tokens, newest first. */
export function useTokens(offset: number) {
  const storeId = currentStoreId();
  return useQuery(
    pageQuery(tokenKeys.list(storeId, { offset }), offset, (page) =>
      unwrap(client.GET("/stores/{store_id}/api-tokens", { params: { path: { store_id: storeId }, query: page } })),
    ),
  );
}

function useInvalidateTokens() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: tokenKeys.all(currentStoreId()) });
}

export function useCreateToken() {
  const onSuccess = useInvalidateTokens();
  return useMutation({
    mutationFn: (body: components["schemas"]["CreateAccessTokenRequest"]) =>
      unwrap(client.POST("/stores/{store_id}/api-tokens", { params: { path: { store_id: currentStoreId() } }, body })),
    onSuccess,
  });
}

export function useRotateToken() {
  const onSuccess = useInvalidateTokens();
  return useMutation({
    mutationFn: (tokenId: string) =>
      unwrap(
        client.POST("/stores/{store_id}/api-tokens/{token_id}/rotate", {
          params: { path: { store_id: currentStoreId(), token_id: tokenId } },
        }),
      ),
    onSuccess,
  });
}

export function useRevokeToken() {
  const onSuccess = useInvalidateTokens();
  return useMutation({
    mutationFn: (tokenId: string) =>
      unwrap(
        client.DELETE("/stores/{store_id}/api-tokens/{token_id}", {
          params: { path: { store_id: currentStoreId(), token_id: tokenId } },
        }),
      ),
    onSuccess,
  });
}
