// /stores/{store_id}/locations: the places a store holds stock (docs/inventory.md "Locations"). Reading needs
// inventory.read; creating, changing and deleting them is a store setting (store.manage).
import { createRoute, z } from "@hono/zod-openapi";
import { storeCtxOf } from "../lib/context";
import { pageSchema, paginated, paginationQuery } from "../lib/pagination";
import { type App, errorResponses, idempotent, jsonBody, jsonResponse } from "../lib/route";
import { requires } from "../access/requires";
import { storeParams } from "../products/schemas";
import { createLocation, deleteLocation, getLocation, listLocations, updateLocation } from "./locations.service";
import { createLocationBody, locationParams, locationSchema, updateLocationBody } from "./schemas";

const tags = ["Locations"];
const base = "/stores/{store_id}/locations";
const one = `${base}/{id}`;

const listRoute = createRoute({
  method: "get",
  path: base,
  tags,
  operationId: "listLocations",
  summary: "Every location, by position (at most 50: limit=100 returns them all)",
  ...requires("inventory.read"),
  request: { params: storeParams, query: z.object(paginationQuery) },
  responses: { 200: jsonResponse(pageSchema(locationSchema), "A page of locations"), ...errorResponses(404) },
});
const createLocationRoute = createRoute(
  idempotent({
    method: "post",
    path: base,
    tags,
    operationId: "createLocation",
    summary: "Create a location, last in position order (at most 50 per store: 422 limit_exceeded)",
    ...requires("store.manage"),
    request: { params: storeParams, ...jsonBody(createLocationBody) },
    responses: { 201: jsonResponse(locationSchema, "The new location"), ...errorResponses(400, 404, 409) },
  }),
);
const getRoute = createRoute({
  method: "get",
  path: one,
  tags,
  operationId: "getLocation",
  summary: "One location",
  ...requires("inventory.read"),
  request: { params: locationParams },
  responses: { 200: jsonResponse(locationSchema, "The location"), ...errorResponses(404) },
});
const patchRoute = createRoute({
  method: "patch",
  path: one,
  tags,
  operationId: "updateLocation",
  summary: "Rename, recode, (de)activate, make the default or move a location",
  description: "The default location cannot be made inactive (409); `is_default: true` moves the default flag here; `position` moves it and shifts the others.",
  ...requires("store.manage"),
  request: { params: locationParams, ...jsonBody(updateLocationBody) },
  responses: { 200: jsonResponse(locationSchema, "The updated location"), ...errorResponses(400, 404, 409) },
});
const deleteRoute = createRoute({
  method: "delete",
  path: one,
  tags,
  operationId: "deleteLocation",
  summary: "Delete a location: 409 for the default, or one holding any on_hand or committed",
  ...requires("store.manage"),
  request: { params: locationParams },
  responses: { 204: { description: "Deleted (its levels, all at 0, with it; its ledger entries stay)" }, ...errorResponses(404, 409) },
});

export function registerLocationRoutes(app: App) {
  app.openapi(listRoute, async (c) => {
    const page = c.req.valid("query");
    const { data, total } = await listLocations(storeCtxOf(c), page);
    return c.json(paginated(data, page, total), 200);
  });
  app.openapi(createLocationRoute, async (c) => {
    const location = await createLocation(storeCtxOf(c), c.req.valid("json"));
    return c.json(location, 201, { Location: `/stores/${c.req.valid("param").store_id}/locations/${location.id}` });
  });
  app.openapi(getRoute, async (c) => c.json(await getLocation(storeCtxOf(c), c.req.valid("param").id), 200));
  app.openapi(patchRoute, async (c) => c.json(await updateLocation(storeCtxOf(c), c.req.valid("param").id, c.req.valid("json")), 200));
  app.openapi(deleteRoute, async (c) => {
    await deleteLocation(storeCtxOf(c), c.req.valid("param").id);
    return c.body(null, 204);
  });
}
