// Custom field definitions (docs/api/21-custom-fields.md): a page of one owner's for Settings → Custom fields, or all of one
// owner's (at most 200: two requests) for the forms that show their inputs and the products list's "More filters";
// create, change and delete. Deleting a field removes its values from every resource, so it also invalidates the
// owners' queries (their `fields` changed without a request of theirs).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { components } from "../../lib/api-schema";
import { client, currentStoreId, unwrap } from "../../lib/client";
import type { FieldDefinition, FieldOwner } from "../../lib/field-types";
import { queryKeysFactory } from "./keys";
import { allPages, pageQuery, type PageQuery } from "./pages";

export const fieldDefinitionKeys = queryKeysFactory("field-definitions");

const definitionsPage = (storeId: string, owner: FieldOwner) => (page: PageQuery) =>
  unwrap(client.GET("/stores/{store_id}/field-definitions", { params: { path: { store_id: storeId }, query: { owner, ...page } } }));

/** A page of one owner's definitions, oldest first. */
export function useFieldDefinitions(owner: FieldOwner, offset: number) {
  const storeId = currentStoreId();
  return useQuery(pageQuery(fieldDefinitionKeys.list(storeId, { owner, offset }), offset, definitionsPage(storeId, owner)));
}

/** Every definition of one owner, oldest first (the order the forms show them in). */
export function useAllFieldDefinitions(owner: FieldOwner) {
  const storeId = currentStoreId();
  return useQuery({
    queryKey: fieldDefinitionKeys.list(storeId, { owner, all: true }),
    queryFn: () => allPages(definitionsPage(storeId, owner)),
    staleTime: 30_000,
  });
}

// The owners' key factories by resource name (those of hooks/api/products, collections, customers and orders),
// built here so the products list, which reads definitions for "More filters", does not load the other hooks.
const OWNER_KEYS = {
  product: queryKeysFactory("products"),
  variant: queryKeysFactory("products"),
  collection: queryKeysFactory("collections"),
  customer: queryKeysFactory("customers"),
  order: queryKeysFactory("orders"),
};

function useInvalidateDefinitions() {
  const queryClient = useQueryClient();
  return (owner?: FieldOwner) => {
    const storeId = currentStoreId();
    const keys = [fieldDefinitionKeys.all(storeId), ...(owner ? [OWNER_KEYS[owner].all(storeId)] : [])];
    return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  };
}

export function useCreateFieldDefinition() {
  const invalidate = useInvalidateDefinitions();
  return useMutation({
    mutationFn: (body: components["schemas"]["CreateFieldDefinitionRequest"]) =>
      unwrap(client.POST("/stores/{store_id}/field-definitions", { params: { path: { store_id: currentStoreId() } }, body })),
    onSuccess: () => invalidate(),
  });
}

export function useUpdateFieldDefinition() {
  const invalidate = useInvalidateDefinitions();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string } & components["schemas"]["UpdateFieldDefinitionRequest"]) =>
      unwrap(client.PATCH("/stores/{store_id}/field-definitions/{id}", { params: { path: { store_id: currentStoreId(), id } }, body })),
    onSuccess: () => invalidate(),
  });
}

export function useDeleteFieldDefinition() {
  const invalidate = useInvalidateDefinitions();
  return useMutation({
    mutationFn: (definition: Pick<FieldDefinition, "id" | "owner">) =>
      unwrap(client.DELETE("/stores/{store_id}/field-definitions/{id}", { params: { path: { store_id: currentStoreId(), id: definition.id } } })),
    onSuccess: (_, definition) => invalidate(definition.owner),
  });
}
