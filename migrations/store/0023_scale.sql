-- Issue 27: the pause triggers of migration 0015 on `idempotency_keys` (a store's keys have scope 'store:<id>').
-- While a move has the store's writes paused (and on the source after the flip), a key is neither claimed (INSERT)
-- nor updated (the change's batch marking it committed, a response being saved), so the key rows the paused phase
-- copies are final: no response is kept on the source after the table was copied that the target would lack
-- (before, a retry on the target then answered 409 where the source replays the response). A request whose change
-- committed just before the pause gets its response, which is not kept (src/lib/idempotency.ts).
-- Deletes stay allowed: a 5xx's cleanup of a claim whose change never committed, and the expired keys' cleanup;
-- verification drops on the target what is gone from the source (the table is `volatile`, src/moves/tables.ts).
--> statement-breakpoint
CREATE TRIGGER `idempotency_keys_paused_insert` BEFORE INSERT ON `idempotency_keys` WHEN NEW.scope LIKE 'store:%' AND (SELECT state FROM stores WHERE id = substr(NEW.scope, 7)) IN ('moving', 'moved', 'purging') BEGIN SELECT RAISE(ABORT, 'store_paused'); END;
--> statement-breakpoint
CREATE TRIGGER `idempotency_keys_paused_update` BEFORE UPDATE ON `idempotency_keys` WHEN NEW.scope LIKE 'store:%' AND (SELECT state FROM stores WHERE id = substr(NEW.scope, 7)) IN ('moving', 'moved', 'purging') BEGIN SELECT RAISE(ABORT, 'store_paused'); END;
