// The permission registry (GET /permissions) and the webhook event names (GET /webhook-events): both public.
import { useQuery } from "@tanstack/react-query";
import { client, unwrap } from "../../lib/client";

export function usePermissions() {
  return useQuery({
    queryKey: ["permissions"],
    queryFn: () => unwrap(client.GET("/permissions")),
    staleTime: Infinity,
  });
}

export function useWebhookEvents() {
  return useQuery({
    queryKey: ["webhook-events"],
    queryFn: () => unwrap(client.GET("/webhook-events")),
    staleTime: Infinity,
  });
}
