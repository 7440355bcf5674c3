-- Login attempts per email (docs/api/11-limits-retries-sessions.md: failed logins per email, exact, counted in D1). Written by hand
-- (issue 9); keep src/db/schema/identity.ts in step. A row is reserved before the password is checked and kept
-- when the attempt fails; the cron deletes rows older than the window (bounded).
CREATE TABLE `login_attempts` (
	`id` text PRIMARY KEY NOT NULL,
	`email_lower` text NOT NULL,
	`attempted_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `login_attempts_email_idx` ON `login_attempts` (`email_lower`,`attempted_at`);
--> statement-breakpoint
CREATE INDEX `login_attempts_time_idx` ON `login_attempts` (`attempted_at`);
