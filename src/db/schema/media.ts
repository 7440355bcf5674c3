// The store media library: one row per uploaded image, whose bytes live in R2 (the `MEDIA` bucket) under
// `r2_key`. Derived sizes are not rows: they are R2 objects next to the original, made on first request.
// The product gallery: ordered images (library files) and videos (URLs) of a product.
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { products, productVariants } from "./catalog";
import { stores } from "./identity";

export const mediaFiles = sqliteTable(
  "media_files",
  {
    id: text("id").primaryKey(),
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    r2Key: text("r2_key").notNull(),
    filename: text("filename").notNull(),
    contentType: text("content_type").notNull(),
    bytes: integer("bytes").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    /** The alt text given at upload; the default alt of gallery items made from this file. */
    alt: text("alt"),
    createdAt: text("created_at").notNull(),
    /** The URL an import fetched the file from (Shopify's Image Src); null for an upload. */
    sourceUrl: text("source_url"),
  },
  (t) => [
    index("media_files_store_idx").on(t.storeId, t.createdAt, t.id),
    index("media_files_source_idx").on(t.storeId, t.sourceUrl).where(sql`source_url IS NOT NULL`),
  ],
);

/**
 * Gallery rows go with their product (ON DELETE CASCADE); the library file stays. A deleted variant un-scopes its
 * items (SET NULL): the media is kept and shown for every variant rather than silently dropped.
 * Positions are dense from 0 and exactly one row per non-empty gallery is primary: kept by the gallery service
 * inside each change's batch (a UNIQUE index cannot be used: shifting positions would collide mid-statement).
 */
export const productImages = sqliteTable(
  "product_images",
  {
    id: text("id").primaryKey(),
    storeId: text("store_id").notNull(),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    mediaType: text("media_type", { enum: ["image", "video"] }).notNull(),
    mediaFileId: text("media_file_id").references(() => mediaFiles.id),
    /** Videos only: the video URL (images are served from their library file). */
    url: text("url"),
    posterUrl: text("poster_url"),
    provider: text("provider", { enum: ["youtube", "vimeo", "upload", "external"] }),
    alt: text("alt"),
    position: integer("position").notNull(),
    isPrimary: integer("is_primary", { mode: "boolean" }).notNull(),
    productVariantId: text("product_variant_id").references(() => productVariants.id, { onDelete: "set null" }),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [index("product_images_product_idx").on(t.productId, t.position), index("product_images_variant_idx").on(t.productVariantId)],
);
