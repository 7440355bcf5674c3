// Builds the Hono app: request ids, configuration check, body limits, the one error handler, the OpenAPI
// document and its reference page, and the domains' routes (src/routes.ts), each group loaded on first use.
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import { getPath } from "hono/utils/url";
import { assertConfigured } from "./lib/config";
import { unavailableError } from "./lib/d1-overload";
import { isForeignKeyViolation } from "./lib/db";
import { countFailedAuthentication } from "./access/budgets";
import { withPermissionSentences } from "./access/requires";
import { ApiError, conflict, problemResponse } from "./lib/errors";
import { uuidv7 } from "./lib/ids";
import { createRouter } from "./lib/route";
import { definitionsChanged, isDefinitionsChanged } from "./fields/definitions-changed";
import { registerConsole } from "./console";
import { requestedVersion, versionHeaders } from "./versions/middleware";
import { withVersionHeaders } from "./versions/openapi";
import { ALL_GROUPS, type RegisterRoutes, groupsFor, loadGroups } from "./routes";
import { CURRENT_VERSION } from "./lib/api-versions";

const REQUEST_ID_RE = /^[A-Za-z0-9._:-]{1,128}$/;
const JSON_BODY_LIMIT = 1024 * 1024;
/** Multipart uploads: the 10 MiB file limit plus room for the other fields. */
const MULTIPART_BODY_LIMIT = 10 * 1024 * 1024 + 64 * 1024;
/** A CSV import (POST /stores/{id}/imports): a 20 MiB file plus the multipart framing. */
const IMPORT_BODY_LIMIT = 20 * 1024 * 1024 + 64 * 1024;

function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof HTTPException) {
    // Hono's validators: unparsable JSON (400) or a body that is not JSON where JSON is expected (415).
    if (error.status === 400 || error.status === 415) return new ApiError("malformed_json", error.message);
    if (error.status === 413) return new ApiError("payload_too_large", error.message);
    if (error.status === 401) return new ApiError("unauthenticated", error.message);
  }
  // A write of custom field values whose definition was deleted meanwhile (src/fields/field-values.ts): 409.
  if (isDefinitionsChanged(error)) return definitionsChanged();
  // Every change checks what it refers to first; this only happens when another request deleted it in between.
  if (isForeignKeyViolation(error)) {
    return conflict("Something this change refers to was deleted while it was being made: read it again and retry");
  }
  // D1 overloaded or full: 503 with Retry-After (read-only requests were already tried once more).
  return unavailableError(error) ?? new ApiError("internal", "An unexpected error occurred");
}

/**
 * The app with the given route groups, registered in src/routes.ts' order (the caller passes them in that order):
 * the same middleware, error handler, 404, document route and console whichever groups it holds.
 */
