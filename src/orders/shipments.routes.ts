// Shipments (docs/api/25-shipments.md): ship some or all of a paid order's remaining units, list and read them.
import { createRoute, z } from "@hono/zod-openapi";
import { storeCtxOf } from "../lib/context";
import { cursorPageSchema, walkOf } from "../lib/cursor";
import { type App, errorResponses, idempotent, jsonBody, jsonResponse } from "../lib/route";
import { requires } from "../access/requires";
import { createShipmentBody, shipmentListQuery, shipmentSchema, updateShipmentBody } from "./shipment-schemas";
import { cancelShipment, createShipment, getShipment, listShipments, updateShipment } from "./shipments.service";

const storeParams = z.object({ store_id: z.string() });
const orderParams = storeParams.extend({ id: z.string() });
const tags = ["Shipments"];

const createShipmentRoute = createRoute(
  idempotent({
    method: "post",
    path: "/stores/{store_id}/orders/{id}/shipments",
    operationId: "createShipment",
    tags,
    summary:
      "Ship some or all of a paid order's remaining units (409 unless paid; 422 at items.<i> for more than is left or another order's line; " +
      "409 for units not committed at location_id or a taken external_id); their stock leaves the locations that committed it; emits shipments.created",
    ...requires("fulfillments.write"),
    request: { params: orderParams, ...jsonBody(createShipmentBody) },
    responses: { 201: jsonResponse(shipmentSchema, "The shipment"), ...errorResponses(400, 404, 409) },
  }),
);

const listShipmentsRoute = createRoute({
  method: "get",
  path: "/stores/{store_id}/shipments",
  operationId: "listShipments",
  tags,
  summary: "Shipments, newest first (with updated_since: a change feed, oldest change first); filters `order_id`, `status`",
  ...requires("orders.read"),
  request: { params: storeParams, query: shipmentListQuery },
  responses: { 200: jsonResponse(cursorPageSchema(shipmentSchema), "Shipments"), ...errorResponses(404) },
});

const getShipmentRoute = createRoute({
  method: "get",
  path: "/stores/{store_id}/shipments/{id}",
  operationId: "getShipment",
  tags,
  summary: "One shipment",
  ...requires("orders.read"),
  request: { params: orderParams },
  responses: { 200: jsonResponse(shipmentSchema, "The shipment"), ...errorResponses(404) },
});

const updateShipmentRoute = createRoute({
  method: "patch",
  path: "/stores/{store_id}/shipments/{id}",
  operationId: "updateShipment",
  tags,
  summary:
    "Replace the tracking, or mark delivered (from shipped only; 409 for a canceled shipment); a PATCH changing nothing changes nothing; emits shipments.updated",
  ...requires("fulfillments.write"),
  request: { params: orderParams, ...jsonBody(updateShipmentBody) },
  responses: { 200: jsonResponse(shipmentSchema, "The shipment"), ...errorResponses(400, 404, 409) },
});

const cancelShipmentRoute = createRoute(
  idempotent({
    method: "post",
    path: "/stores/{store_id}/shipments/{id}/cancel",
    operationId: "cancelShipment",
    tags,
    summary:
      "Cancel a shipped shipment (409 for delivered or canceled, and once the order has any return): its units are to ship again, on_hand and committed rise back where they left, " +
      "a fulfilled order goes back to paid; emits shipments.canceled",
    ...requires("fulfillments.write"),
    request: { params: orderParams },
    responses: { 200: jsonResponse(shipmentSchema, "The canceled shipment"), ...errorResponses(404, 409) },
  }),
);

export function registerShipmentRoutes(app: App) {
  app.openapi(createShipmentRoute, async (c) => {
    const { store_id, id } = c.req.valid("param");
    const shipment = await createShipment(storeCtxOf(c), id, c.req.valid("json"));
    return c.json(shipment, 201, { Location: `/stores/${store_id}/shipments/${shipment.id}` });
  });
  app.openapi(listShipmentsRoute, async (c) => {
    const { limit, offset, cursor, updated_since, ...filter } = c.req.valid("query");
    const walk = walkOf("shipments", { limit, offset, cursor, updated_since }, c.req.query("offset"));
    return c.json(await listShipments(storeCtxOf(c), walk, filter), 200);
  });
  app.openapi(getShipmentRoute, async (c) => c.json(await getShipment(storeCtxOf(c), c.req.valid("param").id), 200));
  app.openapi(updateShipmentRoute, async (c) => c.json(await updateShipment(storeCtxOf(c), c.req.valid("param").id, c.req.valid("json")), 200));
  app.openapi(cancelShipmentRoute, async (c) => c.json(await cancelShipment(storeCtxOf(c), c.req.valid("param").id), 200));
}
