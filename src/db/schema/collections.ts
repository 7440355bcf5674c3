// Catalog organization: product tags (derived from products.tags by triggers, for the tag filter's index) and
// collections, manual (ordered members) or automatic (rules evaluated at read time). Migration 0021.
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { products } from "./catalog";
import { stores } from "./identity";

export const productTags = sqliteTable(
  "product_tags",
  {
    storeId: text("store_id").notNull(),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    tagLower: text("tag_lower").notNull(),
    /** Copies of the product's status and updated_at, kept by triggers (migration 0024): the tag filter's order. */
    status: text("status", { enum: ["draft", "live"] })
      .notNull()
      .default("draft"),
    updatedAt: text("updated_at").notNull().default(""),
    /** The product's whole tag set, lowercased, between commas (",a,b,"; migration 0025): several tags' count. */
    tagList: text("tag_list").notNull().default(","),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.tagLower] }),
    /** The tag walk (migration 0024), with the tag set last (0025): several tags checked from the index alone. */
    index("product_tags_store_tag_list_idx").on(t.storeId, t.tagLower, t.updatedAt, t.productId, t.status, t.tagList),
  ],
);

export const collections = sqliteTable(
  "collections",
  {
    id: text("id").primaryKey(),
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    slug: text("slug").notNull(),
    description: text("description"),
    kind: text("kind", { enum: ["manual", "automatic"] }).notNull(),
    /** JSON `{match, conditions}` for automatic collections; null for manual ones. */
    rules: text("rules"),
    /** Custom field values (docs/api/21-custom-fields.md): JSON {key: value}, keys with a value only. */
    fields: text("fields").notNull().default("{}"),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("collections_store_slug_idx").on(t.storeId, t.slug),
    index("collections_store_updated_idx").on(t.storeId, t.updatedAt, t.id),
    // The walk of a field definition's slices (migration 0032, src/fields/slices.ts).
    index("collections_store_created_idx").on(t.storeId, t.createdAt, t.id),
  ],
);

export const collectionProducts = sqliteTable(
  "collection_products",
  {
    storeId: text("store_id").notNull(),
    collectionId: text("collection_id")
      .notNull()
      .references(() => collections.id, { onDelete: "cascade" }),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.collectionId, t.productId] }),
    index("collection_products_position_idx").on(t.collectionId, t.position, t.productId),
    index("collection_products_product_idx").on(t.productId),
  ],
);
