// /stores/{store_id}/customers: create, list, read, update.
import { createRoute, z } from "@hono/zod-openapi";
import { storeCtxOf } from "../lib/context";
import { cursorPageSchema, walkOf } from "../lib/cursor";
import { type App, errorResponses, idempotent, jsonBody, jsonResponse } from "../lib/route";
import { requires } from "../access/requires";
import { createCustomer, getCustomer, listCustomers, updateCustomer } from "./customers.service";
import { createCustomerBody, customerListQuery, customerSchema, updateCustomerBody } from "./schemas";

const storeParams = z.object({ store_id: z.string() });
const customerParams = storeParams.extend({ id: z.string() });
const tags = ["Customers"];

const createCustomerRoute = createRoute(
  idempotent({
    method: "post",
    path: "/stores/{store_id}/customers",
    operationId: "createCustomer",
    tags,
    summary: "Create a customer (emits customers.created)",
    ...requires("customers.write"),
    request: { params: storeParams, ...jsonBody(createCustomerBody) },
    responses: { 201: jsonResponse(customerSchema, "The customer"), ...errorResponses(400, 404, 409) },
  }),
);

const listCustomersRoute = createRoute({
  method: "get",
  path: "/stores/{store_id}/customers",
  operationId: "listCustomers",
  tags,
  summary: "Customers, newest first (with updated_since: a change feed, oldest change first); filter `email`, or `search` by part of the email, name or phone",
  ...requires("customers.read"),
  request: { params: storeParams, query: customerListQuery },
  responses: { 200: jsonResponse(cursorPageSchema(customerSchema), "Customers"), ...errorResponses(404) },
});

const getCustomerRoute = createRoute({
  method: "get",
  path: "/stores/{store_id}/customers/{id}",
  operationId: "getCustomer",
  tags,
  summary: "One customer",
  ...requires("customers.read"),
  request: { params: customerParams },
  responses: { 200: jsonResponse(customerSchema, "The customer"), ...errorResponses(404) },
});

const updateCustomerRoute = createRoute({
  method: "patch",
  path: "/stores/{store_id}/customers/{id}",
  operationId: "updateCustomer",
  tags,
  summary: "Edit a customer (emits customers.updated)",
  ...requires("customers.write"),
  request: { params: customerParams, ...jsonBody(updateCustomerBody) },
  responses: { 200: jsonResponse(customerSchema, "The updated customer"), ...errorResponses(400, 404, 409) },
});

export function registerCustomerRoutes(app: App) {
  app.openapi(createCustomerRoute, async (c) => {
    const customer = await createCustomer(storeCtxOf(c), c.req.valid("json"));
    return c.json(customer, 201, { Location: `/stores/${c.req.valid("param").store_id}/customers/${customer.id}` });
  });
  app.openapi(listCustomersRoute, async (c) => {
    const { limit, offset, cursor, updated_since, ...filter } = c.req.valid("query");
    const walk = walkOf("customers", { limit, offset, cursor, updated_since }, c.req.query("offset"));
    return c.json(await listCustomers(storeCtxOf(c), walk, filter), 200);
  });
  app.openapi(getCustomerRoute, async (c) => c.json(await getCustomer(storeCtxOf(c), c.req.valid("param").id), 200));
  app.openapi(updateCustomerRoute, async (c) => c.json(await updateCustomer(storeCtxOf(c), c.req.valid("param").id, c.req.valid("json")), 200));
}
