// Stores the user belongs to, and creating one (the creator becomes its owner).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { client, unwrap } from "../../lib/client";
import { sessionStore } from "../../lib/session";
import { meKeys } from "./auth";

export function useCreateStore() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => unwrap(client.POST("/stores", { body: { name } })),
    onSuccess: async (store) => {
      await queryClient.invalidateQueries({ queryKey: meKeys.me });
      sessionStore.selectStore(store.id);
    },
  });
}
