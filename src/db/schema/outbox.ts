// The events outbox: every store event is written here in the same D1 batch as the change that caused it.
// The webhooks module fans each event out to delivery rows, which send the event's stored envelope.
import { index, sqliteTable, text } from "drizzle-orm/sqlite-core";

export const events = sqliteTable(
  "events",
  {
    id: text("id").primaryKey(),
    storeId: text("store_id").notNull(),
    name: text("name").notNull(),
    data: text("data").notNull(),
    createdAt: text("created_at").notNull(),
    /**
     * The webhook envelope, built once when the event is recorded: the exact bytes every delivery, retry and replay
     * of this event sends. NULL when no active subscription heard of the event.
     */
    payload: text("payload"),
  },
  (t) => [index("events_store_idx").on(t.storeId, t.id)],
);
