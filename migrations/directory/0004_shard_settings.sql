-- A store database's location hint lives in the directory (API.md "14 (continued)"), beside `accepting`: operators
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
