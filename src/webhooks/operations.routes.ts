// /stores/{store_id}/webhooks/{id}/...: operations on one subscription (docs/webhooks.md "Operating an endpoint").
import { createRoute, z } from "@hono/zod-openapi";
import { storeCtxOf } from "../lib/context";
import { type App, errorResponses, idempotent, jsonBody, jsonResponse, requires } from "../lib/route";
import { rotateWebhookSecret } from "./operations.service";
import { rotateSecretBody, webhookSchema } from "./schemas";

const webhookParams = z.object({ store_id: z.string(), id: z.string() });
const tags = ["Webhooks"];

const rotateSecretRoute = createRoute(idempotent({
  method: "post",
  path: "/stores/{store_id}/webhooks/{id}/rotate-secret",
  operationId: "rotateWebhookSecret",
  tags,
  summary: "Replace the signing secret; the replaced one keeps signing beside it for `previous_expires_in` seconds",
  ...requires("webhooks.edit"),
  description:
    "Requires `webhooks.edit`. Until `previous_secret_expires_at` every attempt carries both signatures: " +
    "`webhook-signature: v1,<new> v1,<previous>` and `X-Webhook-Signature: sha256=<new>, sha256=<previous>`. " +
    "Rotating again during an overlap keeps only the secret it replaces as the previous one. " +
    "`PATCH {secret}` is a rotation with no overlap.",
  request: { params: webhookParams, ...jsonBody(rotateSecretBody) },
  responses: { 200: jsonResponse(webhookSchema, "The subscription, with `previous_secret_expires_at`"), ...errorResponses(400, 404) },
}));

export function registerOperationRoutes(app: App) {
  app.openapi(rotateSecretRoute, async (c) =>
    c.json(await rotateWebhookSecret(storeCtxOf(c), c.req.valid("param").id, c.req.valid("json")), 200),
  );
}
