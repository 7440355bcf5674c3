-- Contract (docs/scale.md section 3; docs/catalog.md "Search"): migration 0030 replaced 0004's shared title index
-- `products_fts` with the per-store `products_fts_by_store`, and kept the old one for the code deployed before it.
-- No code has read it since; every title write still paid for a second index entry. It goes, with its triggers.
DROP TRIGGER IF EXISTS `products_fts_insert`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `products_fts_delete`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `products_fts_update`;
--> statement-breakpoint
DROP TABLE IF EXISTS `products_fts`;
