// What the retention cron deletes, table by table. Every table here has a time-ordered primary key (UUIDv7:
// the first 48 bits are the creation time in ms, in hex, so ids sort by creation time), so "older than the
// cutoff" is a range of the primary key's index: each DELETE reads the oldest rows of that range and stops at
// its LIMIT, never scanning a table (checked with EXPLAIN QUERY PLAN in test/retention/retention.test.ts).
//
// To add a table with a time-ordered id: one more entry. Rows that carry their own expiry time (idempotency keys,
// logged-out sessions, failed logins) are deleted by src/identity/cleanup.ts in the same cron run.
import { type SQL, sql } from "drizzle-orm";
import { auditLog, events, productDeletions, webhookDeliveries } from "../db/schema";
import { STORES_NOT_ACTIVE } from "../placement/store-db";
import type { RetentionConfig } from "./config";

export interface RetainedTable {
  /** The table's name in logs and docs. */
  name: string;
  /** The table (for its primary key `id`). */
  table: typeof events | typeof webhookDeliveries | typeof auditLog | typeof productDeletions;
  /** Which setting gives its age limit. */
  days: (config: RetentionConfig) => number;
  /** Rows that must stay even when old. */
  keep?: SQL;
}

export const RETAINED_TABLES: RetainedTable[] = [
  {
    // Attempts go with their delivery (ON DELETE CASCADE, through webhook_attempts_delivery_idx).
    name: "webhook_deliveries",
    table: webhookDeliveries,
    days: (c) => c.days,
    // A pending delivery is still being sent (or will be re-sent by the sweep): never deleted.
    keep: sql`${webhookDeliveries.status} = 'pending'`,
  },
  {
    name: "events",
    table: events,
    days: (c) => c.days,
    // An event stays while any delivery refers to it (pending ones, and replays made lately): the event holds
    // the envelope its deliveries send, so a delivery never outlives it (webhook_deliveries_event_idx).
    keep: sql`EXISTS (SELECT 1 FROM ${webhookDeliveries} WHERE ${webhookDeliveries.eventId} = ${events.id})`,
  },
  { name: "audit_log", table: auditLog, days: (c) => c.auditDays },
  // The deletions feed (GET /products/deleted) is kept as long as events: a poller that missed the
  // products.deleted webhook can learn of the deletion for as long as it could have replayed the event.
  { name: "product_deletions", table: productDeletions, days: (c) => c.days },
];

/** The smallest UUIDv7 of millisecond `ms` (as its first 13 characters): every id made before `ms` sorts below it. */
export function uuidv7Floor(ms: number): string {
  const hex = Math.max(0, Math.floor(ms)).toString(16).padStart(12, "0");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}`;
}

/**
 * One bounded DELETE: up to `limit` rows of `t` with an id in (after, floor), oldest first, minus those to keep and
 * those of stores not `active` in this database (docs/scale.md, moves).
 * Returns the deleted ids (the caller continues after the greatest).
 */
export function deleteBatch(t: RetainedTable, floor: string, after: string, limit: number): SQL {
  const id = sql.identifier("id");
  const keep = t.keep ? sql` AND NOT ${t.keep}` : sql``;
  // Stores that a move is bringing in or taking away are skipped (their deletes would abort on the pause triggers).
  const settled = sql` AND ${sql.identifier("store_id")} NOT IN (${sql.raw(STORES_NOT_ACTIVE)})`;
  return sql`DELETE FROM ${t.table} WHERE ${id} IN (
      SELECT ${id} FROM ${t.table} WHERE ${id} > ${after} AND ${id} < ${floor}${settled}${keep} ORDER BY ${id} LIMIT ${limit}
    ) RETURNING ${id}`;
}
