// The catalog: products, their variants, specs and reviews, and per-store product counters.
// Indexes are shaped for the list endpoint: (store_id[, status], updated_at, id) serves "newest first" pages
// straight from the index, and (store_id, sku_lower) serves SKU-prefix search as a range scan. Title search uses
// an FTS5 trigram index and the counters are kept by triggers (custom migration migrations/store/0004_catalog_search.sql).
import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { stores } from "./identity";

export const products = sqliteTable(
  "products",
  {
    id: text("id").primaryKey(),
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    description: text("description"),
    brand: text("brand"),
    productType: text("product_type", { enum: ["single", "variable"] }).notNull(),
    status: text("status", { enum: ["draft", "live"] }).notNull(),
    seoTitle: text("seo_title"),
    seoDescription: text("seo_description"),
    highlightVideoUrl: text("highlight_video_url"),
    highlightVideoPosterUrl: text("highlight_video_poster_url"),
    highlightVideoProvider: text("highlight_video_provider", { enum: ["youtube", "vimeo", "upload", "external"] }),
    reviewCount: integer("review_count").notNull().default(0),
    ratingSum: integer("rating_sum").notNull().default(0),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
    publishedAt: text("published_at"),
    /** The tags as given, JSON array; product_tags (lower-cased, for the filter) follows it by trigger. */
    tags: text("tags").notNull().default("[]"),
    externalId: text("external_id"),
    /** Variant summaries for the price and stock sorts and the in_stock filter, kept by triggers (migration 0021). */
    minPriceCents: integer("min_price_cents").notNull().default(0),
    totalStock: integer("total_stock").notNull().default(0),
    inStock: integer("in_stock", { mode: "boolean" }).notNull().default(false),
    /** Custom field values (docs/api/21-custom-fields.md): JSON {key: value}, keys with a value only. */
    fields: text("fields").notNull().default("{}"),
  },
  (t) => [
    uniqueIndex("products_store_slug_idx").on(t.storeId, t.slug),
    uniqueIndex("products_store_external_idx").on(t.storeId, t.externalId),
    index("products_store_updated_idx").on(t.storeId, t.updatedAt, t.id),
    index("products_store_status_updated_idx").on(t.storeId, t.status, t.updatedAt, t.id),
    index("products_store_created_idx").on(t.storeId, t.createdAt, t.id),
    index("products_store_status_created_idx").on(t.storeId, t.status, t.createdAt, t.id),
    index("products_store_title_idx").on(t.storeId, sql`${t.title} COLLATE NOCASE`, t.id),
    index("products_store_status_title_idx").on(t.storeId, t.status, sql`${t.title} COLLATE NOCASE`, t.id),
    index("products_store_price_idx").on(t.storeId, t.minPriceCents, t.id),
    index("products_store_status_price_idx").on(t.storeId, t.status, t.minPriceCents, t.id),
    index("products_store_stock_idx").on(t.storeId, t.totalStock, t.id),
    index("products_store_status_stock_idx").on(t.storeId, t.status, t.totalStock, t.id),
    index("products_store_type_updated_idx").on(t.storeId, t.productType, t.updatedAt, t.id, t.status),
    index("products_store_brand_updated_idx").on(t.storeId, sql`lower(${t.brand})`, t.updatedAt, t.id, t.status),
    index("products_store_in_stock_updated_idx").on(t.storeId, t.inStock, t.updatedAt, t.id, t.status),
  ],
);

