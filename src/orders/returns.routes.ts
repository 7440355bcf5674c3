// Returns (docs/api/25-shipments.md "Returns"): record shipped units that came back, restocked or not; list an order's returns.
import { createRoute, z } from "@hono/zod-openapi";
import { storeCtxOf } from "../lib/context";
import { cursorPageSchema, walkOf } from "../lib/cursor";
import { type App, errorResponses, idempotent, jsonBody, jsonResponse } from "../lib/route";
import { requires } from "../access/requires";
import { createReturnBody, returnListQuery, returnSchema } from "./return-schemas";
import { createReturn, listReturns } from "./returns.service";

const orderParams = z.object({ store_id: z.string(), id: z.string() });
const tags = ["Shipments"];

const createReturnRoute = createRoute(
  idempotent({
    method: "post",
    path: "/stores/{store_id}/orders/{id}/returns",
    operationId: "createReturn",
    tags,
    summary:
      "Record a return of shipped units (422 at items.<i>.quantity for more than a line shipped and has not had returned, or a restock past a level's maximum on_hand); " +
      "restock true raises on_hand at location_id (default: the default location), restock false moves no stock; moves no money; emits returns.created",
    ...requires("fulfillments.write"),
    request: { params: orderParams, ...jsonBody(createReturnBody) },
    responses: { 201: jsonResponse(returnSchema, "The return"), ...errorResponses(400, 404, 409) },
  }),
);

const listReturnsRoute = createRoute({
  method: "get",
  path: "/stores/{store_id}/orders/{id}/returns",
  operationId: "listReturns",
  tags,
  summary: "The order's returns, newest first",
  ...requires("orders.read"),
  request: { params: orderParams, query: returnListQuery },
  responses: { 200: jsonResponse(cursorPageSchema(returnSchema), "Returns"), ...errorResponses(404) },
});

export function registerReturnRoutes(app: App) {
  app.openapi(createReturnRoute, async (c) => c.json(await createReturn(storeCtxOf(c), c.req.valid("param").id, c.req.valid("json")), 201));
  app.openapi(listReturnsRoute, async (c) => {
    const { limit, offset, cursor } = c.req.valid("query");
    const walk = walkOf("returns", { limit, offset, cursor }, c.req.query("offset"));
    return c.json(await listReturns(storeCtxOf(c), c.req.valid("param").id, walk), 200);
  });
}
