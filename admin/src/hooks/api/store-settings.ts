// The current store's own record (GET /stores/{store_id}: name, currency, time zone) and changing it
// (PATCH /stores/{store_id}, store.manage). The shell hands currency and time zone to lib/format.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { components } from "../../lib/api-schema";
import { client, currentStoreId, unwrap } from "../../lib/client";
import { setDisplaySettings } from "../../lib/format";
import { meKeys } from "./auth";
import { queryKeysFactory } from "./keys";

export const storeKeys = queryKeysFactory("store");
export type StoreSettings = components["schemas"]["StoreWithSettings"];

export function useStoreSettings() {
  const storeId = currentStoreId();
  return useQuery({
    queryKey: storeKeys.detail(storeId, storeId),
    queryFn: () => unwrap(client.GET("/stores/{store_id}", { params: { path: { store_id: storeId } } })),
    staleTime: 60_000,
  });
}

/** Hands the store's currency and time zone to lib/format (the shell calls it once). */
export function useDisplaySettings() {
  const store = useStoreSettings();
  useEffect(() => {
    if (store.data) setDisplaySettings(store.data);
  }, [store.data]);
  return store;
}

export function useUpdateStore() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: components["schemas"]["UpdateStoreRequest"]) =>
      unwrap(client.PATCH("/stores/{store_id}", { params: { path: { store_id: currentStoreId() } }, body })),
    onSuccess: async (store) => {
      queryClient.setQueryData(storeKeys.detail(store.id, store.id), store);
      setDisplaySettings(store);
      // The store's name is also in the store switch (GET /me); prices and times everywhere change with it.
      await queryClient.invalidateQueries({ queryKey: meKeys.me });
    },
  });
}
