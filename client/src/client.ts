// The client: one method per operationId of the API (from ./generated/operations.ts, never listed by hand), each
// sending the request with the credential, an Idempotency-Key on every POST that accepts one (the same on each
// retry; the PUT that accepts one carries only the caller's own), retries within a bound (./retry.ts), and failures
// thrown as ApiProblem; plus `paginate`, which follows `next_cursor` through a whole list.
import { apiVersion, operations } from "./generated/operations.js";
import { ApiProblem } from "./problem.js";
import { type RetryOptions, backoff, delayAfterProblem, resendableAfterNetworkError, retryPolicy } from "./retry.js";
import type { CallArgs, CallOptions, CursorListId, ListItem, OperationId, Result } from "./types.js";

export interface ClientOptions {
  /** The API's origin, e.g. "https://api.example.com". */
  baseUrl: string;
  /** A bearer credential: an integration key (boi_...), a personal access token (bod_...) or a session JWT. */
  token?: string | (() => string | Promise<string>);
  retry?: RetryOptions;
  /** Headers sent on every request. */
  headers?: Record<string, string>;
  /** The fetch to use (default: the global one). */
  fetch?: typeof fetch;
  /**
   * The `Api-Version` every request is sent with (docs/api-versions.md). Default: the version this package was
   * generated from, so an upgrade of the API never changes what a pinned client receives until the package itself
   * is upgraded.
   */
  apiVersion?: string;
}

type Methods = { [K in OperationId]: (...args: CallArgs<K>) => Promise<Result<K>> };

export type Client = Methods & {
  /** Calls an operation by its operationId. */
  request<K extends OperationId>(operationId: K, ...args: CallArgs<K>): Promise<Result<K>>;
  /**
   * Every item of a cursor list, page after page (`pagination.next_cursor`), e.g.
   * `for await (const p of client.paginate("listProducts", { path: { store_id }, query: { updated_since } }))`.
   */
  paginate<K extends CursorListId>(operationId: K, ...args: CallArgs<K>): AsyncGenerator<ListItem<K>, void, undefined>;
};

type Loose = {
  path?: Record<string, unknown>;
  query?: Record<string, unknown>;
  header?: Record<string, unknown>;
  body?: unknown;
} & { idempotencyKey?: string; headers?: Record<string, string>; signal?: AbortSignal };

const uuid = () => globalThis.crypto.randomUUID();

function buildUrl(baseUrl: string, template: string, options: Loose): string {
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = options.path?.[name];
    if (value === undefined || value === null) throw new TypeError(`Missing path parameter ${name} for ${template}`);
    return encodeURIComponent(String(value));
  });
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(options.query ?? {})) {
    if (value === undefined || value === null) continue;
    for (const one of Array.isArray(value) ? value : [value]) query.append(name, String(one));
  }
  const search = query.size > 0 ? `?${query}` : "";
  return `${baseUrl.replace(/\/+$/, "")}${path}${search}`;
}

async function parseSuccess(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 304) return undefined;
  const type = response.headers.get("Content-Type") ?? "";
  if (/[/+]json\b/.test(type)) return response.json();
  if (type.startsWith("text/")) return response.text();
  return response.blob();
}

export function createClient(options: ClientOptions): Client {
  const policy = retryPolicy(options.retry);
  const fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  async function request(operationId: OperationId, given: Loose = {}): Promise<unknown> {
    const operation = operations[operationId];
    if (!operation) throw new TypeError(`Unknown operation ${String(operationId)}`);
    const url = buildUrl(options.baseUrl, operation.path, given);
    const headers = new Headers({
      Accept: "application/json, application/problem+json;q=0.9, */*;q=0.1",
      "Api-Version": options.apiVersion ?? apiVersion,
      ...options.headers,
    });
    for (const [name, value] of Object.entries(given.header ?? {})) if (value !== undefined) headers.set(name, String(value));
    for (const [name, value] of Object.entries(given.headers ?? {})) headers.set(name, value);
    const token = typeof options.token === "function" ? await options.token() : options.token;
    if (token) headers.set("Authorization", `Bearer ${token}`);
    // Chosen once: every retry of this call carries the same key, so the API applies the change at most once. A PUT
    // that accepts a key (the whole-product PUT) is safe to resend as it is: it gets one only when the caller gives it.
    const autoKey = operation.method === "POST" || given.idempotencyKey !== undefined;
    if (operation.idempotent && autoKey && !headers.has("Idempotency-Key")) headers.set("Idempotency-Key", given.idempotencyKey ?? uuid());
    let body: BodyInit | undefined;
    if (given.body instanceof FormData || given.body instanceof Blob) body = given.body;
    else if (given.body !== undefined) {
      body = JSON.stringify(given.body);
      headers.set("Content-Type", "application/json");
    }
    const keyed = headers.has("Idempotency-Key");

    for (let attempt = 1; ; attempt++) {
      let response: Response;
      try {
        response = await fetchImpl(url, { method: operation.method, headers, body, signal: given.signal });
      } catch (error) {
        if (given.signal?.aborted || attempt >= policy.maxAttempts || !resendableAfterNetworkError(operation.method, keyed)) throw error;
        await policy.sleep(backoff(policy, attempt));
        continue;
      }
      if (response.ok || response.status === 304) return parseSuccess(response);
      const problem = await ApiProblem.fromResponse(response);
      const wait = attempt < policy.maxAttempts ? delayAfterProblem(policy, problem, attempt, keyed) : undefined;
      if (wait === undefined) throw problem;
      await policy.sleep(wait);
    }
  }

  async function* paginate(operationId: CursorListId, given: Loose = {}): AsyncGenerator<unknown, void, undefined> {
    // A cursor cannot be combined with an offset (422): the walk starts where the caller's query starts and then
    // follows the cursor alone.
    let query: Record<string, unknown> = { ...given.query };
    for (;;) {
      const page = (await request(operationId, { ...given, query })) as { data: unknown[]; pagination: { next_cursor: string | null } };
      yield* page.data;
      const next = page.pagination.next_cursor;
      if (next === null || next === undefined) return;
      // `after` (GET /events) is likewise where the walk starts, and is not combined with a cursor either.
      const { offset: _offset, after: _after, ...rest } = query;
      query = { ...rest, cursor: next };
    }
  }

  const client: Record<string, unknown> = {
    request: (operationId: OperationId, given?: Loose) => request(operationId, given),
    paginate: (operationId: CursorListId, given?: Loose) => paginate(operationId, given),
  };
  for (const operationId of Object.keys(operations) as OperationId[]) {
    client[operationId] = (given?: Loose) => request(operationId, given);
  }
  return client as Client;
}

export type { CallOptions };
