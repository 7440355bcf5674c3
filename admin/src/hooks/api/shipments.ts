// Shipments (docs/api/25-shipments.md): an order's shipments (GET /shipments?order_id=, every page: an order has few),
// a new one (POST /orders/{id}/shipments: some or all of a paid order's remaining units, with tracking), "Mark
// delivered" (PATCH {status: "delivered"}) and a cancel (POST /shipments/{id}/cancel). Each write changes the
// order (its lines' `fulfilled_quantity`, `fulfillment_status`, maybe its status) and moves stock (on_hand and
// committed at the locations the units left or go back to), so it refreshes the order, its shipments, the products
// and the inventory; a refused one (409: the order or the shipment changed meanwhile) refreshes them too.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { components } from "../../lib/api-schema";
import { client, currentStoreId, unwrap } from "../../lib/client";
import { inventoryKeys } from "./inventory";
import { queryKeysFactory } from "./keys";
import { orderKeys } from "./orders";
import { allPages } from "./pages";
import { productKeys } from "./products";

export const shipmentKeys = queryKeysFactory("shipments");
export type Shipment = components["schemas"]["Shipment"];
export type ShipmentStatus = Shipment["status"];
export type CreateShipmentRequest = components["schemas"]["CreateShipmentRequest"];

/** Every shipment of an order, oldest first (the API lists newest first; an order's shipments read in the order made). */
export function useOrderShipments(orderId: string) {
  const storeId = currentStoreId();
  return useQuery({
    queryKey: shipmentKeys.list(storeId, { order: orderId }),
    queryFn: async () => {
      const shipments = await allPages((page) =>
        unwrap(client.GET("/stores/{store_id}/shipments", { params: { path: { store_id: storeId }, query: { ...page, order_id: orderId } } })),
      );
      return [...shipments].sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));
    },
  });
}

/** What a change to an order's fulfilment refreshes: the orders, the shipments, and the stock it moved. */
export function useRefreshFulfilment() {
  const queryClient = useQueryClient();
  return () => {
    const storeId = currentStoreId();
    return Promise.all([orderKeys, shipmentKeys, productKeys, inventoryKeys].map((keys) => queryClient.invalidateQueries({ queryKey: keys.all(storeId) })));
  };
}

export function useCreateShipment(orderId: string) {
  const refresh = useRefreshFulfilment();
  return useMutation({
    mutationFn: (body: CreateShipmentRequest) =>
      unwrap(client.POST("/stores/{store_id}/orders/{id}/shipments", { params: { path: { store_id: currentStoreId(), id: orderId } }, body })),
    onSettled: refresh,
  });
}

export function useDeliverShipment() {
  const refresh = useRefreshFulfilment();
  return useMutation({
    mutationFn: (id: string) =>
      unwrap(
        client.PATCH("/stores/{store_id}/shipments/{id}", {
          params: { path: { store_id: currentStoreId(), id } },
          body: { status: "delivered" },
        }),
      ),
    onSettled: refresh,
  });
}

export function useCancelShipment() {
  const refresh = useRefreshFulfilment();
  return useMutation({
    mutationFn: (id: string) => unwrap(client.POST("/stores/{store_id}/shipments/{id}/cancel", { params: { path: { store_id: currentStoreId(), id } } })),
    onSettled: refresh,
  });
}
