-- Idempotency keys belong to the credential that sent them (docs/decisions.md "Idempotency keys"): a store's key
-- now has scope 'store:<store id>:<credential>' (`user:<id>`, `pat:<id>` or `integration:<id>`,
-- src/lib/idempotency.ts), no longer 'store:<store id>'. The pause triggers (migration 0023) and the move's capture
-- triggers (migration 0026) read the store id as everything after 'store:', which for the new scopes names no store:
-- a key would be claimed on a paused source, and a move would not capture its changes. They are made again here
-- with the store id as the part between 'store:' and the next ':' (the whole rest for a key kept from before this
-- migration, which expires within 24 hours). The triggers are otherwise as they were.
DROP TRIGGER `idempotency_keys_paused_insert`;
--> statement-breakpoint
DROP TRIGGER `idempotency_keys_paused_update`;
--> statement-breakpoint
DROP TRIGGER `idempotency_keys_capture_insert`;
--> statement-breakpoint
DROP TRIGGER `idempotency_keys_capture_update`;
--> statement-breakpoint
DROP TRIGGER `idempotency_keys_capture_delete`;
--> statement-breakpoint
CREATE TRIGGER `idempotency_keys_paused_insert` BEFORE INSERT ON `idempotency_keys` WHEN NEW.scope LIKE 'store:%' AND (SELECT state FROM stores WHERE id = substr(NEW.scope, 7, instr(substr(NEW.scope, 7) || ':', ':') - 1)) IN ('moving', 'moved', 'purging') BEGIN SELECT RAISE(ABORT, 'store_paused'); END;
--> statement-breakpoint
CREATE TRIGGER `idempotency_keys_paused_update` BEFORE UPDATE ON `idempotency_keys` WHEN NEW.scope LIKE 'store:%' AND (SELECT state FROM stores WHERE id = substr(NEW.scope, 7, instr(substr(NEW.scope, 7) || ':', ':') - 1)) IN ('moving', 'moved', 'purging') BEGIN SELECT RAISE(ABORT, 'store_paused'); END;
--> statement-breakpoint
CREATE TRIGGER `idempotency_keys_capture_insert` AFTER INSERT ON `idempotency_keys` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT (CASE WHEN NEW.scope LIKE 'store:%' THEN substr(NEW.scope, 7, instr(substr(NEW.scope, 7) || ':', ':') - 1) END), 'idempotency_keys', json_array(NEW.scope, NEW.key) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = (CASE WHEN NEW.scope LIKE 'store:%' THEN substr(NEW.scope, 7, instr(substr(NEW.scope, 7) || ':', ':') - 1) END)); END;
--> statement-breakpoint
CREATE TRIGGER `idempotency_keys_capture_update` AFTER UPDATE ON `idempotency_keys` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT (CASE WHEN NEW.scope LIKE 'store:%' THEN substr(NEW.scope, 7, instr(substr(NEW.scope, 7) || ':', ':') - 1) END), 'idempotency_keys', json_array(NEW.scope, NEW.key) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = (CASE WHEN NEW.scope LIKE 'store:%' THEN substr(NEW.scope, 7, instr(substr(NEW.scope, 7) || ':', ':') - 1) END)); INSERT INTO move_changes (store_id, table_name, key) SELECT (CASE WHEN OLD.scope LIKE 'store:%' THEN substr(OLD.scope, 7, instr(substr(OLD.scope, 7) || ':', ':') - 1) END), 'idempotency_keys', json_array(OLD.scope, OLD.key) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = (CASE WHEN OLD.scope LIKE 'store:%' THEN substr(OLD.scope, 7, instr(substr(OLD.scope, 7) || ':', ':') - 1) END)) AND (json_array(OLD.scope, OLD.key) IS NOT json_array(NEW.scope, NEW.key) OR (CASE WHEN OLD.scope LIKE 'store:%' THEN substr(OLD.scope, 7, instr(substr(OLD.scope, 7) || ':', ':') - 1) END) IS NOT (CASE WHEN NEW.scope LIKE 'store:%' THEN substr(NEW.scope, 7, instr(substr(NEW.scope, 7) || ':', ':') - 1) END)); END;
--> statement-breakpoint
CREATE TRIGGER `idempotency_keys_capture_delete` AFTER DELETE ON `idempotency_keys` BEGIN INSERT INTO move_changes (store_id, table_name, key) SELECT (CASE WHEN OLD.scope LIKE 'store:%' THEN substr(OLD.scope, 7, instr(substr(OLD.scope, 7) || ':', ':') - 1) END), 'idempotency_keys', json_array(OLD.scope, OLD.key) WHERE EXISTS (SELECT 1 FROM move_capture WHERE store_id = (CASE WHEN OLD.scope LIKE 'store:%' THEN substr(OLD.scope, 7, instr(substr(OLD.scope, 7) || ':', ':') - 1) END)); END;
