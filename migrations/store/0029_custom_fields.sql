-- Issue 35, docs/api/21-custom-fields.md: custom fields (docs/decisions.md "Custom fields", src/fields/).
--
-- * Values live with their resource: `fields`, a JSON object {key: value} (keys with a value only), on products,
--   variants, collections, customers and orders; every response returns it as stored.
-- * field_definitions: the store's definitions, one per (store, owner, key).
-- * field_index: the values of FILTERABLE product and variant fields only, one row per (definition, resource), with a
--   copy of the product's status and updated_at (as product_tags has, migration 0024), indexed as (store_id,
--   definition_id, value, updated_at, product_id, status): the product list reads a field filter's matches newest
--   change first from the index and stops after a page, and counts them from the index alone. `value` has no
--   declared type, so each value keeps its JSON type (integers, reals, text; booleans as 1/0) and compares as such.
--   A variant's row carries its product's id.
-- * The triggers below keep field_index from the owners' `fields` column, so no code path can forget it: a write of
--   `fields` rewrites only the rows of the filterable keys whose value changed. Making a definition filterable
--   backfills its rows (one INSERT ... SELECT, src/fields/definitions.service.ts), making it unfilterable deletes them,
--   deleting a definition deletes them (foreign key), and so does deleting the product (foreign key) or the variant.
ALTER TABLE `products` ADD `fields` text DEFAULT '{}' NOT NULL;
--> statement-breakpoint
ALTER TABLE `product_variants` ADD `fields` text DEFAULT '{}' NOT NULL;
--> statement-breakpoint
ALTER TABLE `collections` ADD `fields` text DEFAULT '{}' NOT NULL;
--> statement-breakpoint
ALTER TABLE `customers` ADD `fields` text DEFAULT '{}' NOT NULL;
--> statement-breakpoint
ALTER TABLE `orders` ADD `fields` text DEFAULT '{}' NOT NULL;
--> statement-breakpoint
CREATE TABLE `field_definitions` (
	`id` text PRIMARY KEY NOT NULL,
	`store_id` text NOT NULL REFERENCES `stores`(`id`) ON DELETE cascade,
	`owner` text NOT NULL,
	`key` text NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`type` text NOT NULL,
	`validations` text DEFAULT '{}' NOT NULL,
	`filterable` integer DEFAULT 0 NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `field_definitions_store_owner_key_idx` ON `field_definitions` (`store_id`, `owner`, `key`);
--> statement-breakpoint
-- The filterable definitions of an owner (at most 20): what the index triggers read on every write of `fields`.
CREATE INDEX `field_definitions_filterable_idx` ON `field_definitions` (`store_id`, `owner`, `key`) WHERE `filterable` = 1;
--> statement-breakpoint
-- Always empty, like guard_conflict (src/lib/guards.ts): a write of values asserts in its own batch that the
-- definitions it checked them against still exist; when one was deleted meanwhile the NOT NULL fails, the batch
-- rolls back, and the error names this table, which the API answers with 409 (src/app.ts).
CREATE TABLE `field_guards` (`ok` integer NOT NULL);
--> statement-breakpoint
CREATE TABLE `field_index` (
	`store_id` text NOT NULL,
	`definition_id` text NOT NULL REFERENCES `field_definitions`(`id`) ON DELETE cascade,
	`resource_id` text NOT NULL,
	`product_id` text NOT NULL REFERENCES `products`(`id`) ON DELETE cascade,
	`value`,
	`status` text DEFAULT 'draft' NOT NULL,
	`updated_at` text DEFAULT '' NOT NULL,
	PRIMARY KEY(`definition_id`, `resource_id`)
);
--> statement-breakpoint
CREATE INDEX `field_index_walk_idx` ON `field_index` (`store_id`, `definition_id`, `value`, `updated_at`, `product_id`, `status`);
--> statement-breakpoint
CREATE INDEX `field_index_product_idx` ON `field_index` (`product_id`, `resource_id`);
--> statement-breakpoint
CREATE TRIGGER `field_index_product_insert` AFTER INSERT ON `products` WHEN NEW.fields <> '{}' BEGIN
  INSERT INTO field_index (store_id, definition_id, resource_id, product_id, value, status, updated_at)
    SELECT NEW.store_id, d.id, NEW.id, NEW.id, json_extract(NEW.fields, '$.' || d.key), NEW.status, NEW.updated_at
    FROM field_definitions d WHERE d.store_id = NEW.store_id AND d.owner = 'product' AND d.filterable = 1
      AND json_type(NEW.fields, '$.' || d.key) IS NOT NULL;
END;
--> statement-breakpoint
CREATE TRIGGER `field_index_product_update` AFTER UPDATE OF fields ON `products` WHEN OLD.fields IS NOT NEW.fields BEGIN
  DELETE FROM field_index WHERE resource_id = NEW.id AND definition_id IN (SELECT d.id FROM field_definitions d
    WHERE d.store_id = NEW.store_id AND d.owner = 'product' AND d.filterable = 1
      AND json_extract(OLD.fields, '$.' || d.key) IS NOT json_extract(NEW.fields, '$.' || d.key));
  INSERT INTO field_index (store_id, definition_id, resource_id, product_id, value, status, updated_at)
    SELECT NEW.store_id, d.id, NEW.id, NEW.id, json_extract(NEW.fields, '$.' || d.key), NEW.status, NEW.updated_at
    FROM field_definitions d WHERE d.store_id = NEW.store_id AND d.owner = 'product' AND d.filterable = 1
      AND json_type(NEW.fields, '$.' || d.key) IS NOT NULL
      AND json_extract(OLD.fields, '$.' || d.key) IS NOT json_extract(NEW.fields, '$.' || d.key);
END;
--> statement-breakpoint
-- A product's status or updated_at changed: its rows and its variants' rows follow.
CREATE TRIGGER `field_index_follow` AFTER UPDATE OF status, updated_at ON `products`
WHEN OLD.status IS NOT NEW.status OR OLD.updated_at IS NOT NEW.updated_at BEGIN
  UPDATE field_index SET status = NEW.status, updated_at = NEW.updated_at WHERE product_id = NEW.id;
END;
--> statement-breakpoint
CREATE TRIGGER `field_index_variant_insert` AFTER INSERT ON `product_variants` WHEN NEW.fields <> '{}' BEGIN
  INSERT INTO field_index (store_id, definition_id, resource_id, product_id, value, status, updated_at)
    SELECT NEW.store_id, d.id, NEW.id, NEW.product_id, json_extract(NEW.fields, '$.' || d.key), p.status, p.updated_at
    FROM field_definitions d JOIN products p ON p.id = NEW.product_id
    WHERE d.store_id = NEW.store_id AND d.owner = 'variant' AND d.filterable = 1
      AND json_type(NEW.fields, '$.' || d.key) IS NOT NULL;
END;
--> statement-breakpoint
CREATE TRIGGER `field_index_variant_update` AFTER UPDATE OF fields ON `product_variants` WHEN OLD.fields IS NOT NEW.fields BEGIN
  DELETE FROM field_index WHERE resource_id = NEW.id AND definition_id IN (SELECT d.id FROM field_definitions d
    WHERE d.store_id = NEW.store_id AND d.owner = 'variant' AND d.filterable = 1
      AND json_extract(OLD.fields, '$.' || d.key) IS NOT json_extract(NEW.fields, '$.' || d.key));
  INSERT INTO field_index (store_id, definition_id, resource_id, product_id, value, status, updated_at)
    SELECT NEW.store_id, d.id, NEW.id, NEW.product_id, json_extract(NEW.fields, '$.' || d.key), p.status, p.updated_at
    FROM field_definitions d JOIN products p ON p.id = NEW.product_id
    WHERE d.store_id = NEW.store_id AND d.owner = 'variant' AND d.filterable = 1
      AND json_type(NEW.fields, '$.' || d.key) IS NOT NULL
      AND json_extract(OLD.fields, '$.' || d.key) IS NOT json_extract(NEW.fields, '$.' || d.key);
END;
--> statement-breakpoint
CREATE TRIGGER `field_index_variant_delete` AFTER DELETE ON `product_variants` WHEN OLD.fields <> '{}' BEGIN
  DELETE FROM field_index WHERE product_id = OLD.product_id AND resource_id = OLD.id;
END;
--> statement-breakpoint
CREATE TRIGGER `field_definitions_paused_insert` BEFORE INSERT ON `field_definitions` WHEN (SELECT state FROM stores WHERE id = NEW.store_id) IN ('moving', 'moved', 'purging') BEGIN SELECT RAISE(ABORT, 'store_paused'); END;
--> statement-breakpoint
CREATE TRIGGER `field_definitions_paused_update` BEFORE UPDATE ON `field_definitions` WHEN (SELECT state FROM stores WHERE id = NEW.store_id) IN ('moving', 'moved', 'purging') BEGIN SELECT RAISE(ABORT, 'store_paused'); END;
--> statement-breakpoint
CREATE TRIGGER `field_definitions_paused_delete` BEFORE DELETE ON `field_definitions` WHEN (SELECT state FROM stores WHERE id = OLD.store_id) IN ('moving', 'moved') BEGIN SELECT RAISE(ABORT, 'store_paused'); END;
--> statement-breakpoint
CREATE TRIGGER `field_definitions_capture_insert` AFTER INSERT ON `field_definitions` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT NEW.store_id, 'field_definitions', json_array(NEW.id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = NEW.store_id); END;
--> statement-breakpoint
CREATE TRIGGER `field_definitions_capture_update` AFTER UPDATE ON `field_definitions` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT NEW.store_id, 'field_definitions', json_array(NEW.id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = NEW.store_id); INSERT INTO move_changes (store_id, table_name, key) SELECT OLD.store_id, 'field_definitions', json_array(OLD.id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = OLD.store_id) AND (json_array(OLD.id) IS NOT json_array(NEW.id) OR OLD.store_id IS NOT NEW.store_id); END;
--> statement-breakpoint
CREATE TRIGGER `field_definitions_capture_delete` AFTER DELETE ON `field_definitions` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT OLD.store_id, 'field_definitions', json_array(OLD.id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = OLD.store_id); END;
--> statement-breakpoint
CREATE TRIGGER `field_index_paused_insert` BEFORE INSERT ON `field_index` WHEN (SELECT state FROM stores WHERE id = NEW.store_id) IN ('moving', 'moved', 'purging') BEGIN SELECT RAISE(ABORT, 'store_paused'); END;
--> statement-breakpoint
CREATE TRIGGER `field_index_paused_update` BEFORE UPDATE ON `field_index` WHEN (SELECT state FROM stores WHERE id = NEW.store_id) IN ('moving', 'moved', 'purging') BEGIN SELECT RAISE(ABORT, 'store_paused'); END;
--> statement-breakpoint
CREATE TRIGGER `field_index_paused_delete` BEFORE DELETE ON `field_index` WHEN (SELECT state FROM stores WHERE id = OLD.store_id) IN ('moving', 'moved') BEGIN SELECT RAISE(ABORT, 'store_paused'); END;
--> statement-breakpoint
CREATE TRIGGER `field_index_capture_insert` AFTER INSERT ON `field_index` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT NEW.store_id, 'field_index', json_array(NEW.definition_id, NEW.resource_id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = NEW.store_id); END;
--> statement-breakpoint
CREATE TRIGGER `field_index_capture_update` AFTER UPDATE ON `field_index` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT NEW.store_id, 'field_index', json_array(NEW.definition_id, NEW.resource_id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = NEW.store_id); INSERT INTO move_changes (store_id, table_name, key) SELECT OLD.store_id, 'field_index', json_array(OLD.definition_id, OLD.resource_id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = OLD.store_id) AND (json_array(OLD.definition_id, OLD.resource_id) IS NOT json_array(NEW.definition_id, NEW.resource_id) OR OLD.store_id IS NOT NEW.store_id); END;
--> statement-breakpoint
CREATE TRIGGER `field_index_capture_delete` AFTER DELETE ON `field_index` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT OLD.store_id, 'field_index', json_array(OLD.definition_id, OLD.resource_id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = OLD.store_id); END;
