-- Catalog search and counters (custom SQL; the tables come from the schema in src/db/schema/catalog.ts).
-- Title search: an FTS5 trigram index over products.title (external content: the title is not stored twice).
-- A trigram phrase query is a case-insensitive substring match that reads only the matching rows, where
-- `title LIKE '%x%'` would scan the whole store. Kept in step with products by the triggers below.
CREATE VIRTUAL TABLE `products_fts` USING fts5(title, content='products', content_rowid='rowid', tokenize='trigram');
--> statement-breakpoint
CREATE TRIGGER `products_fts_insert` AFTER INSERT ON `products` BEGIN
  INSERT INTO products_fts(rowid, title) VALUES (new.rowid, new.title);
END;
--> statement-breakpoint
CREATE TRIGGER `products_fts_delete` AFTER DELETE ON `products` BEGIN
  INSERT INTO products_fts(products_fts, rowid, title) VALUES ('delete', old.rowid, old.title);
END;
--> statement-breakpoint
CREATE TRIGGER `products_fts_update` AFTER UPDATE OF title ON `products` BEGIN
  INSERT INTO products_fts(products_fts, rowid, title) VALUES ('delete', old.rowid, old.title);
  INSERT INTO products_fts(rowid, title) VALUES (new.rowid, new.title);
END;
--> statement-breakpoint
-- Per-store counts for the list's `total` without counting a big store on every call. Triggers keep them exact
-- inside the very statement that changes a product, whatever code path (API, seeding, cascades) changes it.
CREATE TRIGGER `store_catalog_stats_insert` AFTER INSERT ON `products` BEGIN
  INSERT INTO store_catalog_stats(store_id, total, live) VALUES (new.store_id, 1, new.status = 'live')
  ON CONFLICT(store_id) DO UPDATE SET total = total + 1, live = live + (new.status = 'live');
END;
--> statement-breakpoint
CREATE TRIGGER `store_catalog_stats_delete` AFTER DELETE ON `products` BEGIN
  UPDATE store_catalog_stats SET total = total - 1, live = live - (old.status = 'live') WHERE store_id = old.store_id;
END;
--> statement-breakpoint
CREATE TRIGGER `store_catalog_stats_status` AFTER UPDATE OF status ON `products` WHEN old.status <> new.status BEGIN
  UPDATE store_catalog_stats SET live = live + (new.status = 'live') - (old.status = 'live') WHERE store_id = new.store_id;
END;
