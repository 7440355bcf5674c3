-- Catalog list indexes (docs/catalog.md "Filters and sort", docs/performance.md "Catalog"): the tag filter walks the
-- tag index in the default order and stops after a page, and counts its matches from that index alone.
--
-- product_tags carries a copy of its product's status and updated_at (kept by triggers, like the rows themselves),
-- indexed as (store_id, tag_lower, updated_at, product_id, status): a tag's products newest change first, with the
-- status last so that the live/draft check and the count of matches read the index, not the products.
ALTER TABLE `product_tags` ADD `status` text DEFAULT 'draft' NOT NULL;
--> statement-breakpoint
ALTER TABLE `product_tags` ADD `updated_at` text DEFAULT '' NOT NULL;
--> statement-breakpoint
-- The backfill updates rows of every store, also of one that is moving: the pause trigger is set aside for it.
DROP TRIGGER `product_tags_paused_update`;
--> statement-breakpoint
UPDATE product_tags SET
  status = (SELECT p.status FROM products p WHERE p.id = product_tags.product_id),
  updated_at = (SELECT p.updated_at FROM products p WHERE p.id = product_tags.product_id);
--> statement-breakpoint
CREATE TRIGGER `product_tags_paused_update` BEFORE UPDATE ON `product_tags` WHEN (SELECT state FROM stores WHERE id = NEW.store_id) IN ('moving', 'moved', 'purging') BEGIN SELECT RAISE(ABORT, 'store_paused'); END;
--> statement-breakpoint
CREATE INDEX `product_tags_store_tag_updated_idx` ON `product_tags` (`store_id`, `tag_lower`, `updated_at`, `product_id`, `status`);
--> statement-breakpoint
DROP TRIGGER `product_tags_insert`;
--> statement-breakpoint
CREATE TRIGGER `product_tags_insert` AFTER INSERT ON `products` WHEN new.tags <> '[]' BEGIN
  INSERT OR IGNORE INTO product_tags(store_id, product_id, tag_lower, status, updated_at)
    SELECT new.store_id, new.id, lower(value), new.status, new.updated_at FROM json_each(new.tags);
END;
--> statement-breakpoint
DROP TRIGGER `product_tags_update`;
--> statement-breakpoint
CREATE TRIGGER `product_tags_update` AFTER UPDATE OF tags ON `products` WHEN old.tags IS NOT new.tags BEGIN
  DELETE FROM product_tags WHERE product_id = new.id;
  INSERT OR IGNORE INTO product_tags(store_id, product_id, tag_lower, status, updated_at)
    SELECT new.store_id, new.id, lower(value), new.status, new.updated_at FROM json_each(new.tags);
END;
--> statement-breakpoint
-- A product's status or updated_at changed (its tags perhaps not): its tag rows follow.
CREATE TRIGGER `product_tags_follow` AFTER UPDATE OF status, updated_at ON `products`
WHEN old.status IS NOT new.status OR old.updated_at IS NOT new.updated_at BEGIN
  UPDATE product_tags SET status = new.status, updated_at = new.updated_at WHERE product_id = new.id;
END;
--> statement-breakpoint
-- The in_stock filter's `total` without counting: the store's counters also hold its in-stock products, all and
-- live ones (in_stock=false is the rest). The three counter triggers of 0004 are replaced by ones that keep all four.
ALTER TABLE `store_catalog_stats` ADD `in_stock` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE `store_catalog_stats` ADD `live_in_stock` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
DROP TRIGGER `store_catalog_stats_paused_update`;
--> statement-breakpoint
UPDATE store_catalog_stats SET
  in_stock = (SELECT count(*) FROM products p WHERE p.store_id = store_catalog_stats.store_id AND p.in_stock <> 0),
  live_in_stock = (SELECT count(*) FROM products p WHERE p.store_id = store_catalog_stats.store_id AND p.in_stock <> 0 AND p.status = 'live');
