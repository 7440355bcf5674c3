// The delivery log of a subscription (newest first), one delivery with its payload and attempts, and replay. Every
// delivery names its event's `sequence` (read from the event row, null for webhook.test), so a list shows where each
// delivery sits in the store's event log without reading the deliveries one by one.
import { and, asc, count, desc, eq, getTableColumns, type SQL, sql } from "drizzle-orm";
import { webhookAttempts, webhookDeliveries, webhooks } from "../db/schema";
import { auditEntry } from "../lib/audit";
import type { StoreCtx } from "../lib/context";
import { conflict, notFound } from "../lib/errors";
import { exists, guarded, stillExists, stillHolds } from "../lib/guards";
import { isUuid, nowIso, uuidv7 } from "../lib/ids";
import { commit } from "../events/outbox";
import type { Page } from "../lib/pagination";
import { enqueueDeliveries } from "../events/fan-out";
import { assertMayDirect, assertMayReadEvents } from "./read-bits";
import { findWebhook } from "./subscriptions.service";

type DeliveryRow = typeof webhookDeliveries.$inferSelect;
type AttemptRow = typeof webhookAttempts.$inferSelect;

/** The delivery's event's sequence: one lookup by the event's primary key per row of the page. */
const eventSequence = sql<number | null>`(SELECT e.sequence FROM events e WHERE e.id = ${webhookDeliveries.eventId})`;
/** A delivery row with its event's sequence, as the lists and the detail select it. */
const deliveryColumns = { ...getTableColumns(webhookDeliveries), sequence: eventSequence };

export const toDelivery = (d: DeliveryRow & { sequence: number | null }) => ({
  id: d.id,
  webhook_id: d.webhookId,
  event: d.event,
  event_id: d.eventId,
  sequence: d.sequence,
  status: d.status,
  attempt_count: d.attemptCount,
  created_at: d.createdAt,
  last_attempt_at: d.lastAttemptAt,
  delivered_at: d.deliveredAt,
});

const toAttempt = (a: AttemptRow) => ({
  attempt: a.attempt,
  started_at: a.startedAt,
  duration_ms: a.durationMs,
  response_status: a.responseStatus,
  response_body: a.responseBody,
  error: a.error,
});

export async function listDeliveries(ctx: StoreCtx, webhookId: string, page: Page, filter: { status?: DeliveryRow["status"] }) {
  const webhook = await findWebhook(ctx, webhookId);
  const conditions: SQL[] = [eq(webhookDeliveries.webhookId, webhook.id)];
  if (filter.status) conditions.push(eq(webhookDeliveries.status, filter.status));
  const where = and(...conditions);
  const [rows, [{ total }]] = await ctx.db.batch([
    ctx.db
      .select(deliveryColumns)
      .from(webhookDeliveries)
      .where(where)
      .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
      .limit(page.limit)
      .offset(page.offset),
    ctx.db.select({ total: count() }).from(webhookDeliveries).where(where),
  ]);
  return { data: rows.map(toDelivery), total };
}

export interface StoreDeliveryFilter {
  status?: DeliveryRow["status"];
  event?: string;
  event_id?: string;
  webhook_id?: string;
}

/** Every delivery of the store, newest first, each with its subscription's current URL (docs/api/12-admin-console-endpoints.md). */
export async function listStoreDeliveries(ctx: StoreCtx, page: Page, filter: StoreDeliveryFilter) {
  const conditions: SQL[] = [eq(webhookDeliveries.storeId, ctx.store.storeId)];
  if (filter.status) conditions.push(eq(webhookDeliveries.status, filter.status));
  if (filter.event) conditions.push(eq(webhookDeliveries.event, filter.event));
  if (filter.event_id) conditions.push(eq(webhookDeliveries.eventId, filter.event_id));
  if (filter.webhook_id) conditions.push(eq(webhookDeliveries.webhookId, filter.webhook_id));
  const where = and(...conditions);
  const [rows, [{ total }]] = await ctx.db.batch([
    ctx.db
      .select({ delivery: deliveryColumns, url: webhooks.url })
      .from(webhookDeliveries)
      .innerJoin(webhooks, eq(webhooks.id, webhookDeliveries.webhookId))
      .where(where)
      .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
      .limit(page.limit)
      .offset(page.offset),
    ctx.db.select({ total: count() }).from(webhookDeliveries).where(where),
  ]);
  return { data: rows.map((r) => ({ ...toDelivery(r.delivery), url: r.url })), total };
}

