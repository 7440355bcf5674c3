// The API as the tests' typed client: openapi-fetch over the generated `paths` (client/src/generated/schema.ts,
// from the app's own OpenAPI document), calling the Worker through its own fetch. A request body or a response
// field that the routes no longer have fails `npm run typecheck` in every test that uses it, where `call`'s
// `ApiResponse<any>` would fail only at run time, if at all.
import { exports } from "cloudflare:workers";
import createClient from "openapi-fetch";
import type { paths } from "../../client/src/generated/schema";

/** A typed client for `token` (a session JWT, a PAT or an integration key); `headers` go on every request. */
export function typedApi(token?: string, headers: Record<string, string> = {}) {
  return createClient<paths>({
    baseUrl: "http://api.test",
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...headers },
    fetch: (request: Request) => exports.default.fetch(request),
  });
}

/** The typed client's data, or a thrown error naming the status and the problem. */
export function ok<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (result.data === undefined) throw new Error(`${result.response.status}: ${JSON.stringify(result.error)}`);
  return result.data;
}