export const productVariants = sqliteTable(
  "product_variants",
  {
    id: text("id").primaryKey(),
    storeId: text("store_id").notNull(),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    isDefault: integer("is_default", { mode: "boolean" }).notNull().default(false),
    sku: text("sku"),
    /** Lower-cased SKU: uniqueness and prefix search are case-insensitive. */
    skuLower: text("sku_lower"),
    priceCents: integer("price_cents").notNull(),
    stock: integer("stock").notNull().default(0),
    fulfillmentMode: text("fulfillment_mode", { enum: ["stocked", "on_demand", "stocked_or_on_demand"] })
      .notNull()
      .default("stocked"),
    /** The option values as sent, JSON `[{name, value}]`. */
    optionValues: text("option_values").notNull().default("[]"),
    /** Canonical form of the option values (lower-cased, sorted by name) for the per-product uniqueness rule. */
    optionKey: text("option_key").notNull(),
    boxLengthMm: integer("box_length_mm"),
    boxWidthMm: integer("box_width_mm"),
    boxHeightMm: integer("box_height_mm"),
    boxWeightG: integer("box_weight_g"),
    position: integer("position").notNull().default(0),
    createdAt: text("created_at").notNull(),
    /** Copies of the product's status and updated_at, kept by triggers (migration 0024): the price filter's index. */
    productStatus: text("product_status", { enum: ["draft", "live"] })
      .notNull()
      .default("draft"),
    productUpdatedAt: text("product_updated_at").notNull().default(""),
    updatedAt: text("updated_at").notNull(),
    compareAtPriceCents: integer("compare_at_price_cents"),
    externalId: text("external_id"),
    /** Custom field values (docs/api/21-custom-fields.md): JSON {key: value}, keys with a value only. */
    fields: text("fields").notNull().default("{}"),
  },
  (t) => [
    uniqueIndex("product_variants_store_sku_idx").on(t.storeId, t.skuLower),
    uniqueIndex("product_variants_store_external_idx").on(t.storeId, t.externalId),
    // Serves every (store_id, price_cents[, product_id]) seek too: its shorter twin went in migration 0041.
    index("product_variants_store_price_product_idx").on(t.storeId, t.priceCents, t.productId, t.productStatus, t.productUpdatedAt),
    check("product_variants_compare_at_check", sql`${t.compareAtPriceCents} IS NULL OR ${t.compareAtPriceCents} >= ${t.priceCents}`),
    uniqueIndex("product_variants_options_idx").on(t.productId, t.optionKey),
    index("product_variants_product_idx").on(t.productId, t.position),
    check("product_variants_stock_check", sql`${t.stock} >= 0`),
    check("product_variants_price_check", sql`${t.priceCents} >= 0`),
  ],
);

export const productSpecs = sqliteTable(
  "product_specs",
  {
    id: text("id").primaryKey(),
    storeId: text("store_id").notNull(),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    group: text("group"),
    key: text("key").notNull(),
    value: text("value").notNull(),
    position: integer("position").notNull(),
  },
  (t) => [index("product_specs_product_idx").on(t.productId, t.position)],
);

export const productReviews = sqliteTable(
  "product_reviews",
  {
    id: text("id").primaryKey(),
    storeId: text("store_id").notNull(),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    authorName: text("author_name").notNull(),
    rating: integer("rating").notNull(),
    title: text("title"),
    body: text("body"),
    createdAt: text("created_at").notNull(),
  },
  (t) => [index("product_reviews_product_idx").on(t.productId, t.createdAt, t.id)],
);

/** Per-store product counts, so a list page's `total` is one row read instead of a count of the store. */
export const storeCatalogStats = sqliteTable("store_catalog_stats", {
  storeId: text("store_id")
    .primaryKey()
    .references(() => stores.id, { onDelete: "cascade" }),
  total: integer("total").notNull().default(0),
  live: integer("live").notNull().default(0),
  /** In-stock products, all and live ones (migration 0024): the in_stock filter's total. */
  inStock: integer("in_stock").notNull().default(0),
  liveInStock: integer("live_in_stock").notNull().default(0),
  /** Variable products: all, live, and of those in stock (migration 0025): the product_type filter's total. */
  variable: integer("variable").notNull().default(0),
  liveVariable: integer("live_variable").notNull().default(0),
  variableInStock: integer("variable_in_stock").notNull().default(0),
  liveVariableInStock: integer("live_variable_in_stock").notNull().default(0),
});
