// Customers and orders: the minimal commerce resources that source the customer and order events.
// Order lines keep a snapshot of what was sold (title, sku, price) and how much stock each line reserved, so a
// cancel returns exactly that. No foreign key to the catalog: an order outlives a deleted variant.
import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { stores } from "./identity";

export const customers = sqliteTable(
  "customers",
  {
    id: text("id").primaryKey(),
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    emailLower: text("email_lower").notNull(),
    name: text("name"),
    phone: text("phone"),
    /** Custom field values (docs/api/21-custom-fields.md): JSON {key: value}, keys with a value only. */
    fields: text("fields").notNull().default("{}"),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("customers_store_email_idx").on(t.storeId, t.emailLower),
    index("customers_store_created_idx").on(t.storeId, t.createdAt, t.id),
    index("customers_store_updated_idx").on(t.storeId, t.updatedAt, t.id),
  ],
);

export const orders = sqliteTable(
  "orders",
  {
    id: text("id").primaryKey(),
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    customerId: text("customer_id").references(() => customers.id, { onDelete: "set null" }),
    email: text("email").notNull(),
    currency: text("currency").notNull(),
    /** ISO 3166-1 alpha-2, when the order names one (its prices were resolved for it). */
    country: text("country"),
    status: text("status", { enum: ["pending", "paid", "fulfilled", "canceled", "refunded"] }).notNull(),
    totalCents: integer("total_cents").notNull(),
    refundedCents: integer("refunded_cents").notNull(),
    /** Custom field values (docs/api/21-custom-fields.md): JSON {key: value}, keys with a value only. */
    fields: text("fields").notNull().default("{}"),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [index("orders_store_created_idx").on(t.storeId, t.createdAt, t.id), index("orders_store_updated_idx").on(t.storeId, t.updatedAt, t.id)],
);

export const orderLines = sqliteTable(
  "order_lines",
  {
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    variantId: text("variant_id").notNull(),
    productId: text("product_id").notNull(),
    title: text("title").notNull(),
    sku: text("sku"),
    unitPriceCents: integer("unit_price_cents").notNull(),
    quantity: integer("quantity").notNull(),
    fulfillmentMode: text("fulfillment_mode").notNull(),
    /** Units taken from stock when the order was placed (returned on cancel). */
    reservedQuantity: integer("reserved_quantity").notNull(),
    /** Where the unit price came from (docs/pricing.md): JSON {type, price_list_id, min_quantity}; null before prices. */
    priceSource: text("price_source"),
  },
  (t) => [
    uniqueIndex("order_lines_order_idx").on(t.orderId, t.position),
    index("order_lines_variant_idx").on(t.variantId),
    // The stock rule itself: a stocked line must have reserved its whole quantity, or the order's batch fails.
    check("order_lines_stocked_reserved", sql`${t.fulfillmentMode} <> 'stocked' OR ${t.reservedQuantity} = ${t.quantity}`),
  ],
);

/**
 * Always empty, and no longer written: orders and bulk variant changes asserted their conditions here before they
 * took `lib/guards.ts`'s assertions below (a conflict is `guard_conflict`). Kept, so that the schema and the
 * migrated databases agree without a migration.
 */
export const commerceGuards = sqliteTable("commerce_guards", { ok: integer("ok").notNull() });

/**
 * Always empty, like commerce_guards: `lib/guards.ts` asserts, inside a change's own batch, that the row it changes
 * still exists (`guard_not_found`), is still in the state the change was decided on (`guard_conflict`), or that a
 * cap still has room (`guard_limit`). A false assertion inserts NULL, the batch rolls back, and the error names the
 * table, so a concurrent loser writes nothing (no change, no audit row, no event) and gets 404, 409 or 422.
 */
export const guardNotFound = sqliteTable("guard_not_found", { ok: integer("ok").notNull() });
export const guardConflict = sqliteTable("guard_conflict", { ok: integer("ok").notNull() });
export const guardLimit = sqliteTable("guard_limit", { ok: integer("ok").notNull() });
