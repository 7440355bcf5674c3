// The events outbox: every store event is written here in the same D1 batch as the change that caused it.
// The row keeps the event once, as its webhook envelope (whose `data` is the event's data); the webhooks module
// fans each event out to delivery rows, which send that stored envelope.
import { index, sqliteTable, text } from "drizzle-orm/sqlite-core";

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
     * nullable only because SQLite cannot add a NOT NULL column without a default; migrations/0011).
     */
    payload: text("payload"),
  },
  (t) => [index("events_store_idx").on(t.storeId, t.id)],
);
