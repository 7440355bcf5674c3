// The invitee's side of an invite link: what the invite offers (POST /invites/lookup) and accepting it
// (POST /invites/accept), both with the invitee's own session. Accepted, the store becomes the current store.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { client, unwrap } from "../../lib/client";
import { sessionStore } from "../../lib/session";
import { meKeys } from "./auth";

export function useInviteLookup(token: string, enabled: boolean) {
  return useQuery({
    queryKey: ["invite-lookup", token],
    queryFn: () => unwrap(client.POST("/invites/lookup", { body: { token } })),
    enabled: enabled && token !== "",
    staleTime: 0,
  });
}

export function useAcceptInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => unwrap(client.POST("/invites/accept", { body: { token } })),
    onSuccess: async (member) => {
      await queryClient.invalidateQueries({ queryKey: meKeys.me });
      sessionStore.selectStore(member.store_id);
    },
  });
}
