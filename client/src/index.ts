// @bod/commerce-client: a typed client for the commerce admin API, and webhook verification for receivers.
export { createClient, type Client, type ClientOptions } from "./client.js";
export { ApiProblem, isApiProblem, type FieldError, type ProblemCode } from "./problem.js";
export type { RetryOptions } from "./retry.js";
export type { CallOptions, CursorListId, ListItem, OperationId, Result } from "./types.js";
export { apiVersion, operations } from "./generated/operations.js";
export type { components, operations as OperationTypes, paths } from "./generated/schema.js";
export { webhookEventNames, type OrderEventData, type StoreEvent, type WebhookEvent, type WebhookEventData, type WebhookEventName } from "./events.js";
export {
  signWebhook,
  verifyWebhook,
  webhookKeyBytes,
  WebhookVerificationError,
  type HeadersLike,
  type VerifyWebhookOptions,
  type WebhookVerificationReason,
} from "./webhooks.js";
