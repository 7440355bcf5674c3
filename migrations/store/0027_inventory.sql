-- Issue 34, docs/api/20-inventory.md: stock at locations, with a ledger that explains every number.
--
-- How the numbers stay true (docs/inventory.md):
-- * A level (variant, location) holds on_hand and committed; 0 <= committed <= on_hand <= 1,000,000,000 (CHECK).
-- * product_variants.stock is kept by triggers as the sum of available (on_hand - committed) over the store's
--   active locations, so every reader of stock (availability, in_stock, the stock sort, the CSV) is unchanged.
-- * Every change of a level writes its ledger entry from a trigger, in the same statement. Why it changed (reason,
--   reference, order, adjustment, actor) comes from inventory_context, the one row the change's own batch writes
--   first and deletes last (src/inventory/context.ts). A level changed without it fails on the ledger's NOT NULL
--   reason, so no level can change without an entry, whoever writes it.
-- * Writing stock (variant create and PATCH, bulk, CSV) is a write of the default location's on_hand: a trigger on
--   product_variants turns a stock value that differs from the sum into that write, and refuses it
--   ('stock_held_elsewhere') when another active location holds on_hand for the variant.
-- * A store arriving by a move (its row says 'incoming') gets its rows copied as they are: none of these triggers
--   derives anything for it (the copied ledger and stock are already right).
CREATE TABLE `locations` (
	`id` text PRIMARY KEY NOT NULL,
	`store_id` text NOT NULL REFERENCES `stores`(`id`) ON DELETE cascade,
	`name` text NOT NULL,
	`code` text NOT NULL,
	`code_lower` text NOT NULL,
	`is_default` integer DEFAULT 0 NOT NULL,
	`active` integer DEFAULT 1 NOT NULL,
	`position` integer NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	CONSTRAINT `locations_default_active` CHECK (`is_default` = 0 OR `active` = 1)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `locations_store_code_idx` ON `locations` (`store_id`, `code_lower`);
--> statement-breakpoint
CREATE UNIQUE INDEX `locations_store_default_idx` ON `locations` (`store_id`) WHERE `is_default` = 1;
--> statement-breakpoint
CREATE INDEX `locations_store_position_idx` ON `locations` (`store_id`, `position`, `id`);
--> statement-breakpoint
CREATE TABLE `inventory_levels` (
	`variant_id` text NOT NULL REFERENCES `product_variants`(`id`) ON DELETE cascade,
	`location_id` text NOT NULL REFERENCES `locations`(`id`) ON DELETE cascade,
	`store_id` text NOT NULL,
	`product_id` text NOT NULL,
	`on_hand` integer DEFAULT 0 NOT NULL,
	`committed` integer DEFAULT 0 NOT NULL,
	`updated_at` text NOT NULL,
	PRIMARY KEY(`variant_id`, `location_id`),
	CONSTRAINT `inventory_levels_bounds` CHECK (0 <= `committed` AND `committed` <= `on_hand` AND `on_hand` <= 1000000000)
);
--> statement-breakpoint
-- The inventory list: a store's levels in (variant, location) order; low stock per location and store-wide.
CREATE INDEX `inventory_levels_store_idx` ON `inventory_levels` (`store_id`, `variant_id`, `location_id`);
--> statement-breakpoint
CREATE INDEX `inventory_levels_location_available_idx` ON `inventory_levels` (`location_id`, (`on_hand` - `committed`));
--> statement-breakpoint
CREATE INDEX `inventory_levels_store_available_idx` ON `inventory_levels` (`store_id`, (`on_hand` - `committed`));
--> statement-breakpoint
CREATE INDEX `inventory_levels_product_idx` ON `inventory_levels` (`product_id`);
--> statement-breakpoint
CREATE TABLE `inventory_ledger` (
	`id` text PRIMARY KEY NOT NULL,
	`store_id` text NOT NULL REFERENCES `stores`(`id`) ON DELETE cascade,
	`seq` integer NOT NULL,
	`variant_id` text NOT NULL,
	`product_id` text NOT NULL,
	`sku` text,
	`location_id` text NOT NULL,
	`location_code` text NOT NULL,
	`on_hand_delta` integer NOT NULL,
	`committed_delta` integer NOT NULL,
	`on_hand_after` integer NOT NULL,
	`committed_after` integer NOT NULL,
	`reason` text NOT NULL,
	`reference` text,
	`order_id` text,
	`adjustment_id` text,
	`actor_user_id` text,
	`actor_token_id` text,
	`actor_integration_id` text,
	`created_at` text NOT NULL,
	`variant_entries` integer NOT NULL
);
--> statement-breakpoint
-- seq: the store's entries in commit order (newest first is seq descending); each filter has its own index.
-- variant_entries: how many entries the variant has, this one included, so a variant's history knows its total from
-- its newest entry (one index probe) rather than by counting them all.
CREATE UNIQUE INDEX `inventory_ledger_store_seq_idx` ON `inventory_ledger` (`store_id`, `seq`);
--> statement-breakpoint
CREATE INDEX `inventory_ledger_variant_idx` ON `inventory_ledger` (`store_id`, `variant_id`, `seq`);
--> statement-breakpoint
CREATE INDEX `inventory_ledger_location_idx` ON `inventory_ledger` (`store_id`, `location_id`, `seq`);
--> statement-breakpoint
CREATE INDEX `inventory_ledger_reason_idx` ON `inventory_ledger` (`store_id`, `reason`, `seq`);
--> statement-breakpoint
CREATE INDEX `inventory_ledger_order_idx` ON `inventory_ledger` (`store_id`, `order_id`, `seq`) WHERE `order_id` IS NOT NULL;
--> statement-breakpoint
CREATE INDEX `inventory_ledger_adjustment_idx` ON `inventory_ledger` (`adjustment_id`) WHERE `adjustment_id` IS NOT NULL;
--> statement-breakpoint
CREATE INDEX `inventory_ledger_created_idx` ON `inventory_ledger` (`store_id`, `created_at`, `seq`);
--> statement-breakpoint
-- Which location each order line's committed units came from (docs/api/20-inventory.md "Orders").
CREATE TABLE `order_allocations` (
	`order_id` text NOT NULL REFERENCES `orders`(`id`) ON DELETE cascade,
	`position` integer NOT NULL,
	`location_id` text NOT NULL,
	`store_id` text NOT NULL,
	`variant_id` text NOT NULL,
	`quantity` integer NOT NULL,
	PRIMARY KEY(`order_id`, `position`, `location_id`),
	CONSTRAINT `order_allocations_quantity` CHECK (`quantity` > 0)
);
--> statement-breakpoint
-- The why of the batch that is running: written first by a batch that changes levels, deleted last. Always empty
-- between batches (D1 runs one batch at a time per database).
CREATE TABLE `inventory_context` (
	`singleton` integer PRIMARY KEY NOT NULL CHECK (`singleton` = 1),
	`store_id` text NOT NULL,
	`reason` text NOT NULL,
	`reference` text,
	`order_id` text,
	`adjustment_id` text,
	`actor_user_id` text,
	`actor_token_id` text,
	`actor_integration_id` text,
	`seq_from` integer NOT NULL
);
--> statement-breakpoint
-- Every store's default location, and its opening balance: available stays each variant's stock; the units open
-- orders (pending, paid) took are committed there, with allocations, so a cancel returns them and a fulfilment
-- ships them as for any new order.
INSERT INTO `locations` (id, store_id, name, code, code_lower, is_default, active, position, created_at, updated_at)
  SELECT lower(substr(printf('%012x', CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)), 1, 8) || '-' || substr(printf('%012x', CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)), 9, 4) || '-7' || substr(hex(randomblob(2)), 2) || '-' || substr('89ab', 1 + (abs(random()) % 4), 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6))), s.id, 'Default', 'default', 'default', 1, 1, 0, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now') FROM stores s;
