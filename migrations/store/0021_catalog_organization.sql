-- Catalog organization (docs/catalog.md "Tags, collections, filters and sort"): product tags and external ids,
-- variant compare-at prices and external ids, collections, and the columns and indexes that let every list filter
-- and sort be served by an index.
--
-- products.tags holds the tags as given (JSON array); product_tags is derived from it by triggers (one row per tag,
-- lower-cased), so every path that writes a product (API, import, a move's copier) keeps the tag index exact.
-- products.min_price_cents / total_stock / in_stock summarize the variants for the price and stock sorts and the
-- in_stock filter; triggers on product_variants keep them in the very statement that changes a variant, whatever
-- code path (API, bulk, import, moves) writes it. A product without variants: 0, 0, 0.
ALTER TABLE `products` ADD `tags` text DEFAULT '[]' NOT NULL;
--> statement-breakpoint
ALTER TABLE `products` ADD `external_id` text;
--> statement-breakpoint
ALTER TABLE `products` ADD `min_price_cents` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE `products` ADD `total_stock` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE `products` ADD `in_stock` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE `product_variants` ADD `compare_at_price_cents` integer CHECK (`compare_at_price_cents` IS NULL OR `compare_at_price_cents` >= `price_cents`);
--> statement-breakpoint
ALTER TABLE `product_variants` ADD `external_id` text;
--> statement-breakpoint
CREATE UNIQUE INDEX `products_store_external_idx` ON `products` (`store_id`, `external_id`);
--> statement-breakpoint
CREATE UNIQUE INDEX `product_variants_store_external_idx` ON `product_variants` (`store_id`, `external_id`);
--> statement-breakpoint
-- Price-range filter: the variants in a price range, by store.
CREATE INDEX `product_variants_store_price_idx` ON `product_variants` (`store_id`, `price_cents`, `product_id`);
--> statement-breakpoint
-- Sorts: each with and without status (the default list shows live products only).
CREATE INDEX `products_store_created_idx` ON `products` (`store_id`, `created_at`, `id`);
--> statement-breakpoint
CREATE INDEX `products_store_status_created_idx` ON `products` (`store_id`, `status`, `created_at`, `id`);
--> statement-breakpoint
CREATE INDEX `products_store_title_idx` ON `products` (`store_id`, `title` COLLATE NOCASE, `id`);
--> statement-breakpoint
CREATE INDEX `products_store_status_title_idx` ON `products` (`store_id`, `status`, `title` COLLATE NOCASE, `id`);
--> statement-breakpoint
CREATE INDEX `products_store_price_idx` ON `products` (`store_id`, `min_price_cents`, `id`);
--> statement-breakpoint
CREATE INDEX `products_store_status_price_idx` ON `products` (`store_id`, `status`, `min_price_cents`, `id`);
--> statement-breakpoint
CREATE INDEX `products_store_stock_idx` ON `products` (`store_id`, `total_stock`, `id`);
--> statement-breakpoint
CREATE INDEX `products_store_status_stock_idx` ON `products` (`store_id`, `status`, `total_stock`, `id`);
--> statement-breakpoint
-- Filters by a product column, in the default order; status last, so that counting a filter's live products reads
-- the index alone.
CREATE INDEX `products_store_type_updated_idx` ON `products` (`store_id`, `product_type`, `updated_at`, `id`, `status`);
--> statement-breakpoint
CREATE INDEX `products_store_brand_updated_idx` ON `products` (`store_id`, lower(`brand`), `updated_at`, `id`, `status`);
--> statement-breakpoint
CREATE INDEX `products_store_in_stock_updated_idx` ON `products` (`store_id`, `in_stock`, `updated_at`, `id`, `status`);
--> statement-breakpoint
CREATE TABLE `product_tags` (
	`store_id` text NOT NULL,
	`product_id` text NOT NULL,
	`tag_lower` text NOT NULL,
	PRIMARY KEY(`product_id`, `tag_lower`),
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `product_tags_store_tag_idx` ON `product_tags` (`store_id`, `tag_lower`, `product_id`);
--> statement-breakpoint
CREATE TABLE `collections` (
	`id` text PRIMARY KEY NOT NULL,
	`store_id` text NOT NULL,
	`title` text NOT NULL,
	`slug` text NOT NULL,
	`description` text,
	`kind` text NOT NULL,
	`rules` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`store_id`) REFERENCES `stores`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `collections_store_slug_idx` ON `collections` (`store_id`, `slug`);
--> statement-breakpoint
CREATE INDEX `collections_store_updated_idx` ON `collections` (`store_id`, `updated_at`, `id`);
--> statement-breakpoint
CREATE TABLE `collection_products` (
	`store_id` text NOT NULL,
	`collection_id` text NOT NULL,
	`product_id` text NOT NULL,
	`position` integer NOT NULL,
	PRIMARY KEY(`collection_id`, `product_id`),
	FOREIGN KEY (`collection_id`) REFERENCES `collections`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `collection_products_position_idx` ON `collection_products` (`collection_id`, `position`, `product_id`);
--> statement-breakpoint
CREATE INDEX `collection_products_product_idx` ON `collection_products` (`product_id`);
--> statement-breakpoint
-- Tags: product_tags follows products.tags.
CREATE TRIGGER `product_tags_insert` AFTER INSERT ON `products` WHEN new.tags <> '[]' BEGIN
  INSERT OR IGNORE INTO product_tags(store_id, product_id, tag_lower) SELECT new.store_id, new.id, lower(value) FROM json_each(new.tags);
END;
--> statement-breakpoint
CREATE TRIGGER `product_tags_update` AFTER UPDATE OF tags ON `products` WHEN old.tags IS NOT new.tags BEGIN
  DELETE FROM product_tags WHERE product_id = new.id;
  INSERT OR IGNORE INTO product_tags(store_id, product_id, tag_lower) SELECT new.store_id, new.id, lower(value) FROM json_each(new.tags);
END;
--> statement-breakpoint
-- Variant summaries. Skipped while the store's row says `purging` (a move's cleanup deletes variants before
-- products, and the products' pause trigger refuses updates then).
CREATE TRIGGER `products_variant_summary_insert` AFTER INSERT ON `product_variants` BEGIN
  UPDATE products SET
    min_price_cents = coalesce((SELECT min(price_cents) FROM product_variants WHERE product_id = new.product_id), 0),
    total_stock = coalesce((SELECT sum(stock) FROM product_variants WHERE product_id = new.product_id), 0),
    in_stock = EXISTS (SELECT 1 FROM product_variants WHERE product_id = new.product_id AND (stock > 0 OR fulfillment_mode <> 'stocked'))
  WHERE id = new.product_id;
END;
--> statement-breakpoint
CREATE TRIGGER `products_variant_summary_update` AFTER UPDATE OF price_cents, stock, fulfillment_mode ON `product_variants` BEGIN
  UPDATE products SET
    min_price_cents = coalesce((SELECT min(price_cents) FROM product_variants WHERE product_id = new.product_id), 0),
    total_stock = coalesce((SELECT sum(stock) FROM product_variants WHERE product_id = new.product_id), 0),
    in_stock = EXISTS (SELECT 1 FROM product_variants WHERE product_id = new.product_id AND (stock > 0 OR fulfillment_mode <> 'stocked'))
  WHERE id = new.product_id;
END;
--> statement-breakpoint
CREATE TRIGGER `products_variant_summary_delete` AFTER DELETE ON `product_variants`
WHEN (SELECT state FROM stores WHERE id = old.store_id) IS NOT 'purging' BEGIN
  UPDATE products SET
    min_price_cents = coalesce((SELECT min(price_cents) FROM product_variants WHERE product_id = old.product_id), 0),
    total_stock = coalesce((SELECT sum(stock) FROM product_variants WHERE product_id = old.product_id), 0),
    in_stock = EXISTS (SELECT 1 FROM product_variants WHERE product_id = old.product_id AND (stock > 0 OR fulfillment_mode <> 'stocked'))
  WHERE id = old.product_id;
END;
--> statement-breakpoint
UPDATE products SET
  min_price_cents = coalesce((SELECT min(price_cents) FROM product_variants v WHERE v.product_id = products.id), 0),
  total_stock = coalesce((SELECT sum(stock) FROM product_variants v WHERE v.product_id = products.id), 0),
  in_stock = EXISTS (SELECT 1 FROM product_variants v WHERE v.product_id = products.id AND (v.stock > 0 OR v.fulfillment_mode <> 'stocked'));
--> statement-breakpoint
-- Writes paused while a store moves (as migrations/store/0015_store_pause.sql).
CREATE TRIGGER `product_tags_paused_insert` BEFORE INSERT ON `product_tags` WHEN (SELECT state FROM stores WHERE id = NEW.store_id) IN ('moving', 'moved', 'purging') BEGIN SELECT RAISE(ABORT, 'store_paused'); END;
--> statement-breakpoint
CREATE TRIGGER `product_tags_paused_update` BEFORE UPDATE ON `product_tags` WHEN (SELECT state FROM stores WHERE id = NEW.store_id) IN ('moving', 'moved', 'purging') BEGIN SELECT RAISE(ABORT, 'store_paused'); END;
--> statement-breakpoint
CREATE TRIGGER `product_tags_paused_delete` BEFORE DELETE ON `product_tags` WHEN (SELECT state FROM stores WHERE id = OLD.store_id) IN ('moving', 'moved') BEGIN SELECT RAISE(ABORT, 'store_paused'); END;
--> statement-breakpoint
CREATE TRIGGER `collections_paused_insert` BEFORE INSERT ON `collections` WHEN (SELECT state FROM stores WHERE id = NEW.store_id) IN ('moving', 'moved', 'purging') BEGIN SELECT RAISE(ABORT, 'store_paused'); END;
--> statement-breakpoint
CREATE TRIGGER `collections_paused_update` BEFORE UPDATE ON `collections` WHEN (SELECT state FROM stores WHERE id = NEW.store_id) IN ('moving', 'moved', 'purging') BEGIN SELECT RAISE(ABORT, 'store_paused'); END;
--> statement-breakpoint
CREATE TRIGGER `collections_paused_delete` BEFORE DELETE ON `collections` WHEN (SELECT state FROM stores WHERE id = OLD.store_id) IN ('moving', 'moved') BEGIN SELECT RAISE(ABORT, 'store_paused'); END;
--> statement-breakpoint
CREATE TRIGGER `collection_products_paused_insert` BEFORE INSERT ON `collection_products` WHEN (SELECT state FROM stores WHERE id = NEW.store_id) IN ('moving', 'moved', 'purging') BEGIN SELECT RAISE(ABORT, 'store_paused'); END;
--> statement-breakpoint
CREATE TRIGGER `collection_products_paused_update` BEFORE UPDATE ON `collection_products` WHEN (SELECT state FROM stores WHERE id = NEW.store_id) IN ('moving', 'moved', 'purging') BEGIN SELECT RAISE(ABORT, 'store_paused'); END;
--> statement-breakpoint
CREATE TRIGGER `collection_products_paused_delete` BEFORE DELETE ON `collection_products` WHEN (SELECT state FROM stores WHERE id = OLD.store_id) IN ('moving', 'moved') BEGIN SELECT RAISE(ABORT, 'store_paused'); END;
