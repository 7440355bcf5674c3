-- Issue 37, docs/api/23-one-call-sync-and-imports.md: Shopify's product CSV in and out (docs/sync.md "Shopify's product CSV").
--
-- * product_imports.format: 'native' (this service's layout, sections 15 and 16) or 'shopify' (recognised by its
--   header at upload). ignored_columns: the Shopify columns with no counterpart, listed once (JSON array of the
--   header's names). warnings: [{line, message}], the first 100 (an image that could not be fetched, a value
--   imported differently from the file).
-- * product_imports.images_done: for a Shopify import, the rows whose images are placed. A slice's rows are applied
--   first (rows_done), then its images are fetched and placed (images_done catches up); both are guarded the same
--   way, so a redelivered step changes nothing.
-- * media_files.source_url: the URL an imported library file was fetched from (null for an upload). An import finds
--   an image already fetched from that URL instead of fetching it again, and a gallery that shows it gets it once.
ALTER TABLE `product_imports` ADD `format` text DEFAULT 'native' NOT NULL;
--> statement-breakpoint
ALTER TABLE `product_imports` ADD `ignored_columns` text DEFAULT '[]' NOT NULL;
--> statement-breakpoint
ALTER TABLE `product_imports` ADD `warnings` text DEFAULT '[]' NOT NULL;
--> statement-breakpoint
ALTER TABLE `product_imports` ADD `images_done` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE `media_files` ADD `source_url` text;
--> statement-breakpoint
CREATE INDEX `media_files_source_idx` ON `media_files` (`store_id`, `source_url`) WHERE `source_url` IS NOT NULL;
