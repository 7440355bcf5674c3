// Webhook subscriptions, their deliveries (one per subscription per event; the body sent is the event's stored
// envelope, events.payload) and every attempt of a delivery. Deliveries and attempts go with their subscription (ON DELETE CASCADE).
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { stores } from "./identity";

export const webhooks = sqliteTable(
  "webhooks",
  {
    id: text("id").primaryKey(),
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    event: text("event").notNull(),
    /** AES-GCM ciphertext of the signing secret (see src/webhooks/secrets.ts); never returned. */
    secretCiphertext: text("secret_ciphertext").notNull(),
    active: integer("active", { mode: "boolean" }).notNull(),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
    /** Health (docs/api/12-admin-console-endpoints.md): when the last delivery finished, how, and how many in a row failed. */
    lastDeliveryAt: text("last_delivery_at"),
    lastDeliveryStatus: text("last_delivery_status", { enum: ["delivered", "failed"] }),
    consecutiveFailures: integer("consecutive_failures").notNull().default(0),
    /** A rotation's previous secret (AES-GCM, like the current one): it signs too until previousSecretExpiresAt. */
    previousSecretCiphertext: text("previous_secret_ciphertext"),
    previousSecretExpiresAt: text("previous_secret_expires_at"),
    /** Why the service made the subscription inactive, and when (null when active, or deactivated by a user). */
    disabledReason: text("disabled_reason", { enum: ["gone", "failing"] }),
    disabledAt: text("disabled_at"),
    /** When the first delivery of the current run of failed ones ended; null after a delivered one. */
    failingSince: text("failing_since"),
    /** The API version its deliveries are sent in: their `Api-Version` header and body shape (docs/api-versions.md). */
    apiVersion: text("api_version").notNull().default("2026-11-27"),
  },
  // Serves both the uniqueness rule and the fan-out lookup (store_id, event).
  (t) => [uniqueIndex("webhooks_store_event_url_idx").on(t.storeId, t.event, t.url)],
);

export const webhookDeliveries = sqliteTable(
  "webhook_deliveries",
  {
    id: text("id").primaryKey(),
    storeId: text("store_id").notNull(),
    webhookId: text("webhook_id")
      .notNull()
      .references(() => webhooks.id, { onDelete: "cascade" }),
    eventId: text("event_id").notNull(),
    event: text("event").notNull(),
    status: text("status", { enum: ["pending", "delivered", "failed"] }).notNull(),
    /** Attempts with a recorded outcome; a claimed attempt that never recorded one does not count. */
    attemptCount: integer("attempt_count").notNull(),
    nextAttemptAt: text("next_attempt_at").notNull(),
    /** The claim of the attempt in flight (at-least-once queue: only the claimant sends). */
    claimId: text("claim_id"),
    claimedAt: text("claimed_at"),
    createdAt: text("created_at").notNull(),
    lastAttemptAt: text("last_attempt_at"),
    deliveredAt: text("delivered_at"),
  },
  (t) => [
    index("webhook_deliveries_webhook_idx").on(t.webhookId, t.createdAt, t.id),
    index("webhook_deliveries_store_idx").on(t.storeId, t.createdAt, t.id),
    // Deliveries of one event (the delivery log's filter), and retention: an event is kept while any delivery
    // refers to it.
    index("webhook_deliveries_event_idx").on(t.eventId),
    index("webhook_deliveries_due_idx").on(t.nextAttemptAt).where(sql`status = 'pending'`),
  ],
);

export const webhookAttempts = sqliteTable(
  "webhook_attempts",
  {
    id: text("id").primaryKey(),
    deliveryId: text("delivery_id")
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: "cascade" }),
    attempt: integer("attempt").notNull(),
    startedAt: text("started_at").notNull(),
    durationMs: integer("duration_ms").notNull(),
    responseStatus: integer("response_status"),
    responseBody: text("response_body"),
    error: text("error"),
  },
  (t) => [index("webhook_attempts_delivery_idx").on(t.deliveryId, t.attempt)],
);
