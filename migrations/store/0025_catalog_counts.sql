-- Catalog counts (docs/catalog.md "Filters and sort", docs/performance.md "Catalog"): `total` of the product_type
-- filter from the store's counters, and the count of a list filtered by several tags from one index range.
--
-- store_catalog_stats also counts variable products: all, live, and of those in stock (single = total - variable), so
-- that every combination of status, product_type and in_stock alone takes `total` from the counters instead of
-- counting up to the whole store (60,000 index entries for product_type=variable in a 100,000-product store).
ALTER TABLE `store_catalog_stats` ADD `variable` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE `store_catalog_stats` ADD `live_variable` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE `store_catalog_stats` ADD `variable_in_stock` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE `store_catalog_stats` ADD `live_variable_in_stock` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- The backfill updates the counters of every store, also of one that is moving: the pause trigger is set aside for it.
DROP TRIGGER `store_catalog_stats_paused_update`;
--> statement-breakpoint
UPDATE store_catalog_stats SET
  variable = (SELECT count(*) FROM products p WHERE p.store_id = store_catalog_stats.store_id AND p.product_type = 'variable'),
  live_variable = (SELECT count(*) FROM products p
    WHERE p.store_id = store_catalog_stats.store_id AND p.product_type = 'variable' AND p.status = 'live'),
  variable_in_stock = (SELECT count(*) FROM products p
    WHERE p.store_id = store_catalog_stats.store_id AND p.product_type = 'variable' AND p.in_stock <> 0),
  live_variable_in_stock = (SELECT count(*) FROM products p
    WHERE p.store_id = store_catalog_stats.store_id AND p.product_type = 'variable' AND p.in_stock <> 0 AND p.status = 'live');
--> statement-breakpoint
CREATE TRIGGER `store_catalog_stats_paused_update` BEFORE UPDATE ON `store_catalog_stats` WHEN (SELECT state FROM stores WHERE id = NEW.store_id) IN ('moving', 'moved', 'purging') BEGIN SELECT RAISE(ABORT, 'store_paused'); END;
--> statement-breakpoint
-- The three counter triggers of 0024 are replaced by ones that keep all eight counters; product_type is watched
-- too (the API does not change it after creation, but a counter must not depend on that).
DROP TRIGGER `store_catalog_stats_insert`;
--> statement-breakpoint
CREATE TRIGGER `store_catalog_stats_insert` AFTER INSERT ON `products` BEGIN
  INSERT INTO store_catalog_stats(store_id, total, live, in_stock, live_in_stock, variable, live_variable, variable_in_stock, live_variable_in_stock)
    VALUES (new.store_id, 1, new.status = 'live', new.in_stock <> 0, new.status = 'live' AND new.in_stock <> 0,
      new.product_type = 'variable', new.product_type = 'variable' AND new.status = 'live',
      new.product_type = 'variable' AND new.in_stock <> 0, new.product_type = 'variable' AND new.status = 'live' AND new.in_stock <> 0)
  ON CONFLICT(store_id) DO UPDATE SET total = total + 1, live = live + excluded.live,
    in_stock = in_stock + excluded.in_stock, live_in_stock = live_in_stock + excluded.live_in_stock,
    variable = variable + excluded.variable, live_variable = live_variable + excluded.live_variable,
    variable_in_stock = variable_in_stock + excluded.variable_in_stock,
    live_variable_in_stock = live_variable_in_stock + excluded.live_variable_in_stock;
END;
--> statement-breakpoint
DROP TRIGGER `store_catalog_stats_delete`;
--> statement-breakpoint
CREATE TRIGGER `store_catalog_stats_delete` AFTER DELETE ON `products` BEGIN
  UPDATE store_catalog_stats SET total = total - 1, live = live - (old.status = 'live'),
    in_stock = in_stock - (old.in_stock <> 0), live_in_stock = live_in_stock - (old.status = 'live' AND old.in_stock <> 0),
    variable = variable - (old.product_type = 'variable'),
    live_variable = live_variable - (old.product_type = 'variable' AND old.status = 'live'),
    variable_in_stock = variable_in_stock - (old.product_type = 'variable' AND old.in_stock <> 0),
    live_variable_in_stock = live_variable_in_stock - (old.product_type = 'variable' AND old.status = 'live' AND old.in_stock <> 0)
  WHERE store_id = old.store_id;
