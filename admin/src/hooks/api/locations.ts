// The store's stock locations (a shop floor, a warehouse, a 3PL): a page at a time for Settings → Locations, or all
// of them (at most 50) to name a level's location and to offer them in filters; create, change (name, code, active,
// default) and delete. A location's changes reach every variant's `inventory` (active locations only, in position
// order), so they also invalidate the products and the inventory lists.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { components } from "../../lib/api-schema";
import { client, currentStoreId, unwrap } from "../../lib/client";
import { inventoryKeys } from "./inventory";
import { queryKeysFactory } from "./keys";
import { allPages, pageQuery, type PageQuery } from "./pages";
import { productKeys } from "./products";

export const locationKeys = queryKeysFactory("locations");
export type Location = components["schemas"]["Location"];

const locationsPage = (storeId: string) => (page: PageQuery) =>
  unwrap(client.GET("/stores/{store_id}/locations", { params: { path: { store_id: storeId }, query: page } }));

/** A page of the store's locations, in position order. */
export function useLocations(offset: number) {
  const storeId = currentStoreId();
  return useQuery(pageQuery(locationKeys.list(storeId, { offset }), offset, locationsPage(storeId)));
}

/** Every location (the cap is 50: one request), to name them by id and to offer them in choices. */
export function useAllLocations() {
  const storeId = currentStoreId();
  return useQuery({ queryKey: locationKeys.list(storeId, { all: true }), queryFn: () => allPages(locationsPage(storeId)), staleTime: 30_000 });
}

/** A location's name by its id, falling back to the code the level or entry carries. */
export function locationNamer(locations: Location[] | undefined) {
  const byId = new Map((locations ?? []).map((l) => [l.id, l.name]));
  return (id: string, code: string) => byId.get(id) ?? code;
}

function useInvalidateLocations() {
  const queryClient = useQueryClient();
  return () => {
    const storeId = currentStoreId();
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: locationKeys.all(storeId) }),
      queryClient.invalidateQueries({ queryKey: productKeys.all(storeId) }),
      queryClient.invalidateQueries({ queryKey: inventoryKeys.all(storeId) }),
    ]);
  };
}

export function useCreateLocation() {
  const onSuccess = useInvalidateLocations();
  return useMutation({
    mutationFn: (body: components["schemas"]["CreateLocationRequest"]) =>
      unwrap(client.POST("/stores/{store_id}/locations", { params: { path: { store_id: currentStoreId() } }, body })),
    onSuccess,
  });
}

export function useUpdateLocation() {
  const onSuccess = useInvalidateLocations();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string } & components["schemas"]["UpdateLocationRequest"]) =>
      unwrap(client.PATCH("/stores/{store_id}/locations/{id}", { params: { path: { store_id: currentStoreId(), id } }, body })),
    onSuccess,
  });
}

export function useDeleteLocation() {
  const onSuccess = useInvalidateLocations();
  return useMutation({
    mutationFn: (id: string) => unwrap(client.DELETE("/stores/{store_id}/locations/{id}", { params: { path: { store_id: currentStoreId(), id } } })),
    onSuccess,
  });
}