async function findDelivery(ctx: StoreCtx, webhookId: string, deliveryId: string) {
  if (!isUuid(webhookId) || !isUuid(deliveryId)) throw notFound("Delivery");
  const inStore = and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.webhookId, webhookId), eq(webhookDeliveries.storeId, ctx.store.storeId));
  const [[delivery], attempts] = await ctx.db.batch([
    ctx.db
      .select({
        ...deliveryColumns,
        // The envelope stored once on the event: the exact body every attempt of every delivery sent.
        payload: sql<string>`(SELECT e.payload FROM events e WHERE e.id = ${webhookDeliveries.eventId})`,
      })
      .from(webhookDeliveries)
      .where(inStore)
      .limit(1),
    ctx.db
      .select()
      .from(webhookAttempts)
      .where(eq(webhookAttempts.deliveryId, deliveryId))
      .orderBy(asc(webhookAttempts.startedAt), asc(webhookAttempts.attempt)),
  ]);
  if (!delivery) throw notFound("Delivery");
  return { delivery, attempts };
}

export async function getDelivery(ctx: StoreCtx, webhookId: string, deliveryId: string) {
  const { delivery, attempts } = await findDelivery(ctx, webhookId, deliveryId);
  // The payload and the receiver's answers are the event's data.
  assertMayReadEvents(ctx, [delivery.event], "Reading a delivery of");
  return { ...toDelivery(delivery), payload: delivery.payload, attempts: attempts.map(toAttempt) };
}

/** A new delivery of the identical body (same event id), with its own three attempts. */
export async function replayDelivery(ctx: StoreCtx, webhookId: string, deliveryId: string) {
  const { delivery } = await findDelivery(ctx, webhookId, deliveryId);
  assertMayDirect(ctx, [delivery.event], "Replaying a delivery of");
  const active = exists(sql`${webhooks}`, and(eq(webhooks.id, delivery.webhookId), eq(webhooks.active, true))!);
  const inactive = () => conflict("The subscription is inactive: activate it (PATCH active: true) before replaying");
  if (
    !(await ctx.db
      .select({ id: webhooks.id })
      .from(webhooks)
      .where(and(eq(webhooks.id, delivery.webhookId), eq(webhooks.active, true)))
      .get())
  ) {
    throw inactive();
  }
  const now = nowIso();
  // Same event, so the same stored envelope: the identical body.
  const { payload: _sameEnvelope, sequence, ...original } = delivery;
  const replay: DeliveryRow = {
    ...original,
    id: uuidv7(),
    status: "pending",
    attemptCount: 0,
    nextAttemptAt: now,
    claimId: null,
    claimedAt: null,
    createdAt: now,
    lastAttemptAt: null,
    deliveredAt: null,
  };
  // commit: the request's idempotency key, if any, goes in the same batch.
  await guarded(
    commit(ctx, [
      // Decided in the batch: a subscription deleted (404) or deactivated (409) meanwhile gets no new delivery.
      stillExists(ctx.db, exists(sql`${webhooks}`, eq(webhooks.id, delivery.webhookId))),
      stillHolds(ctx.db, active),
      ctx.db.insert(webhookDeliveries).values(replay),
      auditEntry(ctx, "webhook.replay", "webhook", webhookId),
    ]),
    { not_found: () => notFound("Delivery"), conflict: inactive },
  );
  ctx.waitUntil(enqueueDeliveries(ctx.env, ctx.store.storeId, [replay.id]));
  return toDelivery({ ...replay, sequence });
}
