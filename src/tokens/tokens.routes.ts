// /stores/{store_id}/api-tokens: issue, list, read, rotate, revoke personal access tokens.
import { createRoute, z } from "@hono/zod-openapi";
import { storeCtxOf } from "../lib/context";
import { pageSchema, paginated, paginationQuery } from "../lib/pagination";
import { type App, errorResponses, jsonBody, jsonResponse, refusesIdempotency } from "../lib/route";
import { requires } from "../access/requires";
import { createTokenBody, tokenListQuery, tokenSchema, tokenWithValueSchema, updateTokenBody } from "./schemas";
import { getToken, issueToken, listTokens, revokeToken, rotateToken, updateToken } from "./tokens.service";

const storeParams = z.object({ store_id: z.string() });
const tokenParams = storeParams.extend({ token_id: z.string() });

const createTokenRoute = createRoute(
  refusesIdempotency({
    method: "post",
    path: "/stores/{store_id}/api-tokens",
    operationId: "createApiToken",
    tags: ["Access tokens"],
    summary: "Issue a personal access token (for a teammate: tokens.manage); the raw value is shown once",
    ...requires("member"),
    description:
      "`issued_by` on the record is the caller (through a PAT: whoever holds that PAT). A user holds at most 50 " +
      "unrevoked tokens per store: beyond, 422 `limit_exceeded`. 409 when the caller was removed from the store meanwhile.",
    request: { params: storeParams, ...jsonBody(createTokenBody) },
    responses: { 201: jsonResponse(tokenWithValueSchema, "The token record and its raw value"), ...errorResponses(400, 404, 409) },
  }),
);

const listTokensRoute = createRoute({
  method: "get",
  path: "/stores/{store_id}/api-tokens",
  operationId: "listApiTokens",
  tags: ["Access tokens"],
  summary: "Your tokens; everyone's with tokens.read",
  ...requires("member"),
  request: { params: storeParams, query: tokenListQuery.extend(paginationQuery) },
  responses: { 200: jsonResponse(pageSchema(tokenSchema), "Token records"), ...errorResponses(404) },
});

const getTokenRoute = createRoute({
  method: "get",
  path: "/stores/{store_id}/api-tokens/{token_id}",
  operationId: "getApiToken",
  tags: ["Access tokens"],
  summary: "One token record (your own, or any with tokens.read)",
  ...requires("member"),
  description: "A member's own tokens need no bit; a teammate's token needs `tokens.read` (403 naming it).",
  request: { params: tokenParams },
  responses: { 200: jsonResponse(tokenSchema, "The token record"), ...errorResponses(404) },
});

const rotateTokenRoute = createRoute(
  refusesIdempotency({
    method: "post",
    path: "/stores/{store_id}/api-tokens/{token_id}/rotate",
    operationId: "rotateApiToken",
    tags: ["Access tokens"],
    summary: "New raw value for the same record; the old value is rejected from the next request on",
    ...requires("member"),
    description:
      "A member's own tokens need no bit (a PAT: only itself); a teammate's token needs `tokens.manage` (403 " +
      "naming it), and the new value's effective permission (its scope AND its user's bits) must be within the caller's " +
      "(422 `scope_exceeds_permissions`). `issued_by` becomes the caller (the new value's holder). 409 when another " +
      "rotation changed the token meanwhile.",
    request: { params: tokenParams },
    responses: { 200: jsonResponse(tokenWithValueSchema, "The record and its new raw value"), ...errorResponses(404, 409) },
  }),
);

const updateTokenRoute = createRoute({
  method: "patch",
  path: "/stores/{store_id}/api-tokens/{token_id}",
  operationId: "updateApiToken",
  tags: ["Access tokens"],
  summary: "Change the token's pinned API version",
  ...requires("member"),
  description:
    "Only the token's own user, through any session or token of theirs (403 for anyone else, whatever bits they hold). " +
    "`api_version` is the version this token's requests are served in when they send no `Api-Version` header " +
    "(docs/api-versions.md). Sending the stored value changes nothing.",
  request: { params: tokenParams, ...jsonBody(updateTokenBody) },
  responses: { 200: jsonResponse(tokenSchema, "The token record"), ...errorResponses(400, 404) },
});

const revokeTokenRoute = createRoute({
  method: "delete",
  path: "/stores/{store_id}/api-tokens/{token_id}",
  operationId: "revokeApiToken",
  tags: ["Access tokens"],
  summary: "Revoke a token; it is rejected from the next request on",
  ...requires("member"),
  description: "A member's own tokens need no bit (a PAT: only itself); a teammate's token needs `tokens.manage` (403 naming it).",
  request: { params: tokenParams },
  responses: { 204: { description: "Revoked" }, ...errorResponses(404) },
});

export function registerTokenRoutes(app: App) {
  app.openapi(createTokenRoute, async (c) => {
    const token = await issueToken(storeCtxOf(c), c.req.valid("json"));
    return c.json(token, 201, { Location: `/stores/${token.store_id}/api-tokens/${token.id}` });
  });
  app.openapi(listTokensRoute, async (c) => {
    const { limit, offset, ...filter } = c.req.valid("query");
    const { data, total } = await listTokens(storeCtxOf(c), { limit, offset }, filter);
    return c.json(paginated(data, { limit, offset }, total), 200);
  });
  app.openapi(getTokenRoute, async (c) => c.json(await getToken(storeCtxOf(c), c.req.valid("param").token_id), 200));
  app.openapi(rotateTokenRoute, async (c) => c.json(await rotateToken(storeCtxOf(c), c.req.valid("param").token_id), 200));
  app.openapi(updateTokenRoute, async (c) => c.json(await updateToken(storeCtxOf(c), c.req.valid("param").token_id, c.req.valid("json")), 200));
  app.openapi(revokeTokenRoute, async (c) => {
    await revokeToken(storeCtxOf(c), c.req.valid("param").token_id);
    return c.body(null, 204);
  });
}
