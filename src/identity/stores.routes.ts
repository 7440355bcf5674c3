// POST /stores, GET /stores, GET and PATCH /stores/{store_id}.
import { createRoute, z } from "@hono/zod-openapi";
import { ctxOf, storeCtxOf } from "../lib/context";
import { pageSchema, paginated, paginationQuery } from "../lib/pagination";
import { type App, errorResponses, idempotent, jsonBody, jsonResponse } from "../lib/route";
import { requires } from "../access/requires";
import { createStoreBody, storeMembershipSchema, storeSettingsSchema, updateStoreBody } from "./schemas";
import { createStore, getStore, listStores, updateStore } from "./stores.service";

const createStoreRoute = createRoute(
  idempotent({
    method: "post",
    path: "/stores",
    operationId: "createStore",
    tags: ["Stores"],
    summary: "Create a store; the caller becomes its owner",
    ...requires("session"),
    request: jsonBody(createStoreBody),
    responses: { 201: jsonResponse(storeMembershipSchema, "The new store"), ...errorResponses(400) },
  }),
);

const listStoresRoute = createRoute({
  method: "get",
  path: "/stores",
  operationId: "listStores",
  tags: ["Stores"],
  summary: "Stores the caller belongs to",
  ...requires("session"),
  request: { query: z.object(paginationQuery) },
  responses: { 200: jsonResponse(pageSchema(storeMembershipSchema), "The caller's stores"), ...errorResponses() },
});

const getStoreRoute = createRoute({
  method: "get",
  path: "/stores/{store_id}",
  operationId: "getStore",
  tags: ["Stores"],
  summary: "One store, with its currency and time zone",
  ...requires("member"),
  request: { params: z.object({ store_id: z.string() }) },
  responses: { 200: jsonResponse(storeSettingsSchema, "The store"), ...errorResponses(404) },
});

const updateStoreRoute = createRoute({
  method: "patch",
  path: "/stores/{store_id}",
  operationId: "updateStore",
  tags: ["Stores"],
  summary: "Change the store's name, currency (ISO 4217) or time zone (IANA)",
  ...requires("store.manage"),
  request: { params: z.object({ store_id: z.string() }), ...jsonBody(updateStoreBody) },
  responses: { 200: jsonResponse(storeSettingsSchema, "The updated store"), ...errorResponses(400, 404) },
});

export function registerStoreRoutes(app: App) {
  app.openapi(createStoreRoute, async (c) => {
    const ctx = ctxOf(c);
    const store = await createStore(ctx, c.req.valid("json"), c.req.raw.cf as IncomingRequestCfProperties | undefined);
    return c.json(store, 201, { Location: `/stores/${store.id}` });
  });
  app.openapi(listStoresRoute, async (c) => {
    const ctx = ctxOf(c);
    const page = c.req.valid("query");
    const { data, total } = await listStores(ctx, page);
    return c.json(paginated(data, page, total), 200);
  });
  app.openapi(getStoreRoute, async (c) => c.json(await getStore(storeCtxOf(c)), 200));
  app.openapi(updateStoreRoute, async (c) => c.json(await updateStore(storeCtxOf(c), c.req.valid("json")), 200));
}
