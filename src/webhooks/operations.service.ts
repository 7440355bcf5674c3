// Operations on one subscription beyond its settings (docs/webhooks.md "Operating an endpoint"): rotating the
// signing secret with an overlap during which both secrets sign, a test event, and recovering (replaying) the
// deliveries that failed since a given time.
import { and, eq, sql } from "drizzle-orm";
import { events, webhookDeliveries, webhooks } from "../db/schema";
import { auditEntry } from "../lib/audit";
import type { StoreCtx } from "../lib/context";
import { conflict, invalidField, notFound } from "../lib/errors";
import { exists, guarded, stillExists, stillHolds } from "../lib/guards";
import { nowIso, uuidv7 } from "../lib/ids";
import { commit } from "../events/outbox";
import { retentionConfig } from "../retention/config";
import { enqueueDeliveries, uuidv7Sql } from "../events/fan-out";
import { assertMayDirect } from "./read-bits";
import { TEST_EVENT } from "./schemas";
import { encryptSecret } from "./secrets";
import { findWebhook, saveWebhook } from "./subscriptions.service";

/** Failed deliveries one recover call replays at most (the next call goes on from there). */
export const RECOVER_LIMIT = 1000;

/** How long the replaced secret keeps signing when the request does not say: one day. */
export const DEFAULT_PREVIOUS_EXPIRES_IN_S = 86_400;

/**
 * A new secret; the one it replaces keeps signing beside it for `previous_expires_in` seconds (0: not at all).
 * Rotating again during an overlap keeps only the secret it replaces as the previous one.
 */
export async function rotateWebhookSecret(ctx: StoreCtx, id: string, input: { secret: string; previous_expires_in?: number }) {
  const row = await findWebhook(ctx, id);
  assertMayDirect(ctx, [row.event], "Rotating the secret of a subscription to");
  const overlapS = input.previous_expires_in ?? DEFAULT_PREVIOUS_EXPIRES_IN_S;
  const now = Date.now();
  return saveWebhook(
    ctx,
    row,
    {
      secretCiphertext: await encryptSecret(ctx.env, input.secret),
      // Still encrypted under the same key: the ciphertext moves as it is.
      previousSecretCiphertext: overlapS > 0 ? row.secretCiphertext : null,
      previousSecretExpiresAt: overlapS > 0 ? nowIso(now + overlapS * 1000) : null,
      updatedAt: nowIso(now),
    },
    "webhook.rotate",
  );
}

/** Guards of a batch that adds deliveries to subscription `id`: it still exists (404) and is active (409). */
function activeGuards(ctx: StoreCtx, id: string, what: string) {
  const mine = and(eq(webhooks.id, id), eq(webhooks.storeId, ctx.store.storeId))!;
  return {
    statements: [stillExists(ctx.db, exists(sql`${webhooks}`, mine)), stillHolds(ctx.db, exists(sql`${webhooks}`, and(mine, eq(webhooks.active, true))!))],
    errors: {
      not_found: () => notFound("Webhook"),
      conflict: () => conflict(`The subscription is inactive: enable it (PATCH active: true) before ${what}`),
    },
  };
}

/** A `webhook.test` event to this subscription only, through the normal pipeline (signed, stored, retried, listed). */
export async function sendWebhookTest(ctx: StoreCtx, id: string) {
  const row = await findWebhook(ctx, id);
  assertMayDirect(ctx, [row.event], "Sending a test to a subscription to");
  const guards = activeGuards(ctx, row.id, "sending a test event");
  if (!row.active) throw guards.errors.conflict();
  const now = Date.now();
  const at = nowIso(now);
  const eventId = uuidv7(now);
  const deliveryId = uuidv7(now);
  // The envelope of every event: {id, event, store_id, delivered_at, data}, stored once on the event.
  const payload = JSON.stringify({ id: eventId, event: TEST_EVENT, store_id: ctx.store.storeId, delivered_at: at, data: { webhook_id: row.id, url: row.url } });
  await guarded(
    commit(ctx, [
      ...guards.statements,
      ctx.db.insert(events).values({ id: eventId, storeId: ctx.store.storeId, name: TEST_EVENT, createdAt: at, payload }),
      ctx.db.insert(webhookDeliveries).values({
        id: deliveryId,
        storeId: ctx.store.storeId,
        webhookId: row.id,
        eventId,
        event: TEST_EVENT,
        status: "pending",
        attemptCount: 0,
        nextAttemptAt: at,
        createdAt: at,
      }),
      auditEntry(ctx, "webhook.test", "webhook", row.id),
    ]),
    guards.errors,
  );
  ctx.waitUntil(enqueueDeliveries(ctx.env, ctx.store.storeId, [deliveryId]));
  return { delivery_id: deliveryId };
}

/**
 * Replays (section 8's replay: a new delivery of the same event, attempts from 1) every delivery of the
 * subscription that ended failed at or after `since`, oldest first, at most RECOVER_LIMIT. A failed delivery
 * already replayed (a later delivery of its event to this subscription exists) is left out, so calls after an
 * outage longer than one call's worth go on where the previous stopped, and never send an event twice.
 */
export async function recoverWebhookDeliveries(ctx: StoreCtx, id: string, input: { since: string }) {
  const row = await findWebhook(ctx, id);
  assertMayDirect(ctx, [row.event], "Recovering deliveries of");
  const now = Date.now();
  const sinceMs = Date.parse(input.since);
  const retentionDays = retentionConfig(ctx.env).days;
  if (sinceMs < now - retentionDays * 86_400_000 || sinceMs > now) {
    throw invalidField("since", `must be within the last ${retentionDays} days (the retention period), and not in the future`);
  }
  const guards = activeGuards(ctx, row.id, "recovering deliveries");
  if (!row.active) throw guards.errors.conflict();
  const at = nowIso(now);
  // Ids one millisecond apart in the order of the originals, so the replays list and are handed over oldest first.
  const order = sql`ROW_NUMBER() OVER (ORDER BY d.created_at, d.id)`;
  const replay = ctx.db
    .insert(webhookDeliveries)
    .select(
      sql`SELECT ${uuidv7Sql(sql`${now} + ${order}`)}, d.store_id, d.webhook_id, d.event_id, d.event, 'pending', 0, ${at}, NULL, NULL, ${at}, NULL, NULL
        FROM ${webhookDeliveries} d
        WHERE d.webhook_id = ${row.id} AND d.store_id = ${ctx.store.storeId} AND d.status = 'failed' AND d.last_attempt_at >= ${nowIso(sinceMs)}
          AND NOT EXISTS (SELECT 1 FROM ${webhookDeliveries} later WHERE later.webhook_id = d.webhook_id AND later.event_id = d.event_id AND later.created_at > d.created_at)
        ORDER BY d.created_at, d.id
        LIMIT ${RECOVER_LIMIT}`,
    )
    .returning({ id: webhookDeliveries.id });
  const results = await guarded(
    commit(ctx, [...guards.statements, replay, auditEntry(ctx, "webhook.recover", "webhook", row.id, { since: nowIso(sinceMs) })]),
    guards.errors,
  );
  const ids = (results[guards.statements.length] as Array<{ id: string }>).map((r) => r.id).sort();
  if (ids.length > 0) ctx.waitUntil(enqueueDeliveries(ctx.env, ctx.store.storeId, ids));
  return { replayed: ids.length };
}
