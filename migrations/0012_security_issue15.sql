-- Issue 15 (API.md section 13). Tokens record who last received their raw value (`issued_by`), so removing that
-- member stops the token too; tokens issued before this column are attributed to their user. Invites can be
-- revoked. The guard tables are always empty: lib/guards.ts asserts a change's condition inside its own batch.
ALTER TABLE `api_tokens` ADD COLUMN `issued_by` text NOT NULL DEFAULT '';--> statement-breakpoint
UPDATE `api_tokens` SET `issued_by` = `user_id` WHERE `issued_by` = '';--> statement-breakpoint
CREATE INDEX `api_tokens_store_issuer_idx` ON `api_tokens` (`store_id`,`issued_by`);--> statement-breakpoint
ALTER TABLE `invites` ADD COLUMN `revoked_at` text;--> statement-breakpoint
CREATE INDEX `invites_store_inviter_idx` ON `invites` (`store_id`,`invited_by`);--> statement-breakpoint
CREATE TABLE `guard_not_found` (`ok` integer NOT NULL);--> statement-breakpoint
CREATE TABLE `guard_conflict` (`ok` integer NOT NULL);--> statement-breakpoint
CREATE TABLE `guard_limit` (`ok` integer NOT NULL);
