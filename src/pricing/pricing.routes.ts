// /stores/{store_id}/customer-groups, /price-lists, /prices/resolve and /prices/history (docs/api/24-prices.md).
import { createRoute, z } from "@hono/zod-openapi";
import { storeCtxOf, storeReadCtxOf } from "../lib/context";
import { cursorPageSchema, walkOf } from "../lib/cursor";
import { type App, errorResponses, idempotent, jsonBody, jsonResponse } from "../lib/route";
import { requires, requiresWithBatchedRead } from "../access/requires";
import { changeMembers, createGroup, deleteGroup, getGroup, listGroups, updateGroup } from "./groups.service";
import { createPriceList, deletePriceList, getPriceList, listPriceLists, updatePriceList } from "./price-lists.service";
import { bulkPrices, listPrices } from "./prices.service";
import { resolvePrices } from "./resolve.service";
import { listPriceHistory } from "./history.service";
import {
  bulkPricesBody,
  bulkPricesResult,
  createCustomerGroupBody,
  createPriceListBody,
  customerGroupSchema,
  groupListQuery,
  groupMembersBody,
  historyQuery,
  priceHistorySchema,
  priceListQuery,
  priceListSchema,
  priceQuery,
  priceSchema,
  resolveBody,
  resolvedPriceSchema,
  updateCustomerGroupBody,
  updatePriceListBody,
} from "./schemas";

const storeParams = z.object({ store_id: z.string() });
const idParams = storeParams.extend({ id: z.string() });
const groupTags = ["Customer groups"];
const priceTags = ["Prices"];

const createGroupRoute = createRoute(
  idempotent({
    method: "post",
    path: "/stores/{store_id}/customer-groups",
    operationId: "createCustomerGroup",
    tags: groupTags,
    summary: "Create a customer group (emits customer_groups.created)",
    description: "`code` is unique in the store case-insensitively (409). A store has at most 100 groups (422 `limit_exceeded`).",
    ...requires("customers.write"),
    request: { params: storeParams, ...jsonBody(createCustomerGroupBody) },
    responses: { 201: jsonResponse(customerGroupSchema, "The group"), ...errorResponses(400, 404, 409) },
  }),
);
const listGroupsRoute = createRoute({
  method: "get",
  path: "/stores/{store_id}/customer-groups",
  operationId: "listCustomerGroups",
  tags: groupTags,
  summary: "Customer groups, newest first",
  ...requires("customers.read"),
  request: { params: storeParams, query: groupListQuery },
  responses: { 200: jsonResponse(cursorPageSchema(customerGroupSchema), "Groups"), ...errorResponses(404) },
});
const getGroupRoute = createRoute({
  method: "get",
  path: "/stores/{store_id}/customer-groups/{id}",
  operationId: "getCustomerGroup",
  tags: groupTags,
  summary: "One customer group",
  ...requires("customers.read"),
  request: { params: idParams },
  responses: { 200: jsonResponse(customerGroupSchema, "The group"), ...errorResponses(404) },
});
const updateGroupRoute = createRoute({
  method: "patch",
  path: "/stores/{store_id}/customer-groups/{id}",
  operationId: "updateCustomerGroup",
  tags: groupTags,
  summary: "Rename a customer group or change its code (emits customer_groups.updated)",
  ...requires("customers.write"),
  request: { params: idParams, ...jsonBody(updateCustomerGroupBody) },
  responses: { 200: jsonResponse(customerGroupSchema, "The group"), ...errorResponses(400, 404, 409) },
});
const deleteGroupRoute = createRoute({
  method: "delete",
  path: "/stores/{store_id}/customer-groups/{id}",
  operationId: "deleteCustomerGroup",
  tags: groupTags,
  summary: "Delete a customer group (emits customer_groups.deleted)",
  description: "409 `conflict` while a price list names the group: deleting it would widen that list's prices to every buyer.",
  ...requires("customers.write"),
  request: { params: idParams },
  responses: { 204: { description: "Deleted" }, ...errorResponses(404, 409) },
});
const membersRoute = createRoute({
  method: "post",
  path: "/stores/{store_id}/customer-groups/{id}/customers",
  operationId: "changeCustomerGroupMembers",
  tags: groupTags,
  summary: "Add customers to the group and remove others (each changed customer emits customers.updated)",
  description:
    "1..1,000 ids in `add` and `remove` together. An id that is not a customer of this store: 422 naming it (`add.<i>` / `remove.<i>`), and nothing changes.",
  ...requires("customers.write"),
  request: { params: idParams, ...jsonBody(groupMembersBody) },
  responses: { 200: jsonResponse(customerGroupSchema, "The group"), ...errorResponses(400, 404) },
});

