// The store's audit log, newest first, paged.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { client, currentStoreId, unwrap } from "../../lib/client";
import { queryKeysFactory } from "./keys";

export const auditKeys = queryKeysFactory("audit-log");
export const AUDIT_PAGE_SIZE = 50;

export function useAuditLog(offset: number) {
  const storeId = currentStoreId();
  return useQuery({
    queryKey: auditKeys.list(storeId, { offset }),
    queryFn: () =>
      unwrap(
        client.GET("/stores/{store_id}/audit-log", {
          params: { path: { store_id: storeId }, query: { offset, limit: AUDIT_PAGE_SIZE } },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}
