-- Issue 35: the product title index per store (docs/catalog.md "List and search", docs/performance.md "Search").
-- products_fts (0004) holds every store's titles under the product's rowid, so a search for a word common to many
-- catalogs read the matches of every store of the database and discarded the others'. This index keeps each
-- store's titles in rowid ranges of its own, and a search reads only its store's:
--
-- * products_fts_store_keys numbers the stores of this database (an INTEGER PRIMARY KEY, given by a store's first
--   product insert; never copied by a move: a store arriving gets the target's next number, and the row stays when
--   a store leaves, so a product's delete trigger always finds it).
-- * products_fts_by_store: an FTS5 trigram index over titles, contentless (titles are read from products, never
--   from the index; its %_docsize rows let a rowid range be counted without MATCH, for checks), rowid = search_key * 2^41 + (status = 'live') * 2^40 + the product's rowid. A store's live
--   products are one rowid range and its drafts another; FTS5 takes rowid bounds next to MATCH and reads each
--   term's entries from the lower bound to the upper one only, so a search costs its own store's matches, and
--   counts the live ones without reading a product row. The product is `rowid & (2^40 - 1)` (product rowids stay
--   far below 2^40 = 1.1e12; keys below 2^22).
-- * The triggers keep it in step with products on every path (API, CSV import, a move's copier, seeding), as
--   products_fts's do; a publish or unpublish moves the entry to the other range; an update that changes neither
--   title nor status does not touch it.
--
-- Expand, then contract (docs/scale.md section 3): products_fts and its triggers stay, for the code deployed before
-- this migration, and go in a later release (docs/catalog.md says which).
CREATE TABLE `products_fts_store_keys` (
	`search_key` integer PRIMARY KEY NOT NULL,
	`store_id` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `products_fts_store_keys_store_idx` ON `products_fts_store_keys` (`store_id`);
--> statement-breakpoint
CREATE VIRTUAL TABLE `products_fts_by_store` USING fts5(title, content='', tokenize='trigram');
--> statement-breakpoint
CREATE TRIGGER `products_fts_by_store_insert` AFTER INSERT ON `products` BEGIN
  INSERT INTO products_fts_store_keys (store_id) VALUES (new.store_id) ON CONFLICT (store_id) DO NOTHING;
  INSERT INTO products_fts_by_store (rowid, title)
    SELECT k.search_key * 2199023255552 + (new.status = 'live') * 1099511627776 + new.rowid, new.title FROM products_fts_store_keys k WHERE k.store_id = new.store_id;
END;
--> statement-breakpoint
CREATE TRIGGER `products_fts_by_store_delete` AFTER DELETE ON `products` BEGIN
  INSERT INTO products_fts_by_store (products_fts_by_store, rowid, title)
    SELECT 'delete', k.search_key * 2199023255552 + (old.status = 'live') * 1099511627776 + old.rowid, old.title FROM products_fts_store_keys k WHERE k.store_id = old.store_id;
END;
--> statement-breakpoint
CREATE TRIGGER `products_fts_by_store_update` AFTER UPDATE OF title, status, store_id ON `products`
WHEN old.title IS NOT new.title OR (old.status = 'live') IS NOT (new.status = 'live') OR old.store_id IS NOT new.store_id BEGIN
  INSERT INTO products_fts_by_store (products_fts_by_store, rowid, title)
    SELECT 'delete', k.search_key * 2199023255552 + (old.status = 'live') * 1099511627776 + old.rowid, old.title FROM products_fts_store_keys k WHERE k.store_id = old.store_id;
  INSERT INTO products_fts_store_keys (store_id) VALUES (new.store_id) ON CONFLICT (store_id) DO NOTHING;
  INSERT INTO products_fts_by_store (rowid, title)
    SELECT k.search_key * 2199023255552 + (new.status = 'live') * 1099511627776 + new.rowid, new.title FROM products_fts_store_keys k WHERE k.store_id = new.store_id;
END;
--> statement-breakpoint
-- The existing products: a key for every store that has products, then the index, in statements of 500,000
-- product rowids each (a statement must end within D1's 30 s; 510,000 titles took 10 s in one statement on the
-- shared development machine), each in ascending index rowid order (FTS5 appends ascending rowids without
-- flushing a segment per row).
INSERT INTO `products_fts_store_keys` (`store_id`) SELECT DISTINCT `store_id` FROM `products` ORDER BY `store_id`;
--> statement-breakpoint
INSERT INTO `products_fts_by_store` (rowid, title)
  SELECT k.`search_key` * 2199023255552 + (p.`status` = 'live') * 1099511627776 + p.rowid, p.`title` FROM `products` p JOIN `products_fts_store_keys` k ON k.`store_id` = p.`store_id`
  WHERE p.rowid >= 0 AND p.rowid < 500000 ORDER BY 1;
--> statement-breakpoint
INSERT INTO `products_fts_by_store` (rowid, title)
  SELECT k.`search_key` * 2199023255552 + (p.`status` = 'live') * 1099511627776 + p.rowid, p.`title` FROM `products` p JOIN `products_fts_store_keys` k ON k.`store_id` = p.`store_id`
  WHERE p.rowid >= 500000 AND p.rowid < 1000000 ORDER BY 1;
--> statement-breakpoint
INSERT INTO `products_fts_by_store` (rowid, title)
  SELECT k.`search_key` * 2199023255552 + (p.`status` = 'live') * 1099511627776 + p.rowid, p.`title` FROM `products` p JOIN `products_fts_store_keys` k ON k.`store_id` = p.`store_id`
  WHERE p.rowid >= 1000000 AND p.rowid < 1500000 ORDER BY 1;
--> statement-breakpoint
INSERT INTO `products_fts_by_store` (rowid, title)
  SELECT k.`search_key` * 2199023255552 + (p.`status` = 'live') * 1099511627776 + p.rowid, p.`title` FROM `products` p JOIN `products_fts_store_keys` k ON k.`store_id` = p.`store_id`
  WHERE p.rowid >= 1500000 AND p.rowid < 2000000 ORDER BY 1;
--> statement-breakpoint
INSERT INTO `products_fts_by_store` (rowid, title)
  SELECT k.`search_key` * 2199023255552 + (p.`status` = 'live') * 1099511627776 + p.rowid, p.`title` FROM `products` p JOIN `products_fts_store_keys` k ON k.`store_id` = p.`store_id`
  WHERE p.rowid >= 2000000 AND p.rowid < 2500000 ORDER BY 1;
--> statement-breakpoint
INSERT INTO `products_fts_by_store` (rowid, title)
  SELECT k.`search_key` * 2199023255552 + (p.`status` = 'live') * 1099511627776 + p.rowid, p.`title` FROM `products` p JOIN `products_fts_store_keys` k ON k.`store_id` = p.`store_id`
  WHERE p.rowid >= 2500000 AND p.rowid < 3000000 ORDER BY 1;
--> statement-breakpoint
INSERT INTO `products_fts_by_store` (rowid, title)
  SELECT k.`search_key` * 2199023255552 + (p.`status` = 'live') * 1099511627776 + p.rowid, p.`title` FROM `products` p JOIN `products_fts_store_keys` k ON k.`store_id` = p.`store_id`
  WHERE p.rowid >= 3000000 AND p.rowid < 3500000 ORDER BY 1;
--> statement-breakpoint
INSERT INTO `products_fts_by_store` (rowid, title)
  SELECT k.`search_key` * 2199023255552 + (p.`status` = 'live') * 1099511627776 + p.rowid, p.`title` FROM `products` p JOIN `products_fts_store_keys` k ON k.`store_id` = p.`store_id`
  WHERE p.rowid >= 3500000 AND p.rowid < 4000000 ORDER BY 1;
--> statement-breakpoint
INSERT INTO `products_fts_by_store` (rowid, title)
  SELECT k.`search_key` * 2199023255552 + (p.`status` = 'live') * 1099511627776 + p.rowid, p.`title` FROM `products` p JOIN `products_fts_store_keys` k ON k.`store_id` = p.`store_id`
  WHERE p.rowid >= 4000000 AND p.rowid < 4500000 ORDER BY 1;
--> statement-breakpoint
INSERT INTO `products_fts_by_store` (rowid, title)
  SELECT k.`search_key` * 2199023255552 + (p.`status` = 'live') * 1099511627776 + p.rowid, p.`title` FROM `products` p JOIN `products_fts_store_keys` k ON k.`store_id` = p.`store_id`
  WHERE p.rowid >= 4500000 AND p.rowid < 5000000 ORDER BY 1;
--> statement-breakpoint
INSERT INTO `products_fts_by_store` (rowid, title)
  SELECT k.`search_key` * 2199023255552 + (p.`status` = 'live') * 1099511627776 + p.rowid, p.`title` FROM `products` p JOIN `products_fts_store_keys` k ON k.`store_id` = p.`store_id`
  WHERE p.rowid >= 5000000 AND p.rowid < 5500000 ORDER BY 1;
--> statement-breakpoint
INSERT INTO `products_fts_by_store` (rowid, title)
  SELECT k.`search_key` * 2199023255552 + (p.`status` = 'live') * 1099511627776 + p.rowid, p.`title` FROM `products` p JOIN `products_fts_store_keys` k ON k.`store_id` = p.`store_id`
  WHERE p.rowid >= 5500000 AND p.rowid < 6000000 ORDER BY 1;
--> statement-breakpoint
INSERT INTO `products_fts_by_store` (rowid, title)
  SELECT k.`search_key` * 2199023255552 + (p.`status` = 'live') * 1099511627776 + p.rowid, p.`title` FROM `products` p JOIN `products_fts_store_keys` k ON k.`store_id` = p.`store_id`
  WHERE p.rowid >= 6000000 AND p.rowid < 6500000 ORDER BY 1;
--> statement-breakpoint
INSERT INTO `products_fts_by_store` (rowid, title)
  SELECT k.`search_key` * 2199023255552 + (p.`status` = 'live') * 1099511627776 + p.rowid, p.`title` FROM `products` p JOIN `products_fts_store_keys` k ON k.`store_id` = p.`store_id`
  WHERE p.rowid >= 6500000 AND p.rowid < 7000000 ORDER BY 1;
--> statement-breakpoint
INSERT INTO `products_fts_by_store` (rowid, title)
  SELECT k.`search_key` * 2199023255552 + (p.`status` = 'live') * 1099511627776 + p.rowid, p.`title` FROM `products` p JOIN `products_fts_store_keys` k ON k.`store_id` = p.`store_id`
  WHERE p.rowid >= 7000000 AND p.rowid < 7500000 ORDER BY 1;
--> statement-breakpoint
INSERT INTO `products_fts_by_store` (rowid, title)
  SELECT k.`search_key` * 2199023255552 + (p.`status` = 'live') * 1099511627776 + p.rowid, p.`title` FROM `products` p JOIN `products_fts_store_keys` k ON k.`store_id` = p.`store_id`
  WHERE p.rowid >= 7500000 AND p.rowid < 8000000 ORDER BY 1;
--> statement-breakpoint
INSERT INTO `products_fts_by_store` (rowid, title)
  SELECT k.`search_key` * 2199023255552 + (p.`status` = 'live') * 1099511627776 + p.rowid, p.`title` FROM `products` p JOIN `products_fts_store_keys` k ON k.`store_id` = p.`store_id`
  WHERE p.rowid >= 8000000 AND p.rowid < 8500000 ORDER BY 1;
--> statement-breakpoint
INSERT INTO `products_fts_by_store` (rowid, title)
  SELECT k.`search_key` * 2199023255552 + (p.`status` = 'live') * 1099511627776 + p.rowid, p.`title` FROM `products` p JOIN `products_fts_store_keys` k ON k.`store_id` = p.`store_id`
  WHERE p.rowid >= 8500000 AND p.rowid < 9000000 ORDER BY 1;
--> statement-breakpoint
INSERT INTO `products_fts_by_store` (rowid, title)
  SELECT k.`search_key` * 2199023255552 + (p.`status` = 'live') * 1099511627776 + p.rowid, p.`title` FROM `products` p JOIN `products_fts_store_keys` k ON k.`store_id` = p.`store_id`
  WHERE p.rowid >= 9000000 AND p.rowid < 9500000 ORDER BY 1;
--> statement-breakpoint
INSERT INTO `products_fts_by_store` (rowid, title)
  SELECT k.`search_key` * 2199023255552 + (p.`status` = 'live') * 1099511627776 + p.rowid, p.`title` FROM `products` p JOIN `products_fts_store_keys` k ON k.`store_id` = p.`store_id`
  WHERE p.rowid >= 9500000 AND p.rowid < 10000000 ORDER BY 1;
--> statement-breakpoint
INSERT INTO `products_fts_by_store` (rowid, title)
  SELECT k.`search_key` * 2199023255552 + (p.`status` = 'live') * 1099511627776 + p.rowid, p.`title` FROM `products` p JOIN `products_fts_store_keys` k ON k.`store_id` = p.`store_id`
  WHERE p.rowid >= 10000000 ORDER BY 1;
