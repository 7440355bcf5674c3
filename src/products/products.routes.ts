// /stores/{store_id}/products: list, create, read (ETag), update (If-Match), delete, publish, unpublish, specs.
import { createRoute } from "@hono/zod-openapi";
import type { Context } from "hono";
import { isDevelopment } from "../lib/config";
import { type AppEnv, storeCtxOf, storeReadCtxOf } from "../lib/context";
import { cursorPageSchema } from "../lib/cursor";
import { type App, errorResponses, idempotent, jsonBody, jsonResponse } from "../lib/route";
import { requires, requiresWithBatchedRead } from "../access/requires";
import { listProducts } from "./list/list.service";
import { type ProductJson, createProduct, deleteProduct, getProduct, setStatus } from "./products.service";
import {
  createProductBody,
  productListItemSchema,
  productListQuery,
  productParams,
  productReadQuery,
  productSchema,
  putSpecsBody,
  storeParams,
  updateProductBody,
} from "./schemas";
import { putSpecs } from "./specs-reviews.service";
import { updateProduct } from "./update-product";
import { withPriceContext } from "../pricing/product-prices";

const tags = ["Products"];
const etagHeader = { ETag: { schema: { type: "string" as const }, description: "Changes whenever the product or a child changes" } };
const productResponse = (description: string) => ({ ...jsonResponse(productSchema, description), headers: etagHeader });

const listRoute = createRoute({
  method: "get",
  path: "/stores/{store_id}/products",
  operationId: "listProducts",
  tags,
  summary: "List products, newest change first; with updated_since, a change feed (oldest change first, drafts included)",
  description:
    "Filters (status, product_type, brand, tag, collection_id, price range, in_stock, sku, external_id) and sort combine with search and cursors; every one is served by an index (docs/catalog.md). " +
    "Custom fields (docs/api/21-custom-fields.md): `field.<key>=<value>` filters by a filterable product field, or by a filterable variant field (products with a matching variant); " +
    "repeatable across keys (all must match, at most 10 keys); `field.<key>.min` / `field.<key>.max` (inclusive) for integer, decimal, money and date fields. " +
    "Values as in JSON (texts exactly, case-sensitive; booleans true/false; dates YYYY-MM-DD; date-times ISO 8601). A key that is not filterable, or no field's: 422 at `field.<key>`. " +
    "Values are text like every parameter: a control character or a lone surrogate is 422 at the parameter (a multiline_text field's filter also takes tab and line breaks).",
  ...requiresWithBatchedRead("products.read"),
  request: { params: storeParams, query: productListQuery },
  responses: { 200: jsonResponse(cursorPageSchema(productListItemSchema), "A page of products"), ...errorResponses(404) },
});
const createProductRoute = createRoute(
  idempotent({
    method: "post",
    path: "/stores/{store_id}/products",
    operationId: "createProduct",
    tags,
    summary: "Create a product (a single product gets its hidden default variant); status live also needs products.publish",
    ...requires("products.write"),
    request: { params: storeParams, ...jsonBody(createProductBody) },
    responses: { 201: productResponse("The new product"), ...errorResponses(400, 404, 409) },
  }),
);
const getRoute = createRoute({
  method: "get",
  path: "/stores/{store_id}/products/{id}",
  operationId: "getProduct",
  tags,
  summary: "One product with variants (stock, availability), gallery and specs",
  ...requiresWithBatchedRead("products.read"),
  request: { params: productParams, query: productReadQuery },
  responses: { 200: productResponse("The product"), 304: { description: "Not modified (If-None-Match)" }, ...errorResponses(404) },
});
const patchRoute = createRoute({
  method: "patch",
  path: "/stores/{store_id}/products/{id}",
  operationId: "updateProduct",
  tags,
  summary: "Partial update; honours If-Match; a status change also needs products.publish",
  ...requires("products.edit"),
  request: { params: productParams, ...jsonBody(updateProductBody) },
  responses: { 200: productResponse("The updated product"), ...errorResponses(400, 404, 409, 412) },
});
const deleteRoute = createRoute({
  method: "delete",
  path: "/stores/{store_id}/products/{id}",
  operationId: "deleteProduct",
  tags,
  summary: "Hard delete, with its variants, specs, reviews and gallery rows",
  ...requires("products.delete"),
  description:
    "As for each of its variants deleted on its own: 409 `conflict` while a level of any variant holds units " +
    "committed to an open order (the detail names each variant and location: cancel or fulfil the orders first), and stock on hand is taken " +
    "to 0 in the delete's batch with ledger entries (reason `variant_deleted`, reference `product.delete`) and `inventory.updated` events, so " +
    "the ledger, which keeps the deleted variants' entries, still sums to every level. One `products.deleted`.",
  request: { params: productParams },
  responses: { 204: { description: "Deleted" }, ...errorResponses(404, 409) },
});
const statusRoute = (action: "publish" | "unpublish") =>
  createRoute(
    idempotent({
      method: "post",
      path: `/stores/{store_id}/products/{id}/${action}`,
      operationId: `${action}Product`,
      tags,
      summary: action === "publish" ? "draft → live (sets published_at)" : "live → draft (clears published_at)",
      ...requires("products.publish"),
      request: { params: productParams },
      responses: { 200: productResponse("The product"), ...errorResponses(404, 409) },
    }),
  );