--> statement-breakpoint
INSERT INTO `order_allocations` (order_id, position, location_id, store_id, variant_id, quantity)
  SELECT ol.order_id, ol.position, l.id, o.store_id, ol.variant_id, ol.reserved_quantity
  FROM order_lines ol JOIN orders o ON o.id = ol.order_id JOIN locations l ON l.store_id = o.store_id AND l.is_default = 1
  JOIN product_variants v ON v.id = ol.variant_id
  WHERE o.status IN ('pending', 'paid') AND ol.reserved_quantity > 0;
--> statement-breakpoint
INSERT INTO `inventory_levels` (variant_id, location_id, store_id, product_id, on_hand, committed, updated_at)
  SELECT v.id, l.id, v.store_id, v.product_id,
    v.stock + coalesce((SELECT sum(a.quantity) FROM order_allocations a WHERE a.variant_id = v.id), 0),
    coalesce((SELECT sum(a.quantity) FROM order_allocations a WHERE a.variant_id = v.id), 0), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
  FROM product_variants v JOIN locations l ON l.store_id = v.store_id AND l.is_default = 1
  WHERE v.stock > 0 OR EXISTS (SELECT 1 FROM order_allocations a WHERE a.variant_id = v.id);
--> statement-breakpoint
INSERT INTO `inventory_ledger` (id, store_id, seq, variant_id, product_id, sku, location_id, location_code, on_hand_delta, committed_delta, on_hand_after, committed_after, reason, reference, order_id, adjustment_id, actor_user_id, actor_token_id, actor_integration_id, created_at, variant_entries)
  SELECT lower(substr(printf('%012x', CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)), 1, 8) || '-' || substr(printf('%012x', CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)), 9, 4) || '-7' || substr(hex(randomblob(2)), 2) || '-' || substr('89ab', 1 + (abs(random()) % 4), 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6))), il.store_id, row_number() OVER (PARTITION BY il.store_id ORDER BY il.variant_id), il.variant_id, il.product_id,
    (SELECT sku FROM product_variants WHERE id = il.variant_id), il.location_id, 'default', il.on_hand, il.committed, il.on_hand, il.committed,
    'initial', NULL, NULL, NULL, NULL, NULL, NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), 1
  FROM inventory_levels il;
