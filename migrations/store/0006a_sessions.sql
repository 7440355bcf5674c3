-- Sessions that can end (docs/api/11-limits-retries-sessions.md, POST /logout). Written by hand (issue 9); keep src/db/schema/identity.ts in step.
-- A user's session_version is copied into each session JWT at login (claim `sv`); logging out everywhere raises it,
-- so every JWT issued until then is dead. A single logout puts the JWT's signature here until the JWT would have
-- expired anyway (the cron removes older rows).
ALTER TABLE `users` ADD `session_version` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE TABLE `revoked_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`expires_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `revoked_sessions_expires_idx` ON `revoked_sessions` (`expires_at`);
