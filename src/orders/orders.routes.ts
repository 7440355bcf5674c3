// /stores/{store_id}/orders: create, list, read, status transitions, refunds.
import { createRoute, z } from "@hono/zod-openapi";
import { storeCtxOf } from "../lib/context";
import { cursorPageSchema, walkOf } from "../lib/cursor";
import { type App, errorResponses, idempotent, jsonBody, jsonResponse } from "../lib/route";
import { requires } from "../access/requires";
import { createOrder, getOrder, listOrders } from "./orders.service";
import { createOrderBody, orderListQuery, orderSchema, refundBody, transitionBody } from "./schemas";
import { refundOrder, transitionOrder } from "./transitions.service";
import { registerShipmentRoutes } from "./shipments.routes";
import { registerReturnRoutes } from "./returns.routes";

const storeParams = z.object({ store_id: z.string() });
const orderParams = storeParams.extend({ id: z.string() });
const tags = ["Orders"];

const createOrderRoute = createRoute(
  idempotent({
    method: "post",
    path: "/stores/{store_id}/orders",
    operationId: "createOrder",
    tags,
    summary: "Place an order: stock is reserved atomically (409 insufficient_stock changes nothing); emits orders.created",
    ...requires("orders.write"),
    request: { params: storeParams, ...jsonBody(createOrderBody) },
    responses: { 201: jsonResponse(orderSchema, "The order, status pending"), ...errorResponses(400, 404, 409) },
  }),
);

const listOrdersRoute = createRoute({
  method: "get",
  path: "/stores/{store_id}/orders",
  operationId: "listOrders",
  tags,
  summary: "Orders, newest first (with updated_since: a change feed, oldest change first); filters `status`, `customer_id`",
  ...requires("orders.read"),
  request: { params: storeParams, query: orderListQuery },
  responses: { 200: jsonResponse(cursorPageSchema(orderSchema), "Orders"), ...errorResponses(404) },
});

const getOrderRoute = createRoute({
  method: "get",
  path: "/stores/{store_id}/orders/{id}",
  operationId: "getOrder",
  tags,
  summary: "One order",
  ...requires("orders.read"),
  request: { params: orderParams },
  responses: { 200: jsonResponse(orderSchema, "The order"), ...errorResponses(404) },
});

const transitionRoute = createRoute(
  idempotent({
    method: "post",
    path: "/stores/{store_id}/orders/{id}/transitions",
    operationId: "transitionOrder",
    tags,
    summary: "pending → paid → fulfilled; pending or paid → canceled (stock returned); emits orders.updated",
    ...requires("orders.write"),
    request: { params: orderParams, ...jsonBody(transitionBody) },
    responses: { 200: jsonResponse(orderSchema, "The order"), ...errorResponses(400, 404, 409) },
  }),
);

const refundRoute = createRoute(
  idempotent({
    method: "post",
    path: "/stores/{store_id}/orders/{id}/refunds",
    operationId: "refundOrder",
    tags,
    summary: "Refund a paid or fulfilled order (default: the total); emits orders.updated and orders.refunded",
    ...requires("orders.write"),
    request: { params: orderParams, ...jsonBody(refundBody) },
    responses: { 200: jsonResponse(orderSchema, "The refunded order"), ...errorResponses(400, 404, 409) },
  }),
);

export function registerOrderRoutes(app: App) {
  app.openapi(createOrderRoute, async (c) => {
    const order = await createOrder(storeCtxOf(c), c.req.valid("json"));
    return c.json(order, 201, { Location: `/stores/${order.store_id}/orders/${order.id}` });
  });
  app.openapi(listOrdersRoute, async (c) => {
    const { limit, offset, cursor, updated_since, ...filter } = c.req.valid("query");
    const walk = walkOf("orders", { limit, offset, cursor, updated_since }, c.req.query("offset"));
    return c.json(await listOrders(storeCtxOf(c), walk, filter), 200);
  });
  app.openapi(getOrderRoute, async (c) => c.json(await getOrder(storeCtxOf(c), c.req.valid("param").id), 200));
  app.openapi(transitionRoute, async (c) => c.json(await transitionOrder(storeCtxOf(c), c.req.valid("param").id, c.req.valid("json").status), 200));
  app.openapi(refundRoute, async (c) => c.json(await refundOrder(storeCtxOf(c), c.req.valid("param").id, c.req.valid("json")), 200));
  registerShipmentRoutes(app);
  registerReturnRoutes(app);
}
