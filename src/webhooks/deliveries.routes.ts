// A subscription's delivery log: list (newest first, `status` filter), one delivery with its attempts, replay.
import { createRoute, z } from "@hono/zod-openapi";
import { storeCtxOf } from "../lib/context";
import { pageSchema, paginated } from "../lib/pagination";
import { type App, errorResponses, idempotent, jsonResponse, requires } from "../lib/route";
import { getDelivery, listDeliveries, replayDelivery } from "./deliveries.service";
import { deliveryDetailSchema, deliveryListQuery, deliverySchema } from "./schemas";

const webhookParams = z.object({ store_id: z.string(), id: z.string() });
const deliveryParams = webhookParams.extend({ delivery_id: z.string() });
const tags = ["Webhooks"];

const listDeliveriesRoute = createRoute({
  method: "get",
  path: "/stores/{store_id}/webhooks/{id}/deliveries",
  tags,
  summary: "The subscription's deliveries, newest first; filter `status`",
  ...requires("webhooks.read"),
  request: { params: webhookParams, query: deliveryListQuery },
  responses: { 200: jsonResponse(pageSchema(deliverySchema), "Deliveries"), ...errorResponses(404) },
});

const getDeliveryRoute = createRoute({
  method: "get",
  path: "/stores/{store_id}/webhooks/{id}/deliveries/{delivery_id}",
  tags,
  summary: "One delivery with the exact body sent and every attempt",
  ...requires("webhooks.read"),
  request: { params: deliveryParams },
  responses: { 200: jsonResponse(deliveryDetailSchema, "The delivery"), ...errorResponses(404) },
});

const replayDeliveryRoute = createRoute(idempotent({
  method: "post",
  path: "/stores/{store_id}/webhooks/{id}/deliveries/{delivery_id}/replay",
  tags,
  summary: "Send the identical body again as a new delivery with its own three attempts",
  ...requires("webhooks.edit"),
  request: { params: deliveryParams },
  responses: { 202: jsonResponse(deliverySchema, "The new delivery, queued"), ...errorResponses(404) },
}));

export function registerDeliveryRoutes(app: App) {
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
