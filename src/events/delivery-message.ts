// The DELIVERIES queue's message: the delivery's store and id, so the consumer knows which database to read
// (docs/scale.md: stores live on several databases). Ids only, never the payload (the delivery row is the truth).
import { isUuid } from "../lib/ids";

export interface DeliveryMessage {
  store_id: string;
  delivery_id: string;
}

/** A queued delivery as the consumer reads it: `storeId` is null for a message queued before it carried one. */
export interface QueuedDelivery {
  storeId: string | null;
  deliveryId: string;
}

export const deliveryMessage = (storeId: string, deliveryId: string): DeliveryMessage => ({ store_id: storeId, delivery_id: deliveryId });

/**
 * Reads a message body: `{store_id, delivery_id}`, or the bare delivery id that messages carried before (still in
 * the queue after the deploy, for up to its retention). Anything else names nothing: null.
 */
export function parseDeliveryMessage(body: unknown): QueuedDelivery | null {
  if (typeof body === "string") return isUuid(body) ? { storeId: null, deliveryId: body } : null;
  if (typeof body !== "object" || body === null) return null;
  const { store_id: storeId, delivery_id: deliveryId } = body as Record<string, unknown>;
  if (typeof storeId !== "string" || typeof deliveryId !== "string" || !isUuid(storeId) || !isUuid(deliveryId)) return null;
  return { storeId, deliveryId };
}
