-- An event is stored once, as its webhook envelope (events.payload); the separate copy of its data goes (issue 12:
-- the product JSON was kept twice on every event). Events recorded while no subscription listened had no envelope
-- yet: build it from the same fields the API builds it from.
UPDATE `events` SET `payload` = json_object('id', `id`, 'event', `name`, 'store_id', `store_id`, 'delivered_at', `created_at`, 'data', json(`data`))
  WHERE `payload` IS NULL;--> statement-breakpoint
ALTER TABLE `events` DROP COLUMN `data`;
