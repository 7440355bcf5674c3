// The store's event log (GET /stores/{store_id}/events, docs/api/22-event-log.md), read as a person reads it: newest first
// (`order=desc`, docs/decisions.md), one page at a time, the cursors of the pages walked kept by the screen (in the
// URL, as CursorPager takes them). Filters: one `type` (a name or a prefix such as `products.*`) and `resource_id`.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { components, paths } from "../../lib/api-schema";
import { client, currentStoreId, unwrap } from "../../lib/client";
import { queryKeysFactory } from "./keys";

export type StoreEvent = components["schemas"]["EventPage"]["data"][number];
type EventParams = NonNullable<paths["/stores/{store_id}/events"]["get"]["parameters"]["query"]>;

export const eventKeys = queryKeysFactory("events");
export const EVENTS_PAGE_SIZE = 50;

export interface EventLogQuery {
  type?: string;
  resource_id?: string;
  cursor: string | null;
}

/** A page of the log, newest first; the previous page stays on screen while the next loads. */
export function useEventLog(query: EventLogQuery) {
  const storeId = currentStoreId();
  const params: EventParams = {
    order: "desc",
    limit: EVENTS_PAGE_SIZE,
    cursor: query.cursor ?? undefined,
    type: query.type ? [query.type] : undefined,
    resource_id: query.resource_id || undefined,
  };
  return useQuery({
    queryKey: eventKeys.list(storeId, params),
    queryFn: () => unwrap(client.GET("/stores/{store_id}/events", { params: { path: { store_id: storeId }, query: params } })),
    placeholderData: keepPreviousData,
  });
}