--> statement-breakpoint
-- Owners hold every defined bit: existing owners gain 20 inventory.read and 21 inventory.write.
UPDATE `memberships` SET `permissions` = '2305843009217888255' WHERE `role` = 'owner';
--> statement-breakpoint
CREATE TRIGGER `inventory_level_insert` AFTER INSERT ON `inventory_levels` WHEN (SELECT state FROM stores WHERE id = NEW.store_id) IS NOT 'incoming' BEGIN
  UPDATE product_variants SET stock = (SELECT coalesce(sum(il.on_hand - il.committed), 0) FROM inventory_levels il JOIN locations l ON l.id = il.location_id WHERE il.variant_id = NEW.variant_id AND l.active = 1) WHERE id = NEW.variant_id;
  INSERT INTO inventory_ledger (id, store_id, seq, variant_id, product_id, sku, location_id, location_code, on_hand_delta, committed_delta, on_hand_after, committed_after, reason, reference, order_id, adjustment_id, actor_user_id, actor_token_id, actor_integration_id, created_at, variant_entries)
    SELECT lower(substr(printf('%012x', CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)), 1, 8) || '-' || substr(printf('%012x', CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)), 9, 4) || '-7' || substr(hex(randomblob(2)), 2) || '-' || substr('89ab', 1 + (abs(random()) % 4), 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6))), NEW.store_id, coalesce((SELECT max(seq) FROM inventory_ledger WHERE store_id = NEW.store_id), 0) + 1, NEW.variant_id, NEW.product_id, (SELECT sku FROM product_variants WHERE id = NEW.variant_id), NEW.location_id, (SELECT code FROM locations WHERE id = NEW.location_id), NEW.on_hand, NEW.committed, NEW.on_hand, NEW.committed, (SELECT reason FROM inventory_context WHERE store_id = NEW.store_id), (SELECT reference FROM inventory_context WHERE store_id = NEW.store_id), (SELECT order_id FROM inventory_context WHERE store_id = NEW.store_id), (SELECT adjustment_id FROM inventory_context WHERE store_id = NEW.store_id), (SELECT actor_user_id FROM inventory_context WHERE store_id = NEW.store_id), (SELECT actor_token_id FROM inventory_context WHERE store_id = NEW.store_id), (SELECT actor_integration_id FROM inventory_context WHERE store_id = NEW.store_id), strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), coalesce((SELECT variant_entries FROM inventory_ledger WHERE store_id = NEW.store_id AND variant_id = NEW.variant_id ORDER BY seq DESC LIMIT 1), 0) + 1 WHERE NEW.on_hand <> 0 OR NEW.committed <> 0;
