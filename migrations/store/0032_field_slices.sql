-- Custom fields at scale (issue 35 follow-up; docs/decisions.md "Custom fields", src/fields/slices.ts): making a
-- definition filterable backfills field_index, and deleting one removes its values, in short slices (one D1 batch
-- each) rather than in one statement over every row of the owner in the store.
--
-- * index_ready: 0 while a definition's backfill has not finished (it is filterable, the triggers of migration 0029
--   index every write from the first batch on, but rows written before may still be missing). List filters refuse
--   such a definition (422), and PATCH {filterable: true} on it runs the backfill again (idempotent). Every existing
--   definition is complete: 1.
-- * deleting: 1 from a DELETE's first batch until its last one deletes the row: the definition accepts no values any
--   more (a write naming its key is 422; one checked before and committed after fails its guard, 409), so no value is
--   written behind the slices that remove them; list filters refuse it (422) and PATCH is 409. Interrupted, the
--   definition stays so (some values already gone) until a DELETE again finishes it.
-- * The slices walk the owner's rows of one store by (created_at, id), which products, customers and orders index
--   already (store_id, created_at, id); collections gain that index here.
ALTER TABLE `field_definitions` ADD `index_ready` integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE `field_definitions` ADD `deleting` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE INDEX `collections_store_created_idx` ON `collections` (`store_id`, `created_at`, `id`);
