// The DELIVERIES queue consumer: prepare (claim) → send → record, for each message in parallel.
// The queue delivers at least once and the sweep may enqueue a delivery twice, so an attempt is claimed with a
// conditional update first: only the claimant sends it, and the claimant alone schedules the next attempt.
import { and, eq, isNull, lt, lte, or, sql } from "drizzle-orm";
import { webhookAttempts, webhookDeliveries, webhooks } from "../db/schema";
import type { Db } from "../lib/context";
import { primaryDb } from "../lib/db";
import { isUuid, nowIso, uuidv7 } from "../lib/ids";
import { decryptSecret } from "./secrets";
import { type AttemptOutcome, sendAttempt } from "./send";

export const MAX_ATTEMPTS = 3;
/** Seconds to wait before attempt 2 and attempt 3. */
export const RETRY_DELAYS_S = [2, 4] as const;
/** A claim older than this never recorded an outcome (the process died mid-send): it may be claimed again. */
export const STALE_CLAIM_MS = 30_000;
/** Queue delays are not exact; a message a moment early still takes its attempt. */
const EARLY_SLACK_MS = 1_000;

export async function handleDeliveryBatch(batch: MessageBatch<string>, env: Env, _ctx?: ExecutionContext) {
  const db = primaryDb(env);
  await Promise.all(
    batch.messages.map((message) =>
      processMessage(db, env, message).catch((error) => {
        console.error(JSON.stringify({ level: "error", message: "delivery failed to process", delivery_id: message.body, error: String(error) }));
        message.retry({ delaySeconds: RETRY_DELAYS_S[0] });
      }),
    ),
  );
}

async function processMessage(db: Db, env: Env, message: Message<string>) {
  const deliveryId = message.body;
  if (typeof deliveryId !== "string" || !isUuid(deliveryId)) return message.ack();
  const now = Date.now();
  const claimId = uuidv7(now);
  const [claim] = await db
    .update(webhookDeliveries)
    .set({ claimId, claimedAt: nowIso(now) })
    .where(
      and(
        eq(webhookDeliveries.id, deliveryId),
        eq(webhookDeliveries.status, "pending"),
        lte(webhookDeliveries.nextAttemptAt, nowIso(now + EARLY_SLACK_MS)),
        or(isNull(webhookDeliveries.claimedAt), lt(webhookDeliveries.claimedAt, nowIso(now - STALE_CLAIM_MS))),
      ),
    )
    .returning({
      payload: webhookDeliveries.payload,
      eventId: webhookDeliveries.eventId,
      attemptCount: webhookDeliveries.attemptCount,
      url: sql<string>`(SELECT w.url FROM webhooks w WHERE w.id = webhook_deliveries.webhook_id)`,
      secret: sql<string>`(SELECT w.secret_ciphertext FROM webhooks w WHERE w.id = webhook_deliveries.webhook_id)`,
    });
  if (!claim) return notClaimed(db, deliveryId, message, now);

  const attempt = claim.attemptCount + 1;
  const startedAt = nowIso();
  const outcome = await sendAttempt({
    url: claim.url,
    secret: await decryptSecret(env, claim.secret),
    payload: claim.payload,
    eventId: claim.eventId,
    attempt,
  });
  const next = await recordAttempt(db, deliveryId, claimId, attempt, startedAt, outcome);
  if (next === null) message.ack();
  else message.retry({ delaySeconds: next });
}

/**
 * Someone else holds the attempt, the delivery is finished, or it is not due yet. Only the last case keeps the
 * message (re-timed to the due moment); the others are duplicates and are dropped.
 */
async function notClaimed(db: Db, deliveryId: string, message: Message<string>, now: number) {
  const row = await db
    .select({ status: webhookDeliveries.status, nextAttemptAt: webhookDeliveries.nextAttemptAt, claimedAt: webhookDeliveries.claimedAt })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.id, deliveryId))
    .get();
  if (row?.status === "pending" && !row.claimedAt) {
    const wait = Date.parse(row.nextAttemptAt) - now;
    if (wait > 0) return message.retry({ delaySeconds: Math.max(1, Math.ceil(wait / 1000)) });
  }
  message.ack();
}

/** Stores the attempt and the delivery's new state; returns the delay before the next attempt, or null. */
async function recordAttempt(db: Db, deliveryId: string, claimId: string, attempt: number, startedAt: string, outcome: AttemptOutcome) {
  const finished = Date.now();
  const retryIn = outcome.ok || attempt >= MAX_ATTEMPTS ? null : RETRY_DELAYS_S[attempt - 1];
  const status = outcome.ok ? "delivered" : retryIn === null ? "failed" : "pending";
  const ours = and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.claimId, claimId));
  const final = status === "pending" ? [] : [subscriptionHealth(db, deliveryId, claimId, status, nowIso(finished))];
  await db.batch([
    // Conditional on still holding the claim, like the update below.
    db.insert(webhookAttempts).select(
      sql`SELECT ${uuidv7()}, id, ${attempt}, ${startedAt}, ${outcome.durationMs}, ${outcome.responseStatus}, ${outcome.responseBody}, ${outcome.error}
        FROM webhook_deliveries WHERE id = ${deliveryId} AND claim_id = ${claimId}`,
    ),
    // Before the delivery's update below, which releases the claim this is conditional on.
    ...final,
    db
      .update(webhookDeliveries)
      .set({
        status,
        attemptCount: attempt,
        claimId: null,
        claimedAt: null,
        lastAttemptAt: startedAt,
        ...(retryIn !== null ? { nextAttemptAt: nowIso(finished + retryIn * 1000) } : {}),
        ...(outcome.ok ? { deliveredAt: nowIso(finished) } : {}),
      })
      .where(ours),
  ]);
  return retryIn;
}

/** The subscription's health after one of its deliveries ended (API.md section 12), if we still hold the claim. */
function subscriptionHealth(db: Db, deliveryId: string, claimId: string, status: "delivered" | "failed", at: string) {
  return db
    .update(webhooks)
    .set({
      lastDeliveryAt: at,
      lastDeliveryStatus: status,
      consecutiveFailures: status === "delivered" ? 0 : sql`${webhooks.consecutiveFailures} + 1`,
    })
    .where(eq(webhooks.id, sql`(SELECT webhook_id FROM webhook_deliveries WHERE id = ${deliveryId} AND claim_id = ${claimId})`));
}