END;
--> statement-breakpoint
CREATE TRIGGER `inventory_level_update` AFTER UPDATE OF on_hand, committed ON `inventory_levels`
WHEN (NEW.on_hand IS NOT OLD.on_hand OR NEW.committed IS NOT OLD.committed) AND (SELECT state FROM stores WHERE id = NEW.store_id) IS NOT 'incoming' BEGIN
  UPDATE product_variants SET stock = (SELECT coalesce(sum(il.on_hand - il.committed), 0) FROM inventory_levels il JOIN locations l ON l.id = il.location_id WHERE il.variant_id = NEW.variant_id AND l.active = 1) WHERE id = NEW.variant_id;
  INSERT INTO inventory_ledger (id, store_id, seq, variant_id, product_id, sku, location_id, location_code, on_hand_delta, committed_delta, on_hand_after, committed_after, reason, reference, order_id, adjustment_id, actor_user_id, actor_token_id, actor_integration_id, created_at, variant_entries)
    SELECT lower(substr(printf('%012x', CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)), 1, 8) || '-' || substr(printf('%012x', CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)), 9, 4) || '-7' || substr(hex(randomblob(2)), 2) || '-' || substr('89ab', 1 + (abs(random()) % 4), 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6))), NEW.store_id, coalesce((SELECT max(seq) FROM inventory_ledger WHERE store_id = NEW.store_id), 0) + 1, NEW.variant_id, NEW.product_id, (SELECT sku FROM product_variants WHERE id = NEW.variant_id), NEW.location_id, (SELECT code FROM locations WHERE id = NEW.location_id), NEW.on_hand - OLD.on_hand, NEW.committed - OLD.committed, NEW.on_hand, NEW.committed, (SELECT reason FROM inventory_context WHERE store_id = NEW.store_id), (SELECT reference FROM inventory_context WHERE store_id = NEW.store_id), (SELECT order_id FROM inventory_context WHERE store_id = NEW.store_id), (SELECT adjustment_id FROM inventory_context WHERE store_id = NEW.store_id), (SELECT actor_user_id FROM inventory_context WHERE store_id = NEW.store_id), (SELECT actor_token_id FROM inventory_context WHERE store_id = NEW.store_id), (SELECT actor_integration_id FROM inventory_context WHERE store_id = NEW.store_id), strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), coalesce((SELECT variant_entries FROM inventory_ledger WHERE store_id = NEW.store_id AND variant_id = NEW.variant_id ORDER BY seq DESC LIMIT 1), 0) + 1;
END;
--> statement-breakpoint
-- A location turned on or off: the stock of every variant it holds a level for.
CREATE TRIGGER `inventory_location_active` AFTER UPDATE OF active ON `locations`
WHEN OLD.active IS NOT NEW.active AND (SELECT state FROM stores WHERE id = NEW.store_id) IS NOT 'incoming' BEGIN
  UPDATE product_variants SET stock = (SELECT coalesce(sum(il.on_hand - il.committed), 0) FROM inventory_levels il
      JOIN locations l ON l.id = il.location_id WHERE il.variant_id = product_variants.id AND l.active = 1)
    WHERE id IN (SELECT variant_id FROM inventory_levels WHERE location_id = NEW.id);
END;
--> statement-breakpoint
-- A variant created with stock: the default location holds it.
CREATE TRIGGER `inventory_variant_insert` AFTER INSERT ON `product_variants` WHEN NEW.stock <> 0 AND (SELECT state FROM stores WHERE id = NEW.store_id) IS NOT 'incoming' BEGIN
  SELECT RAISE(ABORT, 'no_default_location') WHERE NOT EXISTS (SELECT 1 FROM locations WHERE store_id = NEW.store_id AND is_default = 1);
  INSERT INTO inventory_levels (variant_id, location_id, store_id, product_id, on_hand, committed, updated_at)
    SELECT NEW.id, l.id, NEW.store_id, NEW.product_id, NEW.stock, 0, strftime('%Y-%m-%dT%H:%M:%fZ', 'now') FROM locations l WHERE l.store_id = NEW.store_id AND l.is_default = 1;
END;
--> statement-breakpoint
-- A stock write (a value other than the sum the levels give): the default location's on_hand becomes what makes the
-- sum that value, unless another active location holds on_hand for the variant.
CREATE TRIGGER `inventory_variant_stock_write` AFTER UPDATE OF stock ON `product_variants`
WHEN NEW.stock IS NOT (SELECT coalesce(sum(il.on_hand - il.committed), 0) FROM inventory_levels il JOIN locations l ON l.id = il.location_id
  WHERE il.variant_id = NEW.id AND l.active = 1) AND (SELECT state FROM stores WHERE id = NEW.store_id) IS NOT 'incoming' BEGIN
  SELECT RAISE(ABORT, 'stock_held_elsewhere') WHERE EXISTS (SELECT 1 FROM inventory_levels il JOIN locations l ON l.id = il.location_id
    WHERE il.variant_id = NEW.id AND l.active = 1 AND l.is_default = 0 AND il.on_hand > 0);
  SELECT RAISE(ABORT, 'no_default_location') WHERE NOT EXISTS (SELECT 1 FROM locations WHERE store_id = NEW.store_id AND is_default = 1);
  INSERT INTO inventory_levels (variant_id, location_id, store_id, product_id, on_hand, committed, updated_at)
    SELECT NEW.id, l.id, NEW.store_id, NEW.product_id, NEW.stock, 0, strftime('%Y-%m-%dT%H:%M:%fZ', 'now') FROM locations l WHERE l.store_id = NEW.store_id AND l.is_default = 1
    ON CONFLICT (variant_id, location_id) DO UPDATE SET on_hand = NEW.stock + committed, updated_at = excluded.updated_at;
