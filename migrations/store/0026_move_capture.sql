-- Issue 27: moves whose pause does not grow with the store (docs/scale.md "Moving a store", src/moves/).
-- While a move copies a store that stays live, every change to one of the store's rows in this database (the
-- source) is written down: `move_changes` gets the table and the row's key, in the same transaction as the change.
-- The job applies those keys to the target (each row as the source holds it then, or its deletion), so the pause
-- only has to apply what changed since the last catch-up, and verify those rows, whatever the store's size.
-- A store is captured while `move_capture` has its row (from the move's first step until it is settled or
-- restored); for any other store each trigger costs one primary-key lookup in that (nearly empty) table.
-- `users` has no triggers: a store's user copies are shared with other stores and only ever added, so the rows
-- that name a user (memberships, api_tokens, the store's owner) also write down that user's key.
-- `hold_claims`: set before the pause, a delivery of the store cannot be claimed (the sender backs off and tries
-- again), so that the pause starts with no attempt in flight.
-- The triggers below are written one per table and operation from the list in src/moves/tables.ts
-- (test/scale/move-capture.test.ts checks that every moved table has all three).
CREATE TABLE `move_capture` (
	`store_id` text PRIMARY KEY NOT NULL,
	`move_id` text NOT NULL,
	`hold_claims` integer DEFAULT 0 NOT NULL,
	`applied_seq` integer DEFAULT 0 NOT NULL,
	`verify_seq` integer,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `move_changes` (
	`seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`store_id` text NOT NULL,
	`table_name` text NOT NULL,
	`key` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `move_changes_store_seq` ON `move_changes` (`store_id`, `seq`);
--> statement-breakpoint
CREATE INDEX `move_changes_store_key` ON `move_changes` (`store_id`, `table_name`, `key`);
--> statement-breakpoint
CREATE TRIGGER `webhook_deliveries_claims_held` BEFORE UPDATE OF `claim_id` ON `webhook_deliveries` WHEN NEW.claim_id IS NOT NULL AND EXISTS (SELECT 1 FROM move_capture WHERE store_id = NEW.store_id AND hold_claims = 1) BEGIN SELECT RAISE(ABORT, 'store_paused'); END;
--> statement-breakpoint
CREATE TRIGGER `stores_capture_insert` AFTER INSERT ON `stores` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT NEW.id, 'stores', json_array(NEW.id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = NEW.id); INSERT INTO move_changes (store_id, table_name, key) SELECT NEW.id, 'users', json_array(NEW.owner_id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = NEW.id); END;
--> statement-breakpoint
CREATE TRIGGER `stores_capture_update` AFTER UPDATE ON `stores` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT NEW.id, 'stores', json_array(NEW.id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = NEW.id); INSERT INTO move_changes (store_id, table_name, key) SELECT NEW.id, 'users', json_array(NEW.owner_id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = NEW.id); INSERT INTO move_changes (store_id, table_name, key) SELECT OLD.id, 'stores', json_array(OLD.id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = OLD.id) AND (json_array(OLD.id) IS NOT json_array(NEW.id) OR OLD.id IS NOT NEW.id); END;
--> statement-breakpoint
CREATE TRIGGER `stores_capture_delete` AFTER DELETE ON `stores` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT OLD.id, 'stores', json_array(OLD.id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = OLD.id); INSERT INTO move_changes (store_id, table_name, key) SELECT OLD.id, 'users', json_array(OLD.owner_id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = OLD.id); END;
--> statement-breakpoint
CREATE TRIGGER `memberships_capture_insert` AFTER INSERT ON `memberships` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT NEW.store_id, 'memberships', json_array(NEW.store_id, NEW.user_id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = NEW.store_id); INSERT INTO move_changes (store_id, table_name, key) SELECT NEW.store_id, 'users', json_array(NEW.user_id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = NEW.store_id); END;
--> statement-breakpoint
CREATE TRIGGER `memberships_capture_update` AFTER UPDATE ON `memberships` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT NEW.store_id, 'memberships', json_array(NEW.store_id, NEW.user_id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = NEW.store_id); INSERT INTO move_changes (store_id, table_name, key) SELECT NEW.store_id, 'users', json_array(NEW.user_id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = NEW.store_id); INSERT INTO move_changes (store_id, table_name, key) SELECT OLD.store_id, 'memberships', json_array(OLD.store_id, OLD.user_id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = OLD.store_id) AND (json_array(OLD.store_id, OLD.user_id) IS NOT json_array(NEW.store_id, NEW.user_id) OR OLD.store_id IS NOT NEW.store_id); END;
--> statement-breakpoint
CREATE TRIGGER `memberships_capture_delete` AFTER DELETE ON `memberships` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT OLD.store_id, 'memberships', json_array(OLD.store_id, OLD.user_id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = OLD.store_id); INSERT INTO move_changes (store_id, table_name, key) SELECT OLD.store_id, 'users', json_array(OLD.user_id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = OLD.store_id); END;
--> statement-breakpoint
CREATE TRIGGER `api_tokens_capture_insert` AFTER INSERT ON `api_tokens` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT NEW.store_id, 'api_tokens', json_array(NEW.id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = NEW.store_id); INSERT INTO move_changes (store_id, table_name, key) SELECT NEW.store_id, 'users', json_array(NEW.user_id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = NEW.store_id); END;
--> statement-breakpoint
CREATE TRIGGER `api_tokens_capture_update` AFTER UPDATE ON `api_tokens` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT NEW.store_id, 'api_tokens', json_array(NEW.id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = NEW.store_id); INSERT INTO move_changes (store_id, table_name, key) SELECT NEW.store_id, 'users', json_array(NEW.user_id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = NEW.store_id); INSERT INTO move_changes (store_id, table_name, key) SELECT OLD.store_id, 'api_tokens', json_array(OLD.id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = OLD.store_id) AND (json_array(OLD.id) IS NOT json_array(NEW.id) OR OLD.store_id IS NOT NEW.store_id); END;
--> statement-breakpoint
CREATE TRIGGER `api_tokens_capture_delete` AFTER DELETE ON `api_tokens` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT OLD.store_id, 'api_tokens', json_array(OLD.id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = OLD.store_id); INSERT INTO move_changes (store_id, table_name, key) SELECT OLD.store_id, 'users', json_array(OLD.user_id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = OLD.store_id); END;
--> statement-breakpoint
CREATE TRIGGER `invites_capture_insert` AFTER INSERT ON `invites` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT NEW.store_id, 'invites', json_array(NEW.id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = NEW.store_id); END;
--> statement-breakpoint
CREATE TRIGGER `invites_capture_update` AFTER UPDATE ON `invites` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT NEW.store_id, 'invites', json_array(NEW.id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = NEW.store_id); INSERT INTO move_changes (store_id, table_name, key) SELECT OLD.store_id, 'invites', json_array(OLD.id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = OLD.store_id) AND (json_array(OLD.id) IS NOT json_array(NEW.id) OR OLD.store_id IS NOT NEW.store_id); END;
--> statement-breakpoint
CREATE TRIGGER `invites_capture_delete` AFTER DELETE ON `invites` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT OLD.store_id, 'invites', json_array(OLD.id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = OLD.store_id); END;
--> statement-breakpoint
CREATE TRIGGER `integrations_capture_insert` AFTER INSERT ON `integrations` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT NEW.store_id, 'integrations', json_array(NEW.id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = NEW.store_id); END;
--> statement-breakpoint
CREATE TRIGGER `integrations_capture_update` AFTER UPDATE ON `integrations` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT NEW.store_id, 'integrations', json_array(NEW.id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = NEW.store_id); INSERT INTO move_changes (store_id, table_name, key) SELECT OLD.store_id, 'integrations', json_array(OLD.id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = OLD.store_id) AND (json_array(OLD.id) IS NOT json_array(NEW.id) OR OLD.store_id IS NOT NEW.store_id); END;
--> statement-breakpoint
CREATE TRIGGER `integrations_capture_delete` AFTER DELETE ON `integrations` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT OLD.store_id, 'integrations', json_array(OLD.id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = OLD.store_id); END;
--> statement-breakpoint
CREATE TRIGGER `products_capture_insert` AFTER INSERT ON `products` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT NEW.store_id, 'products', json_array(NEW.id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = NEW.store_id); END;
--> statement-breakpoint
CREATE TRIGGER `products_capture_update` AFTER UPDATE ON `products` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT NEW.store_id, 'products', json_array(NEW.id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = NEW.store_id); INSERT INTO move_changes (store_id, table_name, key) SELECT OLD.store_id, 'products', json_array(OLD.id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = OLD.store_id) AND (json_array(OLD.id) IS NOT json_array(NEW.id) OR OLD.store_id IS NOT NEW.store_id); END;
--> statement-breakpoint
CREATE TRIGGER `products_capture_delete` AFTER DELETE ON `products` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT OLD.store_id, 'products', json_array(OLD.id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = OLD.store_id); END;
--> statement-breakpoint
CREATE TRIGGER `product_variants_capture_insert` AFTER INSERT ON `product_variants` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT NEW.store_id, 'product_variants', json_array(NEW.id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = NEW.store_id); END;
--> statement-breakpoint
CREATE TRIGGER `product_variants_capture_update` AFTER UPDATE ON `product_variants` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT NEW.store_id, 'product_variants', json_array(NEW.id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = NEW.store_id); INSERT INTO move_changes (store_id, table_name, key) SELECT OLD.store_id, 'product_variants', json_array(OLD.id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = OLD.store_id) AND (json_array(OLD.id) IS NOT json_array(NEW.id) OR OLD.store_id IS NOT NEW.store_id); END;
--> statement-breakpoint
CREATE TRIGGER `product_variants_capture_delete` AFTER DELETE ON `product_variants` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT OLD.store_id, 'product_variants', json_array(OLD.id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = OLD.store_id); END;
--> statement-breakpoint
CREATE TRIGGER `product_specs_capture_insert` AFTER INSERT ON `product_specs` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT NEW.store_id, 'product_specs', json_array(NEW.id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = NEW.store_id); END;
--> statement-breakpoint
CREATE TRIGGER `product_specs_capture_update` AFTER UPDATE ON `product_specs` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT NEW.store_id, 'product_specs', json_array(NEW.id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = NEW.store_id); INSERT INTO move_changes (store_id, table_name, key) SELECT OLD.store_id, 'product_specs', json_array(OLD.id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = OLD.store_id) AND (json_array(OLD.id) IS NOT json_array(NEW.id) OR OLD.store_id IS NOT NEW.store_id); END;
--> statement-breakpoint
CREATE TRIGGER `product_specs_capture_delete` AFTER DELETE ON `product_specs` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT OLD.store_id, 'product_specs', json_array(OLD.id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = OLD.store_id); END;
--> statement-breakpoint
CREATE TRIGGER `product_reviews_capture_insert` AFTER INSERT ON `product_reviews` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT NEW.store_id, 'product_reviews', json_array(NEW.id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = NEW.store_id); END;
--> statement-breakpoint
CREATE TRIGGER `product_reviews_capture_update` AFTER UPDATE ON `product_reviews` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT NEW.store_id, 'product_reviews', json_array(NEW.id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = NEW.store_id); INSERT INTO move_changes (store_id, table_name, key) SELECT OLD.store_id, 'product_reviews', json_array(OLD.id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = OLD.store_id) AND (json_array(OLD.id) IS NOT json_array(NEW.id) OR OLD.store_id IS NOT NEW.store_id); END;
--> statement-breakpoint
CREATE TRIGGER `product_reviews_capture_delete` AFTER DELETE ON `product_reviews` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT OLD.store_id, 'product_reviews', json_array(OLD.id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = OLD.store_id); END;
--> statement-breakpoint
CREATE TRIGGER `product_tags_capture_insert` AFTER INSERT ON `product_tags` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT NEW.store_id, 'product_tags', json_array(NEW.product_id, NEW.tag_lower) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = NEW.store_id); END;
--> statement-breakpoint
CREATE TRIGGER `product_tags_capture_update` AFTER UPDATE ON `product_tags` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT NEW.store_id, 'product_tags', json_array(NEW.product_id, NEW.tag_lower) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = NEW.store_id); INSERT INTO move_changes (store_id, table_name, key) SELECT OLD.store_id, 'product_tags', json_array(OLD.product_id, OLD.tag_lower) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = OLD.store_id) AND (json_array(OLD.product_id, OLD.tag_lower) IS NOT json_array(NEW.product_id, NEW.tag_lower) OR OLD.store_id IS NOT NEW.store_id); END;
--> statement-breakpoint
CREATE TRIGGER `product_tags_capture_delete` AFTER DELETE ON `product_tags` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT OLD.store_id, 'product_tags', json_array(OLD.product_id, OLD.tag_lower) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = OLD.store_id); END;
--> statement-breakpoint
CREATE TRIGGER `collections_capture_insert` AFTER INSERT ON `collections` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT NEW.store_id, 'collections', json_array(NEW.id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = NEW.store_id); END;
--> statement-breakpoint
CREATE TRIGGER `collections_capture_update` AFTER UPDATE ON `collections` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT NEW.store_id, 'collections', json_array(NEW.id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = NEW.store_id); INSERT INTO move_changes (store_id, table_name, key) SELECT OLD.store_id, 'collections', json_array(OLD.id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = OLD.store_id) AND (json_array(OLD.id) IS NOT json_array(NEW.id) OR OLD.store_id IS NOT NEW.store_id); END;
--> statement-breakpoint
CREATE TRIGGER `collections_capture_delete` AFTER DELETE ON `collections` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT OLD.store_id, 'collections', json_array(OLD.id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = OLD.store_id); END;
--> statement-breakpoint
CREATE TRIGGER `collection_products_capture_insert` AFTER INSERT ON `collection_products` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT NEW.store_id, 'collection_products', json_array(NEW.collection_id, NEW.product_id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = NEW.store_id); END;
--> statement-breakpoint
CREATE TRIGGER `collection_products_capture_update` AFTER UPDATE ON `collection_products` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT NEW.store_id, 'collection_products', json_array(NEW.collection_id, NEW.product_id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = NEW.store_id); INSERT INTO move_changes (store_id, table_name, key) SELECT OLD.store_id, 'collection_products', json_array(OLD.collection_id, OLD.product_id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = OLD.store_id) AND (json_array(OLD.collection_id, OLD.product_id) IS NOT json_array(NEW.collection_id, NEW.product_id) OR OLD.store_id IS NOT NEW.store_id); END;
--> statement-breakpoint
CREATE TRIGGER `collection_products_capture_delete` AFTER DELETE ON `collection_products` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT OLD.store_id, 'collection_products', json_array(OLD.collection_id, OLD.product_id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = OLD.store_id); END;
--> statement-breakpoint
CREATE TRIGGER `media_files_capture_insert` AFTER INSERT ON `media_files` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT NEW.store_id, 'media_files', json_array(NEW.id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = NEW.store_id); END;
--> statement-breakpoint
CREATE TRIGGER `media_files_capture_update` AFTER UPDATE ON `media_files` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT NEW.store_id, 'media_files', json_array(NEW.id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = NEW.store_id); INSERT INTO move_changes (store_id, table_name, key) SELECT OLD.store_id, 'media_files', json_array(OLD.id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = OLD.store_id) AND (json_array(OLD.id) IS NOT json_array(NEW.id) OR OLD.store_id IS NOT NEW.store_id); END;
--> statement-breakpoint
CREATE TRIGGER `media_files_capture_delete` AFTER DELETE ON `media_files` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT OLD.store_id, 'media_files', json_array(OLD.id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = OLD.store_id); END;
--> statement-breakpoint
CREATE TRIGGER `product_images_capture_insert` AFTER INSERT ON `product_images` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT NEW.store_id, 'product_images', json_array(NEW.id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = NEW.store_id); END;
--> statement-breakpoint
CREATE TRIGGER `product_images_capture_update` AFTER UPDATE ON `product_images` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT NEW.store_id, 'product_images', json_array(NEW.id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = NEW.store_id); INSERT INTO move_changes (store_id, table_name, key) SELECT OLD.store_id, 'product_images', json_array(OLD.id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = OLD.store_id) AND (json_array(OLD.id) IS NOT json_array(NEW.id) OR OLD.store_id IS NOT NEW.store_id); END;
--> statement-breakpoint
CREATE TRIGGER `product_images_capture_delete` AFTER DELETE ON `product_images` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT OLD.store_id, 'product_images', json_array(OLD.id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = OLD.store_id); END;
--> statement-breakpoint
CREATE TRIGGER `store_catalog_stats_capture_insert` AFTER INSERT ON `store_catalog_stats` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT NEW.store_id, 'store_catalog_stats', json_array(NEW.store_id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = NEW.store_id); END;
--> statement-breakpoint
CREATE TRIGGER `store_catalog_stats_capture_update` AFTER UPDATE ON `store_catalog_stats` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT NEW.store_id, 'store_catalog_stats', json_array(NEW.store_id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = NEW.store_id); INSERT INTO move_changes (store_id, table_name, key) SELECT OLD.store_id, 'store_catalog_stats', json_array(OLD.store_id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = OLD.store_id) AND (json_array(OLD.store_id) IS NOT json_array(NEW.store_id) OR OLD.store_id IS NOT NEW.store_id); END;
--> statement-breakpoint
CREATE TRIGGER `store_catalog_stats_capture_delete` AFTER DELETE ON `store_catalog_stats` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT OLD.store_id, 'store_catalog_stats', json_array(OLD.store_id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = OLD.store_id); END;
--> statement-breakpoint
CREATE TRIGGER `customers_capture_insert` AFTER INSERT ON `customers` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT NEW.store_id, 'customers', json_array(NEW.id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = NEW.store_id); END;
--> statement-breakpoint
CREATE TRIGGER `customers_capture_update` AFTER UPDATE ON `customers` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT NEW.store_id, 'customers', json_array(NEW.id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = NEW.store_id); INSERT INTO move_changes (store_id, table_name, key) SELECT OLD.store_id, 'customers', json_array(OLD.id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = OLD.store_id) AND (json_array(OLD.id) IS NOT json_array(NEW.id) OR OLD.store_id IS NOT NEW.store_id); END;
--> statement-breakpoint
CREATE TRIGGER `customers_capture_delete` AFTER DELETE ON `customers` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT OLD.store_id, 'customers', json_array(OLD.id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = OLD.store_id); END;
--> statement-breakpoint
CREATE TRIGGER `orders_capture_insert` AFTER INSERT ON `orders` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT NEW.store_id, 'orders', json_array(NEW.id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = NEW.store_id); END;
--> statement-breakpoint
CREATE TRIGGER `orders_capture_update` AFTER UPDATE ON `orders` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT NEW.store_id, 'orders', json_array(NEW.id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = NEW.store_id); INSERT INTO move_changes (store_id, table_name, key) SELECT OLD.store_id, 'orders', json_array(OLD.id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = OLD.store_id) AND (json_array(OLD.id) IS NOT json_array(NEW.id) OR OLD.store_id IS NOT NEW.store_id); END;
--> statement-breakpoint
CREATE TRIGGER `orders_capture_delete` AFTER DELETE ON `orders` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT OLD.store_id, 'orders', json_array(OLD.id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = OLD.store_id); END;
--> statement-breakpoint
CREATE TRIGGER `order_lines_capture_insert` AFTER INSERT ON `order_lines` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT (SELECT store_id FROM orders WHERE id = NEW.order_id), 'order_lines', json_array(NEW.order_id, NEW.position) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = (SELECT store_id FROM orders WHERE id = NEW.order_id)); END;
--> statement-breakpoint
CREATE TRIGGER `order_lines_capture_update` AFTER UPDATE ON `order_lines` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT (SELECT store_id FROM orders WHERE id = NEW.order_id), 'order_lines', json_array(NEW.order_id, NEW.position) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = (SELECT store_id FROM orders WHERE id = NEW.order_id)); INSERT INTO move_changes (store_id, table_name, key) SELECT (SELECT store_id FROM orders WHERE id = OLD.order_id), 'order_lines', json_array(OLD.order_id, OLD.position) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = (SELECT store_id FROM orders WHERE id = OLD.order_id)) AND (json_array(OLD.order_id, OLD.position) IS NOT json_array(NEW.order_id, NEW.position) OR (SELECT store_id FROM orders WHERE id = OLD.order_id) IS NOT (SELECT store_id FROM orders WHERE id = NEW.order_id)); END;
--> statement-breakpoint
CREATE TRIGGER `order_lines_capture_delete` AFTER DELETE ON `order_lines` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT (SELECT store_id FROM orders WHERE id = OLD.order_id), 'order_lines', json_array(OLD.order_id, OLD.position) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = (SELECT store_id FROM orders WHERE id = OLD.order_id)); END;
--> statement-breakpoint
CREATE TRIGGER `webhooks_capture_insert` AFTER INSERT ON `webhooks` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT NEW.store_id, 'webhooks', json_array(NEW.id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = NEW.store_id); END;
--> statement-breakpoint
CREATE TRIGGER `webhooks_capture_update` AFTER UPDATE ON `webhooks` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT NEW.store_id, 'webhooks', json_array(NEW.id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = NEW.store_id); INSERT INTO move_changes (store_id, table_name, key) SELECT OLD.store_id, 'webhooks', json_array(OLD.id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = OLD.store_id) AND (json_array(OLD.id) IS NOT json_array(NEW.id) OR OLD.store_id IS NOT NEW.store_id); END;
--> statement-breakpoint
CREATE TRIGGER `webhooks_capture_delete` AFTER DELETE ON `webhooks` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT OLD.store_id, 'webhooks', json_array(OLD.id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = OLD.store_id); END;
--> statement-breakpoint
CREATE TRIGGER `events_capture_insert` AFTER INSERT ON `events` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT NEW.store_id, 'events', json_array(NEW.id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = NEW.store_id); END;
--> statement-breakpoint
CREATE TRIGGER `events_capture_update` AFTER UPDATE ON `events` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT NEW.store_id, 'events', json_array(NEW.id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = NEW.store_id); INSERT INTO move_changes (store_id, table_name, key) SELECT OLD.store_id, 'events', json_array(OLD.id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = OLD.store_id) AND (json_array(OLD.id) IS NOT json_array(NEW.id) OR OLD.store_id IS NOT NEW.store_id); END;
--> statement-breakpoint
CREATE TRIGGER `events_capture_delete` AFTER DELETE ON `events` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT OLD.store_id, 'events', json_array(OLD.id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = OLD.store_id); END;
--> statement-breakpoint
CREATE TRIGGER `webhook_deliveries_capture_insert` AFTER INSERT ON `webhook_deliveries` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT NEW.store_id, 'webhook_deliveries', json_array(NEW.id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = NEW.store_id); END;
--> statement-breakpoint
CREATE TRIGGER `webhook_deliveries_capture_update` AFTER UPDATE ON `webhook_deliveries` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT NEW.store_id, 'webhook_deliveries', json_array(NEW.id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = NEW.store_id); INSERT INTO move_changes (store_id, table_name, key) SELECT OLD.store_id, 'webhook_deliveries', json_array(OLD.id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = OLD.store_id) AND (json_array(OLD.id) IS NOT json_array(NEW.id) OR OLD.store_id IS NOT NEW.store_id); END;
--> statement-breakpoint
CREATE TRIGGER `webhook_deliveries_capture_delete` AFTER DELETE ON `webhook_deliveries` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT OLD.store_id, 'webhook_deliveries', json_array(OLD.id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = OLD.store_id); END;
--> statement-breakpoint
CREATE TRIGGER `webhook_attempts_capture_insert` AFTER INSERT ON `webhook_attempts` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT (SELECT store_id FROM webhook_deliveries WHERE id = NEW.delivery_id), 'webhook_attempts', json_array(NEW.id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = (SELECT store_id FROM webhook_deliveries WHERE id = NEW.delivery_id)); END;
--> statement-breakpoint
CREATE TRIGGER `webhook_attempts_capture_update` AFTER UPDATE ON `webhook_attempts` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT (SELECT store_id FROM webhook_deliveries WHERE id = NEW.delivery_id), 'webhook_attempts', json_array(NEW.id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = (SELECT store_id FROM webhook_deliveries WHERE id = NEW.delivery_id)); INSERT INTO move_changes (store_id, table_name, key) SELECT (SELECT store_id FROM webhook_deliveries WHERE id = OLD.delivery_id), 'webhook_attempts', json_array(OLD.id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = (SELECT store_id FROM webhook_deliveries WHERE id = OLD.delivery_id)) AND (json_array(OLD.id) IS NOT json_array(NEW.id) OR (SELECT store_id FROM webhook_deliveries WHERE id = OLD.delivery_id) IS NOT (SELECT store_id FROM webhook_deliveries WHERE id = NEW.delivery_id)); END;
--> statement-breakpoint
CREATE TRIGGER `webhook_attempts_capture_delete` AFTER DELETE ON `webhook_attempts` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT (SELECT store_id FROM webhook_deliveries WHERE id = OLD.delivery_id), 'webhook_attempts', json_array(OLD.id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = (SELECT store_id FROM webhook_deliveries WHERE id = OLD.delivery_id)); END;
--> statement-breakpoint
CREATE TRIGGER `audit_log_capture_insert` AFTER INSERT ON `audit_log` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT NEW.store_id, 'audit_log', json_array(NEW.id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = NEW.store_id); END;
--> statement-breakpoint
CREATE TRIGGER `audit_log_capture_update` AFTER UPDATE ON `audit_log` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT NEW.store_id, 'audit_log', json_array(NEW.id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = NEW.store_id); INSERT INTO move_changes (store_id, table_name, key) SELECT OLD.store_id, 'audit_log', json_array(OLD.id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = OLD.store_id) AND (json_array(OLD.id) IS NOT json_array(NEW.id) OR OLD.store_id IS NOT NEW.store_id); END;
--> statement-breakpoint
CREATE TRIGGER `audit_log_capture_delete` AFTER DELETE ON `audit_log` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT OLD.store_id, 'audit_log', json_array(OLD.id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = OLD.store_id); END;
--> statement-breakpoint
CREATE TRIGGER `product_deletions_capture_insert` AFTER INSERT ON `product_deletions` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT NEW.store_id, 'product_deletions', json_array(NEW.id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = NEW.store_id); END;
--> statement-breakpoint
CREATE TRIGGER `product_deletions_capture_update` AFTER UPDATE ON `product_deletions` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT NEW.store_id, 'product_deletions', json_array(NEW.id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = NEW.store_id); INSERT INTO move_changes (store_id, table_name, key) SELECT OLD.store_id, 'product_deletions', json_array(OLD.id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = OLD.store_id) AND (json_array(OLD.id) IS NOT json_array(NEW.id) OR OLD.store_id IS NOT NEW.store_id); END;
--> statement-breakpoint
CREATE TRIGGER `product_deletions_capture_delete` AFTER DELETE ON `product_deletions` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT OLD.store_id, 'product_deletions', json_array(OLD.id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = OLD.store_id); END;
--> statement-breakpoint
CREATE TRIGGER `product_imports_capture_insert` AFTER INSERT ON `product_imports` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT NEW.store_id, 'product_imports', json_array(NEW.id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = NEW.store_id); END;
--> statement-breakpoint
CREATE TRIGGER `product_imports_capture_update` AFTER UPDATE ON `product_imports` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT NEW.store_id, 'product_imports', json_array(NEW.id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = NEW.store_id); INSERT INTO move_changes (store_id, table_name, key) SELECT OLD.store_id, 'product_imports', json_array(OLD.id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = OLD.store_id) AND (json_array(OLD.id) IS NOT json_array(NEW.id) OR OLD.store_id IS NOT NEW.store_id); END;
--> statement-breakpoint
CREATE TRIGGER `product_imports_capture_delete` AFTER DELETE ON `product_imports` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT OLD.store_id, 'product_imports', json_array(OLD.id) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = OLD.store_id); END;
--> statement-breakpoint
CREATE TRIGGER `idempotency_keys_capture_insert` AFTER INSERT ON `idempotency_keys` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT (CASE WHEN NEW.scope LIKE 'store:%' THEN substr(NEW.scope, 7) END), 'idempotency_keys', json_array(NEW.scope, NEW.key) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = (CASE WHEN NEW.scope LIKE 'store:%' THEN substr(NEW.scope, 7) END)); END;
--> statement-breakpoint
CREATE TRIGGER `idempotency_keys_capture_update` AFTER UPDATE ON `idempotency_keys` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT (CASE WHEN NEW.scope LIKE 'store:%' THEN substr(NEW.scope, 7) END), 'idempotency_keys', json_array(NEW.scope, NEW.key) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = (CASE WHEN NEW.scope LIKE 'store:%' THEN substr(NEW.scope, 7) END)); INSERT INTO move_changes (store_id, table_name, key) SELECT (CASE WHEN OLD.scope LIKE 'store:%' THEN substr(OLD.scope, 7) END), 'idempotency_keys', json_array(OLD.scope, OLD.key) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = (CASE WHEN OLD.scope LIKE 'store:%' THEN substr(OLD.scope, 7) END)) AND (json_array(OLD.scope, OLD.key) IS NOT json_array(NEW.scope, NEW.key) OR (CASE WHEN OLD.scope LIKE 'store:%' THEN substr(OLD.scope, 7) END) IS NOT (CASE WHEN NEW.scope LIKE 'store:%' THEN substr(NEW.scope, 7) END)); END;
--> statement-breakpoint
CREATE TRIGGER `idempotency_keys_capture_delete` AFTER DELETE ON `idempotency_keys` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT (CASE WHEN OLD.scope LIKE 'store:%' THEN substr(OLD.scope, 7) END), 'idempotency_keys', json_array(OLD.scope, OLD.key) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = (CASE WHEN OLD.scope LIKE 'store:%' THEN substr(OLD.scope, 7) END)); END;
