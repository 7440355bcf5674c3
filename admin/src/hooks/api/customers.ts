// Customers: the list (search: part of an email, name or phone), one customer, create and edit.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { components } from "../../lib/api-schema";
import { client, currentStoreId, unwrap } from "../../lib/client";
import { queryKeysFactory } from "./keys";

export const customerKeys = queryKeysFactory("customers");
export type Customer = components["schemas"]["Customer"];
export const CUSTOMERS_PAGE_SIZE = 20;

export function useCustomers(query: { search?: string; offset: number }) {
  const storeId = currentStoreId();
  return useQuery({
    queryKey: customerKeys.list(storeId, query),
    queryFn: () =>
      unwrap(
        client.GET("/stores/{store_id}/customers", {
          params: {
            path: { store_id: storeId },
            query: { search: query.search || undefined, offset: query.offset, limit: CUSTOMERS_PAGE_SIZE },
          },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

export function useCustomer(id: string) {
  const storeId = currentStoreId();
  return useQuery({
    queryKey: customerKeys.detail(storeId, id),
    queryFn: () => unwrap(client.GET("/stores/{store_id}/customers/{id}", { params: { path: { store_id: storeId, id } } })),
  });
}

function useInvalidateCustomers() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: customerKeys.all(currentStoreId()) });
}

export function useCreateCustomer() {
  const invalidate = useInvalidateCustomers();
  return useMutation({
    mutationFn: (body: components["schemas"]["CreateCustomerRequest"]) =>
      unwrap(client.POST("/stores/{store_id}/customers", { params: { path: { store_id: currentStoreId() } }, body })),
    onSuccess: invalidate,
  });
}

export function useUpdateCustomer(id: string) {
  const invalidate = useInvalidateCustomers();
  return useMutation({
    mutationFn: (body: components["schemas"]["UpdateCustomerRequest"]) =>
      unwrap(client.PATCH("/stores/{store_id}/customers/{id}", { params: { path: { store_id: currentStoreId(), id } }, body })),
    onSuccess: invalidate,
  });
}
