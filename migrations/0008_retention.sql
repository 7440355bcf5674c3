-- Retention (src/retention): an event is deleted only when no delivery refers to it; this index answers "does
-- any delivery refer to this event" without scanning webhook_deliveries (it also serves lookups by event id).
CREATE INDEX `webhook_deliveries_event_idx` ON `webhook_deliveries` (`event_id`);
