// Integrations (docs/api/15-sync-and-bulk.md): the record of deleted products, and CSV imports with their progress.
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { stores } from "./identity";

/** One row per deleted product, written in the deletion's batch, kept as long as events (src/retention). */
export const productDeletions = sqliteTable(
  "product_deletions",
  {
    /** UUIDv7 of the deletion: retention deletes by id range, like events. */
    id: text("id").primaryKey(),
    storeId: text("store_id").notNull(),
    productId: text("product_id").notNull(),
    deletedAt: text("deleted_at").notNull(),
  },
  (t) => [index("product_deletions_store_idx").on(t.storeId, t.deletedAt, t.id)],
);

export const productImports = sqliteTable(
  "product_imports",
  {
    id: text("id").primaryKey(),
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    /** Who started it: the import's changes are audited as theirs (null: an integration started it). */
    userId: text("user_id"),
    tokenId: text("token_id"),
    tokenName: text("token_name"),
    /** The integration whose key started it (docs/api/16-integrations.md), else null. */
    integrationId: text("integration_id"),
    integrationName: text("integration_name"),
    /** Whether the starter held products.publish at upload: kept for the record; every slice reads what they hold now (src/access/job-access.ts). */
    canPublish: integer("can_publish", { mode: "boolean" }).notNull(),
    state: text("state", { enum: ["queued", "running", "done", "failed"] }).notNull(),
    objectKey: text("object_key").notNull(),
    rowsTotal: integer("rows_total").notNull().default(0),
    rowsDone: integer("rows_done").notNull().default(0),
    productsCreated: integer("products_created").notNull().default(0),
    productsUpdated: integer("products_updated").notNull().default(0),
    variantsCreated: integer("variants_created").notNull().default(0),
    variantsUpdated: integer("variants_updated").notNull().default(0),
    /** JSON `[{line, message}]`, the first 100. */
    errors: text("errors").notNull().default("[]"),
    /** JSON `[[byteOffset, byteEnd, firstLine], ...]`: the file's slices of rows, found by the first step. */
    chunks: text("chunks").notNull().default("[]"),
    /** "native" (sections 15 and 16) or "shopify" (section 23), recognised by the header at upload. */
    format: text("format", { enum: ["native", "shopify"] })
      .notNull()
      .default("native"),
    /** JSON array: the Shopify columns with no counterpart here, as the header names them. */
    ignoredColumns: text("ignored_columns").notNull().default("[]"),
    /** JSON `[{line, message}]`, the first 100: images that could not be fetched, values imported differently. */
    warnings: text("warnings").notNull().default("[]"),
    /** Shopify imports: the rows whose images are placed (follows rows_done, slice by slice). */
    imagesDone: integer("images_done").notNull().default(0),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [index("product_imports_store_idx").on(t.storeId, t.id)],
);
