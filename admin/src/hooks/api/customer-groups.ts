// Customer groups (docs/api/24-prices.md "Customer groups"): the store's groups (at most 100: read whole, one
// request), add, rename, delete (409 while a price list names the group), and membership (POST .../customers
// {add, remove}). Membership changes a customer's `group_ids` and a group's `customer_count`, so it refreshes both.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { components } from "../../lib/api-schema";
import { client, currentStoreId, unwrap } from "../../lib/client";
import { customerKeys } from "./customers";
import { queryKeysFactory } from "./keys";
import { allPages } from "./pages";

export const customerGroupKeys = queryKeysFactory("customer-groups");
export type CustomerGroup = components["schemas"]["CustomerGroup"];

/** Every group of the store, oldest first (the API lists newest first; names and choices read better in order). */
export function useCustomerGroups() {
  const storeId = currentStoreId();
  return useQuery({
    queryKey: customerGroupKeys.list(storeId, { all: true }),
    queryFn: async () => {
      const groups = await allPages((page) =>
        unwrap(client.GET("/stores/{store_id}/customer-groups", { params: { path: { store_id: storeId }, query: page } })),
      );
      return [...groups].sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));
    },
    staleTime: 10_000,
  });
}

/** A group's name by its id (its id while the groups load, or when it is gone). */
export function groupNamer(groups: CustomerGroup[] | undefined) {
  const byId = new Map((groups ?? []).map((g) => [g.id, g.name]));
  return (id: string) => byId.get(id) ?? id;
}

function useInvalidateGroups() {
  const queryClient = useQueryClient();
  return () => {
    const storeId = currentStoreId();
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: customerGroupKeys.all(storeId) }),
      queryClient.invalidateQueries({ queryKey: customerKeys.all(storeId) }),
    ]);
  };
}

export function useCreateCustomerGroup() {
  const onSuccess = useInvalidateGroups();
  return useMutation({
    mutationFn: (body: components["schemas"]["CreateCustomerGroupRequest"]) =>
      unwrap(client.POST("/stores/{store_id}/customer-groups", { params: { path: { store_id: currentStoreId() } }, body })),
    onSuccess,
  });
}

export function useUpdateCustomerGroup(id: string) {
  const onSuccess = useInvalidateGroups();
  return useMutation({
    mutationFn: (body: components["schemas"]["UpdateCustomerGroupRequest"]) =>
      unwrap(client.PATCH("/stores/{store_id}/customer-groups/{id}", { params: { path: { store_id: currentStoreId(), id } }, body })),
    onSuccess,
  });
}

export function useDeleteCustomerGroup() {
  const onSuccess = useInvalidateGroups();
  return useMutation({
    mutationFn: (id: string) => unwrap(client.DELETE("/stores/{store_id}/customer-groups/{id}", { params: { path: { store_id: currentStoreId(), id } } })),
    onSuccess,
  });
}

/** Adds customers to a group and removes others: `{ id, add?, remove? }` (the body is the API's own). */
export function useChangeGroupMembers() {
  const onSuccess = useInvalidateGroups();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string } & components["schemas"]["CustomerGroupMembersRequest"]) =>
      unwrap(client.POST("/stores/{store_id}/customer-groups/{id}/customers", { params: { path: { store_id: currentStoreId(), id } }, body })),
    onSuccess,
  });
}
