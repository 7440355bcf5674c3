// The store's event log (GET /stores/{store_id}/events, API.md section 22). The API lists oldest first with cursors
// and has no order parameter, so the console walks every page of the chosen filters (100 at a time, up to
// EVENTS_READ_LIMIT events) and shows them newest first; a longer log shows its newest EVENTS_READ_LIMIT and says so.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { client, currentStoreId, unwrap } from "../../lib/client";
import type { components } from "../../lib/api-schema";
import { queryKeysFactory } from "./keys";

export type StoreEvent = components["schemas"]["EventPage"]["data"][number];

export const eventKeys = queryKeysFactory("events");
/** The most events read for one view of the log. */
export const EVENTS_READ_LIMIT = 2000;

export interface EventFilter {
  type?: string;
  resource_id?: string;
}

export function useEventLog(filter: EventFilter) {
  const storeId = currentStoreId();
  return useQuery({
    queryKey: eventKeys.list(storeId, filter),
    queryFn: async () => {
      let events: StoreEvent[] = [];
      let truncated = false;
      let cursor: string | undefined;
      for (;;) {
        const page = await unwrap(
          client.GET("/stores/{store_id}/events", {
            params: {
              path: { store_id: storeId },
              query: { limit: 100, cursor, type: filter.type ? [filter.type] : undefined, resource_id: filter.resource_id || undefined },
            },
          }),
        );
        events = events.concat(page.data);
        // Oldest first: past the limit, the oldest are let go so the newest stay.
        if (events.length > EVENTS_READ_LIMIT) {
          events = events.slice(events.length - EVENTS_READ_LIMIT);
          truncated = true;
        }
        if (!page.pagination.next_cursor) break;
        cursor = page.pagination.next_cursor;
      }
      return { events: events.reverse(), truncated };
    },
    placeholderData: keepPreviousData,
  });
}
