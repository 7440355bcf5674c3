// Webhook subscriptions (with their health), their deliveries and attempts, replay, and the store-wide
// deliveries view.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { components } from "../../lib/api-schema";
import { client, currentStoreId, unwrap } from "../../lib/client";
import { queryKeysFactory } from "./keys";
import { pageQuery } from "./pages";

export const webhookKeys = queryKeysFactory("webhooks");
export const deliveryKeys = queryKeysFactory("webhook-deliveries");
export type Webhook = components["schemas"]["Webhook"];
export type DeliveryStatus = "pending" | "delivered" | "failed";
export const DELIVERIES_PAGE_SIZE = 20;
/** How often an open page re-reads health and delivery lists: a new outcome shows within 10 s (docs/admin.md). */
export const HEALTH_REFRESH_MS = 5000;

/** A page of the store's endpoints (subscriptions), newest first. */
export function useWebhooks(offset: number) {
  const storeId = currentStoreId();
  return useQuery({
    ...pageQuery(webhookKeys.list(storeId, { offset }), offset, (page) =>
      unwrap(client.GET("/stores/{store_id}/webhooks", { params: { path: { store_id: storeId }, query: page } })),
    ),
    // Health changes as deliveries end: docs/admin.md wants it current within 10 s while the page is open.
    refetchInterval: HEALTH_REFRESH_MS,
  });
}

export function useWebhook(id: string) {
  const storeId = currentStoreId();
  return useQuery({
    queryKey: webhookKeys.detail(storeId, id),
    queryFn: () => unwrap(client.GET("/stores/{store_id}/webhooks/{id}", { params: { path: { store_id: storeId, id } } })),
    // Its health changes as deliveries end; the endpoint page keeps it current like the Deliveries tab.
    refetchInterval: HEALTH_REFRESH_MS,
  });
}

function useInvalidateWebhooks() {
  const queryClient = useQueryClient();
  return () => {
    const storeId = currentStoreId();
    void queryClient.invalidateQueries({ queryKey: webhookKeys.all(storeId) });
    void queryClient.invalidateQueries({ queryKey: deliveryKeys.all(storeId) });
  };
}

export function useCreateWebhook() {
  const invalidate = useInvalidateWebhooks();
  return useMutation({
    mutationFn: (body: components["schemas"]["CreateWebhookRequest"]) =>
      unwrap(client.POST("/stores/{store_id}/webhooks", { params: { path: { store_id: currentStoreId() } }, body })),
    onSuccess: invalidate,
  });
}

export function useUpdateWebhook(id: string) {
  const invalidate = useInvalidateWebhooks();
  return useMutation({
    mutationFn: (body: components["schemas"]["UpdateWebhookRequest"]) =>
      unwrap(client.PATCH("/stores/{store_id}/webhooks/{id}", { params: { path: { store_id: currentStoreId(), id } }, body })),
    onSuccess: invalidate,
  });
}

export function useDeleteWebhook(id: string) {
  const invalidate = useInvalidateWebhooks();
  return useMutation({
    mutationFn: () => unwrap(client.DELETE("/stores/{store_id}/webhooks/{id}", { params: { path: { store_id: currentStoreId(), id } } })),
    onSuccess: invalidate,
  });
}

/**
 * Deliveries of one subscription, polled so new deliveries and attempts show up as they happen: every 2 s while one
 * on screen is pending, else every 5 s (a filtered list, e.g. "Failed", cannot see the pending ones it waits for).
 */
export function useDeliveries(webhookId: string, status: DeliveryStatus | undefined, offset: number) {
  const storeId = currentStoreId();
  return useQuery({
    queryKey: deliveryKeys.list(storeId, { webhookId, status, offset }),
    queryFn: () =>
      unwrap(
        client.GET("/stores/{store_id}/webhooks/{id}/deliveries", {
          params: {
            path: { store_id: storeId, id: webhookId },
            query: { status, offset, limit: DELIVERIES_PAGE_SIZE },
          },
        }),
      ),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.data.some((d) => d.status === "pending") ? 2000 : HEALTH_REFRESH_MS),
  });
}

export function useDelivery(webhookId: string, deliveryId: string) {
  const storeId = currentStoreId();
  return useQuery({
    queryKey: deliveryKeys.detail(storeId, deliveryId),
    queryFn: () =>
      unwrap(
        client.GET("/stores/{store_id}/webhooks/{id}/deliveries/{delivery_id}", {
          params: { path: { store_id: storeId, id: webhookId, delivery_id: deliveryId } },
        }),
      ),
    refetchInterval: (query) => (query.state.data?.status === "pending" ? 2000 : false),
  });
}

export function useReplayDelivery(webhookId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) =>
      unwrap(
        client.POST("/stores/{store_id}/webhooks/{id}/deliveries/{delivery_id}/replay", {
          params: { path: { store_id: currentStoreId(), id: webhookId, delivery_id: deliveryId } },
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deliveryKeys.all(currentStoreId()) }),
  });
}

/** Every delivery of the store (docs/api/12-admin-console-endpoints.md), newest first. */
export function useStoreDeliveries(status: DeliveryStatus | undefined, offset: number) {
  const storeId = currentStoreId();
  return useQuery({
    queryKey: deliveryKeys.list(storeId, { storeWide: true, status, offset }),
    queryFn: () =>
      unwrap(
        client.GET("/stores/{store_id}/webhook-deliveries", {
          params: { path: { store_id: storeId }, query: { status, offset, limit: DELIVERIES_PAGE_SIZE } },
        }),
      ),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.data.some((d) => d.status === "pending") ? 2000 : HEALTH_REFRESH_MS),
  });
}

/** Section 17's operations on one endpoint: a test event, recovering failed deliveries, rotating the secret. */
export function useWebhookOperations(id: string) {
  const invalidate = useInvalidateWebhooks();
  const path = () => ({ path: { store_id: currentStoreId(), id } });
  return {
    sendTest: useMutation({
      mutationFn: () => unwrap(client.POST("/stores/{store_id}/webhooks/{id}/test", { params: path() })),
      onSuccess: invalidate,
    }),
    recover: useMutation({
      mutationFn: (since: string) => unwrap(client.POST("/stores/{store_id}/webhooks/{id}/recover", { params: path(), body: { since } })),
      onSuccess: invalidate,
    }),
    rotate: useMutation({
      mutationFn: (body: components["schemas"]["RotateWebhookSecretRequest"]) =>
        unwrap(client.POST("/stores/{store_id}/webhooks/{id}/rotate-secret", { params: path(), body })),
      onSuccess: invalidate,
    }),
  };
}
