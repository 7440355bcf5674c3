-- A store database's location hint lives in the directory (docs/api/14b-thousands-of-databases.md), beside `accepting`: operators
-- set both with PATCH /ops/shards/{name}, and adding a database is a binding and a migration run, nothing else.
-- Before this, the hints were one Worker variable (SHARD_LOCATIONS, about 22 bytes per database against a 5 KB
-- cap per variable). NULL: no hint (placement then treats the database as being in no region).
ALTER TABLE `shards` ADD `location` text;
--> statement-breakpoint
-- The last value of SHARD_LOCATIONS in wrangler.toml ('{"STORE_DB_001":"weur","STORE_DB_002":"weur"}'), carried
-- over so the deployed placement does not change. A deployment that had set other hints: docs/scale.md 7.11
-- (one PATCH per database, or the UPDATE it gives, before the code without the variable is deployed).
INSERT OR IGNORE INTO `shards` (`name`) VALUES ('STORE_DB_001'), ('STORE_DB_002');
--> statement-breakpoint
UPDATE `shards` SET `location` = 'weur' WHERE `name` IN ('STORE_DB_001', 'STORE_DB_002') AND `location` IS NULL;
--> statement-breakpoint
-- How many stores each database holds (every `store_directory` row, `creating` ones included), kept by the triggers
-- below in the very statement that adds, removes or moves a store's row: POST /stores chooses a database from
-- `shards` alone, without counting 180,000 directory rows (docs/scale.md 7.11).
ALTER TABLE `shards` ADD `stores` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
INSERT OR IGNORE INTO `shards` (`name`) SELECT DISTINCT `shard` FROM `store_directory`;
--> statement-breakpoint
UPDATE `shards` SET `stores` = (SELECT count(*) FROM `store_directory` d WHERE d.`shard` = `shards`.`name`);
--> statement-breakpoint
CREATE TRIGGER `store_directory_count_insert` AFTER INSERT ON `store_directory` BEGIN
  INSERT OR IGNORE INTO `shards` (`name`) VALUES (NEW.`shard`);
  UPDATE `shards` SET `stores` = `stores` + 1 WHERE `name` = NEW.`shard`;
END;
--> statement-breakpoint
CREATE TRIGGER `store_directory_count_delete` AFTER DELETE ON `store_directory` BEGIN
  UPDATE `shards` SET `stores` = `stores` - 1 WHERE `name` = OLD.`shard`;
END;
--> statement-breakpoint
CREATE TRIGGER `store_directory_count_move` AFTER UPDATE OF `shard` ON `store_directory` WHEN NEW.`shard` IS NOT OLD.`shard` BEGIN
  INSERT OR IGNORE INTO `shards` (`name`) VALUES (NEW.`shard`);
  UPDATE `shards` SET `stores` = `stores` - 1 WHERE `name` = OLD.`shard`;
  UPDATE `shards` SET `stores` = `stores` + 1 WHERE `name` = NEW.`shard`;
END;
