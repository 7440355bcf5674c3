// The events outbox: every store event is written here in the same D1 batch as the change that caused it.
// The webhooks module fans each event out to delivery rows.
import { index, sqliteTable, text } from "drizzle-orm/sqlite-core";

export const events = sqliteTable(
  "events",
  {
    id: text("id").primaryKey(),
    storeId: text("store_id").notNull(),
    name: text("name").notNull(),
    data: text("data").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [index("events_store_idx").on(t.storeId, t.id)],
);
