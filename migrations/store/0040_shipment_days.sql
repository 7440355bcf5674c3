-- The shipment change feed's total (docs/shipments.md "The change feed's total"): `GET /shipments?updated_since=`
-- answers `pagination.total`, the number of the store's shipments changed at or after a moment. Counted from the
-- index, that read every entry after the moment (100,000 shipments: 11 ms a read, 1.57x the 100-shipment store's
-- page in bench:fulfilment). `shipment_days` keeps, per store and UTC day of `updated_at`, how many shipments were
-- last changed that day, so the total is the days after the moment's day from this table plus that one day's
-- shipments from the index. Triggers keep it in step on every path (API, a move's copier, seeding): an insert adds
-- one to its day, a change of `updated_at` to another day moves it, a delete takes it away. A rowid table with the
-- pause and move-capture triggers of every store table; src/moves/tables.ts copies it after the shipments (whose
-- insert triggers made its rows on the target; the source's counts replace them) and deletes it before them.
CREATE TABLE `shipment_days` (
	`store_id` text NOT NULL,
	`day` text NOT NULL,
	`shipments` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`store_id`, `day`)
);
--> statement-breakpoint
INSERT INTO `shipment_days` (store_id, day, shipments)
SELECT store_id, substr(updated_at, 1, 10), count(*) FROM shipments GROUP BY store_id, substr(updated_at, 1, 10);
--> statement-breakpoint
CREATE TRIGGER `shipment_days_insert` AFTER INSERT ON `shipments` BEGIN
  INSERT INTO shipment_days (store_id, day, shipments) VALUES (new.store_id, substr(new.updated_at, 1, 10), 1)
  ON CONFLICT (store_id, day) DO UPDATE SET shipments = shipments + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `shipment_days_update` AFTER UPDATE OF updated_at, store_id ON `shipments`
WHEN substr(old.updated_at, 1, 10) IS NOT substr(new.updated_at, 1, 10) OR old.store_id IS NOT new.store_id BEGIN
  UPDATE shipment_days SET shipments = shipments - 1 WHERE store_id = old.store_id AND day = substr(old.updated_at, 1, 10);
  INSERT INTO shipment_days (store_id, day, shipments) VALUES (new.store_id, substr(new.updated_at, 1, 10), 1)
  ON CONFLICT (store_id, day) DO UPDATE SET shipments = shipments + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `shipment_days_delete` AFTER DELETE ON `shipments` BEGIN
  UPDATE shipment_days SET shipments = shipments - 1 WHERE store_id = old.store_id AND day = substr(old.updated_at, 1, 10);
END;
--> statement-breakpoint
CREATE TRIGGER `shipment_days_paused_insert` BEFORE INSERT ON `shipment_days` WHEN (SELECT state FROM stores WHERE id = NEW.store_id) IN ('moving', 'moved', 'purging') BEGIN SELECT RAISE(ABORT, 'store_paused'); END;
--> statement-breakpoint
CREATE TRIGGER `shipment_days_paused_update` BEFORE UPDATE ON `shipment_days` WHEN (SELECT state FROM stores WHERE id = NEW.store_id) IN ('moving', 'moved', 'purging') BEGIN SELECT RAISE(ABORT, 'store_paused'); END;
--> statement-breakpoint
CREATE TRIGGER `shipment_days_paused_delete` BEFORE DELETE ON `shipment_days` WHEN (SELECT state FROM stores WHERE id = OLD.store_id) IN ('moving', 'moved') BEGIN SELECT RAISE(ABORT, 'store_paused'); END;
--> statement-breakpoint
CREATE TRIGGER `shipment_days_capture_insert` AFTER INSERT ON `shipment_days` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT NEW.store_id, 'shipment_days', json_array(NEW.store_id, NEW.day) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = NEW.store_id); END;
--> statement-breakpoint
CREATE TRIGGER `shipment_days_capture_update` AFTER UPDATE ON `shipment_days` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT NEW.store_id, 'shipment_days', json_array(NEW.store_id, NEW.day) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = NEW.store_id); INSERT INTO move_changes (store_id, table_name, key) SELECT OLD.store_id, 'shipment_days', json_array(OLD.store_id, OLD.day) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = OLD.store_id) AND (json_array(OLD.store_id, OLD.day) IS NOT json_array(NEW.store_id, NEW.day) OR OLD.store_id IS NOT NEW.store_id); END;
--> statement-breakpoint
CREATE TRIGGER `shipment_days_capture_delete` AFTER DELETE ON `shipment_days` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT OLD.store_id, 'shipment_days', json_array(OLD.store_id, OLD.day) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = OLD.store_id); END;
