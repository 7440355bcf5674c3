// Orders: the list (status and customer filters), one order, a new order, and its status changes and refunds. Every change,
// a refused one (409) included, refreshes the order and the lists: the 409 usually means it changed meanwhile.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { components } from "../../lib/api-schema";
import { client, currentStoreId, unwrap } from "../../lib/client";
import { queryKeysFactory } from "./keys";

export const orderKeys = queryKeysFactory("orders");
export type Order = components["schemas"]["Order"];
export type OrderStatus = Order["status"];
export const ORDER_STATUSES: OrderStatus[] = ["pending", "paid", "fulfilled", "canceled", "refunded"];
export const ORDERS_PAGE_SIZE = 20;

/**
 * What POST .../transitions and .../refunds accept from each status (docs/api/09-orders-and-customers.md; src/orders/transitions.service.ts):
 * pending → paid → fulfilled; pending or paid → canceled; paid or fulfilled → refunded (through a refund).
 */
export const ORDER_ACTIONS: Record<OrderStatus, Array<"paid" | "fulfilled" | "canceled" | "refund">> = {
  pending: ["paid", "canceled"],
  paid: ["fulfilled", "canceled", "refund"],
  fulfilled: ["refund"],
  canceled: [],
  refunded: [],
};

export function useOrders(query: { status?: OrderStatus; customerId?: string; offset: number }) {
  const storeId = currentStoreId();
  return useQuery({
    queryKey: orderKeys.list(storeId, query),
    queryFn: () =>
      unwrap(
        client.GET("/stores/{store_id}/orders", {
          params: {
            path: { store_id: storeId },
            query: { status: query.status, customer_id: query.customerId, offset: query.offset, limit: ORDERS_PAGE_SIZE },
          },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

export function useOrder(id: string) {
  const storeId = currentStoreId();
  return useQuery({
    queryKey: orderKeys.detail(storeId, id),
    queryFn: () => unwrap(client.GET("/stores/{store_id}/orders/{id}", { params: { path: { store_id: storeId, id } } })),
  });
}

/** A new order (POST: orders.write), priced by the API from its variants; it refreshes the lists. */
export function useCreateOrder() {
  const refresh = useRefreshOrders();
  return useMutation({
    mutationFn: (body: components["schemas"]["CreateOrderRequest"]) =>
      unwrap(client.POST("/stores/{store_id}/orders", { params: { path: { store_id: currentStoreId() } }, body })),
    onSuccess: refresh,
  });
}

function useRefreshOrders() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: orderKeys.all(currentStoreId()) });
}

export function useTransitionOrder(id: string) {
  const refresh = useRefreshOrders();
  return useMutation({
    mutationFn: (status: "paid" | "fulfilled" | "canceled") =>
      unwrap(
        client.POST("/stores/{store_id}/orders/{id}/transitions", {
          params: { path: { store_id: currentStoreId(), id } },
          body: { status },
        }),
      ),
    onSettled: refresh,
  });
}

export function useRefundOrder(id: string) {
  const refresh = useRefreshOrders();
  return useMutation({
    mutationFn: (amountCents: number) =>
      unwrap(
        client.POST("/stores/{store_id}/orders/{id}/refunds", {
          params: { path: { store_id: currentStoreId(), id } },
          body: { amount_cents: amountCents },
        }),
      ),
    onSettled: refresh,
  });
}
