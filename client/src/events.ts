// The webhook events a store sends and the `data` of each (docs/webhooks.md), as the receiver gets them in the
// envelope `{id, event, store_id, delivered_at, data}`. The names come from the generated document; the payloads
// are the API's own schemas.
import type { components } from "./generated/schema.js";
import { webhookEventNames } from "./generated/operations.js";

type Schemas = components["schemas"];

export { webhookEventNames };

/** Every event name a subscription can name. */
export type WebhookEventName = (typeof webhookEventNames)[number];

/** The `data` of each event. */
export interface WebhookEventData {
  "products.created": Schemas["Product"];
  "products.updated": Schemas["Product"];
  "products.deleted": { id: string };
  "product.image.created": Schemas["GalleryItem"] & { product_id: string };
  "product.image.updated": Schemas["GalleryItem"] & { product_id: string };
  "product.image.deleted": Schemas["GalleryItem"] & { product_id: string };
  "orders.created": OrderEventData;
  "orders.updated": OrderEventData;
  "orders.refunded": OrderEventData;
  "customers.created": Schemas["Customer"];
  "customers.updated": Schemas["Customer"];
  "user.created": { id: string; email: string; name: string; permissions: string };
  /** A test delivery (POST /stores/{store_id}/webhooks/{id}/test). */
  "webhook.test": { webhook_id: string; url: string };
}

export type OrderEventData = Pick<Schemas["Order"], "id" | "status" | "total_cents" | "currency" | "line_items" | "customer_id">;

interface Envelope<E extends string, D> {
  /** The event id: the same on every retry and replay; deduplicate on it. */
  id: string;
  event: E;
  store_id: string;
  delivered_at: string;
  data: D;
}

/** A delivered event; `switch (event.event)` narrows `data`. Events newer than this package have `data: unknown`. */
export type WebhookEvent =
  | { [E in keyof WebhookEventData]: Envelope<E, WebhookEventData[E]> }[keyof WebhookEventData]
  | Envelope<Exclude<WebhookEventName, keyof WebhookEventData>, unknown>;
