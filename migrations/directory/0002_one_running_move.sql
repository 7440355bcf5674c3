DROP INDEX `store_moves_running_idx`;--> statement-breakpoint
CREATE UNIQUE INDEX `store_moves_active_idx` ON `store_moves` (`store_id`) WHERE state IN ('copying', 'paused', 'verifying');