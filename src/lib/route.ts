// Route-contract helpers: the problem shape, error responses, JSON bodies, idempotent POSTs and the router whose
// validation failures are all the same 422. Who may call a route is stated beside it with `requires` (src/access/requires.ts).
import { OpenAPIHono, z } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { IDEMPOTENCY_KEY, REPLAYED, idempotency, refusesIdempotencyKey } from "./idempotency";
import type { AppEnv } from "./context";
import { ERROR_CODES, validationError } from "./errors";

export const problemSchema = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    code: z.enum(ERROR_CODES).openapi({ description: 'Fixed per failure (the table of docs/decisions.md "Requests and errors"); clients branch on it' }),
    detail: z.string(),
    request_id: z.string(),
    errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
    missing_permission: z.string().optional(),
    supported_versions: z.array(z.string()).optional().openapi({ description: "With `unsupported_api_version`: the versions this API serves (GET /versions)" }),
  })
  .openapi("Problem");

const problem = (description: string, headers?: Record<string, { description: string; schema: { type: "integer" | "string" } }>) => ({
  description,
  ...(headers ? { headers } : {}),
  content: { "application/problem+json": { schema: problemSchema } },
});

/** 429 `rate_limited` (docs/api/11-limits-retries-sessions.md), with the seconds to wait. */
export const rateLimitedResponse = problem(
  "Rate limited (`rate_limited`): per IP on POST /login and POST /users, failed logins per email, per credential and per store",
  { "Retry-After": { description: "Whole seconds to wait before retrying", schema: { type: "integer" } } },
);

/** 503 `service_unavailable`: D1 answered that it is overloaded or full (docs/decisions.md). */
const unavailableResponse = problem("The database is overloaded or full (`service_unavailable`): nothing was changed; retry after Retry-After", {
  "Retry-After": { description: "Whole seconds to wait before retrying (1 when overloaded, 60 when full)", schema: { type: "integer" } },
});

/** 400 `unsupported_api_version`: any route, before anything else runs (src/versions/middleware.ts). */
const unsupportedVersionResponse = problem(
  "The `Api-Version` header names no version this API serves (`unsupported_api_version`; `supported_versions` lists them)",
);

/** 413 `payload_too_large`: every route refuses a body over the size limit (src/app.ts), with a body or without one. */
const payloadTooLargeResponse = problem("The request body is over the size limit (`payload_too_large`)");

const COMMON_ERRORS = {
  400: unsupportedVersionResponse,
  401: problem("Missing, invalid, expired or revoked token"),
  403: problem("The token's effective permission lacks the required bit"),
  413: payloadTooLargeResponse,
  422: problem("Validation failed"),
  429: rateLimitedResponse,
  503: unavailableResponse,
} as const;

export type App = OpenAPIHono<AppEnv>;

/** Error responses a route documents besides 400 (an unsupported `Api-Version`), 401, 403, 413, 422, 429 and 503. */
export const errorResponses = (...statuses: Array<400 | 404 | 409 | 412 | 413 | 415>) => {
  const described: Record<number, ReturnType<typeof problem>> = {
    400: problem("Malformed JSON body (`malformed_json`), or an `Api-Version` this API does not serve (`unsupported_api_version`)"),
    404: problem("Not found"),
    409: problem("Conflict"),
    412: problem("If-Match does not match the current ETag"),
    413: payloadTooLargeResponse,
    415: problem("Unsupported media type"),
  };
  return { ...COMMON_ERRORS, ...Object.fromEntries(statuses.map((s) => [s, described[s]])) };
};

/**
 * The 4xx a public read with no parameters can still answer: every route refuses an unknown `Api-Version` and a body
 * over the size limit (src/app.ts), so a client generator learns the problem+json shape for them too.
 */
export const publicReadErrors = { 400: unsupportedVersionResponse, 413: payloadTooLargeResponse };

/** A router whose validation failures all become the same 422 problem. */
export const createRouter = () =>
  new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) throw validationError(result.error);
    },
  });

/** A JSON response entry of a route contract. */
export const jsonResponse = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { "application/json": { schema } },
});

/** A required JSON request body (unknown fields are rejected by the schema being strict). */
export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  body: { required: true, content: { "application/json": { schema } } },
});

type RouteLike = {
  middleware?: MiddlewareHandler<AppEnv> | MiddlewareHandler<AppEnv>[];
  responses: Record<string | number, unknown>;
  parameters?: unknown[];
};

/** The route with one more middleware after its own, and the Idempotency-Key header documented as `description`. */
const withKeyHandling = <R extends RouteLike>(route: R, extra: MiddlewareHandler<AppEnv>, description: string, schema: object): R => ({
  ...route,
  middleware: [...(Array.isArray(route.middleware) ? route.middleware : route.middleware ? [route.middleware] : []), extra],
  parameters: [...(route.parameters ?? []), { name: IDEMPOTENCY_KEY, in: "header", required: false, description, schema }],
});

/**
 * A POST that accepts `Idempotency-Key` (docs/api/11-limits-retries-sessions.md): the idempotency middleware runs after the access
 * checks, and the contract documents the header, the replay header on success and the 409/422 it can answer.
 */
export function idempotent<R extends RouteLike>(route: R): R {
  const responses: Record<string | number, unknown> = {};
  for (const [status, response] of Object.entries(route.responses)) {
    responses[status] = status.startsWith("2")
      ? {
          ...(response as object),
          headers: {
            [REPLAYED]: {
              description: "`true` when this is the kept response of an earlier request with the same Idempotency-Key",
              schema: { type: "string", enum: ["true"] },
            },
          },
        }
      : response;
  }
  const keyed = withKeyHandling(
    route,
    idempotency(),
    "1-255 printable ASCII characters. The first response (status, body, Location) is kept 24 hours per credential (a session's user, " +
      "a PAT or an integration, within the store) and key; the same request again from the same credential gets it back with " +
      "`Idempotent-Replayed: true` and changes nothing. Another credential sending the same key makes a request of its own.",
    { type: "string", minLength: 1, maxLength: 255 },
  );
  return {
    ...keyed,
    // For generated clients (client/): this POST may be retried with the same key.
    "x-idempotent": true,
    responses: {
      ...responses,
      409: problem("Conflict (`conflict`, or `request_in_progress` while a request with the same Idempotency-Key is still running)"),
      422: problem("Validation failed, or `idempotency_key_reused`: the Idempotency-Key was used for a different request"),
    },
  };
}

/** A POST that must not keep its response (a one-time secret, or no one to key it by): the header is a 422. */
export function refusesIdempotency<R extends RouteLike>(route: R): R {
  return withKeyHandling(route, refusesIdempotencyKey(), "Not accepted here: sending it is a 422 `validation_failed` naming the header.", {
    type: "string",
  });
}
