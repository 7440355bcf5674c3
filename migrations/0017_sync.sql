-- Issue 17 (API.md section 15): change feeds, the deletions feed, bulk-change audit details, CSV imports.
-- Orders and customers walked as change feeds (updated_at ascending, then id) read these indexes in order.
CREATE INDEX `orders_store_updated_idx` ON `orders` (`store_id`, `updated_at`, `id`);--> statement-breakpoint
CREATE INDEX `customers_store_updated_idx` ON `customers` (`store_id`, `updated_at`, `id`);--> statement-breakpoint
-- One row per deleted product, written in the deletion's own batch; deleted by retention like events (id is a
-- UUIDv7 of the deletion time).
CREATE TABLE `product_deletions` (
  `id` text PRIMARY KEY NOT NULL,
  `store_id` text NOT NULL,
  `product_id` text NOT NULL,
  `deleted_at` text NOT NULL
);--> statement-breakpoint
CREATE INDEX `product_deletions_store_idx` ON `product_deletions` (`store_id`, `deleted_at`, `id`);--> statement-breakpoint
-- What a change touched when the resource id alone does not say it (variant.bulk_update lists its variant ids).
ALTER TABLE `audit_log` ADD `details` text;--> statement-breakpoint
-- CSV imports: the file is in R2 (imports/<store>/<id>.csv); this row is its progress and first 100 errors.
CREATE TABLE `product_imports` (
  `id` text PRIMARY KEY NOT NULL,
  `store_id` text NOT NULL REFERENCES `stores`(`id`) ON DELETE CASCADE,
  `user_id` text NOT NULL,
  `token_id` text,
  `token_name` text,
  `can_publish` integer NOT NULL,
  `state` text NOT NULL,
  `object_key` text NOT NULL,
  `rows_total` integer NOT NULL DEFAULT 0,
  `rows_done` integer NOT NULL DEFAULT 0,
  `products_created` integer NOT NULL DEFAULT 0,
  `products_updated` integer NOT NULL DEFAULT 0,
  `variants_created` integer NOT NULL DEFAULT 0,
  `variants_updated` integer NOT NULL DEFAULT 0,
  `errors` text NOT NULL DEFAULT '[]',
  `chunks` text NOT NULL DEFAULT '[]',
  `created_at` text NOT NULL,
  `updated_at` text NOT NULL
);--> statement-breakpoint
CREATE INDEX `product_imports_store_idx` ON `product_imports` (`store_id`, `id`);
