// Inventory at locations (docs/api/20-inventory.md, migrations/store/0027_inventory.sql): locations, a level per variant
// and location, the ledger that explains every change of a level, and which locations each order line's units came
// from. The ledger is written by triggers from the context row the change's batch writes first
// (src/events/stock-changes.ts); product_variants.stock is the sum of available over active locations, kept by
// triggers too.
import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { stores } from "./identity";
import { productVariants } from "./catalog";
import { orders } from "./commerce";

export const locations = sqliteTable(
  "locations",
  {
    id: text("id").primaryKey(),
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    code: text("code").notNull(),
    codeLower: text("code_lower").notNull(),
    isDefault: integer("is_default", { mode: "boolean" }).notNull().default(false),
    active: integer("active", { mode: "boolean" }).notNull().default(true),
    position: integer("position").notNull(),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("locations_store_code_idx").on(t.storeId, t.codeLower),
    uniqueIndex("locations_store_default_idx").on(t.storeId).where(sql`${t.isDefault} = 1`),
    index("locations_store_position_idx").on(t.storeId, t.position, t.id),
    check("locations_default_active", sql`${t.isDefault} = 0 OR ${t.active} = 1`),
  ],
);

export const inventoryLevels = sqliteTable(
  "inventory_levels",
  {
    variantId: text("variant_id")
      .notNull()
      .references(() => productVariants.id, { onDelete: "cascade" }),
    locationId: text("location_id")
      .notNull()
      .references(() => locations.id, { onDelete: "cascade" }),
    storeId: text("store_id").notNull(),
    productId: text("product_id").notNull(),
    onHand: integer("on_hand").notNull().default(0),
    committed: integer("committed").notNull().default(0),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.variantId, t.locationId] }),
    index("inventory_levels_store_idx").on(t.storeId, t.variantId, t.locationId),
    index("inventory_levels_location_available_idx").on(t.locationId, sql`(${t.onHand} - ${t.committed})`),
    index("inventory_levels_store_available_idx").on(t.storeId, sql`(${t.onHand} - ${t.committed})`),
    index("inventory_levels_product_idx").on(t.productId),
    check("inventory_levels_bounds", sql`0 <= ${t.committed} AND ${t.committed} <= ${t.onHand} AND ${t.onHand} <= 1000000000`),
  ],
);

export const inventoryLedger = sqliteTable(
  "inventory_ledger",
  {
    id: text("id").primaryKey(),
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    /** The store's entries in commit order. */
    seq: integer("seq").notNull(),
    variantId: text("variant_id").notNull(),
    productId: text("product_id").notNull(),
    sku: text("sku"),
    locationId: text("location_id").notNull(),
    locationCode: text("location_code").notNull(),
    onHandDelta: integer("on_hand_delta").notNull(),
    committedDelta: integer("committed_delta").notNull(),
    onHandAfter: integer("on_hand_after").notNull(),
    committedAfter: integer("committed_after").notNull(),
    reason: text("reason").notNull(),
    reference: text("reference"),
    orderId: text("order_id"),
    adjustmentId: text("adjustment_id"),
    actorUserId: text("actor_user_id"),
    actorTokenId: text("actor_token_id"),
    actorIntegrationId: text("actor_integration_id"),
    createdAt: text("created_at").notNull(),
    /** The variant's entries so far, this one included: its history's total, read from its newest entry. */
    variantEntries: integer("variant_entries").notNull(),
  },
  (t) => [
    uniqueIndex("inventory_ledger_store_seq_idx").on(t.storeId, t.seq),
    index("inventory_ledger_variant_idx").on(t.storeId, t.variantId, t.seq),
    index("inventory_ledger_location_idx").on(t.storeId, t.locationId, t.seq),
    index("inventory_ledger_reason_idx").on(t.storeId, t.reason, t.seq),
    index("inventory_ledger_order_idx").on(t.storeId, t.orderId, t.seq).where(sql`${t.orderId} IS NOT NULL`),
    index("inventory_ledger_adjustment_idx").on(t.adjustmentId).where(sql`${t.adjustmentId} IS NOT NULL`),
    index("inventory_ledger_created_idx").on(t.storeId, t.createdAt, t.seq),
  ],
);

export const orderAllocations = sqliteTable(
  "order_allocations",
  {
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    locationId: text("location_id").notNull(),
    storeId: text("store_id").notNull(),
    variantId: text("variant_id").notNull(),
    quantity: integer("quantity").notNull(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.position, t.locationId] }), check("order_allocations_quantity", sql`${t.quantity} > 0`)],
);

/** The why of the running batch (one row, written first and deleted last by the batch; empty otherwise). */
export const inventoryContext = sqliteTable("inventory_context", {
  singleton: integer("singleton").primaryKey(),
  storeId: text("store_id").notNull(),
  reason: text("reason").notNull(),
  reference: text("reference"),
  orderId: text("order_id"),
  adjustmentId: text("adjustment_id"),
  actorUserId: text("actor_user_id"),
  actorTokenId: text("actor_token_id"),
  actorIntegrationId: text("actor_integration_id"),
  seqFrom: integer("seq_from").notNull(),
});
