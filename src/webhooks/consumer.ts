// The DELIVERIES queue consumer: hands each delivery to its subscription's sender object (sender.ts) by a quick
// RPC and acks. It never sends to a receiver itself, so no receiver can hold up a batch, and with it every message
// behind it (the local queue runs one batch at a time; in production a slow batch also ties up a consumer slot).
import { and, inArray, sql } from "drizzle-orm";
import { webhookDeliveries } from "../db/schema";
import { primaryDb } from "../lib/db";
import { isUuid } from "../lib/ids";

/** A hand-off that failed (the object could not be reached) is offered again this much later. */
const HANDOFF_RETRY_S = 2;

export async function handleDeliveryBatch(batch: MessageBatch<string>, env: Env, _ctx?: ExecutionContext) {
  // One line per batch: how many queue messages the webhooks cost (bench:webhooks --chaos counts them).
  console.log(JSON.stringify({ level: "info", message: "delivery batch", messages: batch.messages.length }));
  const ids = [...new Set(batch.messages.map((m) => m.body).filter((body) => typeof body === "string" && isUuid(body)))];
  // Only pending deliveries go on; a duplicate of a finished one, or an id that names nothing, is dropped.
  const rows = ids.length === 0 ? [] : await pendingBySubscription(env, ids);
  const failed = new Set<string>();
  await Promise.all(
    [...rows].map(async ([webhookId, deliveryIds]) => {
      try {
        await senderOf(env, webhookId).take(deliveryIds);
      } catch (error) {
        console.error(JSON.stringify({ level: "error", message: "delivery hand-off failed", webhook_id: webhookId, error: String(error) }));
        for (const id of deliveryIds) failed.add(id);
      }
    }),
  );
  for (const message of batch.messages) {
    if (failed.has(message.body)) message.retry({ delaySeconds: HANDOFF_RETRY_S });
    else message.ack();
  }
}

/** The subscription's sender object. */
export const senderOf = (env: Env, webhookId: string) => env.DELIVERY_SENDER.get(env.DELIVERY_SENDER.idFromName(webhookId));

/** Pending deliveries among `ids`, grouped by subscription: one query per 50 ids (D1 binds 100 per statement). */
async function pendingBySubscription(env: Env, ids: string[]) {
  const db = primaryDb(env);
  const groups = new Map<string, string[]>();
  for (let i = 0; i < ids.length; i += 50) {
    const rows = await db
      .select({ id: webhookDeliveries.id, webhookId: webhookDeliveries.webhookId })
      .from(webhookDeliveries)
      .where(and(inArray(webhookDeliveries.id, ids.slice(i, i + 50)), sql`status = 'pending'`));
    for (const row of rows) groups.set(row.webhookId, [...(groups.get(row.webhookId) ?? []), row.id]);
  }
  return groups;
}
