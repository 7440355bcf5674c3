CREATE TABLE `idempotency_keys` (
	`scope` text NOT NULL,
	`key` text NOT NULL,
	`fingerprint` text NOT NULL,
	`owner` text,
	`locked_at` integer,
	`committed_at` integer,
	`status` integer,
	`body` text,
	`content_type` text,
	`location` text,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	PRIMARY KEY(`scope`, `key`)
);
--> statement-breakpoint
CREATE INDEX `idempotency_keys_expires_idx` ON `idempotency_keys` (`expires_at`);--> statement-breakpoint
CREATE TABLE `login_attempts` (
	`id` text PRIMARY KEY NOT NULL,
	`email_lower` text NOT NULL,
	`attempted_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `login_attempts_email_idx` ON `login_attempts` (`email_lower`,`attempted_at`);--> statement-breakpoint
CREATE INDEX `login_attempts_time_idx` ON `login_attempts` (`attempted_at`);--> statement-breakpoint
CREATE TABLE `revoked_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`expires_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `revoked_sessions_expires_idx` ON `revoked_sessions` (`expires_at`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`email_lower` text NOT NULL,
	`name` text NOT NULL,
	`password_hash` text NOT NULL,
	`created_at` text NOT NULL,
	`session_version` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_lower_unique` ON `users` (`email_lower`);--> statement-breakpoint
CREATE TABLE `invite_index` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`store_id` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `shards` (
	`name` text PRIMARY KEY NOT NULL,
	`accepting` integer DEFAULT 1 NOT NULL,
	`size_bytes` integer DEFAULT 0 NOT NULL,
	`measured_at` text
);
--> statement-breakpoint
CREATE TABLE `store_directory` (
	`store_id` text PRIMARY KEY NOT NULL,
	`shard` text NOT NULL,
	`state` text NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `store_directory_shard_idx` ON `store_directory` (`shard`);--> statement-breakpoint
CREATE INDEX `store_directory_state_idx` ON `store_directory` (`state`,`updated_at`);--> statement-breakpoint
CREATE TABLE `store_moves` (
	`id` text PRIMARY KEY NOT NULL,
	`store_id` text NOT NULL,
	`from_shard` text NOT NULL,
	`to_shard` text NOT NULL,
	`state` text NOT NULL,
	`step` text DEFAULT '' NOT NULL,
	`cursor` text,
	`rows_copied` integer DEFAULT 0 NOT NULL,
	`error` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `store_moves_store_idx` ON `store_moves` (`store_id`,`state`);--> statement-breakpoint
CREATE TABLE `token_index` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`store_id` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `user_stores` (
	`user_id` text NOT NULL,
	`store_id` text NOT NULL,
	`store_created_at` text NOT NULL,
	PRIMARY KEY(`user_id`, `store_id`)
);
--> statement-breakpoint
CREATE INDEX `user_stores_user_created_idx` ON `user_stores` (`user_id`,`store_created_at`,`store_id`);