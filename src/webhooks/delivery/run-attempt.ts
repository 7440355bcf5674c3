// One attempt of one delivery: claim (conditional update) → sign + send → record, with D1 as the source of truth.
// The sender object (subscription-sender.ts) calls this for every due delivery it holds; the answer tells it when to look at
// the delivery again, or that it is finished with it.
import { and, eq, isNull, lt, lte, or, sql } from "drizzle-orm";
import { webhookAttempts, webhookDeliveries, webhooks } from "../../db/schema";
import type { Db } from "../../lib/context";
import { nowIso, uuidv7 } from "../../lib/ids";
import { allowPrivateWebhookUrls } from "../../lib/config";
import { disabledBy } from "./auto-disable";
import { decryptSecret } from "../secrets";
import { type AttemptOutcome, sendAttempt } from "./http-post";
import { webhookUrlProblem } from "../url-rules";

export const MAX_ATTEMPTS = 3;
/** Seconds to wait before attempt 2 and attempt 3. */
export const RETRY_DELAYS_S = [2, 4] as const;
/** A claim older than this never recorded an outcome (the process died mid-send): it may be claimed again. */
export const STALE_CLAIM_MS = 30_000;
/** Timers are not exact; a wake-up a moment early still takes its attempt. */
const EARLY_SLACK_MS = 1_000;

/**
 * Runs the delivery's next attempt if it is due and nobody holds it. Returns when (epoch ms) the delivery needs
 * looking at again (its next attempt, or the moment another holder's claim goes stale), or null once it is no
 * longer pending (delivered, failed, deleted).
 */
export async function runAttempt(db: Db, env: Env, deliveryId: string): Promise<number | null> {
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
      // The envelope is stored once per event: every delivery, retry and replay of it sends these bytes.
      payload: sql<string>`(SELECT e.payload FROM events e WHERE e.id = webhook_deliveries.event_id)`,
      eventId: webhookDeliveries.eventId,
      attemptCount: webhookDeliveries.attemptCount,
      url: sql<string>`(SELECT w.url FROM webhooks w WHERE w.id = webhook_deliveries.webhook_id)`,
      secret: sql<string>`(SELECT w.secret_ciphertext FROM webhooks w WHERE w.id = webhook_deliveries.webhook_id)`,
      // A rotation's previous secret while its overlap lasts (null otherwise): it signs beside the current one.
      previousSecret: sql<
        string | null
      >`(SELECT w.previous_secret_ciphertext FROM webhooks w WHERE w.id = webhook_deliveries.webhook_id AND w.previous_secret_expires_at > ${nowIso(now)})`,
      active: sql<number>`(SELECT w.active FROM webhooks w WHERE w.id = webhook_deliveries.webhook_id)`,
      // The subscription's pinned version, read at each attempt (a PATCH of it applies to the next attempt).
      apiVersion: sql<string>`(SELECT w.api_version FROM webhooks w WHERE w.id = webhook_deliveries.webhook_id)`,
    });
  if (!claim) return notClaimed(db, deliveryId);

  const attempt = claim.attemptCount + 1;
  const startedAt = nowIso();
  // docs/api/13-security.md: a subscription made inactive sends nothing more, retries already scheduled included: the
  // delivery ends failed at once. A URL the rules refuse now (they may have changed since registration, or the
  // deployment's flag did) is not fetched: a failed attempt, retried like any other (the URL may be fixed).
  if (!claim.active) return recordAttempt(db, deliveryId, claimId, attempt, startedAt, refused("subscription_inactive"), true);
  if (webhookUrlProblem(claim.url, { allowPrivate: allowPrivateWebhookUrls(env) })) {
    return recordAttempt(db, deliveryId, claimId, attempt, startedAt, refused("url_not_allowed"));
  }
  const outcome = await sendAttempt({
    url: claim.url,
    secrets: await Promise.all([claim.secret, claim.previousSecret].filter((s) => s !== null).map((s) => decryptSecret(env, s))),
    payload: claim.payload,
    eventId: claim.eventId,
    attempt,
    apiVersion: claim.apiVersion,
  });
  // 410 Gone: the receiver says the endpoint is gone for good; the subscription is disabled and nothing more is tried.
  return recordAttempt(db, deliveryId, claimId, attempt, startedAt, outcome, outcome.responseStatus === GONE);
}

