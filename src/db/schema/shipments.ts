// Shipments (docs/api/25-shipments.md; docs/shipments.md; migrations/store/0037_shipments.sql): what left an order,
// per line (`shipment_items`) and, for units taken from stock, per location (`shipment_stock`: what a cancel puts
// back). A line's fulfilled quantity is the sum of its items over the order's shipments that are not canceled.
import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { stores } from "./identity";
import { orders } from "./commerce";

export const shipments = sqliteTable(
  "shipments",
  {
    id: text("id").primaryKey(),
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["shipped", "delivered", "canceled"] }).notNull(),
    /** The one location the units came from; null when several (or none: on-demand units only). */
    locationId: text("location_id"),
    /** JSON [{number, carrier, url}]. */
    tracking: text("tracking").notNull().default("[]"),
    externalId: text("external_id"),
    shippedAt: text("shipped_at").notNull(),
    deliveredAt: text("delivered_at"),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("shipments_store_external_idx").on(t.storeId, t.externalId),
    index("shipments_store_created_idx").on(t.storeId, t.createdAt, t.id),
    index("shipments_store_updated_idx").on(t.storeId, t.updatedAt, t.id),
    index("shipments_order_idx").on(t.orderId),
  ],
);

/** Units of order line `position` in a shipment. */
export const shipmentItems = sqliteTable(
  "shipment_items",
  {
    shipmentId: text("shipment_id")
      .notNull()
      .references(() => shipments.id, { onDelete: "cascade" }),
    storeId: text("store_id").notNull(),
    position: integer("position").notNull(),
    quantity: integer("quantity").notNull(),
  },
  (t) => [primaryKey({ columns: [t.shipmentId, t.position] }), check("shipment_items_quantity", sql`${t.quantity} > 0`)],
);

/** The part of a shipment's line taken from the stock committed at a location (the rest was on demand). */
export const shipmentStock = sqliteTable(
  "shipment_stock",
  {
    shipmentId: text("shipment_id")
      .notNull()
      .references(() => shipments.id, { onDelete: "cascade" }),
    storeId: text("store_id").notNull(),
    position: integer("position").notNull(),
    locationId: text("location_id").notNull(),
    variantId: text("variant_id").notNull(),
    quantity: integer("quantity").notNull(),
  },
  (t) => [primaryKey({ columns: [t.shipmentId, t.position, t.locationId] }), check("shipment_stock_quantity", sql`${t.quantity} > 0`)],
);

/**
 * Per store and UTC day (`YYYY-MM-DD`), how many shipments were last changed that day: kept by triggers
 * (migrations/store/0040_shipment_days.sql), read for the change feed's `total`.
 */
export const shipmentDays = sqliteTable(
  "shipment_days",
  {
    storeId: text("store_id").notNull(),
    day: text("day").notNull(),
    shipments: integer("shipments").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.day] })],
);
