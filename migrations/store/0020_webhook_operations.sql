-- Webhook operations (docs/webhooks.md, issue 24): a rotation's previous secret (encrypted like the current one)
-- and when it stops signing; why and when a subscription was disabled (`gone`: its receiver answered 410;
-- `failing`: its deliveries all failed for WEBHOOK_DISABLE_AFTER_DAYS); and since when its deliveries have been
-- failing without a delivered one in between (the sweep's test for `failing`).
ALTER TABLE `webhooks` ADD `previous_secret_ciphertext` text;
--> statement-breakpoint
ALTER TABLE `webhooks` ADD `previous_secret_expires_at` text;
--> statement-breakpoint
ALTER TABLE `webhooks` ADD `disabled_reason` text;
--> statement-breakpoint
ALTER TABLE `webhooks` ADD `disabled_at` text;
--> statement-breakpoint
ALTER TABLE `webhooks` ADD `failing_since` text;
