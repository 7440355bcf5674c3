// Handing deliveries to their subscription's sender object: what the queue consumer and the lost-delivery sweep
// share (each groups the delivery ids it found by subscription, then calls the sender's `take`).

/** The subscription's sender object. */
export const senderOf = (env: Env, webhookId: string) => env.DELIVERY_SENDER.get(env.DELIVERY_SENDER.idFromName(webhookId));

/** One subscription's deliveries to hand over, with the store they belong to. */
export interface SubscriptionDeliveries {
  storeId: string;
  webhookId: string;
  ids: string[];
}

/** Adds one delivery row to its subscription's group. */
export function groupDelivery(groups: Map<string, SubscriptionDeliveries>, row: { id: string; storeId: string; webhookId: string }) {
  const group = groups.get(row.webhookId);
  if (group) group.ids.push(row.id);
  else groups.set(row.webhookId, { storeId: row.storeId, webhookId: row.webhookId, ids: [row.id] });
}
