// /stores/{store_id}/webhooks: register, list, read, update and delete subscriptions; GET /webhook-events.
import { createRoute, z } from "@hono/zod-openapi";
import { storeCtxOf } from "../lib/context";
import { eventDataJsonSchema } from "./event-schemas";
import { EVENT_NAMES, type EventName } from "../events/names";
import { pageSchema, paginated } from "../lib/pagination";
import { type App, errorResponses, idempotent, jsonBody, jsonResponse, publicReadErrors } from "../lib/route";
import { requires } from "../access/requires";
import { readBitsInWords } from "./read-bits";
import { createWebhookBody, createdWebhooksSchema, updateWebhookBody, webhookEventsSchema, webhookListQuery, webhookSchema } from "./schemas";
import { createWebhooks, deleteWebhook, getWebhook, listWebhooks, updateWebhook } from "./subscriptions.service";

const storeParams = z.object({ store_id: z.string() });
const webhookParams = storeParams.extend({ id: z.string() });
const tags = ["Webhooks"];

const createWebhookRoute = createRoute(
  idempotent({
    method: "post",
    path: "/stores/{store_id}/webhooks",
    operationId: "createWebhook",
    tags,
    summary: "Register a URL for one or more events: one subscription per event, all or nothing",
    ...requires("webhooks.write"),
    description:
      `The read permission of every event's data is needed too (${readBitsInWords()}): 403 naming the first ` +
      "missing one, nothing created. At most 100 subscriptions per store (422 `limit_exceeded`).",
    request: { params: storeParams, ...jsonBody(createWebhookBody) },
    responses: { 201: jsonResponse(createdWebhooksSchema, "One subscription per event"), ...errorResponses(400, 404, 409) },
  }),
);

const listWebhooksRoute = createRoute({
  method: "get",
  path: "/stores/{store_id}/webhooks",
  operationId: "listWebhooks",
  tags,
  summary: "Subscriptions, newest first; filters `event` and `url`",
  ...requires("webhooks.read"),
  request: { params: storeParams, query: webhookListQuery },
  responses: { 200: jsonResponse(pageSchema(webhookSchema), "Subscriptions"), ...errorResponses(404) },
});

const getWebhookRoute = createRoute({
  method: "get",
  path: "/stores/{store_id}/webhooks/{id}",
  operationId: "getWebhook",
  tags,
  summary: "One subscription (the secret is never returned)",
  ...requires("webhooks.read"),
  request: { params: webhookParams },
  responses: { 200: jsonResponse(webhookSchema, "The subscription"), ...errorResponses(404) },
});

const updateWebhookRoute = createRoute({
  method: "patch",
  path: "/stores/{store_id}/webhooks/{id}",
  operationId: "updateWebhook",
  tags,
  summary: "Change the URL, the secret or `active` (false: nothing more is sent, scheduled retries end failed)",
  ...requires("webhooks.edit"),
  description:
    "Changing `url` or `secret` decides where the event's data goes, so it also needs the " +
    "read permission of the subscription's event (docs/api/13-security.md's read-bit table), else 403 naming it and nothing changes. " +
    "`active` alone needs `webhooks.edit` only.",
  request: { params: webhookParams, ...jsonBody(updateWebhookBody) },
  responses: { 200: jsonResponse(webhookSchema, "The updated subscription"), ...errorResponses(400, 404, 409) },
});

const deleteWebhookRoute = createRoute({
  method: "delete",
  path: "/stores/{store_id}/webhooks/{id}",
  operationId: "deleteWebhook",
  tags,
  summary: "Delete a subscription with its delivery log",
  ...requires("webhooks.delete"),
  request: { params: webhookParams },
  responses: { 204: { description: "Deleted" }, ...errorResponses(404) },
});

const webhookEventsRoute = createRoute({
  method: "get",
  path: "/webhook-events",
  operationId: "listWebhookEvents",
  tags,
  summary: "Every event name a webhook can subscribe to",
  ...requires("public"),
  responses: { 200: jsonResponse(webhookEventsSchema, "Event names with a one-line description"), ...publicReadErrors },
});

export function registerSubscriptionRoutes(app: App) {
  app.openapi(createWebhookRoute, async (c) => {
    const data = await createWebhooks(storeCtxOf(c), c.req.valid("json"));
    return c.json({ data }, 201, { Location: `/stores/${data[0].store_id}/webhooks/${data[0].id}` });
  });
  app.openapi(listWebhooksRoute, async (c) => {
    const { limit, offset, ...filter } = c.req.valid("query");
    const { data, total } = await listWebhooks(storeCtxOf(c), { limit, offset }, filter);
    return c.json(paginated(data, { limit, offset }, total), 200);
  });
  app.openapi(getWebhookRoute, async (c) => c.json(await getWebhook(storeCtxOf(c), c.req.valid("param").id), 200));
  app.openapi(updateWebhookRoute, async (c) => c.json(await updateWebhook(storeCtxOf(c), c.req.valid("param").id, c.req.valid("json")), 200));
  app.openapi(deleteWebhookRoute, async (c) => {
    await deleteWebhook(storeCtxOf(c), c.req.valid("param").id);
    return c.body(null, 204);
  });
  app.openapi(webhookEventsRoute, (c) =>
    c.json({ data: Object.entries(EVENT_NAMES).map(([name, description]) => ({ name, description, schema: eventDataJsonSchema(name as EventName) })) }, 200),
  );
}
