// PUT /stores/{store_id}/products/by-external-id/{external_id}: set a whole product by the integration's own key
// (docs/sync.md "PUT by external id"). Registered before the catalog's routes, so that `by-external-id` is never
// read as a product id.
import { createRoute } from "@hono/zod-openapi";
import { storeCtxOf } from "../lib/context";
import { type App, errorResponses, idempotent, jsonBody, jsonResponse } from "../lib/route";
import { requiresOneOf } from "../access/requires";
import { productSchema } from "../products/schemas";
import { putProduct } from "./put-product.service";
import { putProductBody, putProductParams } from "./put-product-schemas";

const etagHeader = { ETag: { schema: { type: "string" as const }, description: "The product's ETag, as GET returns it" } };

const putRoute = createRoute(
  idempotent({
    method: "put",
    path: "/stores/{store_id}/products/by-external-id/{external_id}",
    operationId: "putProductByExternalId",
    tags: ["Products"],
    summary: "Set a whole product by its external_id: created (201) or replaced (200), all or nothing; a PUT of the stored state changes nothing",
    ...requiresOneOf(["products.write", "products.edit"]),
    description:
      "`products.write` when no product of the store has this external_id (created), `products.edit` when one has (changed); `status: live`, " +
      "or a change of status, also needs `products.publish`. A 403 names the bit missing for what the request would do.\n\n" +
      "Variants: a single product takes exactly one item (its hidden default variant), a variable one 1..100. Each item updates the stored " +
      "variant with its `external_id`, else the one with its `sku` (case-insensitive); stored variants no item names are deleted, and items " +
      "naming none are created. A variant to delete whose levels hold units committed to an open order makes the PUT a 409 `conflict` " +
      "naming them (nothing is changed: cancel or fulfil the order, or keep the variant); its stock on hand is taken to 0 with ledger " +
      "entries (reason `variant_deleted`, reference `product.put`) in the PUT's batch, so the ledger still sums to every level. " +
      "Fields left out take their defaults (full replacement), except: `stock` (left out: unchanged; given: a stock " +
      "write of the default location, reason `stock_write`, reference `product.put`), the slug of an existing product (kept), and the highlight " +
      "video, gallery, specs, reviews and collection memberships (never touched). Variant positions follow the items' order.\n\n" +
      "Only what differs is written: a PUT of the stored state writes nothing and emits no event (200, the same `updated_at` and ETag). " +
      "Otherwise one `products.created` (201) or `products.updated` (200) event, one `inventory.updated` per stock level written, and one " +
      "audit row `product.put` (plus `product.publish`/`product.unpublish` on a status change). `If-Match` (412 on mismatch; on a product " +
      "that does not exist, any If-Match is 412). `product_type` cannot change (422).",
    request: { params: putProductParams, ...jsonBody(putProductBody) },
    responses: {
      200: { ...jsonResponse(productSchema, "The product, changed or already as given"), headers: etagHeader },
      201: { ...jsonResponse(productSchema, "The new product"), headers: etagHeader },
      ...errorResponses(400, 404, 409, 412),
    },
  }),
);

export function registerPutProductRoute(app: App) {
  app.openapi(putRoute, async (c) => {
    const { store_id, external_id } = c.req.valid("param");
    const { product, created } = await putProduct(storeCtxOf(c), external_id, c.req.valid("json"), c.req.header("If-Match"));
    const headers: Record<string, string> = { "Content-Type": "application/json", ETag: product.etag };
    if (created) headers.Location = `/stores/${store_id}/products/${JSON.parse(product.json).id}`;
    // The JSON text SQL serialized (as the catalog's routes send it); the contract documents its shape.
    return c.body(product.json, created ? 201 : 200, headers) as never;
  });
}