export function buildApp(groups: readonly RegisterRoutes[]) {
  const app = createRouter();

  app.use(async (c, next) => {
    const incoming = c.req.header("X-Request-Id");
    const requestId = incoming && REQUEST_ID_RE.test(incoming) ? incoming : uuidv7();
    c.set("requestId", requestId);
    await next();
    c.res.headers.set("X-Request-Id", requestId);
  });
  // Every response says which API version served it; an unknown Api-Version is refused before anything else runs.
  app.use(versionHeaders);
  app.use(requestedVersion);
  app.use(async (c, next) => {
    assertConfigured(c.env);
    await next();
  });
  app.use(async (c, next) => {
    const multipart = (c.req.header("Content-Type") ?? "").startsWith("multipart/form-data");
    return bodyLimit({
      maxSize: multipart ? (c.req.path.endsWith("/imports") ? IMPORT_BODY_LIMIT : MULTIPART_BODY_LIMIT) : JSON_BODY_LIMIT,
      onError: () => {
        throw new ApiError("payload_too_large", "The request body is too large");
      },
    })(c, next);
  });

  app.onError(async (error, c) => {
    let apiError = toApiError(error);
    // Every 401 spends the address's failed-authentication budget (docs/api/13-security.md); over it, the answer is 429.
    if (apiError.status === 401) apiError = (await countFailedAuthentication(c)) ?? apiError;
    const requestId = c.var.requestId ?? uuidv7();
    if (apiError.status >= 500) {
      // An expected 503 (overload, a full database, a move's pause, an unconfigured /ops) is a warning without a
      // stack: only the unexpected ones are errors worth a trace.
      const expected = apiError.code === "service_unavailable";
      (expected ? console.warn : console.error)(
        JSON.stringify({
          level: expected ? "warn" : "error",
          request_id: requestId,
          method: c.req.method,
          path: c.req.path,
          message: error instanceof Error ? error.message : String(error),
          stack: !expected && error instanceof Error ? error.stack : undefined,
        }),
      );
    }
    // A 5xx detail may name internals (a missing secret, a SQL error): it goes to the log only.
    const hidden = apiError.status >= 500 && apiError.code !== "service_unavailable";
    const shown = hidden ? new ApiError("internal", "An unexpected error occurred") : apiError;
    return problemResponse(shown, requestId);
  });
  app.notFound((c) => problemResponse(new ApiError("not_found", "No such route"), c.var.requestId ?? uuidv7()));

  for (const register of groups) register(app);

  app.openAPIRegistry.registerComponent("securitySchemes", "bearerAuth", {
    type: "http",
    scheme: "bearer",
    description: "A session JWT from POST /login, or a personal access token (bod_...)",
  });
  // Each operation's description is its route's own, then the sentence of its `x-required-permission` (requires.ts).
  const documentConfig: Parameters<typeof app.getOpenAPI31Document>[0] = {
    openapi: "3.1.0",
    info: {
      title: "Commerce admin API",
      // The document describes the current API version (docs/api-versions.md lists what older ones keep).
      version: CURRENT_VERSION,
      description:
        "Catalog, access tokens and webhooks for multi-store commerce. Each operation's `x-required-permission` " +
        "names the permission bit it needs; its description ends with that rule in words.",
      // Not published under an open licence: integrators of a store use it under the operator's terms. (OpenAPI
      // 3.1's `identifier` is missing from the library's license type, which is 3.0's.)
      license: { name: "Proprietary", ...{ identifier: "LicenseRef-Proprietary" } },
    },
    // Relative: the document is served by the API it describes, so its own origin is the server.
    servers: [{ url: "/", description: "The deployment serving this document" }],
  };
  app.get("/openapi.json", (c) => c.json(withVersionHeaders(withPermissionSentences(app.getOpenAPI31Document(documentConfig)))));
  // The admin console at /admin/ and the reference page at /docs, both from the static assets.
  registerConsole(app);
  return app;
}

/** The app with every route group (tests, scripts/lib/openapi-document.mjs): what GET /openapi.json describes. */
export async function createApp() {
  return buildApp(await loadGroups(ALL_GROUPS));
}

/**
 * The Worker's fetch handler (src/index.ts). A request is answered by an app holding at least every group whose routes
 * may match its path (src/routes.ts), in their order, so it is routed as by the app with every group; work that no
 * request has needed yet is never done (issue 50: loading every group's schemas cost most of the Worker's startup).
 * A request that needs a group not yet loaded loads it and builds the app again with everything loaded so far
 * (Hono's router cannot take routes once it has matched), so an isolate's apps grow towards createApp()'s.
 */
export function createLazyApp() {
  let current: { mask: number; app: ReturnType<typeof buildApp> } | undefined;
  const appFor = async (path: string) => {
    const need = groupsFor(path);
    while (!current || (need & ~current.mask) !== 0) {
      const mask = need | (current?.mask ?? 0);
      const registers = await loadGroups(mask);
      // Another request may have built an app meanwhile: replace it only with one that holds all it did.
      if (!current || ((current.mask & ~mask) === 0 && current.mask !== mask)) current = { mask, app: buildApp(registers) };
    }
    return current.app;
  };
  return {
    fetch: async (request: Request, env: Env, ctx: ExecutionContext) => (await appFor(getPath(request))).fetch(request, env, ctx),
  };
}
