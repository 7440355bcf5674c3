// /stores/{store_id}/products/{id}/images and /videos: the product gallery (docs/api/07-media.md).
import { createRoute, z } from "@hono/zod-openapi";
import { storeCtxOf } from "../../lib/context";
import { pageSchema, paginated, paginationQuery } from "../../lib/pagination";
import { type App, errorResponses, idempotent, jsonBody, jsonResponse } from "../../lib/route";
import { requires } from "../../access/requires";
import { deleteGalleryItem, updateGalleryItem } from "./gallery-edit.service";
import { addVideo, associateImage, getGalleryItem, listGallery, uploadImage } from "./gallery.service";
import { associateBody, galleryItemSchema, galleryPatchBody, galleryUploadForm, videoBody } from "../../media/schemas";

const productParams = z.object({ store_id: z.string(), id: z.string() });
const itemParams = productParams.extend({ img_id: z.string() });
const tags = ["Product gallery"];
const itemLocation = (storeId: string, item: { product_id: string; id: string }) => `/stores/${storeId}/products/${item.product_id}/images/${item.id}`;

const listRoute = createRoute({
  method: "get",
  path: "/stores/{store_id}/products/{id}/images",
  operationId: "listProductImages",
  tags,
  summary: "The gallery in position order, with image sizes (image_variants, srcset)",
  ...requires("products.read"),
  request: { params: productParams, query: z.object(paginationQuery) },
  responses: { 200: jsonResponse(pageSchema(galleryItemSchema), "Gallery items"), ...errorResponses(404) },
});

const getRoute = createRoute({
  method: "get",
  path: "/stores/{store_id}/products/{id}/images/{img_id}",
  operationId: "getProductImage",
  tags,
  summary: "One gallery item",
  ...requires("products.read"),
  request: { params: itemParams },
  responses: { 200: jsonResponse(galleryItemSchema, "The gallery item"), ...errorResponses(404) },
});

const uploadRoute = createRoute(
  idempotent({
    method: "post",
    path: "/stores/{store_id}/products/{id}/images",
    operationId: "uploadProductImage",
    tags,
    summary: "Upload an image into the gallery (also adds it to the store's library)",
    ...requires("products.edit"),
    description: "A gallery holds at most 250 items (images and videos): the 251st is a 422 `limit_exceeded`.",
    request: {
      params: productParams,
      body: { required: true, content: { "multipart/form-data": { schema: galleryUploadForm } } },
    },
    responses: { 201: jsonResponse(galleryItemSchema, "The new gallery item"), ...errorResponses(400, 404, 413, 415) },
  }),
);

const associateRoute = createRoute(
  idempotent({
    method: "post",
    path: "/stores/{store_id}/products/{id}/images/associate",
    operationId: "associateProductImage",
    tags,
    summary: "Add an existing library file to the gallery",
    ...requires("products.edit"),
    description: "A gallery holds at most 250 items (images and videos): the 251st is a 422 `limit_exceeded`.",
    request: { params: productParams, ...jsonBody(associateBody) },
    responses: { 201: jsonResponse(galleryItemSchema, "The new gallery item"), ...errorResponses(400, 404) },
  }),
);

const videoRoute = createRoute(
  idempotent({
    method: "post",
    path: "/stores/{store_id}/products/{id}/videos",
    operationId: "createProductVideo",
    tags,
    summary: "Add a click-to-play video by URL (provider detected from the URL unless given)",
    ...requires("products.edit"),
    description: "A gallery holds at most 250 items (images and videos): the 251st is a 422 `limit_exceeded`.",
    request: { params: productParams, ...jsonBody(videoBody) },
    responses: { 201: jsonResponse(galleryItemSchema, "The new gallery item"), ...errorResponses(400, 404) },
  }),
);

const patchRoute = createRoute({
  method: "patch",
  path: "/stores/{store_id}/products/{id}/images/{img_id}",
  operationId: "updateProductImage",
  tags,
  summary: "Move, set primary, change alt text or variant scope",
  ...requires("products.edit"),
  request: { params: itemParams, ...jsonBody(galleryPatchBody) },
  responses: { 200: jsonResponse(galleryItemSchema, "The updated gallery item"), ...errorResponses(400, 404, 409) },
});

const deleteRoute = createRoute({
  method: "delete",
  path: "/stores/{store_id}/products/{id}/images/{img_id}",
  operationId: "deleteProductImage",
  tags,
  summary: "Remove a gallery item (its library file stays)",
  ...requires("products.edit"),
  request: { params: itemParams },
  responses: { 204: { description: "Removed" }, ...errorResponses(404) },
});

export function registerGalleryRoutes(app: App) {
  app.openapi(listRoute, async (c) => {
    const page = c.req.valid("query");
    const { data, total } = await listGallery(storeCtxOf(c), c.req.valid("param").id, page);
    return c.json(paginated(data, page, total), 200);
  });
  app.openapi(getRoute, async (c) => {
    const { id, img_id } = c.req.valid("param");
    return c.json(await getGalleryItem(storeCtxOf(c), id, img_id), 200);
  });
  app.openapi(uploadRoute, async (c) => {
    const { store_id, id } = c.req.valid("param");
    const item = await uploadImage(storeCtxOf(c), id, c.req.valid("form"));
    return c.json(item, 201, { Location: itemLocation(store_id, item) });
  });
  app.openapi(associateRoute, async (c) => {
    const { store_id, id } = c.req.valid("param");
    const item = await associateImage(storeCtxOf(c), id, c.req.valid("json"));
    return c.json(item, 201, { Location: itemLocation(store_id, item) });
  });
  app.openapi(videoRoute, async (c) => {
    const { store_id, id } = c.req.valid("param");
    const item = await addVideo(storeCtxOf(c), id, c.req.valid("json"), new URL(c.req.url).host);
    return c.json(item, 201, { Location: itemLocation(store_id, item) });
  });
  app.openapi(patchRoute, async (c) => {
    const { id, img_id } = c.req.valid("param");
    return c.json(await updateGalleryItem(storeCtxOf(c), id, img_id, c.req.valid("json")), 200);
  });
  app.openapi(deleteRoute, async (c) => {
    const { id, img_id } = c.req.valid("param");
    await deleteGalleryItem(storeCtxOf(c), id, img_id);
    return c.body(null, 204);
  });
}
