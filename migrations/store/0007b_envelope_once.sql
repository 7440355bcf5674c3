-- The webhook envelope is stored once per event (events.payload), not once per delivery: every delivery, retry and
-- replay of the event sends those exact bytes. NULL for an event that no active subscription heard of.
ALTER TABLE `events` ADD `payload` text;--> statement-breakpoint
-- Every delivery of one event holds the same envelope (built once at fan-out; replays copied it): keep one copy.
UPDATE `events` SET `payload` = (SELECT d.`payload` FROM `webhook_deliveries` d WHERE d.`event_id` = `events`.`id` LIMIT 1)
  WHERE EXISTS (SELECT 1 FROM `webhook_deliveries` d WHERE d.`event_id` = `events`.`id`);--> statement-breakpoint
ALTER TABLE `webhook_deliveries` DROP COLUMN `payload`;
