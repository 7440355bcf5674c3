-- Shipments (docs/api/25-shipments.md, docs/shipments.md): what left an order per line and, for stocked units, per
-- location. Rowid tables (moves delete by rowid), with the pause and move-capture triggers every store table has
-- (as migrations/store/0035_pricing.sql's). Orders fulfilled before shipments existed get one shipment of every
-- unit (their allocations as its stock part), so a line's fulfilled_quantity says what it always meant.
CREATE TABLE `shipments` (
	`id` text PRIMARY KEY NOT NULL,
	`store_id` text NOT NULL,
	`order_id` text NOT NULL,
	`status` text NOT NULL,
	`location_id` text,
	`tracking` text DEFAULT '[]' NOT NULL,
	`external_id` text,
	`shipped_at` text NOT NULL,
	`delivered_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`store_id`) REFERENCES `stores`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `shipments_store_external_idx` ON `shipments` (`store_id`,`external_id`);
--> statement-breakpoint
CREATE INDEX `shipments_store_created_idx` ON `shipments` (`store_id`,`created_at`,`id`);
--> statement-breakpoint
CREATE INDEX `shipments_store_updated_idx` ON `shipments` (`store_id`,`updated_at`,`id`);
--> statement-breakpoint
CREATE INDEX `shipments_order_idx` ON `shipments` (`order_id`);
--> statement-breakpoint
CREATE TABLE `shipment_items` (
	`shipment_id` text NOT NULL,
	`store_id` text NOT NULL,
	`position` integer NOT NULL,
	`quantity` integer NOT NULL,
	PRIMARY KEY(`shipment_id`, `position`),
	FOREIGN KEY (`shipment_id`) REFERENCES `shipments`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "shipment_items_quantity" CHECK("shipment_items"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE `shipment_stock` (
	`shipment_id` text NOT NULL,
	`store_id` text NOT NULL,
	`position` integer NOT NULL,
	`location_id` text NOT NULL,
	`variant_id` text NOT NULL,
	`quantity` integer NOT NULL,
	PRIMARY KEY(`shipment_id`, `position`, `location_id`),
	FOREIGN KEY (`shipment_id`) REFERENCES `shipments`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "shipment_stock_quantity" CHECK("shipment_stock"."quantity" > 0)
);
--> statement-breakpoint
-- The orders fulfilled before this migration: one shipment each, of every unit, shipped when the order last changed.
INSERT INTO `shipments` (id, store_id, order_id, status, location_id, tracking, external_id, shipped_at, delivered_at, created_at, updated_at)
SELECT lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-7' || substr(hex(randomblob(2)), 2) || '-' || substr('89ab', 1 + (abs(random()) % 4), 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6))),
  o.store_id, o.id, 'shipped',
  (SELECT CASE WHEN count(DISTINCT a.location_id) = 1 THEN max(a.location_id) END FROM order_allocations a WHERE a.order_id = o.id),
  '[]', NULL, o.updated_at, NULL, o.updated_at, o.updated_at
FROM orders o WHERE o.status = 'fulfilled'
  OR (o.status = 'refunded' AND EXISTS (SELECT 1 FROM inventory_ledger g WHERE g.order_id = o.id AND g.reason = 'order_fulfilled'));
--> statement-breakpoint
INSERT INTO `shipment_items` (shipment_id, store_id, position, quantity)
SELECT s.id, s.store_id, l.position, l.quantity FROM shipments s JOIN order_lines l ON l.order_id = s.order_id;
--> statement-breakpoint
INSERT INTO `shipment_stock` (shipment_id, store_id, position, location_id, variant_id, quantity)
SELECT s.id, s.store_id, a.position, a.location_id, a.variant_id, a.quantity FROM shipments s JOIN order_allocations a ON a.order_id = s.order_id;
--> statement-breakpoint
CREATE TRIGGER `shipments_paused_insert` BEFORE INSERT ON `shipments` WHEN (SELECT state FROM stores WHERE id = NEW.store_id) IN ('moving', 'moved', 'purging') BEGIN SELECT RAISE(ABORT, 'store_paused'); END;
--> statement-breakpoint
CREATE TRIGGER `shipments_paused_update` BEFORE UPDATE ON `shipments` WHEN (SELECT state FROM stores WHERE id = NEW.store_id) IN ('moving', 'moved', 'purging') BEGIN SELECT RAISE(ABORT, 'store_paused'); END;
--> statement-breakpoint
CREATE TRIGGER `shipments_paused_delete` BEFORE DELETE ON `shipments` WHEN (SELECT state FROM stores WHERE id = OLD.store_id) IN ('moving', 'moved') BEGIN SELECT RAISE(ABORT, 'store_paused'); END;
--> statement-breakpoint
CREATE TRIGGER `shipments_capture_insert` AFTER INSERT ON `shipments` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT NEW.store_id, 'shipments', json_array(NEW.id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = NEW.store_id); END;
--> statement-breakpoint
CREATE TRIGGER `shipments_capture_update` AFTER UPDATE ON `shipments` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT NEW.store_id, 'shipments', json_array(NEW.id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = NEW.store_id); INSERT INTO move_changes (store_id, table_name, key) SELECT OLD.store_id, 'shipments', json_array(OLD.id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = OLD.store_id) AND (json_array(OLD.id) IS NOT json_array(NEW.id) OR OLD.store_id IS NOT NEW.store_id); END;
--> statement-breakpoint
CREATE TRIGGER `shipments_capture_delete` AFTER DELETE ON `shipments` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT OLD.store_id, 'shipments', json_array(OLD.id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = OLD.store_id); END;
--> statement-breakpoint
CREATE TRIGGER `shipment_items_paused_insert` BEFORE INSERT ON `shipment_items` WHEN (SELECT state FROM stores WHERE id = NEW.store_id) IN ('moving', 'moved', 'purging') BEGIN SELECT RAISE(ABORT, 'store_paused'); END;
--> statement-breakpoint
CREATE TRIGGER `shipment_items_paused_update` BEFORE UPDATE ON `shipment_items` WHEN (SELECT state FROM stores WHERE id = NEW.store_id) IN ('moving', 'moved', 'purging') BEGIN SELECT RAISE(ABORT, 'store_paused'); END;
--> statement-breakpoint
CREATE TRIGGER `shipment_items_paused_delete` BEFORE DELETE ON `shipment_items` WHEN (SELECT state FROM stores WHERE id = OLD.store_id) IN ('moving', 'moved') BEGIN SELECT RAISE(ABORT, 'store_paused'); END;
--> statement-breakpoint
CREATE TRIGGER `shipment_items_capture_insert` AFTER INSERT ON `shipment_items` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT NEW.store_id, 'shipment_items', json_array(NEW.shipment_id, NEW.position) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = NEW.store_id); END;
--> statement-breakpoint
CREATE TRIGGER `shipment_items_capture_update` AFTER UPDATE ON `shipment_items` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT NEW.store_id, 'shipment_items', json_array(NEW.shipment_id, NEW.position) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = NEW.store_id); INSERT INTO move_changes (store_id, table_name, key) SELECT OLD.store_id, 'shipment_items', json_array(OLD.shipment_id, OLD.position) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = OLD.store_id) AND (json_array(OLD.shipment_id, OLD.position) IS NOT json_array(NEW.shipment_id, NEW.position) OR OLD.store_id IS NOT NEW.store_id); END;
--> statement-breakpoint
CREATE TRIGGER `shipment_items_capture_delete` AFTER DELETE ON `shipment_items` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT OLD.store_id, 'shipment_items', json_array(OLD.shipment_id, OLD.position) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = OLD.store_id); END;
--> statement-breakpoint
CREATE TRIGGER `shipment_stock_paused_insert` BEFORE INSERT ON `shipment_stock` WHEN (SELECT state FROM stores WHERE id = NEW.store_id) IN ('moving', 'moved', 'purging') BEGIN SELECT RAISE(ABORT, 'store_paused'); END;
--> statement-breakpoint
CREATE TRIGGER `shipment_stock_paused_update` BEFORE UPDATE ON `shipment_stock` WHEN (SELECT state FROM stores WHERE id = NEW.store_id) IN ('moving', 'moved', 'purging') BEGIN SELECT RAISE(ABORT, 'store_paused'); END;
--> statement-breakpoint
CREATE TRIGGER `shipment_stock_paused_delete` BEFORE DELETE ON `shipment_stock` WHEN (SELECT state FROM stores WHERE id = OLD.store_id) IN ('moving', 'moved') BEGIN SELECT RAISE(ABORT, 'store_paused'); END;
--> statement-breakpoint
CREATE TRIGGER `shipment_stock_capture_insert` AFTER INSERT ON `shipment_stock` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT NEW.store_id, 'shipment_stock', json_array(NEW.shipment_id, NEW.position, NEW.location_id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = NEW.store_id); END;
--> statement-breakpoint
CREATE TRIGGER `shipment_stock_capture_update` AFTER UPDATE ON `shipment_stock` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT NEW.store_id, 'shipment_stock', json_array(NEW.shipment_id, NEW.position, NEW.location_id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = NEW.store_id); INSERT INTO move_changes (store_id, table_name, key) SELECT OLD.store_id, 'shipment_stock', json_array(OLD.shipment_id, OLD.position, OLD.location_id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = OLD.store_id) AND (json_array(OLD.shipment_id, OLD.position, OLD.location_id) IS NOT json_array(NEW.shipment_id, NEW.position, NEW.location_id) OR OLD.store_id IS NOT NEW.store_id); END;
--> statement-breakpoint
CREATE TRIGGER `shipment_stock_capture_delete` AFTER DELETE ON `shipment_stock` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT OLD.store_id, 'shipment_stock', json_array(OLD.shipment_id, OLD.position, OLD.location_id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = OLD.store_id); END;
