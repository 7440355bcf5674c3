// The store media library: one row per uploaded image, whose bytes live in R2 (the `MEDIA` bucket) under
// `r2_key`. Derived sizes are not rows: they are R2 objects next to the original, made on first request.
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { stores } from "./identity";

export const mediaFiles = sqliteTable(
  "media_files",
  {
    id: text("id").primaryKey(),
    storeId: text("store_id").notNull().references(() => stores.id, { onDelete: "cascade" }),
    r2Key: text("r2_key").notNull(),
    filename: text("filename").notNull(),
    contentType: text("content_type").notNull(),
    bytes: integer("bytes").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    /** The alt text given at upload; the default alt of gallery items made from this file. */
    alt: text("alt"),
    createdAt: text("created_at").notNull(),
  },
  (t) => [index("media_files_store_idx").on(t.storeId, t.createdAt, t.id)],
);
