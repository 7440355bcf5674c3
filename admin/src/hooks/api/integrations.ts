// Integrations (store-owned keys): list, one, create (raw key returned once), change (name, description, API version),
// rotate with an overlap (new raw key), revoke.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { components } from "../../lib/api-schema";
import { client, currentStoreId, unwrap } from "../../lib/client";
import { queryKeysFactory } from "./keys";
import { allPages, pageQuery, type PageQuery } from "./pages";

export const integrationKeys = queryKeysFactory("integrations");
export type Integration = components["schemas"]["Integration"];

/** Bits the API never gives an integration (a key that outlives people must not manage people or access). */
export const NEVER_IN_SCOPE = ["members.manage", "tokens.manage", "integrations.read", "integrations.manage", "store.manage"];

const integrationsPage = (storeId: string) => (page: PageQuery) =>
  unwrap(client.GET("/stores/{store_id}/integrations", { params: { path: { store_id: storeId }, query: page } }));

/** A page of the store's integrations. */
export function useIntegrations(offset: number) {
  const storeId = currentStoreId();
  return useQuery(pageQuery(integrationKeys.list(storeId, { offset }), offset, integrationsPage(storeId)));
}

/** Every integration, to name one by id (the inventory ledger's actors); only fetched when `enabled`. */
export function useAllIntegrations(enabled: boolean) {
  const storeId = currentStoreId();
  return useQuery({
    queryKey: integrationKeys.list(storeId, { all: true }),
    queryFn: () => allPages(integrationsPage(storeId)),
    enabled,
  });
}

/** One integration (its page). */
export function useIntegration(id: string) {
  const storeId = currentStoreId();
  return useQuery({
    queryKey: integrationKeys.detail(storeId, id),
    queryFn: () => unwrap(client.GET("/stores/{store_id}/integrations/{integration_id}", { params: { path: { store_id: storeId, integration_id: id } } })),
  });
}

function useInvalidateIntegrations() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: integrationKeys.all(currentStoreId()) });
}

export function useCreateIntegration() {
  const onSuccess = useInvalidateIntegrations();
  return useMutation({
    mutationFn: (body: components["schemas"]["CreateIntegrationRequest"]) =>
      unwrap(client.POST("/stores/{store_id}/integrations", { params: { path: { store_id: currentStoreId() } }, body })),
    onSuccess,
  });
}

/** PATCH what changed: name, description, the API version its requests are served in. */
export function useUpdateIntegration(id: string) {
  const onSuccess = useInvalidateIntegrations();
  return useMutation({
    mutationFn: (body: components["schemas"]["UpdateIntegrationRequest"]) =>
      unwrap(
        client.PATCH("/stores/{store_id}/integrations/{integration_id}", {
          params: { path: { store_id: currentStoreId(), integration_id: id } },
          body,
        }),
      ),
    onSuccess,
  });
}

export function useRotateIntegration() {
  const onSuccess = useInvalidateIntegrations();
  return useMutation({
    mutationFn: ({ id, previousExpiresIn }: { id: string; previousExpiresIn: number }) =>
      unwrap(
        client.POST("/stores/{store_id}/integrations/{integration_id}/rotate", {
          params: { path: { store_id: currentStoreId(), integration_id: id } },
          body: { previous_expires_in: previousExpiresIn },
        }),
      ),
    onSuccess,
  });
}

export function useRevokeIntegration() {
  const onSuccess = useInvalidateIntegrations();
  return useMutation({
    mutationFn: (id: string) =>
      unwrap(
        client.DELETE("/stores/{store_id}/integrations/{integration_id}", {
          params: { path: { store_id: currentStoreId(), integration_id: id } },
        }),
      ),
    onSuccess,
  });
}
