// The events outbox: every store event is written here in the same D1 batch as the change that caused it.
// The row keeps the event once, as its webhook envelope (whose `data` is the event's data); the webhooks module
// fans each event out to delivery rows, which send that stored envelope.
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

export const events = sqliteTable(
  "events",
  {
    id: text("id").primaryKey(),
    storeId: text("store_id").notNull(),
    name: text("name").notNull(),
    createdAt: text("created_at").notNull(),
    /**
     * The event as its webhook envelope `{id, event, store_id, delivered_at, data}`, built once when the event is
     * recorded: the exact bytes every delivery, retry and replay of this event sends. Always set (the column is
     * nullable only because SQLite cannot add a NOT NULL column without a default; migrations/store/0011_event_stored_once.sql).
     */
    payload: text("payload"),
    /**
     * The store's number for this event: 1, 2, 3 ... in commit order, no gaps (docs/api/22-event-log.md). Set by the trigger
     * `events_sequence` (migrations/store/0028) inside the inserting statement, also into `payload`; never by code.
     */
    sequence: integer("sequence"),
    /** The event's data.id (set by the same trigger), for GET /events?resource_id=. */
    resourceId: text("resource_id"),
  },
  (t) => [
    index("events_store_idx").on(t.storeId, t.id),
    uniqueIndex("events_store_sequence_idx").on(t.storeId, t.sequence),
    index("events_store_name_sequence_idx").on(t.storeId, t.name, t.sequence),
    index("events_store_resource_sequence_idx").on(t.storeId, t.resourceId, t.sequence),
  ],
);