const GONE = 410;

/** An attempt that was not sent, with the reason as its error. */
const refused = (error: "subscription_inactive" | "url_not_allowed"): AttemptOutcome => ({
  ok: false,
  responseStatus: null,
  responseBody: null,
  error,
  durationMs: 0,
});

/** Finished (null), held by another claim (look again when it goes stale), or not due yet (look again then). */
async function notClaimed(db: Db, deliveryId: string): Promise<number | null> {
  const row = await db
    .select({ status: webhookDeliveries.status, nextAttemptAt: webhookDeliveries.nextAttemptAt, claimedAt: webhookDeliveries.claimedAt })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.id, deliveryId))
    .get();
  if (row?.status !== "pending") return null;
  if (row.claimedAt) return Date.parse(row.claimedAt) + STALE_CLAIM_MS + EARLY_SLACK_MS;
  return Date.parse(row.nextAttemptAt);
}

/** Stores the attempt and the delivery's new state; returns when the next attempt is due, or null. */
async function recordAttempt(db: Db, deliveryId: string, claimId: string, attempt: number, startedAt: string, outcome: AttemptOutcome, last = false) {
  const finished = Date.now();
  const retryIn = outcome.ok || last || attempt >= MAX_ATTEMPTS ? null : RETRY_DELAYS_S[attempt - 1];
  const status = outcome.ok ? "delivered" : retryIn === null ? "failed" : "pending";
  const nextAt = retryIn === null ? null : finished + retryIn * 1000;
  const ours = and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.claimId, claimId));
  const final = status === "pending" ? [] : [subscriptionHealth(db, deliveryId, claimId, status, nowIso(finished))];
  if (outcome.responseStatus === GONE) final.push(disableGone(db, deliveryId, claimId, nowIso(finished)));
  await db.batch([
    // Conditional on still holding the claim, like the updates below.
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
        ...(nextAt !== null ? { nextAttemptAt: nowIso(nextAt) } : {}),
        ...(outcome.ok ? { deliveredAt: nowIso(finished) } : {}),
      })
      .where(ours),
  ]);
  return nextAt;
}

/** The subscription's health after one of its deliveries ended (docs/api/12-admin-console-endpoints.md), if we still hold the claim. */
function subscriptionHealth(db: Db, deliveryId: string, claimId: string, status: "delivered" | "failed", at: string) {
  return db
    .update(webhooks)
    .set({
      lastDeliveryAt: at,
      lastDeliveryStatus: status,
      consecutiveFailures: status === "delivered" ? 0 : sql`${webhooks.consecutiveFailures} + 1`,
      // The start of the current run of failed deliveries: the sweep disables a subscription failing for days.
      failingSince: status === "delivered" ? null : sql`coalesce(${webhooks.failingSince}, ${at})`,
    })
    .where(eq(webhooks.id, claimedWebhook(deliveryId, claimId)));
}

/** The subscription of a delivery whose claim we still hold. */
const claimedWebhook = (deliveryId: string, claimId: string) =>
  sql`(SELECT webhook_id FROM webhook_deliveries WHERE id = ${deliveryId} AND claim_id = ${claimId})`;

/** A receiver answered 410 Gone: the subscription is disabled at once (`gone`), if still active. */
function disableGone(db: Db, deliveryId: string, claimId: string, at: string) {
  return db
    .update(webhooks)
    .set(disabledBy("gone", at))
    .where(and(eq(webhooks.id, claimedWebhook(deliveryId, claimId)), eq(webhooks.active, true)));
}
