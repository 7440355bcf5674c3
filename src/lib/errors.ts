// The one error type of the API. Every failure a client can see is an ApiError rendered as RFC 9457
// problem+json by `problemResponse`; handlers and services throw, they never build error bodies.
import type { ZodError } from "zod";

/** Every `code` an error body can carry: published as the OpenAPI enum of `Problem.code` and generated into the client. */
export const ERROR_CODES = [
  "malformed_json",
  "unsupported_api_version",
  "unauthenticated",
  "forbidden",
  "not_found",
  "conflict",
  "insufficient_stock",
  "no_price",
  "precondition_failed",
  "payload_too_large",
  "unsupported_media_type",
  "validation_failed",
  "scope_exceeds_permissions",
  "limit_exceeded",
  "rate_limited",
  "idempotency_key_reused",
  "request_in_progress",
  "internal",
  "service_unavailable",
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

const TITLES: Record<ErrorCode, [number, string]> = {
  malformed_json: [400, "Malformed request body"],
  unsupported_api_version: [400, "Unsupported API version"],
  unauthenticated: [401, "Authentication required"],
  forbidden: [403, "Forbidden"],
  not_found: [404, "Not found"],
  conflict: [409, "Conflict"],
  insufficient_stock: [409, "Insufficient stock"],
  no_price: [409, "No price"],
  precondition_failed: [412, "Precondition failed"],
  payload_too_large: [413, "Payload too large"],
  unsupported_media_type: [415, "Unsupported media type"],
  validation_failed: [422, "Validation failed"],
  scope_exceeds_permissions: [422, "Scope exceeds permissions"],
  limit_exceeded: [422, "Limit exceeded"],
  rate_limited: [429, "Too many requests"],
  idempotency_key_reused: [422, "Idempotency key reused"],
  request_in_progress: [409, "Request in progress"],
  internal: [500, "Internal server error"],
  service_unavailable: [503, "Service unavailable"],
};

export interface FieldError {
  path: string;
  message: string;
}

export class ApiError extends Error {
  readonly status: number;
  readonly title: string;
  constructor(
    readonly code: ErrorCode,
    readonly detail: string,
    readonly extra: { errors?: FieldError[]; missing_permission?: string; supported_versions?: string[]; headers?: Record<string, string> } = {},
  ) {
    super(detail);
    [this.status, this.title] = TITLES[code];
  }
}

export const notFound = (what = "Resource") => new ApiError("not_found", `${what} not found`);
export const conflict = (detail: string) => new ApiError("conflict", detail);
/** A cap of docs/api/13-security.md is reached; `detail` names the cap. */
export const limitExceeded = (detail: string) => new ApiError("limit_exceeded", detail);
export const unauthenticated = (detail = "Missing or invalid bearer token") =>
  new ApiError("unauthenticated", detail, { headers: { "WWW-Authenticate": "Bearer" } });
export const forbidden = (detail: string, missingPermission?: string) =>
  new ApiError("forbidden", detail, missingPermission ? { missing_permission: missingPermission } : {});

/** A 422 for one field, for rules that a schema cannot express (e.g. "must name a variant of this product"). */
export const invalidField = (path: string, message: string) => new ApiError("validation_failed", `${path}: ${message}`, { errors: [{ path, message }] });

type Issue = ZodError["issues"][number];

/**
 * A union's failure names the branch the input was meant for: the one branch that did not fail on the input's
 * type (e.g. a mask given as a list of names → the list's item paths, `permissions.1`), else the union itself.
 */
function flatten(issue: Issue, prefix: PropertyKey[] = []): Array<{ path: PropertyKey[]; message: string }> {
  const path = [...prefix, ...issue.path];
  if (issue.code === "invalid_union" && Array.isArray(issue.errors)) {
    const typed = issue.errors.filter((branch) => branch.length > 0 && !branch.every((i) => i.code === "invalid_type" && i.path.length === 0));
    if (typed.length === 1) return typed[0].flatMap((inner) => flatten(inner, path));
  }
  return [{ path, message: issue.message }];
}

export function validationError(error: ZodError): ApiError {
  const errors = error.issues
    .flatMap((issue) => flatten(issue))
    .map((e) => ({
      path: e.path.map(String).join("."),
      message: e.message,
    }));
  const detail = errors.map((e) => (e.path ? `${e.path}: ${e.message}` : e.message)).join("; ");
  return new ApiError("validation_failed", detail, { errors });
}

export function problemResponse(error: ApiError, requestId: string): Response {
  const body: Record<string, unknown> = {
    type: "about:blank",
    title: error.title,
    status: error.status,
    code: error.code,
    detail: error.detail,
    request_id: requestId,
  };
  if (error.extra.errors) body.errors = error.extra.errors;
  if (error.extra.missing_permission) body.missing_permission = error.extra.missing_permission;
  if (error.extra.supported_versions) body.supported_versions = error.extra.supported_versions;
  // Every 401 names the scheme (RFC 9110), whichever code path raised it.
  const challenge: Record<string, string> = error.status === 401 ? { "WWW-Authenticate": "Bearer" } : {};
  return new Response(JSON.stringify(body), {
    status: error.status,
    headers: { "Content-Type": "application/problem+json", "X-Request-Id": requestId, ...challenge, ...error.extra.headers },
  });
}
