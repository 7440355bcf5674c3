// The store's events (docs/api/08-webhooks.md and docs/api/22-event-log.md), typed from the generated document: every event's `data` has its
// own schema there (the OpenAPI `webhooks` entry of each event, and the items of GET /events), so the types here
// follow the API's own. Two shapes carry an event:
// - `WebhookEvent`, the envelope a receiver gets: `{id, sequence, event, store_id, delivered_at, data}`;
// - `StoreEvent`, an item of GET /stores/{store_id}/events: `{id, sequence, event, store_id, created_at, data}`.
// Both are unions narrowed by `event`: `switch (e.event) { case "orders.created": e.data.line_items ... }`.
import type { components } from "./generated/schema.js";
import { webhookEventNames } from "./generated/operations.js";

type Schemas = components["schemas"];

export { webhookEventNames };

/** Every event name a subscription can name. */
export type WebhookEventName = (typeof webhookEventNames)[number];

/** An item of GET /events, narrowed by `event`. */
export type StoreEvent = Schemas["Event"];

/** The `data` of each store event, by name. */
export type WebhookEventData = { [E in StoreEvent["event"]]: Extract<StoreEvent, { event: E }>["data"] } & {
  /** A test delivery (POST /stores/{store_id}/webhooks/{id}/test). */
  "webhook.test": Schemas["WebhookTestEnvelope"]["data"];
};

export type OrderEventData = WebhookEventData["orders.created"];

type EnvelopeKey = { [K in keyof Schemas]: K extends `WebhookEnvelope_${string}` ? K : never }[keyof Schemas];

/**
 * A delivered event; `switch (event.event)` narrows `data`. `sequence` orders a store's events (commit order, no
 * gaps; GET /events?after=<sequence> catches up); `webhook.test` has none. Events newer than this package have
 * `data: unknown`.
 */
export type WebhookEvent =
  | Schemas[EnvelopeKey]
  | Schemas["WebhookTestEnvelope"]
  | { id: string; sequence: number; event: Exclude<WebhookEventName, StoreEvent["event"]>; store_id: string; delivered_at: string; data: unknown };
