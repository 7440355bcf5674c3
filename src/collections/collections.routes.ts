// /stores/{store_id}/collections: collections (manual and automatic), a manual collection's members and order,
// and every collection's product list (docs/catalog.md "Collections").
import { createRoute, z } from "@hono/zod-openapi";
import { type AppEnv, storeCtxOf, storeReadCtxOf } from "../lib/context";
import { cursorPageSchema, cursorQuery } from "../lib/cursor";
import { booleanParam, pageSchema, paginated, paginationQuery } from "../lib/pagination";
import { type App, errorResponses, idempotent, jsonBody, jsonResponse } from "../lib/route";
import { requires, requiresWithBatchedRead } from "../access/requires";
import { productFilterQuery, productListItemSchema } from "../products/schemas";
import type { Context } from "hono";
import { createCollection, deleteCollection, getCollection, listCollections, updateCollection } from "./collections.service";
import { addMember, listMembers, removeMember, setMembers } from "./members.service";
import { addMemberBody, collectionParams, collectionSchema, createCollectionBody, memberParams, setMembersBody, updateCollectionBody } from "./schemas";
import { storeParams } from "../products/schemas";

const tags = ["Collections"];
const base = "/stores/{store_id}/collections";
const one = `${base}/{id}`;
const members = `${one}/products`;

const listRoute = createRoute({
  method: "get",
  path: base,
  tags,
  operationId: "listCollections",
  summary: "Collections, newest change first",
  ...requires("products.read"),
  request: { params: storeParams, query: z.object(paginationQuery) },
  responses: { 200: jsonResponse(pageSchema(collectionSchema), "A page of collections"), ...errorResponses(404) },
});
const createCollectionRoute = createRoute(
  idempotent({
    method: "post",
    path: base,
    tags,
    operationId: "createCollection",
    summary: "Create a manual or automatic collection",
    ...requires("products.edit"),
    request: { params: storeParams, ...jsonBody(createCollectionBody) },
    responses: { 201: jsonResponse(collectionSchema, "The new collection"), ...errorResponses(400, 404, 409) },
  }),
);
const getRoute = createRoute({
  method: "get",
  path: one,
  tags,
  operationId: "getCollection",
  summary: "One collection",
  ...requires("products.read"),
  request: { params: collectionParams },
  responses: { 200: jsonResponse(collectionSchema, "The collection"), ...errorResponses(404) },
});
const patchRoute = createRoute({
  method: "patch",
  path: one,
  tags,
  operationId: "updateCollection",
  summary: "Change title, slug, description or (automatic) rules",
  ...requires("products.edit"),
  request: { params: collectionParams, ...jsonBody(updateCollectionBody) },
  responses: { 200: jsonResponse(collectionSchema, "The updated collection"), ...errorResponses(400, 404, 409) },
});
const deleteRoute = createRoute({
  method: "delete",
  path: one,
  tags,
  operationId: "deleteCollection",
  summary: "Delete the collection (its products stay)",
  ...requires("products.edit"),
  request: { params: collectionParams },
  responses: { 204: { description: "Deleted" }, ...errorResponses(404) },
});
const setMembersRoute = createRoute({
  method: "put",
  path: members,
  tags,
  operationId: "setCollectionProducts",
  summary: "A manual collection's products, in order (at most 5,000)",
  ...requires("products.edit"),
  request: { params: collectionParams, ...jsonBody(setMembersBody) },
  responses: { 200: jsonResponse(collectionSchema, "The collection"), ...errorResponses(400, 404, 409) },
});
const addMemberRoute = createRoute(
  idempotent({
    method: "post",
    path: members,
    tags,
    operationId: "addCollectionProduct",
    summary: "Add a product to a manual collection, at a position (from 0; default last)",
    ...requires("products.edit"),
    request: { params: collectionParams, ...jsonBody(addMemberBody) },
    responses: { 200: jsonResponse(collectionSchema, "The collection"), ...errorResponses(400, 404, 409) },
  }),
);
const removeMemberRoute = createRoute({
  method: "delete",
  path: `${members}/{product_id}`,
  tags,
  operationId: "removeCollectionProduct",
  summary: "Remove a product from a manual collection (the product stays)",
  ...requires("products.edit"),
  request: { params: memberParams },
  responses: { 204: { description: "Removed" }, ...errorResponses(404, 409) },
});
const listMembersRoute = createRoute({
  method: "get",
  path: members,
  tags,
  operationId: "listCollectionProducts",
  summary: "The collection's products as the product list returns them: position order (manual) or by sort (automatic)",
  ...requiresWithBatchedRead("products.read"),
  request: {
    params: collectionParams,
    query: z.object({ ...paginationQuery, cursor: cursorQuery.cursor, include_drafts: booleanParam, sort: productFilterQuery.sort }),
  },
  responses: { 200: jsonResponse(cursorPageSchema(productListItemSchema), "A page of products"), ...errorResponses(404) },
});

/** JSON text SQL already serialized (see products.routes.ts). */
const sendJsonText = (c: Context<AppEnv>, json: string) => c.body(json, 200, { "Content-Type": "application/json" }) as never;

export function registerCollectionRoutes(app: App) {
  app.openapi(listRoute, async (c) => {
    const page = c.req.valid("query");
    const { data, total } = await listCollections(storeCtxOf(c), page);
    return c.json(paginated(data, page, total), 200);
  });
  app.openapi(createCollectionRoute, async (c) => {
    const collection = await createCollection(storeCtxOf(c), c.req.valid("json"));
    return c.json(collection, 201, { Location: `/stores/${c.req.valid("param").store_id}/collections/${collection.id}` });
  });
  app.openapi(getRoute, async (c) => c.json(await getCollection(storeCtxOf(c), c.req.valid("param").id), 200));
  app.openapi(patchRoute, async (c) => c.json(await updateCollection(storeCtxOf(c), c.req.valid("param").id, c.req.valid("json")), 200));
  app.openapi(deleteRoute, async (c) => {
    await deleteCollection(storeCtxOf(c), c.req.valid("param").id);
    return c.body(null, 204);
  });
  app.openapi(setMembersRoute, async (c) => c.json(await setMembers(storeCtxOf(c), c.req.valid("param").id, c.req.valid("json").product_ids), 200));
  app.openapi(addMemberRoute, async (c) => c.json(await addMember(storeCtxOf(c), c.req.valid("param").id, c.req.valid("json")), 200));
  app.openapi(removeMemberRoute, async (c) => {
    const { id, product_id } = c.req.valid("param");
    await removeMember(storeCtxOf(c), id, product_id);
    return c.body(null, 204);
  });
  app.openapi(listMembersRoute, async (c) => {
    const result = await listMembers(storeReadCtxOf(c), c.req.valid("param").id, c.req.valid("query"), c.req.query("offset"));
    return sendJsonText(c, result.json);
  });
}
