// Prices in several currencies (docs/pricing.md; migrations/store/0035_pricing.sql): customer groups and their
// members, price lists with their prices, and the history of every price change (list and base prices alike).
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { customers } from "./commerce";
import { productVariants } from "./catalog";
import { stores } from "./identity";

export const customerGroups = sqliteTable(
  "customer_groups",
  {
    id: text("id").primaryKey(),
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    code: text("code").notNull(),
    /** Codes are unique per store case-insensitively. */
    codeLower: text("code_lower").notNull(),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [uniqueIndex("customer_groups_store_code_idx").on(t.storeId, t.codeLower), index("customer_groups_store_idx").on(t.storeId, t.createdAt, t.id)],
);

export const customerGroupMembers = sqliteTable(
  "customer_group_members",
  {
    groupId: text("group_id")
      .notNull()
      .references(() => customerGroups.id, { onDelete: "cascade" }),
    customerId: text("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    storeId: text("store_id").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.customerId] }),
    index("customer_group_members_customer_idx").on(t.customerId, t.groupId),
    index("customer_group_members_store_idx").on(t.storeId),
  ],
);

export const priceLists = sqliteTable(
  "price_lists",
  {
    id: text("id").primaryKey(),
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    code: text("code").notNull(),
    codeLower: text("code_lower").notNull(),
    status: text("status", { enum: ["draft", "active"] }).notNull(),
    currency: text("currency").notNull(),
    priority: integer("priority").notNull().default(0),
    /** JSON array of ISO 3166-1 alpha-2 codes; [] = every country. */
    countries: text("countries").notNull().default("[]"),
    /** JSON array of customer group ids; [] = every buyer. */
    customerGroupIds: text("customer_group_ids").notNull().default("[]"),
    /** Half-open [starts_at, ends_at); null = unbounded. Stored as nowIso() strings, so they compare as text. */
    startsAt: text("starts_at"),
    endsAt: text("ends_at"),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [uniqueIndex("price_lists_store_code_idx").on(t.storeId, t.codeLower), index("price_lists_store_idx").on(t.storeId, t.createdAt, t.id)],
);

export const prices = sqliteTable(
  "prices",
  {
    variantId: text("variant_id")
      .notNull()
      .references(() => productVariants.id, { onDelete: "cascade" }),
    priceListId: text("price_list_id")
      .notNull()
      .references(() => priceLists.id, { onDelete: "cascade" }),
    minQuantity: integer("min_quantity").notNull(),
    storeId: text("store_id").notNull(),
    productId: text("product_id").notNull(),
    priceCents: integer("price_cents").notNull(),
    compareAtPriceCents: integer("compare_at_price_cents"),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.variantId, t.priceListId, t.minQuantity] }),
    index("prices_list_idx").on(t.priceListId, t.variantId, t.minQuantity),
    index("prices_list_product_idx").on(t.priceListId, t.productId),
    index("prices_store_idx").on(t.storeId),
  ],
);

export const priceHistory = sqliteTable(
  "price_history",
  {
    id: text("id").primaryKey(),
    storeId: text("store_id").notNull(),
    variantId: text("variant_id").notNull(),
    /** Null: the variant's base price. */
    priceListId: text("price_list_id"),
    currency: text("currency").notNull(),
    minQuantity: integer("min_quantity").notNull(),
    /** Null: the price was deleted from its list at `changed_at`. */
    priceCents: integer("price_cents"),
    compareAtPriceCents: integer("compare_at_price_cents"),
    changedAt: text("changed_at").notNull(),
    /** JSON {user_id, token_id, integration_id}, or null when the change came from no request. */
    actor: text("actor").notNull(),
  },
  (t) => [
    index("price_history_source_idx").on(t.variantId, t.priceListId, t.minQuantity, t.changedAt),
    index("price_history_store_idx").on(t.storeId, t.changedAt, t.id),
  ],
);

/**
 * Who is making the running batch (one row, written first and deleted last by `commit`; empty otherwise): the base
 * price history triggers copy it into their rows.
 */
export const batchActor = sqliteTable("batch_actor", {
  singleton: integer("singleton").primaryKey(),
  storeId: text("store_id").notNull(),
  actor: text("actor").notNull(),
});