END;
--> statement-breakpoint
CREATE TRIGGER `locations_paused_insert` BEFORE INSERT ON `locations` WHEN (SELECT state FROM stores WHERE id = NEW.store_id) IN ('moving', 'moved', 'purging') BEGIN SELECT RAISE(ABORT, 'store_paused'); END;
--> statement-breakpoint
CREATE TRIGGER `locations_paused_update` BEFORE UPDATE ON `locations` WHEN (SELECT state FROM stores WHERE id = NEW.store_id) IN ('moving', 'moved', 'purging') BEGIN SELECT RAISE(ABORT, 'store_paused'); END;
--> statement-breakpoint
CREATE TRIGGER `locations_paused_delete` BEFORE DELETE ON `locations` WHEN (SELECT state FROM stores WHERE id = OLD.store_id) IN ('moving', 'moved') BEGIN SELECT RAISE(ABORT, 'store_paused'); END;
--> statement-breakpoint
CREATE TRIGGER `locations_capture_insert` AFTER INSERT ON `locations` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT NEW.store_id, 'locations', json_array(NEW.id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = NEW.store_id); END;
--> statement-breakpoint
CREATE TRIGGER `locations_capture_update` AFTER UPDATE ON `locations` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT NEW.store_id, 'locations', json_array(NEW.id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = NEW.store_id); INSERT INTO move_changes (store_id, table_name, key) SELECT OLD.store_id, 'locations', json_array(OLD.id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = OLD.store_id) AND (json_array(OLD.id) IS NOT json_array(NEW.id) OR OLD.store_id IS NOT NEW.store_id); END;
--> statement-breakpoint
CREATE TRIGGER `locations_capture_delete` AFTER DELETE ON `locations` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT OLD.store_id, 'locations', json_array(OLD.id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = OLD.store_id); END;
--> statement-breakpoint
CREATE TRIGGER `inventory_levels_paused_insert` BEFORE INSERT ON `inventory_levels` WHEN (SELECT state FROM stores WHERE id = NEW.store_id) IN ('moving', 'moved', 'purging') BEGIN SELECT RAISE(ABORT, 'store_paused'); END;
--> statement-breakpoint
CREATE TRIGGER `inventory_levels_paused_update` BEFORE UPDATE ON `inventory_levels` WHEN (SELECT state FROM stores WHERE id = NEW.store_id) IN ('moving', 'moved', 'purging') BEGIN SELECT RAISE(ABORT, 'store_paused'); END;
--> statement-breakpoint
CREATE TRIGGER `inventory_levels_paused_delete` BEFORE DELETE ON `inventory_levels` WHEN (SELECT state FROM stores WHERE id = OLD.store_id) IN ('moving', 'moved') BEGIN SELECT RAISE(ABORT, 'store_paused'); END;
--> statement-breakpoint
CREATE TRIGGER `inventory_levels_capture_insert` AFTER INSERT ON `inventory_levels` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT NEW.store_id, 'inventory_levels', json_array(NEW.variant_id, NEW.location_id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = NEW.store_id); END;
--> statement-breakpoint
CREATE TRIGGER `inventory_levels_capture_update` AFTER UPDATE ON `inventory_levels` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT NEW.store_id, 'inventory_levels', json_array(NEW.variant_id, NEW.location_id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = NEW.store_id); INSERT INTO move_changes (store_id, table_name, key) SELECT OLD.store_id, 'inventory_levels', json_array(OLD.variant_id, OLD.location_id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = OLD.store_id) AND (json_array(OLD.variant_id, OLD.location_id) IS NOT json_array(NEW.variant_id, NEW.location_id) OR OLD.store_id IS NOT NEW.store_id); END;
--> statement-breakpoint
CREATE TRIGGER `inventory_levels_capture_delete` AFTER DELETE ON `inventory_levels` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT OLD.store_id, 'inventory_levels', json_array(OLD.variant_id, OLD.location_id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = OLD.store_id); END;
--> statement-breakpoint
CREATE TRIGGER `inventory_ledger_paused_insert` BEFORE INSERT ON `inventory_ledger` WHEN (SELECT state FROM stores WHERE id = NEW.store_id) IN ('moving', 'moved', 'purging') BEGIN SELECT RAISE(ABORT, 'store_paused'); END;
--> statement-breakpoint
CREATE TRIGGER `inventory_ledger_paused_update` BEFORE UPDATE ON `inventory_ledger` WHEN (SELECT state FROM stores WHERE id = NEW.store_id) IN ('moving', 'moved', 'purging') BEGIN SELECT RAISE(ABORT, 'store_paused'); END;
--> statement-breakpoint
CREATE TRIGGER `inventory_ledger_paused_delete` BEFORE DELETE ON `inventory_ledger` WHEN (SELECT state FROM stores WHERE id = OLD.store_id) IN ('moving', 'moved') BEGIN SELECT RAISE(ABORT, 'store_paused'); END;
--> statement-breakpoint
CREATE TRIGGER `inventory_ledger_capture_insert` AFTER INSERT ON `inventory_ledger` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT NEW.store_id, 'inventory_ledger', json_array(NEW.id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = NEW.store_id); END;
--> statement-breakpoint
CREATE TRIGGER `inventory_ledger_capture_update` AFTER UPDATE ON `inventory_ledger` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT NEW.store_id, 'inventory_ledger', json_array(NEW.id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = NEW.store_id); INSERT INTO move_changes (store_id, table_name, key) SELECT OLD.store_id, 'inventory_ledger', json_array(OLD.id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = OLD.store_id) AND (json_array(OLD.id) IS NOT json_array(NEW.id) OR OLD.store_id IS NOT NEW.store_id); END;
--> statement-breakpoint
CREATE TRIGGER `inventory_ledger_capture_delete` AFTER DELETE ON `inventory_ledger` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT OLD.store_id, 'inventory_ledger', json_array(OLD.id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = OLD.store_id); END;
--> statement-breakpoint
CREATE TRIGGER `order_allocations_paused_insert` BEFORE INSERT ON `order_allocations` WHEN (SELECT state FROM stores WHERE id = NEW.store_id) IN ('moving', 'moved', 'purging') BEGIN SELECT RAISE(ABORT, 'store_paused'); END;
--> statement-breakpoint
CREATE TRIGGER `order_allocations_paused_update` BEFORE UPDATE ON `order_allocations` WHEN (SELECT state FROM stores WHERE id = NEW.store_id) IN ('moving', 'moved', 'purging') BEGIN SELECT RAISE(ABORT, 'store_paused'); END;
--> statement-breakpoint
CREATE TRIGGER `order_allocations_paused_delete` BEFORE DELETE ON `order_allocations` WHEN (SELECT state FROM stores WHERE id = OLD.store_id) IN ('moving', 'moved') BEGIN SELECT RAISE(ABORT, 'store_paused'); END;
--> statement-breakpoint
CREATE TRIGGER `order_allocations_capture_insert` AFTER INSERT ON `order_allocations` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT NEW.store_id, 'order_allocations', json_array(NEW.order_id, NEW.position, NEW.location_id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = NEW.store_id); END;
--> statement-breakpoint
CREATE TRIGGER `order_allocations_capture_update` AFTER UPDATE ON `order_allocations` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT NEW.store_id, 'order_allocations', json_array(NEW.order_id, NEW.position, NEW.location_id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = NEW.store_id); INSERT INTO move_changes (store_id, table_name, key) SELECT OLD.store_id, 'order_allocations', json_array(OLD.order_id, OLD.position, OLD.location_id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = OLD.store_id) AND (json_array(OLD.order_id, OLD.position, OLD.location_id) IS NOT json_array(NEW.order_id, NEW.position, NEW.location_id) OR OLD.store_id IS NOT NEW.store_id); END;
--> statement-breakpoint
CREATE TRIGGER `order_allocations_capture_delete` AFTER DELETE ON `order_allocations` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT OLD.store_id, 'order_allocations', json_array(OLD.order_id, OLD.position, OLD.location_id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = OLD.store_id); END;
