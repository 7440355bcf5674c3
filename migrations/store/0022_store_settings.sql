-- Store settings and finding customers (docs/admin.md "Week one"; OpenAPI: updateStore, listCustomers, listAudit).
-- A store's currency (ISO 4217) and time zone (IANA), which the console shows prices and times in.
ALTER TABLE `stores` ADD `currency` text DEFAULT 'USD' NOT NULL;
--> statement-breakpoint
ALTER TABLE `stores` ADD `timezone` text DEFAULT 'UTC' NOT NULL;
--> statement-breakpoint
-- The actor as they were when the entry was written, kept after they leave the store or rename themselves.
-- Entries written before this migration get the name and email their user copy holds now.
ALTER TABLE `audit_log` ADD `actor_name` text;
--> statement-breakpoint
ALTER TABLE `audit_log` ADD `actor_email` text;
--> statement-breakpoint
UPDATE `audit_log` SET `actor_name` = (SELECT `name` FROM `users` WHERE `users`.`id` = `audit_log`.`user_id`),
  `actor_email` = (SELECT `email` FROM `users` WHERE `users`.`id` = `audit_log`.`user_id`);
--> statement-breakpoint
-- The audit log's filters, each an index walk in the log's own order (newest id first).
CREATE INDEX `audit_log_store_user_idx` ON `audit_log` (`store_id`, `user_id`, `id`);
--> statement-breakpoint
CREATE INDEX `audit_log_store_action_idx` ON `audit_log` (`store_id`, `action`, `id`);
--> statement-breakpoint
CREATE INDEX `audit_log_store_resource_idx` ON `audit_log` (`store_id`, `resource_type`, `id`);
--> statement-breakpoint
CREATE INDEX `audit_log_store_integration_idx` ON `audit_log` (`store_id`, `integration_id`, `id`) WHERE `integration_id` IS NOT NULL;
--> statement-breakpoint
-- Customer search: an FTS5 trigram index over email, name and phone (external content, kept in step by the triggers
-- below, as products_fts is for titles). A trigram phrase query is a case-insensitive substring match that reads
-- only the matching rows.
CREATE VIRTUAL TABLE `customers_fts` USING fts5(email, name, phone, content='customers', content_rowid='rowid', tokenize='trigram');
--> statement-breakpoint
CREATE TRIGGER `customers_fts_insert` AFTER INSERT ON `customers` BEGIN
  INSERT INTO customers_fts(rowid, email, name, phone) VALUES (new.rowid, new.email, new.name, new.phone);
END;
--> statement-breakpoint
CREATE TRIGGER `customers_fts_delete` AFTER DELETE ON `customers` BEGIN
  INSERT INTO customers_fts(customers_fts, rowid, email, name, phone) VALUES ('delete', old.rowid, old.email, old.name, old.phone);
END;
--> statement-breakpoint
CREATE TRIGGER `customers_fts_update` AFTER UPDATE OF email, name, phone ON `customers` BEGIN
  INSERT INTO customers_fts(customers_fts, rowid, email, name, phone) VALUES ('delete', old.rowid, old.email, old.name, old.phone);
  INSERT INTO customers_fts(rowid, email, name, phone) VALUES (new.rowid, new.email, new.name, new.phone);
END;
--> statement-breakpoint
INSERT INTO customers_fts(customers_fts) VALUES ('rebuild');
