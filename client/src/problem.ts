// The API's errors as one typed class: every non-2xx answer is application/problem+json (RFC 9457) with a fixed
// `code`, the request id, and `errors[]` naming each bad field. Anything else (a proxy's HTML page) becomes the same
// class with the code `http_<status>`.
import type { components } from "./generated/schema.js";

export type FieldError = NonNullable<components["schemas"]["Problem"]["errors"]>[number];

/**
 * The codes the API documents (the OpenAPI enum of `Problem.code`, generated); `http_<status>` for an answer that was
 * not problem+json, and any other string a later API version may add.
 */
export type ProblemCode = components["schemas"]["Problem"]["code"] | `http_${number}` | (string & {});

export class ApiProblem extends Error {
  override readonly name = "ApiProblem";
  readonly status: number;
  readonly code: ProblemCode;
  readonly title: string;
  readonly detail: string;
  readonly type: string;
  /** One entry per bad field, `path` joined with dots (`updates.3.sku`). Empty when the API named none. */
  readonly errors: FieldError[];
  /** The X-Request-Id of the failed request: quote it when reporting a problem. */
  readonly requestId: string | undefined;
  /** On a 403: the permission bit the credential lacks. */
  readonly missingPermission: string | undefined;
  /** Retry-After in seconds, when the answer carried one (429, 503). */
  readonly retryAfter: number | undefined;
  /** The parsed body as received. */
  readonly body: unknown;

  constructor(status: number, body: Partial<components["schemas"]["Problem"]> | undefined, headers?: Headers) {
    const problem = body ?? {};
    super(problem.detail ?? problem.title ?? `HTTP ${status}`);
    this.status = status;
    this.code = problem.code ?? `http_${status}`;
    this.title = problem.title ?? `HTTP ${status}`;
    this.detail = problem.detail ?? "";
    this.type = problem.type ?? "about:blank";
    this.errors = problem.errors ?? [];
    this.requestId = problem.request_id ?? headers?.get("X-Request-Id") ?? undefined;
    this.missingPermission = problem.missing_permission;
    this.retryAfter = parseRetryAfter(headers?.get("Retry-After") ?? null);
    this.body = body;
  }

  /** Reads a failed response's body (problem+json or anything else). */
  static async fromResponse(response: Response): Promise<ApiProblem> {
    const text = await response.text().catch(() => "");
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    const problem = body !== null && typeof body === "object" && "code" in body ? (body as components["schemas"]["Problem"]) : undefined;
    return new ApiProblem(response.status, problem, response.headers);
  }

  /** The message of the field at `path`, if the API named it. */
  fieldError(path: string): string | undefined {
    return this.errors.find((e) => e.path === path)?.message;
  }
}

export const isApiProblem = (error: unknown, code?: ProblemCode): error is ApiProblem =>
  error instanceof ApiProblem && (code === undefined || error.code === code);

/** Retry-After as whole seconds (the API sends seconds; an HTTP date is also understood). */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (value === null || value.trim() === "") return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}
