// Typed events (docs/api/22-event-log.md): one zod schema per event's `data`, built from the resources' own response
// schemas (the code that builds each payload renders that resource: productJsonSql, orderEventData, the customer
// row, the gallery item, the inventory ledger's level). They are published three ways: as `schema` (JSON Schema) on
// each item of GET /webhook-events, as the OpenAPI document's `webhooks` section (one entry per event, keyed by its
// name, with its typed envelope), and as the items of GET /events. test/webhooks/event-schemas.test.ts checks every
// event's schema against the data of real events of that event.
import { z } from "@hono/zod-openapi";
import { collectionSchema } from "../collections/schemas";
import { customerSchema } from "../customers/schemas";
import { galleryItemSchema } from "../media/schemas";
import { LEDGER_REASONS } from "../events/ledger-reasons";
import { levelSchema } from "../inventory/schemas";
import { lineItemSchema, orderSchema } from "../orders/schemas";
import { shipmentSchema } from "../orders/shipment-schemas";
import { returnSchema } from "../orders/return-schemas";
import { productSchema } from "../products/schemas";
import { customerGroupSchema, priceListSchema } from "../pricing/schemas";
import { EVENT_NAMES, type EventName } from "../events/names";

const timestamp = z.string().openapi({ format: "date-time" });

/** orders.*: the order's id, status, totals, lines and customer (src/orders/order-json.ts `orderEventData`). */
const orderEventData = orderSchema
  .pick({ id: true, status: true, fulfillment_status: true, total_cents: true, currency: true, customer_id: true, fields: true })
  .extend({ line_items: z.array(lineItemSchema) })
  .openapi("OrderEventData");

const deletedData = z.object({ id: z.string() }).openapi("DeletedEventData");

/** inventory.updated: the level after the change, its on_hand delta in this change, and why. */
const inventoryEventData = levelSchema
  .extend({
    delta: z.number().int().openapi({ description: "The change of on_hand at this level in this change (0 when only committed moved)" }),
    reason: z.enum(LEDGER_REASONS),
  })
  .openapi("InventoryEventData");

const userCreatedData = z
  .object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    permissions: z.string().openapi({ description: "The member's permission bits as a decimal string (docs/api/04-permission-bits.md)" }),
  })
  .openapi("UserCreatedEventData");

/** prices.updated: the price list and the variants whose prices the bulk call changed. */
const pricesUpdatedData = z
  .object({ id: z.string().openapi({ description: "The price list's id" }), variant_ids: z.array(z.string()) })
  .openapi("PricesUpdatedEventData");

/** The `data` of every event, by name. */
export const EVENT_DATA_SCHEMAS = {
  "orders.created": orderEventData,
  "orders.updated": orderEventData,
  "orders.refunded": orderEventData,
  "shipments.created": shipmentSchema,
  "shipments.updated": shipmentSchema,
  "shipments.canceled": shipmentSchema,
  "returns.created": returnSchema,
  "products.created": productSchema,
  "products.updated": productSchema,
  "products.deleted": deletedData,
  "product.image.created": galleryItemSchema,
  "product.image.updated": galleryItemSchema,
  "product.image.deleted": galleryItemSchema,
  "collections.created": collectionSchema,
  "collections.updated": collectionSchema,
  "collections.deleted": deletedData,
  "customers.created": customerSchema,
  "customers.updated": customerSchema,
  "user.created": userCreatedData,
  "inventory.updated": inventoryEventData,
  "customer_groups.created": customerGroupSchema,
  "customer_groups.updated": customerGroupSchema,
  "customer_groups.deleted": customerGroupSchema,
  "price_lists.created": priceListSchema,
  "price_lists.updated": priceListSchema,
  "price_lists.deleted": priceListSchema,
  "prices.updated": pricesUpdatedData,
} satisfies Record<EventName, z.ZodType>;

/**
 * The `data` of event `E` as its schema types it. `recordEvent` (src/events/outbox.ts) takes this type for data built
 * in code, so a payload that strays from its published schema does not compile; data built in SQL (productJsonSql and
 * the like) is checked against the schema by test/webhooks/event-schemas.test.ts on real events.
 */
export type EventData<E extends EventName> = z.input<(typeof EVENT_DATA_SCHEMAS)[E]>;

const EVENTS = Object.keys(EVENT_NAMES) as [EventName, ...EventName[]];

/** The JSON Schema of an event's data (GET /webhook-events `schema`). */
export function eventDataJsonSchema(name: EventName): Record<string, unknown> {
  let schema = jsonSchemas.get(name);
  if (!schema) {
    schema = z.toJSONSchema(EVENT_DATA_SCHEMAS[name], { io: "output", unrepresentable: "any", target: "draft-2020-12" }) as Record<string, unknown>;
    jsonSchemas.set(name, schema);
  }
  return schema;
}
const jsonSchemas = new Map<EventName, Record<string, unknown>>();

const common = {
  id: z.string().openapi({ description: "The event id: the same on every delivery, retry and replay, and in GET /events; deduplicate on it" }),
  sequence: z.number().int().openapi({ description: "The store's number for this event: 1, 2, 3 ... in commit order, no gaps" }),
  store_id: z.string(),
};

/** An item of GET /events: `{id, sequence, event, store_id, created_at, data}`, a union narrowed by `event`. */
export const eventItemSchema = z
  .discriminatedUnion(
    "event",
    EVENTS.map((name) =>
      z.object({ ...common, event: z.literal(name), created_at: timestamp, data: EVENT_DATA_SCHEMAS[name] }).openapi(`Event_${name.replace(/\./g, "_")}`),
    ) as unknown as [z.ZodObject, ...z.ZodObject[]],
  )
  .openapi("Event");

/** The webhook envelope of one event: `{id, sequence, event, store_id, delivered_at, data}`. */
export const envelopeSchemaOf = (name: EventName) =>
  z
    .object({
      ...common,
      event: z.literal(name),
      delivered_at: timestamp.openapi({ description: "When the envelope was built (the same on every attempt)" }),
      data: EVENT_DATA_SCHEMAS[name],
    })
    .openapi(`WebhookEnvelope_${name.replace(/\./g, "_")}`);

export const EVENT_LIST = EVENTS;
