ALTER TABLE `store_moves` ADD `seq` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `store_moves` ADD `due_at` text;--> statement-breakpoint
ALTER TABLE `store_moves` ADD `finished_at` text;--> statement-breakpoint
CREATE UNIQUE INDEX `store_moves_running_idx` ON `store_moves` (`store_id`) WHERE finished_at IS NULL;--> statement-breakpoint
CREATE INDEX `store_moves_due_idx` ON `store_moves` (`finished_at`,`due_at`);