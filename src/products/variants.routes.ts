// /stores/{store_id}/products/{id}/variants and /reviews: variant CRUD and product reviews.
import { createRoute, z } from "@hono/zod-openapi";
import { storeCtxOf } from "../lib/context";
import { pageSchema, paginated, paginationQuery } from "../lib/pagination";
import { type App, errorResponses, idempotent, jsonBody, jsonResponse } from "../lib/route";
import { requires } from "../access/requires";
import { productParams } from "./schemas";
import { createReview, deleteReview, listReviews } from "./specs-reviews.service";
import { createReviewBody, createVariantBody, reviewSchema, updateVariantBody, variantSchema } from "./variant-schemas";
import { createVariant, deleteVariant, getVariant, listVariants, updateVariant } from "./variants.service";

const variantParams = productParams.extend({ variant_id: z.string() });
const reviewParams = productParams.extend({ review_id: z.string() });
const variants = "/stores/{store_id}/products/{id}/variants";
const reviews = "/stores/{store_id}/products/{id}/reviews";
const pageQuery = z.object(paginationQuery);

const listVariantsRoute = createRoute({
  method: "get",
  path: variants,
  operationId: "listVariants",
  tags: ["Variants"],
  summary: "The product's variants, in position order",
  ...requires("products.read"),
  request: { params: productParams, query: pageQuery },
  responses: { 200: jsonResponse(pageSchema(variantSchema), "Variants"), ...errorResponses(404) },
});
const createVariantRoute = createRoute(
  idempotent({
    method: "post",
    path: variants,
    operationId: "createVariant",
    tags: ["Variants"],
    summary: "Add a variant (variable products only)",
    ...requires("products.edit"),
    description: "A product has at most 100 variants: the 101st is a 422 `limit_exceeded`.",
    request: { params: productParams, ...jsonBody(createVariantBody) },
    responses: { 201: jsonResponse(variantSchema, "The new variant"), ...errorResponses(400, 404, 409) },
  }),
);
const getVariantRoute = createRoute({
  method: "get",
  path: `${variants}/{variant_id}`,
  operationId: "getVariant",
  tags: ["Variants"],
  summary: "One variant",
  ...requires("products.read"),
  request: { params: variantParams },
  responses: { 200: jsonResponse(variantSchema, "The variant"), ...errorResponses(404) },
});
const patchVariantRoute = createRoute({
  method: "patch",
  path: `${variants}/{variant_id}`,
  operationId: "updateVariant",
  tags: ["Variants"],
  summary: "Partial update of a variant",
  ...requires("products.edit"),
  request: { params: variantParams, ...jsonBody(updateVariantBody) },
  responses: { 200: jsonResponse(variantSchema, "The updated variant"), ...errorResponses(400, 404, 409) },
});
const deleteVariantRoute = createRoute({
  method: "delete",
  path: `${variants}/{variant_id}`,
  operationId: "deleteVariant",
  tags: ["Variants"],
  summary: "Delete a variant (not the default one, nor the last one of a live product, nor one an open order holds units of)",
  ...requires("products.edit"),
  description:
    "409 `conflict` for the hidden default variant of a single product, the last variant of a live product, and a " +
    'variant whose levels hold units committed to an open order (the detail names them, e.g. "2 committed at default": cancel or fulfil the ' +
    "order first). Stock on hand does not refuse it: in the delete's batch each level's `on_hand` is taken to 0 with a ledger entry (reason " +
    "`variant_deleted`, reference `variant.delete`) and an `inventory.updated` event, then the levels go with the variant. The entries stay " +
    "(`GET /inventory/ledger?variant_id=`), so the ledger still sums to every level of every variant that ever existed. One `products.updated`.",
  request: { params: variantParams },
  responses: { 204: { description: "Deleted" }, ...errorResponses(404, 409) },
});
const listReviewsRoute = createRoute({
  method: "get",
  path: reviews,
  operationId: "listReviews",
  tags: ["Reviews"],
  summary: "Reviews, newest first",
  ...requires("products.read"),
  request: { params: productParams, query: pageQuery },
  responses: { 200: jsonResponse(pageSchema(reviewSchema), "Reviews"), ...errorResponses(404) },
});
const createReviewRoute = createRoute(
  idempotent({
    method: "post",
    path: reviews,
    operationId: "createReview",
    tags: ["Reviews"],
    summary: "Add a review (updates review_count and rating_average)",
    ...requires("products.edit"),
    request: { params: productParams, ...jsonBody(createReviewBody) },
    responses: { 201: jsonResponse(reviewSchema, "The new review"), ...errorResponses(400, 404) },
  }),
);
const deleteReviewRoute = createRoute({
  method: "delete",
  path: `${reviews}/{review_id}`,
  operationId: "deleteReview",
  tags: ["Reviews"],
  summary: "Delete a review",
  ...requires("products.edit"),
  request: { params: reviewParams },
  responses: { 204: { description: "Deleted" }, ...errorResponses(404) },
});

export function registerVariantRoutes(app: App) {
  app.openapi(listVariantsRoute, async (c) => {
    const page = c.req.valid("query");
    const { data, total } = await listVariants(storeCtxOf(c), c.req.valid("param").id, page);
    return c.json(paginated(data, page, total), 200);
  });
  app.openapi(createVariantRoute, async (c) => {
    const { store_id, id } = c.req.valid("param");
    const variant = await createVariant(storeCtxOf(c), id, c.req.valid("json"));
    return c.json(variant, 201, { Location: `/stores/${store_id}/products/${id}/variants/${variant.id}` });
  });
  app.openapi(getVariantRoute, async (c) => {
    const { id, variant_id } = c.req.valid("param");
    return c.json(await getVariant(storeCtxOf(c), id, variant_id), 200);
  });
  app.openapi(patchVariantRoute, async (c) => {
    const { id, variant_id } = c.req.valid("param");
    return c.json(await updateVariant(storeCtxOf(c), id, variant_id, c.req.valid("json")), 200);
  });
  app.openapi(deleteVariantRoute, async (c) => {
    const { id, variant_id } = c.req.valid("param");
    await deleteVariant(storeCtxOf(c), id, variant_id);
    return c.body(null, 204);
  });
  app.openapi(listReviewsRoute, async (c) => {
    const page = c.req.valid("query");
    const { data, total } = await listReviews(storeCtxOf(c), c.req.valid("param").id, page);
    return c.json(paginated(data, page, total), 200);
  });
  app.openapi(createReviewRoute, async (c) => {
    const { store_id, id } = c.req.valid("param");
    const review = await createReview(storeCtxOf(c), id, c.req.valid("json"));
    return c.json(review, 201, { Location: `/stores/${store_id}/products/${id}/reviews/${review.id}` });
  });
  app.openapi(deleteReviewRoute, async (c) => {
    const { id, review_id } = c.req.valid("param");
    await deleteReview(storeCtxOf(c), id, review_id);
    return c.body(null, 204);
  });
}
