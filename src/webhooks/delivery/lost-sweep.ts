// The cron sweep (every minute; `npm run dev` calls it locally): finds deliveries that are really lost and hands
// them back to their subscription's sender. Lost = pending, its next attempt due more than 30 s ago, nobody holding
// a live claim on it, and its sender object not holding it. A delivery still waiting in the queue is never due
// that long (the queue carries only first attempts, due when enqueued, and hands them over within a second or
// two), and one the sender holds (for example behind its own hanging receiver) is left to the sender: the sweep
// never multiplies work. It never sends anything itself.
import { and, asc, isNull, lt, or, sql } from "drizzle-orm";
import { webhookDeliveries } from "../../db/schema";
import type { Db } from "../../lib/context";
import { nowIso } from "../../lib/ids";
import { STORES_NOT_ACTIVE, dbOf, shardBinding, shardNames } from "../../placement/store-db";
import { STALE_CLAIM_MS } from "./run-attempt";
import { groupDelivery, senderOf, type SubscriptionDeliveries } from "./hand-off";

/** A pending delivery is a candidate when its next attempt was due this long ago and nobody is sending it. */
export const SWEEP_GRACE_MS = 30_000;
const SWEEP_LIMIT = 1000;

/** Store databases queried at once: the cron's subrequests and memory stay bounded however many there are. */
const DATABASES_AT_ONCE = 4;

/**
 * Candidates for the sweep in the given store databases (every one by default; the maintenance queue passes one),
 * grouped by subscription (the D1 half of the rule).
 */
export async function sweepCandidates(env: Env, now = Date.now(), shards = shardNames(env)): Promise<SubscriptionDeliveries[]> {
  const dbs = shards.map((name) => dbOf(shardBinding(env, name)));
  const found: SubscriptionDeliveries[] = [];
  for (let i = 0; i < dbs.length; i += DATABASES_AT_ONCE) {
    for (const groups of await Promise.all(dbs.slice(i, i + DATABASES_AT_ONCE).map((db) => candidatesIn(db, now)))) found.push(...groups);
  }
  return found;
}

async function candidatesIn(db: Db, now: number): Promise<SubscriptionDeliveries[]> {
  const rows = await db
    .select({ id: webhookDeliveries.id, storeId: webhookDeliveries.storeId, webhookId: webhookDeliveries.webhookId })
    .from(webhookDeliveries)
    .where(
      and(
        // A literal, so the partial index (WHERE status = 'pending') applies.
        sql`status = 'pending'`,
        lt(webhookDeliveries.nextAttemptAt, nowIso(now - SWEEP_GRACE_MS)),
        // Claimed but never recorded (the process died mid-send): sent again, and it does not count as an attempt.
        or(isNull(webhookDeliveries.claimedAt), lt(webhookDeliveries.claimedAt, nowIso(now - STALE_CLAIM_MS))),
        // Not a store a move is bringing in or taking away: its claims would be refused here (the pause triggers).
        sql`${webhookDeliveries.storeId} NOT IN (${sql.raw(STORES_NOT_ACTIVE)})`,
      ),
    )
    .orderBy(asc(webhookDeliveries.nextAttemptAt))
    .limit(SWEEP_LIMIT);
  const groups = new Map<string, SubscriptionDeliveries>();
  for (const row of rows) groupDelivery(groups, row);
  return [...groups.values()];
}

/**
 * Offers each subscription's candidates to its sender, which takes only those it does not hold (the lost ones)
 * and makes sure it runs. Returns the ids recovered.
 */
export async function runDeliverySweep(env: Env, now = Date.now(), shards = shardNames(env)): Promise<string[]> {
  const taken = await Promise.all(
    (await sweepCandidates(env, now, shards)).map(({ storeId, webhookId, ids }) =>
      senderOf(env, webhookId)
        .take(ids, storeId)
        .catch((error) => {
          console.error(JSON.stringify({ level: "error", message: "sweep hand-off failed", webhook_id: webhookId, error: String(error) }));
          return [];
        }),
    ),
  );
  const recovered = taken.flat();
  if (recovered.length > 0) console.log(JSON.stringify({ level: "info", message: "sweep recovered lost deliveries", count: recovered.length }));
  return recovered;
}
