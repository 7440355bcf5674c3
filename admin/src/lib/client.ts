// The one API client: openapi-fetch typed by api-schema.d.ts (generated from the app's own OpenAPI document).
// It adds the session's bearer token, and a 401 ends the session (the app then shows the sign-in page).
// Screens never call it directly: hooks/api/* wrap it in TanStack Query.
import createClient, { type Middleware } from "openapi-fetch";
import type { paths } from "./api-schema";
import { toProblem } from "./problem";
import { sessionStore } from "./session";

const auth: Middleware = {
  onRequest({ request }) {
    const token = sessionStore.token();
    if (token && !request.headers.has("Authorization")) request.headers.set("Authorization", `Bearer ${token}`);
    return request;
  },
  onResponse({ response, request }) {
    // A 401 with the session's own token means the session is over (expired, signed out elsewhere, removed).
    const sentSession = request.headers.get("Authorization") === `Bearer ${sessionStore.token()}`;
    if (response.status === 401 && sessionStore.token() && sentSession) sessionStore.end("expired");
    return response;
  },
};

export const client = createClient<paths>({ baseUrl: window.location.origin });
client.use(auth);

interface Result<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** The response body of a successful call; a failure throws an ApiProblem carrying the problem+json body. */
export async function unwrap<T>(call: Promise<Result<T>>): Promise<T> {
  const { data, error, response } = await call;
  if (!response.ok) throw await toProblem(response, error);
  return data as T;
}

/** The store every store-scoped hook works on; screens render only once one is chosen. */
export function currentStoreId(): string {
  const id = sessionStore.storeId();
  if (!id) throw new Error("No store selected");
  return id;
}
