// API shapes of webhook subscriptions, deliveries and the event catalogue (docs/api/08-webhooks.md).
import { apiVersionField, apiVersionInput } from "../lib/api-versions";
import { z } from "@hono/zod-openapi";
import { EVENT_NAMES, type EventName } from "../events/names";
import { isUuid } from "../lib/ids";
import { paginationQuery } from "../lib/pagination";
import { line } from "../lib/text";
import { whsecProblem } from "./delivery/signatures";

/** The event of POST .../test: not subscribable, sent to the one subscription it tests. */
export const TEST_EVENT = "webhook.test";

const timestamp = z.string().openapi({ format: "date-time" });
const eventName = z.enum(Object.keys(EVENT_NAMES) as [EventName, ...EventName[]]);
const secret = line()
  .min(16, "must be at least 16 characters")
  .max(256, "must be at most 256 characters")
  .superRefine((value, ctx) => {
    const problem = whsecProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  })
  .openapi({
    description:
      "Signing secret (16..256 characters); stored encrypted, never returned. `whsec_<base64>` (a key of at least 16 " +
      "bytes) signs `webhook-signature` with the decoded key, as the Standard Webhooks and Svix libraries expect; " +
      "any other secret signs with its UTF-8 bytes",
  });
const url = line().trim().openapi({ format: "uri", example: "https://example.com/hooks/commerce" });

export const webhookSchema = z
  .object({
    id: z.string(),
    store_id: z.string(),
    url: z.string(),
    event: z.string(),
    active: z.boolean(),
    created_at: timestamp,
    updated_at: timestamp,
    last_delivery_at: timestamp.nullable().openapi({ description: "When the last finished delivery ended" }),
    last_delivery_status: z.enum(["delivered", "failed"]).nullable().openapi({ description: "How it ended; null before any" }),
    consecutive_failures: z.number().int().openapi({ description: "Deliveries in a row that ended failed; 0 after a delivered one" }),
    disabled_reason: z.enum(["gone", "failing"]).nullable().openapi({
      description:
        "Why the service disabled it: `gone` (its receiver answered 410 Gone) or `failing` (all deliveries failed for WEBHOOK_DISABLE_AFTER_DAYS days); null otherwise. `PATCH {active: true}` clears it",
    }),
    disabled_at: timestamp.nullable().openapi({ description: "When the service disabled it; null otherwise" }),
    api_version: apiVersionField,
    previous_secret_expires_at: timestamp.nullable().openapi({
      description:
        "While a rotation's overlap lasts: when the previous secret stops signing (every attempt carries both signatures until then); null otherwise",
    }),
  })
  .openapi("Webhook");

export const createWebhookBody = z
  .strictObject({
    url,
    events: z
      .array(eventName)
      .min(1, "must name at least one event")
      .max(Object.keys(EVENT_NAMES).length * 2),
    secret,
    api_version: apiVersionInput
      .optional()
      .openapi({ description: "The version deliveries are sent in (their `Api-Version` header and body shape); default: the current one" }),
  })
  .openapi("CreateWebhookRequest");

export const createdWebhooksSchema = z.object({ data: z.array(webhookSchema) }).openapi("CreatedWebhooks");

export const updateWebhookBody = z
  .strictObject({ url: url.optional(), secret: secret.optional(), active: z.boolean().optional(), api_version: apiVersionInput.optional() })
  .openapi("UpdateWebhookRequest");

export const webhookListQuery = z.object({ event: eventName.optional(), url: line().optional(), ...paginationQuery });

const deliveryStatus = z.enum(["pending", "delivered", "failed"]);

export const deliverySchema = z
  .object({
    id: z.string(),
    webhook_id: z.string(),
    event: z.string(),
    event_id: z.string(),
    sequence: z
      .number()
      .int()
      .nullable()
      .openapi({ description: "The event's `sequence` (its place in the store's event log, GET /events); null for `webhook.test`, which is no store event" }),
    status: deliveryStatus,
    attempt_count: z.number().int(),
    created_at: timestamp,
    last_attempt_at: timestamp.nullable(),
    delivered_at: timestamp.nullable(),
  })
  .openapi("WebhookDelivery");

export const attemptSchema = z
  .object({
    attempt: z.number().int(),
    started_at: timestamp,
    duration_ms: z.number().int(),
    response_status: z.number().int().nullable(),
    response_body: z.string().nullable().openapi({ description: "The first 4 KiB of the response body" }),
    error: z.string().nullable(),
  })
  .openapi("WebhookAttempt");

export const deliveryDetailSchema = deliverySchema
  .extend({
    payload: z.string().openapi({ description: "The exact body sent on every attempt" }),
    attempts: z.array(attemptSchema),
  })
  .openapi("WebhookDeliveryDetail");

export const deliveryListQuery = z.object({ status: deliveryStatus.optional(), ...paginationQuery });

const uuidFilter = z.string().refine(isUuid, "must be a lowercase UUID").optional().openapi({ format: "uuid" });

export const storeDeliveryListQuery = z.object({
  status: deliveryStatus.optional(),
  event: z.enum([...eventName.options, TEST_EVENT]).optional(),
  event_id: uuidFilter,
  webhook_id: uuidFilter,
  ...paginationQuery,
});

export const storeDeliverySchema = deliverySchema
  .extend({ url: z.string().openapi({ description: "The subscription's current URL" }) })
  .openapi("StoreWebhookDelivery");

export const webhookEventsSchema = z
  .object({
    data: z.array(
      z.object({
        name: z.string(),
        description: z.string(),
        schema: z.record(z.string(), z.unknown()).openapi({ description: "The JSON Schema (draft 2020-12) of the event's `data`" }),
      }),
    ),
  })
  .openapi("WebhookEvents");

export const rotateSecretBody = z
  .strictObject({
    secret,
    previous_expires_in: z
      .number()
      .int("must be a whole number of seconds")
      .min(0, "must be 0..604800")
      .max(604_800, "must be 0..604800")
      .optional()
      .openapi({ description: "Seconds the replaced secret keeps signing beside the new one (0..604800, default 86400; 0: no overlap)" }),
  })
  .openapi("RotateWebhookSecretRequest");

export const recoverBody = z
  .strictObject({
    since: z.iso
      .datetime({ offset: true, message: "must be an ISO 8601 date and time, e.g. 2026-11-21T10:00:00.000Z" })
      .openapi({ description: "Replay the deliveries that ended failed at or after this time (within the retention period)" }),
  })
  .openapi("RecoverWebhookDeliveriesRequest");

export const recoveredSchema = z
  .object({ replayed: z.number().int().openapi({ description: "Deliveries replayed by this call (at most 1,000)" }) })
  .openapi("RecoveredWebhookDeliveries");

export const testDeliverySchema = z.object({ delivery_id: z.string() }).openapi("WebhookTestDelivery");
