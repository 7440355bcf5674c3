// /stores/{store_id}/webhooks/{id}/...: operations on one subscription (docs/webhooks.md "Operating an endpoint").
import { createRoute, z } from "@hono/zod-openapi";
import { storeCtxOf } from "../lib/context";
import { type App, errorResponses, idempotent, jsonBody, jsonResponse } from "../lib/route";
import { requires } from "../access/requires";
import { recoverWebhookDeliveries, rotateWebhookSecret, sendWebhookTest } from "./operations.service";
import { recoverBody, recoveredSchema, rotateSecretBody, testDeliverySchema, webhookSchema } from "./schemas";

const webhookParams = z.object({ store_id: z.string(), id: z.string() });
const tags = ["Webhooks"];

const rotateSecretRoute = createRoute(
  idempotent({
    method: "post",
    path: "/stores/{store_id}/webhooks/{id}/rotate-secret",
    operationId: "rotateWebhookSecret",
    tags,
    summary: "Replace the signing secret; the replaced one keeps signing beside it for `previous_expires_in` seconds",
    ...requires("webhooks.edit"),
    description:
      "The read permission of the subscription's event is needed too (else 403 naming it; nothing changes). " +
      "Until `previous_secret_expires_at` every attempt carries both signatures: " +
      "`webhook-signature: v1,<new> v1,<previous>` and `X-Webhook-Signature: sha256=<new>, sha256=<previous>`. " +
      "Rotating again during an overlap keeps only the secret it replaces as the previous one. " +
      "`PATCH {secret}` is a rotation with no overlap.",
    request: { params: webhookParams, ...jsonBody(rotateSecretBody) },
    responses: { 200: jsonResponse(webhookSchema, "The subscription, with `previous_secret_expires_at`"), ...errorResponses(400, 404) },
  }),
);

const sendTestRoute = createRoute(
  idempotent({
    method: "post",
    path: "/stores/{store_id}/webhooks/{id}/test",
    operationId: "sendWebhookTest",
    tags,
    summary: "Send a `webhook.test` event to this subscription through the normal pipeline",
    ...requires("webhooks.edit"),
    description:
      "The read permission of the subscription's event is needed too (else 403 naming it). " +
      "A delivery of the event `webhook.test` with `data: {webhook_id, url}`: signed, stored, " +
      "retried and listed like any other. An inactive subscription: 409 `conflict`.",
    request: { params: webhookParams },
    responses: { 202: jsonResponse(testDeliverySchema, "The test delivery, queued"), ...errorResponses(404, 409) },
  }),
);

const recoverRoute = createRoute(
  idempotent({
    method: "post",
    path: "/stores/{store_id}/webhooks/{id}/recover",
    operationId: "recoverWebhookDeliveries",
    tags,
    summary: "Replay every delivery that ended failed since `since`, oldest first, at most 1,000 per call",
    ...requires("webhooks.edit"),
    description:
      "The read permission of the subscription's event is needed too (as replay does). Each failed " +
      "delivery is replayed as a new delivery of the same event with its own three attempts; one already replayed is " +
      "left out, so repeating the call goes on where the previous one stopped. `since` must be within the retention " +
      "period (422 otherwise). An inactive subscription: 409 `conflict`.",
    request: { params: webhookParams, ...jsonBody(recoverBody) },
    responses: { 202: jsonResponse(recoveredSchema, "How many deliveries were replayed"), ...errorResponses(400, 404, 409) },
  }),
);

export function registerOperationRoutes(app: App) {
  app.openapi(sendTestRoute, async (c) => c.json(await sendWebhookTest(storeCtxOf(c), c.req.valid("param").id), 202));
  app.openapi(recoverRoute, async (c) => c.json(await recoverWebhookDeliveries(storeCtxOf(c), c.req.valid("param").id, c.req.valid("json")), 202));
  app.openapi(rotateSecretRoute, async (c) => c.json(await rotateWebhookSecret(storeCtxOf(c), c.req.valid("param").id, c.req.valid("json")), 200));
}
