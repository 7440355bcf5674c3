// Team: members with their permissions (a page at a time, or all of them to name people by id), pending invites
// (raw token returned once; revocable), permission edits, removal (which also revokes the member's pending invites
// and every token they own or hold).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { components } from "../../lib/api-schema";
import { client, currentStoreId, unwrap } from "../../lib/client";
import { queryKeysFactory } from "./keys";
import { allPages, pageQuery, type PageQuery } from "./pages";
import { tokenKeys } from "./tokens";

export const memberKeys = queryKeysFactory("members");
export const inviteKeys = queryKeysFactory("invites");
export type Member = components["schemas"]["Member"];
export type Invite = components["schemas"]["Invite"];

const membersPage = (storeId: string) => (page: PageQuery) =>
  unwrap(client.GET("/stores/{store_id}/members", { params: { path: { store_id: storeId }, query: page } }));

/** A page of the store's members, oldest membership first. */
export function useMembers(offset: number) {
  const storeId = currentStoreId();
  return useQuery(pageQuery(memberKeys.list(storeId, { offset }), offset, membersPage(storeId)));
}

/** Every member, to name people by id (a token's owner, an invite's sender, the audit log's actors). */
export function useAllMembers() {
  const storeId = currentStoreId();
  return useQuery({ queryKey: memberKeys.list(storeId, { all: true }), queryFn: () => allPages(membersPage(storeId)) });
}

/** A page of the pending invites, newest first. */
export function useInvites(offset: number) {
  const storeId = currentStoreId();
  return useQuery(
    pageQuery(inviteKeys.list(storeId, { offset }), offset, (page) =>
      unwrap(client.GET("/stores/{store_id}/invites", { params: { path: { store_id: storeId }, query: page } })),
    ),
  );
}

export function useCreateInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: components["schemas"]["CreateInviteRequest"]) =>
      unwrap(client.POST("/stores/{store_id}/invites", { params: { path: { store_id: currentStoreId() } }, body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inviteKeys.all(currentStoreId()) }),
  });
}

export function useUpdateMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, permissions }: { userId: string; permissions: string[] }) =>
      unwrap(
        client.PATCH("/stores/{store_id}/members/{user_id}", {
          params: { path: { store_id: currentStoreId(), user_id: userId } },
          body: { permissions: permissions as components["schemas"]["UpdateMemberRequest"]["permissions"] },
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memberKeys.all(currentStoreId()) }),
  });
}

export function useRevokeInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (inviteId: string) =>
      unwrap(
        client.DELETE("/stores/{store_id}/invites/{invite_id}", {
          params: { path: { store_id: currentStoreId(), invite_id: inviteId } },
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inviteKeys.all(currentStoreId()) }),
  });
}

export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) =>
      unwrap(
        client.DELETE("/stores/{store_id}/members/{user_id}", {
          params: { path: { store_id: currentStoreId(), user_id: userId } },
        }),
      ),
    // The removal also revoked their pending invites and their tokens.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: memberKeys.all(currentStoreId()) }),
        queryClient.invalidateQueries({ queryKey: inviteKeys.all(currentStoreId()) }),
        queryClient.invalidateQueries({ queryKey: tokenKeys.all(currentStoreId()) }),
      ]),
  });
}
