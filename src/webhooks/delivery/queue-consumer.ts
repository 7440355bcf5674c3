// The DELIVERIES queue consumer: hands each delivery to its subscription's sender object (subscription-sender.ts) by a quick
// RPC and acks. It never sends to a receiver itself, so no receiver can hold up a batch, and with it every message
// behind it (the local queue runs one batch at a time; in production a slow batch also ties up a consumer slot).
// Messages name the store (src/events/delivery-message.ts), so each store's deliveries are read from that store's database.
import { and, inArray, sql } from "drizzle-orm";
import { webhookDeliveries } from "../../db/schema";
import type { Db } from "../../lib/context";
import { legacyStoreDb, storeDb } from "../../placement/store-db";
import { type DeliveryMessage, parseDeliveryMessage } from "../../events/delivery-message";
import { type SubscriptionDeliveries, groupDelivery, senderOf } from "./hand-off";

/** A hand-off that failed (the object could not be reached) is offered again this much later. */
const HANDOFF_RETRY_S = 2;

export async function handleDeliveryBatch(batch: MessageBatch<DeliveryMessage | string>, env: Env, _ctx?: ExecutionContext) {
  // One line per batch: how many queue messages the webhooks cost (bench:webhooks --chaos counts them).
  console.log(JSON.stringify({ level: "info", message: "delivery batch", messages: batch.messages.length }));
  // Delivery ids per store; a message from before store ids (null) is looked up where every store lived then.
  const byStore = new Map<string | null, Set<string>>();
  const deliveryOf = batch.messages.map((m) => parseDeliveryMessage(m.body));
  for (const queued of deliveryOf) {
    if (queued) byStore.set(queued.storeId, (byStore.get(queued.storeId) ?? new Set()).add(queued.deliveryId));
  }
  // Only pending deliveries go on; a duplicate of a finished one, or an id that names nothing, is dropped.
  const groups = (
    await Promise.all(
      [...byStore].map(async ([storeId, ids]) => {
        // A store that no longer exists has no deliveries left to send.
        const db = storeId ? await storeDb(env, storeId) : legacyStoreDb(env);
        return db ? pendingBySubscription(db, [...ids]) : [];
      }),
    )
  ).flat();
  const failed = new Set<string>();
  await Promise.all(
    groups.map(async ({ storeId, webhookId, ids }) => {
      try {
        await senderOf(env, webhookId).take(ids, storeId);
      } catch (error) {
        console.error(JSON.stringify({ level: "error", message: "delivery hand-off failed", webhook_id: webhookId, error: String(error) }));
        for (const id of ids) failed.add(id);
      }
    }),
  );
  batch.messages.forEach((message, i) => {
    const id = deliveryOf[i]?.deliveryId;
    if (id && failed.has(id)) message.retry({ delaySeconds: HANDOFF_RETRY_S });
    else message.ack();
  });
}

/** Pending deliveries among `ids` in `db`, grouped by subscription: one query per 50 ids (D1 binds 100 per statement). */
async function pendingBySubscription(db: Db, ids: string[]): Promise<SubscriptionDeliveries[]> {
  const groups = new Map<string, SubscriptionDeliveries>();
  for (let i = 0; i < ids.length; i += 50) {
    const rows = await db
      .select({ id: webhookDeliveries.id, storeId: webhookDeliveries.storeId, webhookId: webhookDeliveries.webhookId })
      .from(webhookDeliveries)
      .where(and(inArray(webhookDeliveries.id, ids.slice(i, i + 50)), sql`status = 'pending'`));
    for (const row of rows) groupDelivery(groups, row);
  }
  return [...groups.values()];
}