const createListRoute = createRoute(
  idempotent({
    method: "post",
    path: "/stores/{store_id}/price-lists",
    operationId: "createPriceList",
    tags: priceTags,
    summary: "Create a price list (emits price_lists.created)",
    description:
      "`currency` is an active ISO 4217 code, fixed at creation; `countries` ISO 3166-1 alpha-2 codes (empty: every country); `customer_group_ids` this store's groups (empty: every buyer); " +
      "`starts_at` < `ends_at`, half-open. Defaults: `draft`, priority 0, `[]`, `[]`. `code` unique per store (409); at most 100 lists (422 `limit_exceeded`).",
    ...requires("pricing.write"),
    request: { params: storeParams, ...jsonBody(createPriceListBody) },
    responses: { 201: jsonResponse(priceListSchema, "The price list"), ...errorResponses(400, 404, 409) },
  }),
);
const listListsRoute = createRoute({
  method: "get",
  path: "/stores/{store_id}/price-lists",
  operationId: "listPriceLists",
  tags: priceTags,
  summary: "Price lists, newest first (filters `status`, `currency`)",
  ...requires("pricing.read"),
  request: { params: storeParams, query: priceListQuery },
  responses: { 200: jsonResponse(cursorPageSchema(priceListSchema), "Price lists"), ...errorResponses(404) },
});
const getListRoute = createRoute({
  method: "get",
  path: "/stores/{store_id}/price-lists/{id}",
  operationId: "getPriceList",
  tags: priceTags,
  summary: "One price list",
  ...requires("pricing.read"),
  request: { params: idParams },
  responses: { 200: jsonResponse(priceListSchema, "The price list"), ...errorResponses(404) },
});
const updateListRoute = createRoute({
  method: "patch",
  path: "/stores/{store_id}/price-lists/{id}",
  operationId: "updatePriceList",
  tags: priceTags,
  summary: "Change a price list (emits price_lists.updated)",
  description: "Any field but `currency` (422: fixed at creation). A PATCH that changes nothing changes nothing (no event).",
  ...requires("pricing.write"),
  request: { params: idParams, ...jsonBody(updatePriceListBody) },
  responses: { 200: jsonResponse(priceListSchema, "The price list"), ...errorResponses(400, 404, 409) },
});
const deleteListRoute = createRoute({
  method: "delete",
  path: "/stores/{store_id}/price-lists/{id}",
  operationId: "deletePriceList",
  tags: priceTags,
  summary: "Delete a price list and its prices (emits price_lists.deleted; the price history stays)",
  ...requires("pricing.write"),
  request: { params: idParams },
  responses: { 204: { description: "Deleted" }, ...errorResponses(404) },
});
const listPricesRoute = createRoute({
  method: "get",
  path: "/stores/{store_id}/price-lists/{id}/prices",
  operationId: "listPriceListPrices",
  tags: priceTags,
  summary: "A price list's prices, by variant then min_quantity (filters `variant_id`, `product_id`, `sku`)",
  ...requires("pricing.read"),
  request: { params: idParams, query: priceQuery },
  responses: { 200: jsonResponse(cursorPageSchema(priceSchema), "Prices"), ...errorResponses(404) },
});
const bulkPricesRoute = createRoute(
  idempotent({
    method: "post",
    path: "/stores/{store_id}/price-lists/{id}/prices/bulk",
    operationId: "bulkPriceListPrices",
    tags: priceTags,
    summary: "Upsert and delete prices, all or nothing (emits prices.updated once when something changed)",
    description:
      "1..250 items in `upsert` and `delete` together. Upsert items are keyed by (variant, `min_quantity`, default 1). An unknown variant or SKU, a key named twice (the later item), a compare-at not above the price: 422 at `upsert.<i>.<field>` / `delete.<i>.<field>` for every bad item, and nothing changes. " +
      "At most 10 quantity tiers per variant in a list (422 `limit_exceeded`). Values already stored change nothing (no event, no history row); the answer counts what changed.",
    ...requires("pricing.write"),
    request: { params: idParams, ...jsonBody(bulkPricesBody) },
    responses: { 200: jsonResponse(bulkPricesResult, "What changed"), ...errorResponses(400, 404) },
  }),
);
const resolveRoute = createRoute({
  method: "post",
  path: "/stores/{store_id}/prices/resolve",
  operationId: "resolvePrices",
  tags: priceTags,
  summary: "The price that applies in a context, and where it comes from",
  description:
    "Candidates: active lists in `currency` whose schedule holds `at` (default now), whose countries are empty or hold `country`, and whose groups are empty or share one with the customer. " +
    "In a list, the tier with the greatest `min_quantity` <= `quantity`; across lists, the highest priority, then the lowest price, then the smallest list id; none: the base price when `currency` is the store's, else no price (`price_cents` and `source` null). " +
    "Naming `customer_id` also needs `customers.read` (403 naming it). An unknown variant: 422 at `items.<i>`.",
  ...requiresWithBatchedRead("pricing.read"),
  request: { params: storeParams, ...jsonBody(resolveBody) },
  responses: {
    200: jsonResponse(z.object({ data: z.array(resolvedPriceSchema) }).openapi("ResolvedPrices"), "One entry per item, in the order asked"),
    ...errorResponses(400, 404),
  },
});
const historyRoute = createRoute({
  method: "get",
  path: "/stores/{store_id}/prices/history",
  operationId: "listPriceHistory",
  tags: priceTags,
  summary: "Every price change (list and base prices), newest first (filters `variant_id`, `price_list_id`, `since`, `until`)",
  ...requires("pricing.read"),
  request: { params: storeParams, query: historyQuery },
  responses: { 200: jsonResponse(cursorPageSchema(priceHistorySchema), "Price changes"), ...errorResponses(404) },
});

