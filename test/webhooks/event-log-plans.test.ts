// GET /events is served by the indexes of migrations/store/0028_event_sequence.sql: EXPLAIN QUERY PLAN of the SQL
// the service builds shows no full scan of `events`, whatever the filters, oldest first (from the start or after a
// sequence) and newest first (from the newest or before a cursor's sequence), for a caller who reads every event and
// for one who reads some.
import { drizzle } from "drizzle-orm/d1";
import { describe, expect, it } from "vitest";
import * as schema from "../../src/db/schema";
import { type EventFilters, type PageStart, eventsPageQuery } from "../../src/webhooks/event-log.service";
import { EVENT_NAMES, type EventName } from "../../src/events/names";
import { newStore } from "../helpers/api";
import { storeD1 } from "../helpers/databases";

const ALL = Object.keys(EVENT_NAMES) as EventName[];
const SOME = ALL.filter((name) => name.startsWith("products.") || name.startsWith("product.") || name.startsWith("collections."));
const ID = "01900000-0000-7000-8000-000000000000";

// The index each filter is served by: the filter's own where it has one (a name, a resource), so a page never walks
// the events of other names or resources, whichever way it reads.
type Index = "sequence" | "name_sequence" | "resource_sequence";
const FILTERS: Array<[string, EventName[], EventFilters, Index]> = [
  ["none", ALL, { limit: 20 }, "sequence"],
  ["type (one name)", ["orders.created"], { limit: 20 }, "name_sequence"],
  ["type (a prefix)", ALL.filter((n) => n.startsWith("products.")), { limit: 20 }, "sequence"],
  ["the read bits of a caller who reads some events", SOME, { limit: 20 }, "sequence"],
  ["resource_id", ALL, { limit: 20, resource_id: ID }, "resource_sequence"],
  ["resource_id of some events", SOME, { limit: 20, resource_id: ID }, "resource_sequence"],
  ["since and until", ALL, { limit: 20, since: "2026-11-21T10:00:00.000Z", until: "2026-11-22T10:00:00.000Z" }, "sequence"],
];

const STARTS: PageStart[] = [
  { order: "asc", after: 0 },
  { order: "asc", after: 1000 },
  { order: "desc", before: null },
  { order: "desc", before: 1000 },
];

describe("GET /events: every filter, in either order, is served by an index (no full scan of events)", () => {
  it.each(FILTERS)("%s", async (_name, names, filter, index) => {
    const store = await newStore();
    const d1 = await storeD1(store.id);
    const db = drizzle(d1, { schema });
    for (const start of STARTS) {
      const { sql, params } = eventsPageQuery(db as never, store.id, names, start, filter).toSQL();
      const details = (
        await d1
          .prepare(`EXPLAIN QUERY PLAN ${sql}`)
          .bind(...params)
          .all<{ detail: string }>()
      ).results.map((r) => r.detail);
      const plan = `${JSON.stringify(start)}: ${details.join(" | ")}`;
      expect(details.length).toBeGreaterThan(0);
      expect(
        details.filter((d) => /^SCAN events\b/.test(d)),
        plan,
      ).toEqual([]);
      expect(plan).toMatch(new RegExp(`USING (COVERING )?INDEX events_store_${index}_idx`));
    }
  });
});
