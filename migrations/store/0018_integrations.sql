-- Integrations (docs/api/16-integrations.md): store-owned keys (`boi_`). Both the current value's hash and, during a
-- rotation's overlap, the previous one's are unique and indexed: the access check finds a key by either in one query.
CREATE TABLE `integrations` (
	`id` text PRIMARY KEY NOT NULL,
	`store_id` text NOT NULL REFERENCES `stores`(`id`) ON DELETE cascade,
	`name` text NOT NULL,
	`description` text,
	`scopes` text NOT NULL,
	`token_hash` text NOT NULL,
	`prefix` text NOT NULL,
	`previous_token_hash` text,
	`previous_expires_at` text,
	`issued_to` text NOT NULL,
	`previous_issued_to` text,
	`created_by` text NOT NULL,
	`created_at` text NOT NULL,
	`last_used_at` text NOT NULL,
	`rotated_at` text,
	`revoked_at` text,
	`rotation_recommended` integer DEFAULT false NOT NULL,
	`rotation_recommended_reason` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `integrations_token_hash_unique` ON `integrations` (`token_hash`);--> statement-breakpoint
CREATE UNIQUE INDEX `integrations_previous_token_hash_unique` ON `integrations` (`previous_token_hash`);--> statement-breakpoint
CREATE INDEX `integrations_store_idx` ON `integrations` (`store_id`,`created_at`);--> statement-breakpoint
-- Writes paused while the store moves, like every table of a store's rows (0015_store_pause.sql).
CREATE TRIGGER `integrations_paused_insert` BEFORE INSERT ON `integrations` WHEN (SELECT state FROM stores WHERE id = NEW.store_id) IN ('moving', 'moved', 'purging') BEGIN SELECT RAISE(ABORT, 'store_paused'); END;
--> statement-breakpoint
CREATE TRIGGER `integrations_paused_update` BEFORE UPDATE ON `integrations` WHEN (SELECT state FROM stores WHERE id = NEW.store_id) IN ('moving', 'moved', 'purging') BEGIN SELECT RAISE(ABORT, 'store_paused'); END;
--> statement-breakpoint
CREATE TRIGGER `integrations_paused_delete` BEFORE DELETE ON `integrations` WHEN (SELECT state FROM stores WHERE id = OLD.store_id) IN ('moving', 'moved') BEGIN SELECT RAISE(ABORT, 'store_paused'); END;
--> statement-breakpoint
-- A change made with an integration's key is audited as the integration, with no user: user_id becomes nullable
-- (SQLite cannot drop NOT NULL in place, so the table is rebuilt with its index and pause triggers).
CREATE TABLE `audit_log_new` (
	`id` text PRIMARY KEY NOT NULL,
	`store_id` text NOT NULL,
	`user_id` text,
	`token_id` text,
	`token_name` text,
	`integration_id` text,
	`integration_name` text,
	`action` text NOT NULL,
	`resource_type` text NOT NULL,
	`resource_id` text NOT NULL,
	`created_at` text NOT NULL,
	`details` text
);
--> statement-breakpoint
INSERT INTO `audit_log_new` (`id`, `store_id`, `user_id`, `token_id`, `token_name`, `action`, `resource_type`, `resource_id`, `created_at`, `details`)
	SELECT `id`, `store_id`, `user_id`, `token_id`, `token_name`, `action`, `resource_type`, `resource_id`, `created_at`, `details` FROM `audit_log`;
--> statement-breakpoint
DROP TABLE `audit_log`;--> statement-breakpoint
ALTER TABLE `audit_log_new` RENAME TO `audit_log`;--> statement-breakpoint
CREATE INDEX `audit_log_store_idx` ON `audit_log` (`store_id`,`id`);--> statement-breakpoint
CREATE TRIGGER `audit_log_paused_insert` BEFORE INSERT ON `audit_log` WHEN (SELECT state FROM stores WHERE id = NEW.store_id) IN ('moving', 'moved', 'purging') BEGIN SELECT RAISE(ABORT, 'store_paused'); END;
--> statement-breakpoint
CREATE TRIGGER `audit_log_paused_update` BEFORE UPDATE ON `audit_log` WHEN (SELECT state FROM stores WHERE id = NEW.store_id) IN ('moving', 'moved', 'purging') BEGIN SELECT RAISE(ABORT, 'store_paused'); END;
--> statement-breakpoint
CREATE TRIGGER `audit_log_paused_delete` BEFORE DELETE ON `audit_log` WHEN (SELECT state FROM stores WHERE id = OLD.store_id) IN ('moving', 'moved') BEGIN SELECT RAISE(ABORT, 'store_paused'); END;
--> statement-breakpoint
-- An import started with an integration's key runs in the integration's name (no user): user_id becomes nullable
-- and the import records the integration, rebuilt like audit_log above.
CREATE TABLE `product_imports_new` (
	`id` text PRIMARY KEY NOT NULL,
	`store_id` text NOT NULL,
	`user_id` text,
	`token_id` text,
	`token_name` text,
	`integration_id` text,
	`integration_name` text,
	`can_publish` integer NOT NULL,
	`state` text NOT NULL,
	`object_key` text NOT NULL,
	`rows_total` integer DEFAULT 0 NOT NULL,
	`rows_done` integer DEFAULT 0 NOT NULL,
	`products_created` integer DEFAULT 0 NOT NULL,
	`products_updated` integer DEFAULT 0 NOT NULL,
	`variants_created` integer DEFAULT 0 NOT NULL,
	`variants_updated` integer DEFAULT 0 NOT NULL,
	`errors` text DEFAULT '[]' NOT NULL,
	`chunks` text DEFAULT '[]' NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`store_id`) REFERENCES `stores`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `product_imports_new` (`id`, `store_id`, `user_id`, `token_id`, `token_name`, `can_publish`, `state`, `object_key`, `rows_total`,
	`rows_done`, `products_created`, `products_updated`, `variants_created`, `variants_updated`, `errors`, `chunks`, `created_at`, `updated_at`)
	SELECT `id`, `store_id`, `user_id`, `token_id`, `token_name`, `can_publish`, `state`, `object_key`, `rows_total`,
	`rows_done`, `products_created`, `products_updated`, `variants_created`, `variants_updated`, `errors`, `chunks`, `created_at`, `updated_at`
	FROM `product_imports`;
--> statement-breakpoint
DROP TABLE `product_imports`;--> statement-breakpoint
ALTER TABLE `product_imports_new` RENAME TO `product_imports`;--> statement-breakpoint
CREATE INDEX `product_imports_store_idx` ON `product_imports` (`store_id`,`id`);--> statement-breakpoint
CREATE TRIGGER `product_imports_paused_insert` BEFORE INSERT ON `product_imports` WHEN (SELECT state FROM stores WHERE id = NEW.store_id) IN ('moving', 'moved', 'purging') BEGIN SELECT RAISE(ABORT, 'store_paused'); END;
--> statement-breakpoint
CREATE TRIGGER `product_imports_paused_update` BEFORE UPDATE ON `product_imports` WHEN (SELECT state FROM stores WHERE id = NEW.store_id) IN ('moving', 'moved', 'purging') BEGIN SELECT RAISE(ABORT, 'store_paused'); END;
--> statement-breakpoint
CREATE TRIGGER `product_imports_paused_delete` BEFORE DELETE ON `product_imports` WHEN (SELECT state FROM stores WHERE id = OLD.store_id) IN ('moving', 'moved') BEGIN SELECT RAISE(ABORT, 'store_paused'); END;
