-- Idempotency keys (docs/api/11-limits-retries-sessions.md). Written by hand (issue 9); keep src/db/schema/identity.ts in step.
-- A row is claimed when a request with a key starts (owner set), marked committed_at in the very D1 batch that
-- makes the request's change, and given the response (status, body, Location) when the request ends; a 5xx
-- that committed nothing releases it. Kept 24 hours (expires_at, epoch ms); the cron deletes expired rows.
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
CREATE INDEX `idempotency_keys_expires_idx` ON `idempotency_keys` (`expires_at`);
