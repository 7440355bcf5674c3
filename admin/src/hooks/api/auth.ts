// Sign-up, sign-in, sign-out and the signed-in user (GET /me with their stores).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { client, unwrap } from "../../lib/client";
import type { components } from "../../lib/api-schema";
import { sessionStore } from "../../lib/session";

export const meKeys = { me: ["me"] as const };

type Me = components["schemas"]["Me"];

/** The console signs in with a person's session, so GET /me is always the person (an integration's key answers otherwise). */
async function personMe(): Promise<Me> {
  const me = await unwrap(client.GET("/me"));
  if ("kind" in me) throw new Error("The console needs a person's session, not an integration's key");
  return me;
}

export function useMe(enabled = true) {
  return useQuery({ queryKey: meKeys.me, queryFn: personMe, enabled });
}

export function useSignIn() {
  return useMutation({
    mutationFn: (body: components["schemas"]["LoginRequest"]) => unwrap(client.POST("/login", { body })),
    onSuccess: (login) =>
      sessionStore.signIn({
        token: login.token,
        expiresAt: login.expires_at,
        user: { id: login.user.id, email: login.user.email, name: login.user.name },
      }),
  });
}

export function useSignUp() {
  return useMutation({
    mutationFn: (body: components["schemas"]["SignupRequest"]) => unwrap(client.POST("/users", { body })),
  });
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const { response } = await client.POST("/logout", { body: {} });
      // A server without POST /logout (404) has nothing to revoke: the session ends on this side only.
      if (!response.ok && response.status !== 404 && response.status !== 401) {
        throw new Error(`Sign out failed (${response.status})`);
      }
    },
    onSettled: () => {
      sessionStore.end("signed-out");
      queryClient.clear();
    },
  });
}