const specsRoute = createRoute({
  method: "put",
  path: "/stores/{store_id}/products/{id}/specs",
  operationId: "replaceProductSpecs",
  tags,
  summary: "Replace the product's specs",
  ...requires("products.edit"),
  request: { params: productParams, ...jsonBody(putSpecsBody) },
  responses: { 200: productResponse("The product with its new specs"), ...errorResponses(400, 404) },
});

/** Development only: D1's rows-read count of the catalog query, for the benchmark. */
const rowsReadHeader = (c: Context<AppEnv>, rowsRead: number): Record<string, string> => (isDevelopment(c.env) ? { "X-D1-Rows-Read": String(rowsRead) } : {});

/**
 * Sends JSON text that SQL already serialized, rather than parsing it only to serialize it again. The route
 * contract still documents (and the tests check) its shape; `never` tells the typed router to trust it.
 */
const sendJsonText = (c: Context<AppEnv>, json: string, status: 200 | 201, headers: Record<string, string>) =>
  c.body(json, status, { "Content-Type": "application/json", ...headers }) as never;

const send = (c: Context<AppEnv>, product: ProductJson, status: 200 | 201, extra: Record<string, string> = {}) =>
  sendJsonText(c, product.json, status, { ETag: product.etag, ...rowsReadHeader(c, product.rowsRead), ...extra });

const selfHost = (c: Context<AppEnv>) => new URL(c.req.url).host;

export function registerProductRoutes(app: App) {
  app.openapi(listRoute, async (c) => {
    const query = c.req.valid("query");
    const ctx = storeReadCtxOf(c);
    const result = await listProducts(ctx, query, c.req.query("offset"), c.req.queries());
    // A price context (docs/api/24-prices.md): the access check has run with the read, so the caller's bits are known.
    const json = query.currency
      ? await withPriceContext(ctx.db, ctx.storeId, c.get("store").permissions, { ...query, currency: query.currency }, result.json, "page")
      : result.json;
    return sendJsonText(c, json, 200, rowsReadHeader(c, result.rowsRead));
  });
  app.openapi(createProductRoute, async (c) => {
    const product = await createProduct(storeCtxOf(c), c.req.valid("json"), selfHost(c));
    const { id, store_id } = JSON.parse(product.json);
    return send(c, product, 201, { Location: `/stores/${store_id}/products/${id}` });
  });
  app.openapi(getRoute, async (c) => {
    const ctx = storeReadCtxOf(c);
    const product = await getProduct(ctx, c.req.valid("param").id);
    const query = c.req.valid("query");
    if (query.currency) {
      // Prices change without the product changing: an answer with calculated prices carries no ETag (never a 304).
      const json = await withPriceContext(ctx.db, ctx.storeId, c.get("store").permissions, { ...query, currency: query.currency }, product.json, "one");
      return sendJsonText(c, json, 200, rowsReadHeader(c, product.rowsRead));
    }
    const ifNoneMatch = c.req.header("If-None-Match");
    if (ifNoneMatch?.split(",").some((tag) => tag.trim() === product.etag)) {
      return c.body(null, 304, { ETag: product.etag });
    }
    return send(c, product, 200);
  });
  app.openapi(patchRoute, async (c) => {
    const options = { ifMatch: c.req.header("If-Match"), selfHost: selfHost(c) };
    return send(c, await updateProduct(storeCtxOf(c), c.req.valid("param").id, c.req.valid("json"), options), 200);
  });
  app.openapi(deleteRoute, async (c) => {
    await deleteProduct(storeCtxOf(c), c.req.valid("param").id);
    return c.body(null, 204);
  });
  app.openapi(statusRoute("publish"), async (c) => send(c, await setStatus(storeCtxOf(c), c.req.valid("param").id, "live"), 200));
  app.openapi(statusRoute("unpublish"), async (c) => send(c, await setStatus(storeCtxOf(c), c.req.valid("param").id, "draft"), 200));
  app.openapi(specsRoute, async (c) => send(c, await putSpecs(storeCtxOf(c), c.req.valid("param").id, c.req.valid("json")), 200));
}
