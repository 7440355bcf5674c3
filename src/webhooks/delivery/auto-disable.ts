// The service disables a subscription (docs/webhooks.md "When a subscription is disabled"): at once when its
// receiver answers 410 Gone (`gone`, in the attempt's own batch, run-attempt.ts), and from the cron when its deliveries
// have all failed for WEBHOOK_DISABLE_AFTER_DAYS days (`failing`, here). Disabled = active false plus the reason and
// the time; its pending retries then end failed with `subscription_inactive`, as for a user's deactivation.
import { and, eq, isNotNull, lte, sql } from "drizzle-orm";
import { webhooks } from "../../db/schema";
import type { Db } from "../../lib/context";
import { nowIso } from "../../lib/ids";
import { STORES_NOT_ACTIVE, dbOf, shardBinding, shardNames } from "../../placement/store-db";

export const DEFAULT_DISABLE_AFTER_DAYS = 5;

/** WEBHOOK_DISABLE_AFTER_DAYS (a positive number of days, fractions allowed), else the default. */
export function disableAfterDays(env: { WEBHOOK_DISABLE_AFTER_DAYS?: string }): number {
  const days = Number(env.WEBHOOK_DISABLE_AFTER_DAYS);
  return env.WEBHOOK_DISABLE_AFTER_DAYS && Number.isFinite(days) && days > 0 ? days : DEFAULT_DISABLE_AFTER_DAYS;
}

/** The columns a disable writes. */
export const disabledBy = (reason: "gone" | "failing", at: string) => ({ active: false, disabledReason: reason, disabledAt: at, updatedAt: at });

/**
 * Disables, in the given store databases (every one by default; one per maintenance message: src/maintenance/run.ts),
 * the active subscriptions failing since before the configured days.
 */
export async function disableFailingSubscriptions(env: Env, now = Date.now(), shards = shardNames(env)): Promise<string[]> {
  const cutoff = nowIso(now - disableAfterDays(env) * 86_400_000);
  const disabled = (await Promise.all(shards.map((name) => disableIn(dbOf(shardBinding(env, name)), cutoff, nowIso(now))))).flat();
  if (disabled.length > 0) console.log(JSON.stringify({ level: "info", message: "webhook subscriptions disabled as failing", ids: disabled }));
  return disabled;
}

async function disableIn(db: Db, cutoff: string, at: string): Promise<string[]> {
  const rows = await db
    .update(webhooks)
    .set(disabledBy("failing", at))
    .where(
      and(
        eq(webhooks.active, true),
        isNotNull(webhooks.failingSince),
        lte(webhooks.failingSince, cutoff),
        // A store a move is bringing in or taking away: its writes are paused; the next run after the move does it.
        sql`${webhooks.storeId} NOT IN (${sql.raw(STORES_NOT_ACTIVE)})`,
      ),
    )
    .returning({ id: webhooks.id });
  return rows.map((r) => r.id);
}
