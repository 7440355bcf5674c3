-- Issue 36, docs/api/22-event-log.md: every store event gets `sequence`, an integer per store, strictly increasing in the
-- order the changes committed, with no gaps.
--
-- * The store's row holds the last sequence it gave (stores.event_sequence). It only grows: retention deleting old
--   events never lowers it, so a sequence is never given twice.
-- * A trigger after each insert into `events` takes the next number and writes it on the event, into its column and
--   into its stored envelope (`payload`, the bytes every delivery, retry and replay sends). The trigger runs inside
--   the statement that inserted the event, so inside the change's own D1 batch: D1 runs one batch at a time per
--   database, so the order of the numbers is the order of the commits, however the event was inserted
--   (recordEvent, the inventory events' multi-row insert, a location's products.updated events).
-- * A store arriving by a move (its row says 'incoming') gets its events copied as they are, sequence included,
--   and its row's counter with them: the trigger gives nothing to it.
-- * `webhook.test` rows (POST /webhooks/{id}/test) are not store events: they get no sequence and are not in the log.
-- * `resource_id` is the event's data.id, for GET /events?resource_id= through an index.
ALTER TABLE `stores` ADD `event_sequence` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE `events` ADD `sequence` integer;
--> statement-breakpoint
ALTER TABLE `events` ADD `resource_id` text;
--> statement-breakpoint
-- Existing events: numbered per store in (created_at, id) order; each store's counter starts after them.
UPDATE `events` SET `sequence` = n.`seq`, `resource_id` = json_extract(`events`.`payload`, '$.data.id'),
  `payload` = json_set(`events`.`payload`, '$.sequence', n.`seq`)
  FROM (SELECT `id`, row_number() OVER (PARTITION BY `store_id` ORDER BY `created_at`, `id`) AS `seq` FROM `events`
    WHERE `name` <> 'webhook.test') AS n
  WHERE n.`id` = `events`.`id`;
--> statement-breakpoint
UPDATE `stores` SET `event_sequence` = coalesce((SELECT max(e.`sequence`) FROM `events` e WHERE e.`store_id` = `stores`.`id`), 0);
--> statement-breakpoint
CREATE UNIQUE INDEX `events_store_sequence_idx` ON `events` (`store_id`, `sequence`);
--> statement-breakpoint
CREATE INDEX `events_store_name_sequence_idx` ON `events` (`store_id`, `name`, `sequence`);
--> statement-breakpoint
CREATE INDEX `events_store_resource_sequence_idx` ON `events` (`store_id`, `resource_id`, `sequence`);
--> statement-breakpoint
CREATE TRIGGER `events_sequence` AFTER INSERT ON `events`
WHEN NEW.`sequence` IS NULL AND NEW.`name` <> 'webhook.test' AND (SELECT state FROM stores WHERE id = NEW.store_id) IS NOT 'incoming' BEGIN
  UPDATE `stores` SET `event_sequence` = `event_sequence` + 1 WHERE `id` = NEW.`store_id`;
  UPDATE `events` SET `sequence` = (SELECT `event_sequence` FROM `stores` WHERE `id` = NEW.`store_id`),
    `resource_id` = json_extract(NEW.`payload`, '$.data.id'),
    `payload` = json_set(NEW.`payload`, '$.sequence', (SELECT `event_sequence` FROM `stores` WHERE `id` = NEW.`store_id`))
    WHERE `id` = NEW.`id`;
END;
