// The store-wide delivery log and a subscription's: list (newest first, `status` filter), one delivery with its attempts, replay.
import { createRoute, z } from "@hono/zod-openapi";
import { storeCtxOf } from "../lib/context";
import { pageSchema, paginated } from "../lib/pagination";
import { type App, errorResponses, idempotent, jsonResponse } from "../lib/route";
import { requires } from "../access/requires";
import { readBitsInWords } from "./read-bits";
import { getDelivery, listDeliveries, listStoreDeliveries, replayDelivery } from "./deliveries.service";
import { deliveryDetailSchema, deliveryListQuery, deliverySchema, storeDeliveryListQuery, storeDeliverySchema } from "./schemas";

const storeParams = z.object({ store_id: z.string() });
const webhookParams = storeParams.extend({ id: z.string() });
const deliveryParams = webhookParams.extend({ delivery_id: z.string() });
const tags = ["Webhooks"];

const listStoreDeliveriesRoute = createRoute({
  method: "get",
  path: "/stores/{store_id}/webhook-deliveries",
  operationId: "listStoreWebhookDeliveries",
  tags,
  summary: "Every delivery of the store, newest first; filters `status`, `event`, `event_id`, `webhook_id`",
  ...requires("webhooks.read"),
  request: { params: storeParams, query: storeDeliveryListQuery },
  responses: { 200: jsonResponse(pageSchema(storeDeliverySchema), "Deliveries with their subscription's URL"), ...errorResponses(404) },
});

const listDeliveriesRoute = createRoute({
  method: "get",
  path: "/stores/{store_id}/webhooks/{id}/deliveries",
  operationId: "listWebhookDeliveries",
  tags,
  summary: "The subscription's deliveries, newest first; filter `status`",
  ...requires("webhooks.read"),
  request: { params: webhookParams, query: deliveryListQuery },
  responses: { 200: jsonResponse(pageSchema(deliverySchema), "Deliveries"), ...errorResponses(404) },
});

const getDeliveryRoute = createRoute({
  method: "get",
  path: "/stores/{store_id}/webhooks/{id}/deliveries/{delivery_id}",
  operationId: "getWebhookDelivery",
  tags,
  summary: "One delivery with the exact body sent and every attempt",
  ...requires("webhooks.read"),
  description:
    "The payload and the receiver's answers are the event's data: this also needs the event's read permission " + `(${readBitsInWords()}), else 403 naming it.`,
  request: { params: deliveryParams },
  responses: { 200: jsonResponse(deliveryDetailSchema, "The delivery"), ...errorResponses(404) },
});

const replayDeliveryRoute = createRoute(
  idempotent({
    method: "post",
    path: "/stores/{store_id}/webhooks/{id}/deliveries/{delivery_id}/replay",
    operationId: "replayWebhookDelivery",
    tags,
    summary: "Send the identical body again as a new delivery with its own three attempts",
    ...requires("webhooks.edit"),
    description: "The event's read permission is needed too (as reading the delivery does), else 403 naming it. An inactive " + "subscription: 409 `conflict`.",
    request: { params: deliveryParams },
    responses: { 202: jsonResponse(deliverySchema, "The new delivery, queued"), ...errorResponses(404, 409) },
  }),
);

export function registerDeliveryRoutes(app: App) {
  app.openapi(listStoreDeliveriesRoute, async (c) => {
    const { limit, offset, ...filter } = c.req.valid("query");
    const { data, total } = await listStoreDeliveries(storeCtxOf(c), { limit, offset }, filter);
    return c.json(paginated(data, { limit, offset }, total), 200);
  });
  app.openapi(listDeliveriesRoute, async (c) => {
    const { limit, offset, ...filter } = c.req.valid("query");
    const { data, total } = await listDeliveries(storeCtxOf(c), c.req.valid("param").id, { limit, offset }, filter);
    return c.json(paginated(data, { limit, offset }, total), 200);
  });
  app.openapi(getDeliveryRoute, async (c) => {
    const { id, delivery_id } = c.req.valid("param");
    return c.json(await getDelivery(storeCtxOf(c), id, delivery_id), 200);
  });
  app.openapi(replayDeliveryRoute, async (c) => {
    const { id, delivery_id } = c.req.valid("param");
    const delivery = await replayDelivery(storeCtxOf(c), id, delivery_id);
    return c.json(delivery, 202, { Location: `/stores/${c.req.valid("param").store_id}/webhooks/${id}/deliveries/${delivery.id}` });
  });
}