export function registerPricingRoutes(app: App) {
  const location = (storeId: string, what: string, id: string) => ({ Location: `/stores/${storeId}/${what}/${id}` });
  app.openapi(createGroupRoute, async (c) => {
    const group = await createGroup(storeCtxOf(c), c.req.valid("json"));
    return c.json(group, 201, location(c.req.valid("param").store_id, "customer-groups", group.id));
  });
  app.openapi(listGroupsRoute, async (c) => {
    const { limit, offset, cursor, updated_since } = c.req.valid("query");
    return c.json(await listGroups(storeCtxOf(c), walkOf("customer-groups", { limit, offset, cursor, updated_since }, c.req.query("offset"))), 200);
  });
  app.openapi(getGroupRoute, async (c) => c.json(await getGroup(storeCtxOf(c), c.req.valid("param").id), 200));
  app.openapi(updateGroupRoute, async (c) => c.json(await updateGroup(storeCtxOf(c), c.req.valid("param").id, c.req.valid("json")), 200));
  app.openapi(deleteGroupRoute, async (c) => {
    await deleteGroup(storeCtxOf(c), c.req.valid("param").id);
    return c.body(null, 204);
  });
  app.openapi(membersRoute, async (c) => c.json(await changeMembers(storeCtxOf(c), c.req.valid("param").id, c.req.valid("json")), 200));

  app.openapi(createListRoute, async (c) => {
    const list = await createPriceList(storeCtxOf(c), c.req.valid("json"));
    return c.json(list, 201, location(c.req.valid("param").store_id, "price-lists", list.id));
  });
  app.openapi(listListsRoute, async (c) => {
    const { limit, offset, cursor, updated_since, ...filter } = c.req.valid("query");
    const walk = walkOf("price-lists", { limit, offset, cursor, updated_since }, c.req.query("offset"));
    return c.json(await listPriceLists(storeCtxOf(c), walk, filter), 200);
  });
  app.openapi(getListRoute, async (c) => c.json(await getPriceList(storeCtxOf(c), c.req.valid("param").id), 200));
  app.openapi(updateListRoute, async (c) => c.json(await updatePriceList(storeCtxOf(c), c.req.valid("param").id, c.req.valid("json")), 200));
  app.openapi(deleteListRoute, async (c) => {
    await deletePriceList(storeCtxOf(c), c.req.valid("param").id);
    return c.body(null, 204);
  });
  app.openapi(listPricesRoute, async (c) => {
    const { limit, offset, cursor, ...filter } = c.req.valid("query");
    const walk = walkOf(`prices:${c.req.valid("param").id}`, { limit, offset, cursor }, c.req.query("offset"), true, "text");
    return c.json(await listPrices(storeCtxOf(c), c.req.valid("param").id, walk, filter), 200);
  });
  app.openapi(bulkPricesRoute, async (c) => c.json(await bulkPrices(storeCtxOf(c), c.req.valid("param").id, c.req.valid("json")), 200));
  app.openapi(resolveRoute, async (c) => c.json(await resolvePrices(storeReadCtxOf(c), () => c.get("store").permissions, c.req.valid("json")), 200));
  app.openapi(historyRoute, async (c) => {
    const { limit, offset, cursor, ...filter } = c.req.valid("query");
    const walk = walkOf("price-history", { limit, offset, cursor }, c.req.query("offset"), false);
    return c.json(await listPriceHistory(storeCtxOf(c), walk, filter), 200);
  });
}
