// /stores/{store_id}/media (the store's media library) and the public image URLs /media/{store_id}/{id}/{size}.
import { createRoute, z } from "@hono/zod-openapi";
import { storeCtxOf } from "../lib/context";
import { notFound } from "../lib/errors";
import { isUuid } from "../lib/ids";
import { pageSchema, paginated, paginationQuery } from "../lib/pagination";
import { type App, errorResponses, idempotent, jsonResponse } from "../lib/route";
import { requires } from "../access/requires";
import { deleteMediaFile, listLibrary, uploadToLibrary } from "./library.service";
import { libraryUploadForm, mediaFileSchema } from "./schemas";
import { isSizeName } from "./sizes";
import { serveMedia } from "./storage";

const storeParams = z.object({ store_id: z.string() });

const uploadRoute = createRoute(
  idempotent({
    method: "post",
    path: "/stores/{store_id}/media",
    operationId: "uploadMedia",
    tags: ["Media"],
    summary: "Upload an image to the store's library (multipart field `file`, optional `alt`)",
    ...requires("products.edit"),
    request: {
      params: storeParams,
      body: { required: true, content: { "multipart/form-data": { schema: libraryUploadForm } } },
    },
    responses: { 201: jsonResponse(mediaFileSchema, "The library file"), ...errorResponses(400, 404, 413, 415) },
  }),
);

const listRoute = createRoute({
  method: "get",
  path: "/stores/{store_id}/media",
  operationId: "listMedia",
  tags: ["Media"],
  summary: "The store's library files, newest first",
  ...requires("products.read"),
  request: { params: storeParams, query: z.object(paginationQuery) },
  responses: { 200: jsonResponse(pageSchema(mediaFileSchema), "Library files"), ...errorResponses(404) },
});

const deleteRoute = createRoute({
  method: "delete",
  path: "/stores/{store_id}/media/{media_id}",
  operationId: "deleteMedia",
  tags: ["Media"],
  summary: "Withdraw a library file: the original and every size leave storage and answer 404 from then on",
  ...requires("products.edit"),
  description: "409 `conflict` while a gallery item uses the file: remove those gallery items first.",
  request: { params: storeParams.extend({ media_id: z.string() }) },
  responses: { 204: { description: "Deleted" }, ...errorResponses(404, 409) },
});

const publicRoute = createRoute({
  method: "get",
  path: "/media/{store_id}/{media_file_id}/{size}",
  operationId: "getMediaFile",
  tags: ["Media"],
  summary: "Public image bytes: `original`, or a size made on first request and kept",
  description:
    "Sizes are widths (thumbnail 150, small 320, medium 640, large 1280 px), never upscaled. " +
    "Sizes are WebP for clients whose Accept names image/webp (Vary: Accept). Immutable caching with an ETag.",
  ...requires("public"),
  request: {
    params: z.object({
      store_id: z.string(),
      media_file_id: z.string(),
      size: z.string().openapi({ enum: ["original", "thumbnail", "small", "medium", "large"] }),
    }),
  },
  responses: {
    200: { description: "The image", content: { "image/*": { schema: z.string().openapi({ format: "binary" }) } } },
    304: { description: "Not modified (If-None-Match)" },
    ...errorResponses(404),
  },
});

export function registerLibraryRoutes(app: App) {
  app.openapi(uploadRoute, async (c) => {
    const file = await uploadToLibrary(storeCtxOf(c), c.req.valid("form"));
    return c.json(file, 201, { Location: file.url });
  });
  app.openapi(listRoute, async (c) => {
    const page = c.req.valid("query");
    const { data, total } = await listLibrary(storeCtxOf(c), page);
    return c.json(paginated(data, page, total), 200);
  });
  app.openapi(deleteRoute, async (c) => {
    await deleteMediaFile(storeCtxOf(c), c.req.valid("param").media_id);
    return c.body(null, 204);
  });
  app.openapi(publicRoute, async (c) => {
    const { store_id, media_file_id, size } = c.req.valid("param");
    if (!isUuid(store_id) || !isUuid(media_file_id) || !(size === "original" || isSizeName(size))) {
      throw notFound("Media file");
    }
    return serveMedia(c.env, {
      storeId: store_id,
      fileId: media_file_id,
      size,
      accept: c.req.header("Accept"),
      ifNoneMatch: c.req.header("If-None-Match"),
    });
  });
}
