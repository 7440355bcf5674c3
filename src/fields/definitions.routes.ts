// /stores/{store_id}/field-definitions: the store's custom fields (docs/api/21-custom-fields.md). Any credential of the store
// reads them (a form needs them to show its fields); creating, changing and deleting them is a store setting
// (store.manage).
import { createRoute } from "@hono/zod-openapi";
import { storeCtxOf } from "../lib/context";
import { pageSchema, paginated } from "../lib/pagination";
import { type App, errorResponses, idempotent, jsonBody, jsonResponse } from "../lib/route";
import { requires } from "../access/requires";
import { createDefinition, deleteDefinition, getDefinition, listDefinitions, updateDefinition } from "./definitions.service";
import { createDefinitionBody, definitionListQuery, definitionParams, fieldDefinitionSchema, updateDefinitionBody } from "./schemas";
import { z } from "@hono/zod-openapi";

const tags = ["Custom fields"];
const base = "/stores/{store_id}/field-definitions";
const one = `${base}/{id}`;
const storeParams = z.object({ store_id: z.string() });

const listRoute = createRoute({
  method: "get",
  path: base,
  tags,
  operationId: "listFieldDefinitions",
  summary: "The store's field definitions, oldest first; `owner` narrows to one owner's",
  ...requires("member"),
  request: { params: storeParams, query: definitionListQuery },
  responses: { 200: jsonResponse(pageSchema(fieldDefinitionSchema), "A page of field definitions"), ...errorResponses(404) },
});
const createRouteDef = createRoute(
  idempotent({
    method: "post",
    path: base,
    tags,
    operationId: "createFieldDefinition",
    summary: "Define a field of products, variants, collections, customers or orders",
    description:
      "The key is unique per (store, owner) (409). At most 200 definitions per owner, 20 of them filterable " +
      "(422 `limit_exceeded`). Validations must fit the type (422 at `validations.<name>`).",
    ...requires("store.manage"),
    request: { params: storeParams, ...jsonBody(createDefinitionBody) },
    responses: { 201: jsonResponse(fieldDefinitionSchema, "The new definition"), ...errorResponses(400, 404, 409) },
  }),
);
const getRoute = createRoute({
  method: "get",
  path: one,
  tags,
  operationId: "getFieldDefinition",
  summary: "One field definition",
  ...requires("member"),
  request: { params: definitionParams },
  responses: { 200: jsonResponse(fieldDefinitionSchema, "The definition"), ...errorResponses(404) },
});
const patchRoute = createRoute({
  method: "patch",
  path: one,
  tags,
  operationId: "updateFieldDefinition",
  summary: "Rename, describe, change validations (later writes only) or (un)make filterable",
  description:
    "owner, key and type never change (422). `filterable: true` indexes the values already stored (at most 20 " +
    "filterable per owner: 422 `limit_exceeded`), in short steps on a large store; if the request is interrupted, the field's list " +
    "filter is 422 until `filterable: true` is sent again, which finishes it. `false` drops them from the index. 409 while the " +
    "definition is being deleted.",
  ...requires("store.manage"),
  request: { params: definitionParams, ...jsonBody(updateDefinitionBody) },
  responses: { 200: jsonResponse(fieldDefinitionSchema, "The updated definition"), ...errorResponses(400, 404, 409) },
});
const deleteRoute = createRoute({
  method: "delete",
  path: one,
  tags,
  operationId: "deleteFieldDefinition",
  summary: "Delete a field: its values are removed from every resource, without events",
  description:
    "The values go in short steps on a large store; if the request is interrupted, the definition stays " +
    "(some values already gone; it takes no values, its filter is 422, PATCH is 409) until DELETE is sent again, which finishes it.",
  ...requires("store.manage"),
  request: { params: definitionParams },
  responses: { 204: { description: "Deleted, with its values; a later definition with the same key starts empty" }, ...errorResponses(404) },
});

export function registerFieldDefinitionRoutes(app: App) {
  app.openapi(listRoute, async (c) => {
    const { owner, ...page } = c.req.valid("query");
    const { data, total } = await listDefinitions(storeCtxOf(c), page, owner);
    return c.json(paginated(data, page, total), 200);
  });
  app.openapi(createRouteDef, async (c) => {
    const definition = await createDefinition(storeCtxOf(c), c.req.valid("json"));
    return c.json(definition, 201, { Location: `/stores/${c.req.valid("param").store_id}/field-definitions/${definition.id}` });
  });
  app.openapi(getRoute, async (c) => c.json(await getDefinition(storeCtxOf(c), c.req.valid("param").id), 200));
  app.openapi(patchRoute, async (c) => c.json(await updateDefinition(storeCtxOf(c), c.req.valid("param").id, c.req.valid("json")), 200));
  app.openapi(deleteRoute, async (c) => {
    await deleteDefinition(storeCtxOf(c), c.req.valid("param").id);
    return c.body(null, 204);
  });
}
