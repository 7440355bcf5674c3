// The cron sweep (every minute; `npm run dev` calls it locally): re-enqueues deliveries that are due but were
// never picked up, e.g. because a local restart lost the in-memory queue. It only enqueues: the consumer's
// claim keeps a re-enqueued attempt from being sent twice.
import { and, asc, isNull, lt, or, sql } from "drizzle-orm";
import { webhookDeliveries } from "../db/schema";
import { primaryDb } from "../lib/db";
import { nowIso } from "../lib/ids";
import { STALE_CLAIM_MS } from "./consumer";
import { enqueueDeliveries } from "./fan-out";

/** A pending delivery is lost when its next attempt was due this long ago and nobody is sending it. */
export const SWEEP_GRACE_MS = 30_000;
const SWEEP_LIMIT = 1000;

export async function runDeliverySweep(env: Env, now = Date.now()): Promise<number> {
  const db = primaryDb(env);
  const rows = await db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(
      and(
        // A literal, so the partial index (WHERE status = 'pending') applies.
        sql`status = 'pending'`,
        lt(webhookDeliveries.nextAttemptAt, nowIso(now - SWEEP_GRACE_MS)),
        // Claimed but never recorded (the process died mid-send): re-sent, and it does not count as an attempt.
        or(isNull(webhookDeliveries.claimedAt), lt(webhookDeliveries.claimedAt, nowIso(now - STALE_CLAIM_MS))),
      ),
    )
    .orderBy(asc(webhookDeliveries.nextAttemptAt))
    .limit(SWEEP_LIMIT);
  if (rows.length > 0) {
    console.log(JSON.stringify({ level: "info", message: "sweep re-enqueued deliveries", count: rows.length }));
    await enqueueDeliveries(env, rows.map((r) => r.id));
  }
  return rows.length;
}
