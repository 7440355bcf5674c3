// The store's audit log, newest first, paged, with the API's filters (actor, action, time range).
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { AuditAction } from "../../lib/audit-words";
import { client, currentStoreId, unwrap } from "../../lib/client";
import { queryKeysFactory } from "./keys";

export const auditKeys = queryKeysFactory("audit-log");
export const AUDIT_PAGE_SIZE = 50;

export interface AuditQuery {
  offset: number;
  actor_user_id?: string;
  integration_id?: string;
  action?: string;
  since?: string;
  until?: string;
}

export function useAuditLog(query: AuditQuery) {
  const storeId = currentStoreId();
  return useQuery({
    queryKey: auditKeys.list(storeId, query),
    queryFn: () =>
      unwrap(
        client.GET("/stores/{store_id}/audit-log", {
          // `action` is the address bar's text: the API documents its enum and answers any other text with no entries.
          params: { path: { store_id: storeId }, query: { ...query, action: query.action as AuditAction | undefined, limit: AUDIT_PAGE_SIZE } },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}
