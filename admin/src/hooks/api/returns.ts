// Returns (docs/api/25-shipments.md): an order's returns (GET /orders/{id}/returns, every page) and a new one (POST
// /orders/{id}/returns: shipped units back, restocked at a location or not). A return changes the lines'
// `returned_quantity` and, restocked, the stock (on_hand at its location), so it refreshes the order, its shipments
// (a shipment of an order with a return can no longer be canceled), the products and the inventory.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { components } from "../../lib/api-schema";
import { client, currentStoreId, unwrap } from "../../lib/client";
import { queryKeysFactory } from "./keys";
import { allPages } from "./pages";
import { useRefreshFulfilment } from "./shipments";

export const returnKeys = queryKeysFactory("returns");
export type OrderReturn = components["schemas"]["Return"];
export type CreateReturnRequest = components["schemas"]["CreateReturnRequest"];

/** Every return of an order, oldest first (the API lists newest first); asked only when `enabled` (units shipped). */
export function useOrderReturns(orderId: string, enabled = true) {
  const storeId = currentStoreId();
  return useQuery({
    queryKey: returnKeys.list(storeId, { order: orderId }),
    enabled,
    queryFn: async () => {
      const returns = await allPages((page) =>
        unwrap(client.GET("/stores/{store_id}/orders/{id}/returns", { params: { path: { store_id: storeId, id: orderId }, query: page } })),
      );
      return [...returns].sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));
    },
  });
}

export function useCreateReturn(orderId: string) {
  const refreshFulfilment = useRefreshFulfilment();
  const queryClient = useQueryClient();
  const refresh = () => Promise.all([refreshFulfilment(), queryClient.invalidateQueries({ queryKey: returnKeys.all(currentStoreId()) })]);
  return useMutation({
    mutationFn: (body: CreateReturnRequest) =>
      unwrap(client.POST("/stores/{store_id}/orders/{id}/returns", { params: { path: { store_id: currentStoreId(), id: orderId } }, body })),
    onSettled: refresh,
  });
}