--> statement-breakpoint
CREATE TRIGGER `store_catalog_stats_paused_update` BEFORE UPDATE ON `store_catalog_stats` WHEN (SELECT state FROM stores WHERE id = NEW.store_id) IN ('moving', 'moved', 'purging') BEGIN SELECT RAISE(ABORT, 'store_paused'); END;
--> statement-breakpoint
DROP TRIGGER `store_catalog_stats_insert`;
--> statement-breakpoint
CREATE TRIGGER `store_catalog_stats_insert` AFTER INSERT ON `products` BEGIN
  INSERT INTO store_catalog_stats(store_id, total, live, in_stock, live_in_stock)
    VALUES (new.store_id, 1, new.status = 'live', new.in_stock <> 0, new.status = 'live' AND new.in_stock <> 0)
  ON CONFLICT(store_id) DO UPDATE SET total = total + 1, live = live + excluded.live,
    in_stock = in_stock + excluded.in_stock, live_in_stock = live_in_stock + excluded.live_in_stock;
END;
--> statement-breakpoint
DROP TRIGGER `store_catalog_stats_delete`;
--> statement-breakpoint
CREATE TRIGGER `store_catalog_stats_delete` AFTER DELETE ON `products` BEGIN
  UPDATE store_catalog_stats SET total = total - 1, live = live - (old.status = 'live'),
    in_stock = in_stock - (old.in_stock <> 0), live_in_stock = live_in_stock - (old.status = 'live' AND old.in_stock <> 0)
  WHERE store_id = old.store_id;
END;
--> statement-breakpoint
DROP TRIGGER `store_catalog_stats_status`;
--> statement-breakpoint
CREATE TRIGGER `store_catalog_stats_status` AFTER UPDATE OF status, in_stock ON `products`
WHEN old.status IS NOT new.status OR old.in_stock IS NOT new.in_stock BEGIN
  UPDATE store_catalog_stats SET
    live = live + (new.status = 'live') - (old.status = 'live'),
    in_stock = in_stock + (new.in_stock <> 0) - (old.in_stock <> 0),
    live_in_stock = live_in_stock + (new.status = 'live' AND new.in_stock <> 0) - (old.status = 'live' AND old.in_stock <> 0)
  WHERE store_id = new.store_id;
END;
--> statement-breakpoint
-- The price-range filter: a variant carries its product's status and updated_at (kept by triggers), indexed after
-- (store_id, price_cents, product_id), so that the matches in a price range are read, sorted and counted from the
-- variant index alone (no product row but the page's).
ALTER TABLE `product_variants` ADD `product_status` text DEFAULT 'draft' NOT NULL;
--> statement-breakpoint
ALTER TABLE `product_variants` ADD `product_updated_at` text DEFAULT '' NOT NULL;
--> statement-breakpoint
DROP TRIGGER `product_variants_paused_update`;
--> statement-breakpoint
UPDATE product_variants SET
  product_status = (SELECT p.status FROM products p WHERE p.id = product_variants.product_id),
  product_updated_at = (SELECT p.updated_at FROM products p WHERE p.id = product_variants.product_id);
--> statement-breakpoint
CREATE TRIGGER `product_variants_paused_update` BEFORE UPDATE ON `product_variants` WHEN (SELECT state FROM stores WHERE id = NEW.store_id) IN ('moving', 'moved', 'purging') BEGIN SELECT RAISE(ABORT, 'store_paused'); END;
--> statement-breakpoint
CREATE INDEX `product_variants_store_price_product_idx` ON `product_variants` (`store_id`, `price_cents`, `product_id`, `product_status`, `product_updated_at`);
--> statement-breakpoint
CREATE TRIGGER `product_variants_product_copy` AFTER INSERT ON `product_variants` BEGIN
  UPDATE product_variants SET
    product_status = (SELECT p.status FROM products p WHERE p.id = new.product_id),
    product_updated_at = (SELECT p.updated_at FROM products p WHERE p.id = new.product_id)
  WHERE id = new.id;
END;
--> statement-breakpoint
CREATE TRIGGER `product_variants_product_follow` AFTER UPDATE OF status, updated_at ON `products`
WHEN old.status IS NOT new.status OR old.updated_at IS NOT new.updated_at BEGIN
  UPDATE product_variants SET product_status = new.status, product_updated_at = new.updated_at WHERE product_id = new.id;
END;
