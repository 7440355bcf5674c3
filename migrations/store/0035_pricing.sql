-- Prices in several currencies, price lists and customer groups (docs/api/24-prices.md; docs/pricing.md).
--
-- * customer_groups and customer_group_members: a store's groups and who is in them.
-- * price_lists: a list's currency, priority, countries and groups (JSON arrays of codes and group ids; empty means
--   every country or every buyer) and its half-open schedule [starts_at, ends_at). A group named by a list cannot be
--   deleted (409), so no deletion ever widens a price to everyone.
-- * prices: one row per (variant, list, min_quantity). Its primary key leads with the variant: resolving a variant's
--   price reads its candidate rows by index, never a store's whole price table.
-- * price_history: every change of a price, list prices (written by the bulk endpoint) and base prices (written by
--   the triggers below, so that every path that sets product_variants.price_cents is recorded: create, PATCH, bulk,
--   import, PUT). Kept as long as the store (retention never deletes it; moves carry it).
-- * order_lines.price_source: where a line's price came from; orders.country: the order's country.
--
-- Base price history: a variant's insert records its price; an update of price_cents or compare_at_price_cents
-- records the new values, and first the old ones when the variant has no base history yet (a variant made before
-- this migration), so the lowest price of the last 30 days knows what it replaced. The actor comes from the batch's
-- batch_actor row, which `commit` (src/events/outbox.ts) writes first and deletes last in every batch it runs for a
-- request or a job. A store arriving by a move gets its history copied as it is, so these triggers do nothing while
-- its row says 'incoming'.
CREATE TABLE `batch_actor` (
	`singleton` integer PRIMARY KEY NOT NULL,
	`store_id` text NOT NULL,
	`actor` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `customer_groups` (
	`id` text PRIMARY KEY NOT NULL,
	`store_id` text NOT NULL REFERENCES `stores`(`id`) ON DELETE cascade,
	`name` text NOT NULL,
	`code` text NOT NULL,
	`code_lower` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `customer_groups_store_code_idx` ON `customer_groups` (`store_id`, `code_lower`);
--> statement-breakpoint
CREATE INDEX `customer_groups_store_idx` ON `customer_groups` (`store_id`, `created_at`, `id`);
--> statement-breakpoint
CREATE TABLE `customer_group_members` (
	`group_id` text NOT NULL REFERENCES `customer_groups`(`id`) ON DELETE cascade,
	`customer_id` text NOT NULL REFERENCES `customers`(`id`) ON DELETE cascade,
	`store_id` text NOT NULL,
	`created_at` text NOT NULL,
	PRIMARY KEY(`group_id`, `customer_id`)
);
--> statement-breakpoint
CREATE INDEX `customer_group_members_customer_idx` ON `customer_group_members` (`customer_id`, `group_id`);
--> statement-breakpoint
CREATE INDEX `customer_group_members_store_idx` ON `customer_group_members` (`store_id`);
--> statement-breakpoint
CREATE TABLE `price_lists` (
	`id` text PRIMARY KEY NOT NULL,
	`store_id` text NOT NULL REFERENCES `stores`(`id`) ON DELETE cascade,
	`name` text NOT NULL,
	`code` text NOT NULL,
	`code_lower` text NOT NULL,
	`status` text NOT NULL CHECK (`status` IN ('draft', 'active')),
	`currency` text NOT NULL,
	`priority` integer DEFAULT 0 NOT NULL,
	`countries` text DEFAULT '[]' NOT NULL,
	`customer_group_ids` text DEFAULT '[]' NOT NULL,
	`starts_at` text,
	`ends_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `price_lists_store_code_idx` ON `price_lists` (`store_id`, `code_lower`);
--> statement-breakpoint
CREATE INDEX `price_lists_store_idx` ON `price_lists` (`store_id`, `created_at`, `id`);
--> statement-breakpoint
CREATE TABLE `prices` (
	`variant_id` text NOT NULL REFERENCES `product_variants`(`id`) ON DELETE cascade,
	`price_list_id` text NOT NULL REFERENCES `price_lists`(`id`) ON DELETE cascade,
	`min_quantity` integer NOT NULL,
	`store_id` text NOT NULL,
	`product_id` text NOT NULL,
	`price_cents` integer NOT NULL,
	`compare_at_price_cents` integer,
	`updated_at` text NOT NULL,
	PRIMARY KEY(`variant_id`, `price_list_id`, `min_quantity`)
);
--> statement-breakpoint
CREATE INDEX `prices_list_idx` ON `prices` (`price_list_id`, `variant_id`, `min_quantity`);
--> statement-breakpoint
CREATE INDEX `prices_list_product_idx` ON `prices` (`price_list_id`, `product_id`);
--> statement-breakpoint
CREATE INDEX `prices_store_idx` ON `prices` (`store_id`);
--> statement-breakpoint
CREATE TABLE `price_history` (
	`id` text PRIMARY KEY NOT NULL,
	`store_id` text NOT NULL,
	`variant_id` text NOT NULL,
	`price_list_id` text,
	`currency` text NOT NULL,
	`min_quantity` integer NOT NULL,
	`price_cents` integer,
	`compare_at_price_cents` integer,
	`changed_at` text NOT NULL,
	`actor` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `price_history_source_idx` ON `price_history` (`variant_id`, `price_list_id`, `min_quantity`, `changed_at`);
--> statement-breakpoint
CREATE INDEX `price_history_store_idx` ON `price_history` (`store_id`, `changed_at`, `id`);
--> statement-breakpoint
ALTER TABLE `order_lines` ADD `price_source` text;
--> statement-breakpoint
ALTER TABLE `orders` ADD `country` text;
--> statement-breakpoint
-- Owners hold every defined bit: existing owners gain 22 pricing.read and 23 pricing.write.
UPDATE `memberships` SET `permissions` = '2305843009230471167' WHERE `role` = 'owner';
--> statement-breakpoint
CREATE TRIGGER `price_history_variant_insert` AFTER INSERT ON `product_variants` WHEN (SELECT state FROM stores WHERE id = NEW.store_id) IS NOT 'incoming' BEGIN
  INSERT INTO price_history (id, store_id, variant_id, price_list_id, currency, min_quantity, price_cents, compare_at_price_cents, changed_at, actor)
    VALUES (lower(substr(printf('%012x', CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)), 1, 8) || '-' || substr(printf('%012x', CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)), 9, 4) || '-7' || substr(hex(randomblob(2)), 2) || '-' || substr('89ab', 1 + (abs(random()) % 4), 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6))), NEW.store_id, NEW.id, NULL, (SELECT currency FROM stores WHERE id = NEW.store_id), 1, NEW.price_cents, NEW.compare_at_price_cents, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), coalesce((SELECT actor FROM batch_actor WHERE store_id = NEW.store_id), 'null'));
END;
--> statement-breakpoint
CREATE TRIGGER `price_history_variant_update` AFTER UPDATE OF price_cents, compare_at_price_cents ON `product_variants`
WHEN (NEW.price_cents IS NOT OLD.price_cents OR NEW.compare_at_price_cents IS NOT OLD.compare_at_price_cents) AND (SELECT state FROM stores WHERE id = NEW.store_id) IS NOT 'incoming' BEGIN
  INSERT INTO price_history (id, store_id, variant_id, price_list_id, currency, min_quantity, price_cents, compare_at_price_cents, changed_at, actor)
    SELECT lower(substr(printf('%012x', CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)), 1, 8) || '-' || substr(printf('%012x', CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)), 9, 4) || '-7' || substr(hex(randomblob(2)), 2) || '-' || substr('89ab', 1 + (abs(random()) % 4), 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6))), OLD.store_id, OLD.id, NULL, (SELECT currency FROM stores WHERE id = NEW.store_id), 1, OLD.price_cents, OLD.compare_at_price_cents, OLD.updated_at, 'null'
    WHERE NOT EXISTS (SELECT 1 FROM price_history WHERE variant_id = OLD.id AND price_list_id IS NULL);
  INSERT INTO price_history (id, store_id, variant_id, price_list_id, currency, min_quantity, price_cents, compare_at_price_cents, changed_at, actor)
    VALUES (lower(substr(printf('%012x', CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)), 1, 8) || '-' || substr(printf('%012x', CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)), 9, 4) || '-7' || substr(hex(randomblob(2)), 2) || '-' || substr('89ab', 1 + (abs(random()) % 4), 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6))), NEW.store_id, NEW.id, NULL, (SELECT currency FROM stores WHERE id = NEW.store_id), 1, NEW.price_cents, NEW.compare_at_price_cents, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), coalesce((SELECT actor FROM batch_actor WHERE store_id = NEW.store_id), 'null'));
END;
--> statement-breakpoint
CREATE TRIGGER `customer_groups_paused_insert` BEFORE INSERT ON `customer_groups` WHEN (SELECT state FROM stores WHERE id = NEW.store_id) IN ('moving', 'moved', 'purging') BEGIN SELECT RAISE(ABORT, 'store_paused'); END;
--> statement-breakpoint
CREATE TRIGGER `customer_groups_paused_update` BEFORE UPDATE ON `customer_groups` WHEN (SELECT state FROM stores WHERE id = NEW.store_id) IN ('moving', 'moved', 'purging') BEGIN SELECT RAISE(ABORT, 'store_paused'); END;
--> statement-breakpoint
CREATE TRIGGER `customer_groups_paused_delete` BEFORE DELETE ON `customer_groups` WHEN (SELECT state FROM stores WHERE id = OLD.store_id) IN ('moving', 'moved') BEGIN SELECT RAISE(ABORT, 'store_paused'); END;
--> statement-breakpoint
CREATE TRIGGER `customer_groups_capture_insert` AFTER INSERT ON `customer_groups` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT NEW.store_id, 'customer_groups', json_array(NEW.id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = NEW.store_id); END;
--> statement-breakpoint
CREATE TRIGGER `customer_groups_capture_update` AFTER UPDATE ON `customer_groups` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT NEW.store_id, 'customer_groups', json_array(NEW.id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = NEW.store_id); INSERT INTO move_changes (store_id, table_name, key) SELECT OLD.store_id, 'customer_groups', json_array(OLD.id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = OLD.store_id) AND (json_array(OLD.id) IS NOT json_array(NEW.id) OR OLD.store_id IS NOT NEW.store_id); END;
--> statement-breakpoint
CREATE TRIGGER `customer_groups_capture_delete` AFTER DELETE ON `customer_groups` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT OLD.store_id, 'customer_groups', json_array(OLD.id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = OLD.store_id); END;
--> statement-breakpoint
CREATE TRIGGER `customer_group_members_paused_insert` BEFORE INSERT ON `customer_group_members` WHEN (SELECT state FROM stores WHERE id = NEW.store_id) IN ('moving', 'moved', 'purging') BEGIN SELECT RAISE(ABORT, 'store_paused'); END;
--> statement-breakpoint
CREATE TRIGGER `customer_group_members_paused_update` BEFORE UPDATE ON `customer_group_members` WHEN (SELECT state FROM stores WHERE id = NEW.store_id) IN ('moving', 'moved', 'purging') BEGIN SELECT RAISE(ABORT, 'store_paused'); END;
--> statement-breakpoint
CREATE TRIGGER `customer_group_members_paused_delete` BEFORE DELETE ON `customer_group_members` WHEN (SELECT state FROM stores WHERE id = OLD.store_id) IN ('moving', 'moved') BEGIN SELECT RAISE(ABORT, 'store_paused'); END;
--> statement-breakpoint
CREATE TRIGGER `customer_group_members_capture_insert` AFTER INSERT ON `customer_group_members` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT NEW.store_id, 'customer_group_members', json_array(NEW.group_id, NEW.customer_id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = NEW.store_id); END;
--> statement-breakpoint
CREATE TRIGGER `customer_group_members_capture_update` AFTER UPDATE ON `customer_group_members` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT NEW.store_id, 'customer_group_members', json_array(NEW.group_id, NEW.customer_id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = NEW.store_id); INSERT INTO move_changes (store_id, table_name, key) SELECT OLD.store_id, 'customer_group_members', json_array(OLD.group_id, OLD.customer_id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = OLD.store_id) AND (json_array(OLD.group_id, OLD.customer_id) IS NOT json_array(NEW.group_id, NEW.customer_id) OR OLD.store_id IS NOT NEW.store_id); END;
--> statement-breakpoint
CREATE TRIGGER `customer_group_members_capture_delete` AFTER DELETE ON `customer_group_members` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT OLD.store_id, 'customer_group_members', json_array(OLD.group_id, OLD.customer_id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = OLD.store_id); END;
--> statement-breakpoint
CREATE TRIGGER `price_lists_paused_insert` BEFORE INSERT ON `price_lists` WHEN (SELECT state FROM stores WHERE id = NEW.store_id) IN ('moving', 'moved', 'purging') BEGIN SELECT RAISE(ABORT, 'store_paused'); END;
--> statement-breakpoint
CREATE TRIGGER `price_lists_paused_update` BEFORE UPDATE ON `price_lists` WHEN (SELECT state FROM stores WHERE id = NEW.store_id) IN ('moving', 'moved', 'purging') BEGIN SELECT RAISE(ABORT, 'store_paused'); END;
--> statement-breakpoint
CREATE TRIGGER `price_lists_paused_delete` BEFORE DELETE ON `price_lists` WHEN (SELECT state FROM stores WHERE id = OLD.store_id) IN ('moving', 'moved') BEGIN SELECT RAISE(ABORT, 'store_paused'); END;
--> statement-breakpoint
CREATE TRIGGER `price_lists_capture_insert` AFTER INSERT ON `price_lists` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT NEW.store_id, 'price_lists', json_array(NEW.id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = NEW.store_id); END;
--> statement-breakpoint
CREATE TRIGGER `price_lists_capture_update` AFTER UPDATE ON `price_lists` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT NEW.store_id, 'price_lists', json_array(NEW.id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = NEW.store_id); INSERT INTO move_changes (store_id, table_name, key) SELECT OLD.store_id, 'price_lists', json_array(OLD.id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = OLD.store_id) AND (json_array(OLD.id) IS NOT json_array(NEW.id) OR OLD.store_id IS NOT NEW.store_id); END;
--> statement-breakpoint
CREATE TRIGGER `price_lists_capture_delete` AFTER DELETE ON `price_lists` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT OLD.store_id, 'price_lists', json_array(OLD.id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = OLD.store_id); END;
--> statement-breakpoint
CREATE TRIGGER `prices_paused_insert` BEFORE INSERT ON `prices` WHEN (SELECT state FROM stores WHERE id = NEW.store_id) IN ('moving', 'moved', 'purging') BEGIN SELECT RAISE(ABORT, 'store_paused'); END;
--> statement-breakpoint
CREATE TRIGGER `prices_paused_update` BEFORE UPDATE ON `prices` WHEN (SELECT state FROM stores WHERE id = NEW.store_id) IN ('moving', 'moved', 'purging') BEGIN SELECT RAISE(ABORT, 'store_paused'); END;
--> statement-breakpoint
CREATE TRIGGER `prices_paused_delete` BEFORE DELETE ON `prices` WHEN (SELECT state FROM stores WHERE id = OLD.store_id) IN ('moving', 'moved') BEGIN SELECT RAISE(ABORT, 'store_paused'); END;
--> statement-breakpoint
CREATE TRIGGER `prices_capture_insert` AFTER INSERT ON `prices` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT NEW.store_id, 'prices', json_array(NEW.variant_id, NEW.price_list_id, NEW.min_quantity) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = NEW.store_id); END;
--> statement-breakpoint
CREATE TRIGGER `prices_capture_update` AFTER UPDATE ON `prices` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT NEW.store_id, 'prices', json_array(NEW.variant_id, NEW.price_list_id, NEW.min_quantity) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = NEW.store_id); INSERT INTO move_changes (store_id, table_name, key) SELECT OLD.store_id, 'prices', json_array(OLD.variant_id, OLD.price_list_id, OLD.min_quantity) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = OLD.store_id) AND (json_array(OLD.variant_id, OLD.price_list_id, OLD.min_quantity) IS NOT json_array(NEW.variant_id, NEW.price_list_id, NEW.min_quantity) OR OLD.store_id IS NOT NEW.store_id); END;
--> statement-breakpoint
CREATE TRIGGER `prices_capture_delete` AFTER DELETE ON `prices` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT OLD.store_id, 'prices', json_array(OLD.variant_id, OLD.price_list_id, OLD.min_quantity) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = OLD.store_id); END;
--> statement-breakpoint
CREATE TRIGGER `price_history_paused_insert` BEFORE INSERT ON `price_history` WHEN (SELECT state FROM stores WHERE id = NEW.store_id) IN ('moving', 'moved', 'purging') BEGIN SELECT RAISE(ABORT, 'store_paused'); END;
--> statement-breakpoint
CREATE TRIGGER `price_history_paused_update` BEFORE UPDATE ON `price_history` WHEN (SELECT state FROM stores WHERE id = NEW.store_id) IN ('moving', 'moved', 'purging') BEGIN SELECT RAISE(ABORT, 'store_paused'); END;
--> statement-breakpoint
CREATE TRIGGER `price_history_paused_delete` BEFORE DELETE ON `price_history` WHEN (SELECT state FROM stores WHERE id = OLD.store_id) IN ('moving', 'moved') BEGIN SELECT RAISE(ABORT, 'store_paused'); END;
--> statement-breakpoint
CREATE TRIGGER `price_history_capture_insert` AFTER INSERT ON `price_history` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT NEW.store_id, 'price_history', json_array(NEW.id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = NEW.store_id); END;
--> statement-breakpoint
CREATE TRIGGER `price_history_capture_update` AFTER UPDATE ON `price_history` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT NEW.store_id, 'price_history', json_array(NEW.id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = NEW.store_id); INSERT INTO move_changes (store_id, table_name, key) SELECT OLD.store_id, 'price_history', json_array(OLD.id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = OLD.store_id) AND (json_array(OLD.id) IS NOT json_array(NEW.id) OR OLD.store_id IS NOT NEW.store_id); END;
--> statement-breakpoint
CREATE TRIGGER `price_history_capture_delete` AFTER DELETE ON `price_history` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT OLD.store_id, 'price_history', json_array(OLD.id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = OLD.store_id); END;
