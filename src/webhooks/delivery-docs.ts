// The delivery a receiver gets, in the OpenAPI document's `webhooks` section (OpenAPI 3.1): the envelope and every
// header, the Standard Webhooks ones included, and what the receiver's answer means (docs/webhooks.md).
import { z } from "@hono/zod-openapi";
import type { App } from "../lib/route";
import { EVENT_NAMES } from "../events/names";
import { EVENT_LIST, envelopeSchemaOf } from "./event-schemas";

const deliveryHeaders = z.object({
  "webhook-id": z
    .string()
    .openapi({ description: "The event id (as X-Webhook-Id and the envelope's `id`): the same on every retry, replay and recovery; deduplicate on it" }),
  "webhook-timestamp": z.string().openapi({
    description: "This attempt's Unix time in seconds (fresh on every attempt); refuse one far from now (the standardwebhooks library allows 5 minutes)",
  }),
  "webhook-signature": z.string().openapi({
    description:
      "`v1,<base64 HMAC-SHA256(key, \"<webhook-id>.<webhook-timestamp>.<raw body>\")>`; the key is the decoded base64 of a `whsec_<base64>` secret, else the secret's UTF-8 bytes. During a secret rotation's overlap: `v1,<new> v1,<previous>` (either may match)",
  }),
  "X-Webhook-Signature": z.string().openapi({
    description: "`sha256=<base64 HMAC-SHA256(secret's UTF-8 bytes, raw body)>`; during an overlap `sha256=<new>, sha256=<previous>`",
  }),
  "X-Webhook-Id": z.string().openapi({ description: "The event id" }),
  "X-Webhook-Event": z.literal("webhook.delivery"),
  "X-Webhook-Attempt": z.string().openapi({ description: "1, 2 or 3 (a replay or recovery counts from 1 again)" }),
  "Api-Version": z.string().openapi({ description: "The subscription's API version (`api_version`), which shapes the body (docs/api-versions.md)" }),
});

const testEnvelope = z
  .object({
    id: z.string().openapi({ description: "The test's own id (not a store event: no `sequence`, not in GET /events)" }),
    event: z.literal("webhook.test"),
    store_id: z.string(),
    delivered_at: z.string().openapi({ format: "date-time", description: "When the envelope was built (the same on every attempt)" }),
    data: z.object({ webhook_id: z.string(), url: z.string() }),
  })
  .openapi("WebhookTestEnvelope");

const responses = {
  200: { description: "Any 2xx within 10 s: delivered" },
  410: { description: "Gone: the subscription is disabled at once (`disabled_reason: gone`); nothing more is sent until it is enabled again" },
  500: { description: "Any other status, a redirect, a network error or a 10 s timeout: a failed attempt (retried after 2 s and 4 s, three in all)" },
};

/** One `webhooks` entry per event, keyed by the event name (docs/api/22-event-log.md), with its typed envelope; and webhook.test. */
export function registerDeliveryDocs(app: App) {
  const entries: Array<[string, z.ZodType, string]> = [
    ...EVENT_LIST.map((name): [string, z.ZodType, string] => [name, envelopeSchemaOf(name), EVENT_NAMES[name]]),
    ["webhook.test", testEnvelope, "POST /webhooks/{id}/test: sent to that subscription only; not a store event"],
  ];
  for (const [name, schema, meaning] of entries) {
    app.openAPIRegistry.registerWebhook({
      method: "post",
      path: name,
      operationId: `webhook_${name.replace(/\./g, "_")}`,
      tags: ["Webhooks"],
      summary: `${name}: ${meaning}`,
      description:
        "A delivery to a subscription's URL: the stored envelope, signed (Standard Webhooks and X-Webhook-Signature). Every retry and replay sends the same bytes.",
      security: [],
      request: { headers: deliveryHeaders, body: { content: { "application/json": { schema } } } },
      responses,
    });
  }
}
