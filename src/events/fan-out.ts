// Fan-out of one outbox event to the deliveries of every active matching subscription, inside the change's own
// batch, and the post-commit hand-off of the new delivery ids to the DELIVERIES queue.
import { type SQL, sql } from "drizzle-orm";
import { webhookDeliveries } from "../db/schema";
import type { Db } from "../lib/context";
import { nowIso } from "../lib/ids";
import { deliveryMessage } from "./delivery-message";

/** A UUIDv7 computed per row in SQL (the number of rows is only known inside the INSERT ... SELECT); `ms` may be SQL. */
export const uuidv7Sql = (ms: number | SQL) => {
  const hex = sql`printf('%012x', ${ms})`;
  return sql`lower(substr(${hex}, 1, 8) || '-' || substr(${hex}, 9, 4) || '-7' || substr(hex(randomblob(2)), 2) || '-' ||
    substr('89ab', 1 + (abs(random()) % 4), 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6)))`;
};

/** What a fan-out statement returns per delivery it wrote: all `commit` needs to queue them after the batch. */
export interface FannedOut {
  fannedOutDeliveryId: string;
  fannedOutStoreId: string;
}

/** True for the result of a fan-out statement that wrote deliveries (its rows carry the names above). */
export const isFanOutResult = (result: unknown): result is FannedOut[] =>
  Array.isArray(result) && typeof result[0] === "object" && result[0] !== null && "fannedOutDeliveryId" in result[0];

/**
 * One INSERT ... SELECT writing a delivery per active subscription of (store, event). The body they send is the
 * event's envelope, stored once on the event row (see `envelopeSql`). Returns the new deliveries' ids and store, so
 * that the batch's own results tell `commit` what to queue.
 */
export function fanOutStatement(db: Db, eventId: string, storeId: string, name: string, now = Date.now()) {
  const at = nowIso(now);
  return db
    .insert(webhookDeliveries)
    .select(
      sql`SELECT ${uuidv7Sql(now)}, w.store_id, w.id, ${eventId}, w.event, 'pending', 0, ${at}, NULL, NULL, ${at}, NULL, NULL
        FROM webhooks w WHERE w.store_id = ${storeId} AND w.event = ${name} AND w.active = 1`,
    )
    .returning({ fannedOutDeliveryId: webhookDeliveries.id, fannedOutStoreId: webhookDeliveries.storeId });
}

/**
 * The envelope `{id, event, store_id, delivered_at, data}` as SQL text, built once when the event is recorded and
 * stored as the event itself. `data` is a SQL expression yielding the event's JSON text.
 */
export function envelopeSql(eventId: string | SQL, storeId: string, name: string, at: string, data: SQL) {
  return sql`json_object('id', ${eventId}, 'event', ${name}, 'store_id', ${storeId}, 'delivered_at', ${at}, 'data', json(${data}))`;
}

/** Queue messages carry only the store id and the delivery id. A send that fails here is recovered by the sweep. */
export async function enqueueDeliveries(env: Env, storeId: string, ids: string[]) {
  try {
    for (let i = 0; i < ids.length; i += 100) {
      await env.DELIVERIES.sendBatch(ids.slice(i, i + 100).map((id) => ({ body: deliveryMessage(storeId, id) })));
    }
  } catch (error) {
    console.error(JSON.stringify({ level: "warn", message: "enqueueing deliveries failed; the sweep will", error: String(error) }));
  }
}
