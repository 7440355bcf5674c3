-- Returns (docs/api/25-shipments.md, docs/shipments.md): units of an order that came back, per line, and where each
-- line's units were restocked. Rowid tables (moves delete by rowid), with the pause and move-capture triggers every
-- store table has (as migrations/store/0037_shipments.sql's).
CREATE TABLE `returns` (
	`id` text PRIMARY KEY NOT NULL,
	`store_id` text NOT NULL,
	`order_id` text NOT NULL,
	`reason` text,
	`note` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`store_id`) REFERENCES `stores`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `returns_order_created_idx` ON `returns` (`order_id`,`created_at`,`id`);
--> statement-breakpoint
CREATE TABLE `return_items` (
	`return_id` text NOT NULL,
	`store_id` text NOT NULL,
	`position` integer NOT NULL,
	`quantity` integer NOT NULL,
	`restock` integer NOT NULL,
	`location_id` text,
	PRIMARY KEY(`return_id`, `position`),
	FOREIGN KEY (`return_id`) REFERENCES `returns`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "return_items_quantity" CHECK("return_items"."quantity" > 0)
);
--> statement-breakpoint
CREATE TRIGGER `returns_paused_insert` BEFORE INSERT ON `returns` WHEN (SELECT state FROM stores WHERE id = NEW.store_id) IN ('moving', 'moved', 'purging') BEGIN SELECT RAISE(ABORT, 'store_paused'); END;
--> statement-breakpoint
CREATE TRIGGER `returns_paused_update` BEFORE UPDATE ON `returns` WHEN (SELECT state FROM stores WHERE id = NEW.store_id) IN ('moving', 'moved', 'purging') BEGIN SELECT RAISE(ABORT, 'store_paused'); END;
--> statement-breakpoint
CREATE TRIGGER `returns_paused_delete` BEFORE DELETE ON `returns` WHEN (SELECT state FROM stores WHERE id = OLD.store_id) IN ('moving', 'moved') BEGIN SELECT RAISE(ABORT, 'store_paused'); END;
--> statement-breakpoint
CREATE TRIGGER `returns_capture_insert` AFTER INSERT ON `returns` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT NEW.store_id, 'returns', json_array(NEW.id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = NEW.store_id); END;
--> statement-breakpoint
CREATE TRIGGER `returns_capture_update` AFTER UPDATE ON `returns` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT NEW.store_id, 'returns', json_array(NEW.id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = NEW.store_id); INSERT INTO move_changes (store_id, table_name, key) SELECT OLD.store_id, 'returns', json_array(OLD.id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = OLD.store_id) AND (json_array(OLD.id) IS NOT json_array(NEW.id) OR OLD.store_id IS NOT NEW.store_id); END;
--> statement-breakpoint
CREATE TRIGGER `returns_capture_delete` AFTER DELETE ON `returns` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT OLD.store_id, 'returns', json_array(OLD.id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = OLD.store_id); END;
--> statement-breakpoint
CREATE TRIGGER `return_items_paused_insert` BEFORE INSERT ON `return_items` WHEN (SELECT state FROM stores WHERE id = NEW.store_id) IN ('moving', 'moved', 'purging') BEGIN SELECT RAISE(ABORT, 'store_paused'); END;
--> statement-breakpoint
CREATE TRIGGER `return_items_paused_update` BEFORE UPDATE ON `return_items` WHEN (SELECT state FROM stores WHERE id = NEW.store_id) IN ('moving', 'moved', 'purging') BEGIN SELECT RAISE(ABORT, 'store_paused'); END;
--> statement-breakpoint
CREATE TRIGGER `return_items_paused_delete` BEFORE DELETE ON `return_items` WHEN (SELECT state FROM stores WHERE id = OLD.store_id) IN ('moving', 'moved') BEGIN SELECT RAISE(ABORT, 'store_paused'); END;
--> statement-breakpoint
CREATE TRIGGER `return_items_capture_insert` AFTER INSERT ON `return_items` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT NEW.store_id, 'return_items', json_array(NEW.return_id, NEW.position) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = NEW.store_id); END;
--> statement-breakpoint
CREATE TRIGGER `return_items_capture_update` AFTER UPDATE ON `return_items` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT NEW.store_id, 'return_items', json_array(NEW.return_id, NEW.position) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = NEW.store_id); INSERT INTO move_changes (store_id, table_name, key) SELECT OLD.store_id, 'return_items', json_array(OLD.return_id, OLD.position) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = OLD.store_id) AND (json_array(OLD.return_id, OLD.position) IS NOT json_array(NEW.return_id, NEW.position) OR OLD.store_id IS NOT NEW.store_id); END;
--> statement-breakpoint
CREATE TRIGGER `return_items_capture_delete` AFTER DELETE ON `return_items` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT OLD.store_id, 'return_items', json_array(OLD.return_id, OLD.position) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = OLD.store_id); END;
