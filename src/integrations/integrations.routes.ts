// /stores/{store_id}/integrations: the store's own keys (docs/api/16-integrations.md). Create and rotate return the raw
// `boi_` value once, so they refuse an Idempotency-Key like the other one-time secrets (section 11).
import { createRoute, z } from "@hono/zod-openapi";
import { storeCtxOf } from "../lib/context";
import { pageSchema, paginated, paginationQuery } from "../lib/pagination";
import { type App, errorResponses, jsonBody, jsonResponse, refusesIdempotency } from "../lib/route";
import { requires } from "../access/requires";
import {
  INTEGRATIONS_PER_STORE_CAP,
  NEVER_IN_SCOPE,
  createIntegration,
  getIntegration,
  listIntegrations,
  revokeIntegration,
  rotateIntegration,
  updateIntegration,
} from "./integrations.service";
import { createIntegrationBody, integrationSchema, integrationWithValueSchema, rotateIntegrationBody, updateIntegrationBody } from "./schemas";

const tags = ["Integrations"];
const storeParams = z.object({ store_id: z.string() });
const integrationParams = storeParams.extend({ integration_id: z.string() });

const createIntegrationRoute = createRoute(
  refusesIdempotency({
    method: "post",
    path: "/stores/{store_id}/integrations",
    operationId: "createIntegration",
    tags,
    summary: "Create an integration: a store-owned key; the raw `boi_` value is shown once",
    ...requires("integrations.manage"),
    description:
      "The scope must be within the caller's effective permission and may never hold " +
      `${NEVER_IN_SCOPE.map((b) => `\`${b}\``).join(", ")} (422 \`scope_exceeds_permissions\` naming the bit). After creation ` +
      "the key's effective permission is its scope: it follows no user and survives its creator's removal. " +
      `At most ${INTEGRATIONS_PER_STORE_CAP} unrevoked integrations per store (422 \`limit_exceeded\`).`,
    request: { params: storeParams, ...jsonBody(createIntegrationBody) },
    responses: { 201: jsonResponse(integrationWithValueSchema, "The integration and its raw key"), ...errorResponses(400, 404, 409) },
  }),
);

const listIntegrationsRoute = createRoute({
  method: "get",
  path: "/stores/{store_id}/integrations",
  operationId: "listIntegrations",
  tags,
  summary: "The store's integrations, newest first (revoked ones are gone)",
  ...requires("integrations.read"),
  request: { params: storeParams, query: z.object(paginationQuery) },
  responses: { 200: jsonResponse(pageSchema(integrationSchema), "Integrations"), ...errorResponses(404) },
});

const getIntegrationRoute = createRoute({
  method: "get",
  path: "/stores/{store_id}/integrations/{integration_id}",
  operationId: "getIntegration",
  tags,
  summary: "One integration",
  ...requires("integrations.read"),
  request: { params: integrationParams },
  responses: { 200: jsonResponse(integrationSchema, "The integration"), ...errorResponses(404) },
});

const updateIntegrationRoute = createRoute({
  method: "patch",
  path: "/stores/{store_id}/integrations/{integration_id}",
  operationId: "updateIntegration",
  tags,
  summary: "Rename or describe an integration (scopes never change: make a new one)",
  ...requires("integrations.manage"),
  request: { params: integrationParams, ...jsonBody(updateIntegrationBody) },
  responses: { 200: jsonResponse(integrationSchema, "The integration"), ...errorResponses(400, 404) },
});

const rotateIntegrationRoute = createRoute(
  refusesIdempotency({
    method: "post",
    path: "/stores/{store_id}/integrations/{integration_id}/rotate",
    operationId: "rotateIntegration",
    tags,
    summary: "New key value; the current one keeps working for `previous_expires_in` seconds (default 0)",
    ...requires("integrations.manage"),
    description:
      "The new value works at once; the current one until `previous_expires_at` " +
      "(now + `previous_expires_in`, 0..604800 seconds; 0: 401 from the next request). Only one previous value is kept: " +
      "rotating again ends it at once. Clears `rotation_recommended`. 409 when another rotation won meanwhile. " +
      "The caller must hold every bit of the integration's scope (422 `scope_exceeds_permissions` naming the others; " +
      "no value is made and the current one keeps working).",
    request: { params: integrationParams, body: { required: false, content: { "application/json": { schema: rotateIntegrationBody } } } },
    responses: { 200: jsonResponse(integrationWithValueSchema, "The integration and its new raw key"), ...errorResponses(400, 404, 409) },
  }),
);

const deleteIntegrationRoute = createRoute({
  method: "delete",
  path: "/stores/{store_id}/integrations/{integration_id}",
  operationId: "deleteIntegration",
  tags,
  summary: "Revoke an integration: every value of its key is 401 from the next request",
  ...requires("integrations.manage"),
  request: { params: integrationParams },
  responses: { 204: { description: "Revoked" }, ...errorResponses(404) },
});

export function registerIntegrationRoutes(app: App) {
  app.openapi(createIntegrationRoute, async (c) => {
    const created = await createIntegration(storeCtxOf(c), c.req.valid("json"));
    return c.json(created, 201, { Location: `/stores/${created.store_id}/integrations/${created.id}` });
  });
  app.openapi(listIntegrationsRoute, async (c) => {
    const page = c.req.valid("query");
    const { data, total } = await listIntegrations(storeCtxOf(c), page);
    return c.json(paginated(data, page, total), 200);
  });
  app.openapi(getIntegrationRoute, async (c) => c.json(await getIntegration(storeCtxOf(c), c.req.valid("param").integration_id), 200));
  app.openapi(updateIntegrationRoute, async (c) =>
    c.json(await updateIntegration(storeCtxOf(c), c.req.valid("param").integration_id, c.req.valid("json")), 200),
  );
  app.openapi(rotateIntegrationRoute, async (c) =>
    c.json(await rotateIntegration(storeCtxOf(c), c.req.valid("param").integration_id, c.req.valid("json") ?? {}), 200),
  );
  app.openapi(deleteIntegrationRoute, async (c) => {
    await revokeIntegration(storeCtxOf(c), c.req.valid("param").integration_id);
    return c.body(null, 204);
  });
}
