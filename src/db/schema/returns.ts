// Returns (docs/api/25-shipments.md; docs/shipments.md; migrations/store/0038_returns.sql): units of an order that came
// back, per line (`return_items`). A line's returned quantity is the sum of its items over the order's returns; a
// return is never edited or deleted (it moved stock and announced it), so the rows are written once.
import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { stores } from "./identity";
import { orders } from "./commerce";

export const returns = sqliteTable(
  "returns",
  {
    id: text("id").primaryKey(),
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    reason: text("reason"),
    note: text("note"),
    createdAt: text("created_at").notNull(),
  },
  (t) => [index("returns_order_created_idx").on(t.orderId, t.createdAt, t.id)],
);

/** Units of order line `position` in a return; `location_id` is where they were restocked (null: not restocked). */
export const returnItems = sqliteTable(
  "return_items",
  {
    returnId: text("return_id")
      .notNull()
      .references(() => returns.id, { onDelete: "cascade" }),
    storeId: text("store_id").notNull(),
    position: integer("position").notNull(),
    quantity: integer("quantity").notNull(),
    restock: integer("restock", { mode: "boolean" }).notNull(),
    locationId: text("location_id"),
  },
  (t) => [primaryKey({ columns: [t.returnId, t.position] }), check("return_items_quantity", sql`${t.quantity} > 0`)],
);
