-- Subscription health (docs/api/12-admin-console-endpoints.md): the outcome of the subscription's last finished delivery and how many
-- deliveries in a row ended failed. Written by the sender in the batch that records a final attempt.
ALTER TABLE `webhooks` ADD `last_delivery_at` text;--> statement-breakpoint
ALTER TABLE `webhooks` ADD `last_delivery_status` text;--> statement-breakpoint
ALTER TABLE `webhooks` ADD `consecutive_failures` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Backfill from the existing delivery log: the latest finished delivery, and the failed ones since the last
-- delivered one.
UPDATE `webhooks` SET
  `last_delivery_at` = (SELECT max(coalesce(d.`delivered_at`, d.`last_attempt_at`)) FROM `webhook_deliveries` d
    WHERE d.`webhook_id` = `webhooks`.`id` AND d.`status` IN ('delivered', 'failed')),
  `consecutive_failures` = (SELECT count(*) FROM `webhook_deliveries` d
    WHERE d.`webhook_id` = `webhooks`.`id` AND d.`status` = 'failed'
      AND d.`last_attempt_at` > coalesce((SELECT max(x.`delivered_at`) FROM `webhook_deliveries` x
        WHERE x.`webhook_id` = `webhooks`.`id` AND x.`status` = 'delivered'), ''));--> statement-breakpoint
UPDATE `webhooks` SET `last_delivery_status` = (SELECT d.`status` FROM `webhook_deliveries` d
    WHERE d.`webhook_id` = `webhooks`.`id` AND d.`status` IN ('delivered', 'failed')
    ORDER BY coalesce(d.`delivered_at`, d.`last_attempt_at`) DESC LIMIT 1)
  WHERE `last_delivery_at` IS NOT NULL;--> statement-breakpoint
-- The store-wide delivery log (GET /stores/{store_id}/webhook-deliveries), newest first, and its event_id filter.
CREATE INDEX `webhook_deliveries_store_idx` ON `webhook_deliveries` (`store_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `webhook_deliveries_event_idx` ON `webhook_deliveries` (`event_id`);