END;
--> statement-breakpoint
DROP TRIGGER `store_catalog_stats_status`;
--> statement-breakpoint
CREATE TRIGGER `store_catalog_stats_status` AFTER UPDATE OF status, in_stock, product_type ON `products`
WHEN old.status IS NOT new.status OR old.in_stock IS NOT new.in_stock OR old.product_type IS NOT new.product_type BEGIN
  UPDATE store_catalog_stats SET
    live = live + (new.status = 'live') - (old.status = 'live'),
    in_stock = in_stock + (new.in_stock <> 0) - (old.in_stock <> 0),
    live_in_stock = live_in_stock + (new.status = 'live' AND new.in_stock <> 0) - (old.status = 'live' AND old.in_stock <> 0),
    variable = variable + (new.product_type = 'variable') - (old.product_type = 'variable'),
    live_variable = live_variable + (new.product_type = 'variable' AND new.status = 'live')
      - (old.product_type = 'variable' AND old.status = 'live'),
    variable_in_stock = variable_in_stock + (new.product_type = 'variable' AND new.in_stock <> 0)
      - (old.product_type = 'variable' AND old.in_stock <> 0),
    live_variable_in_stock = live_variable_in_stock + (new.product_type = 'variable' AND new.status = 'live' AND new.in_stock <> 0)
      - (old.product_type = 'variable' AND old.status = 'live' AND old.in_stock <> 0)
  WHERE store_id = new.store_id;
END;
--> statement-breakpoint
-- Several tags: each tag row also carries its product's whole tag set, lowercased as in tag_lower and between commas
-- (",sale,shoes,"; a tag has no comma: the API refuses one and the CSV cell splits on them), at the end of the tag
-- walk's index. A list filtered by several tags then walks the first tag's range of that index and checks the
-- others in each entry, for the page and the count, from the index alone, instead of looking each product up in
-- the other tags' rows (5,000 lookups to count a 5% tag: 2-3x the default list in the benchmark; a whole walk of the
-- first tag when the other one is rare). The rows are rewritten whenever the product's tags change
-- (product_tags_update deletes and inserts them), so the copy cannot go stale.
ALTER TABLE `product_tags` ADD `tag_list` text DEFAULT ',' NOT NULL;
--> statement-breakpoint
-- The backfill updates tag rows of every store, also of one that is moving: the pause trigger is set aside for it.
DROP TRIGGER `product_tags_paused_update`;
--> statement-breakpoint
UPDATE product_tags SET tag_list = coalesce(
  (SELECT ',' || group_concat(lower(j.value), ',') || ',' FROM products p, json_each(p.tags) j WHERE p.id = product_tags.product_id), ',');
--> statement-breakpoint
CREATE TRIGGER `product_tags_paused_update` BEFORE UPDATE ON `product_tags` WHEN (SELECT state FROM stores WHERE id = NEW.store_id) IN ('moving', 'moved', 'purging') BEGIN SELECT RAISE(ABORT, 'store_paused'); END;
--> statement-breakpoint
DROP TRIGGER `product_tags_insert`;
--> statement-breakpoint
CREATE TRIGGER `product_tags_insert` AFTER INSERT ON `products` WHEN new.tags <> '[]' BEGIN
  INSERT OR IGNORE INTO product_tags(store_id, product_id, tag_lower, status, updated_at, tag_list)
    SELECT new.store_id, new.id, lower(value), new.status, new.updated_at,
      (SELECT ',' || group_concat(lower(value), ',') || ',' FROM json_each(new.tags))
    FROM json_each(new.tags);
END;
--> statement-breakpoint
DROP TRIGGER `product_tags_update`;
--> statement-breakpoint
CREATE TRIGGER `product_tags_update` AFTER UPDATE OF tags ON `products` WHEN old.tags IS NOT new.tags BEGIN
  DELETE FROM product_tags WHERE product_id = new.id;
  INSERT OR IGNORE INTO product_tags(store_id, product_id, tag_lower, status, updated_at, tag_list)
    SELECT new.store_id, new.id, lower(value), new.status, new.updated_at,
      (SELECT ',' || group_concat(lower(value), ',') || ',' FROM json_each(new.tags))
    FROM json_each(new.tags);
END;
--> statement-breakpoint
-- The tag walk's index of 0024 with the tag set last. It also replaces (store_id, tag_lower, product_id) of 0021:
-- the candidates of a tag read it as well (product_id is in it), and a tag row's write updates one index less.
CREATE INDEX `product_tags_store_tag_list_idx` ON `product_tags` (`store_id`, `tag_lower`, `updated_at`, `product_id`, `status`, `tag_list`);
--> statement-breakpoint
DROP INDEX `product_tags_store_tag_updated_idx`;
--> statement-breakpoint
DROP INDEX `product_tags_store_tag_idx`;
