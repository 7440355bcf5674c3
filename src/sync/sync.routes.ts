// For integrations (docs/api/15-sync-and-bulk.md): the deletions feed, bulk variant changes, CSV export and import.
import { createRoute, z } from "@hono/zod-openapi";
import { storeCtxOf } from "../lib/context";
import { cursorPageSchema, cursorQuery, walkOf } from "../lib/cursor";
import { type App, errorResponses, idempotent, jsonBody, jsonResponse } from "../lib/route";
import { requires, requiresAll } from "../access/requires";
import { storeParams } from "../products/schemas";
import { variantSchema } from "../products/variant-schemas";
import { bulkUpdateVariants } from "./bulk.service";
import { bulkBody } from "./bulk-schemas";
import { listDeletions } from "../products/deleted.service";
import { exportCatalog } from "./export.service";
import { exportShopify } from "./shopify/export";
import { getImport, startImport } from "./import.service";
import { registerPutProductRoute } from "./put-product.routes";

const deletedRoute = createRoute({
  method: "get",
  path: "/stores/{store_id}/products/deleted",
  operationId: "listDeletedProducts",
  tags: ["Products"],
  summary: "Deleted products at or after `since`, oldest first (kept as long as events)",
  ...requires("products.read"),
  request: {
    params: storeParams,
    query: z.object({
      limit: cursorQuery.limit,
      offset: cursorQuery.offset,
      cursor: cursorQuery.cursor,
      since: cursorQuery.updated_since.openapi({ description: "Only deletions at or after this time (ISO 8601)" }),
    }),
  },
  responses: {
    200: jsonResponse(
      cursorPageSchema(z.object({ id: z.string(), deleted_at: z.string().openapi({ format: "date-time" }) }).openapi("ProductDeletion")),
      "Deletions",
    ),
    ...errorResponses(404),
  },
});

const bulkRoute = createRoute(
  idempotent({
    method: "post",
    path: "/stores/{store_id}/variants/bulk",
    operationId: "bulkUpdateVariants",
    tags: ["Variants"],
    summary: "Change price and stock of up to 250 variants by id or SKU, all or nothing",
    ...requires("products.edit"),
    request: { params: storeParams, ...jsonBody(bulkBody) },
    responses: {
      200: jsonResponse(z.object({ data: z.array(variantSchema) }), "The changed variants, in request order"),
      ...errorResponses(400, 404, 409),
    },
  }),
);

const exportRoute = createRoute({
  method: "get",
  path: "/stores/{store_id}/products/export.csv",
  operationId: "exportProductsCsv",
  tags: ["Products"],
  summary: "The catalog as CSV (one row per variant), streamed",
  description:
    "Section 15's header; when a variant of the store has more than three options, `option4_name`, `option4_value` ... follow `option3_value`, up to the highest option count in the store. A cell starting with `=`, `+`, `-`, `@`, tab or CR (after any leading `'`) is written with one more leading `'`, so no cell runs as a formula in a spreadsheet; the import removes exactly that `'`. With `format=shopify`: Shopify's product CSV (the header of Shopify's template `Handle,Title,Body (HTML),Vendor,...`), one row per variant, the gallery's images as `Image Src` (the image's public URL), `Image Position` and `Image Alt Text`, a variant's image as `Variant Image`; importing that file into an empty store gives the same catalog.",
  ...requires("products.read"),
  request: {
    params: storeParams,
    query: z.object({
      format: z.enum(["native", "shopify"]).optional().openapi({
        description: "`native` (the default): this service's layout (section 15). `shopify`: Shopify's product CSV layout",
      }),
    }),
  },
  responses: {
    200: { description: "CSV, RFC 4180, header row first", content: { "text/csv; charset=utf-8": { schema: z.string() } } },
    ...errorResponses(404),
  },
});

const importForm = z
  .strictObject({
    file: z
      .custom<File>((value) => value instanceof File, "must be a file")
      .refine((file) => file.size > 0, "must not be empty")
      .openapi({
        type: "string",
        format: "binary",
        description: "The product CSV, at most 20 MiB: export.csv's layout, or Shopify's product CSV (recognised by its header)",
      }),
  })
  .openapi("ProductImportUpload");

const importSchema = z
  .object({
    id: z.string(),
    state: z.enum(["queued", "running", "done", "failed"]),
    format: z
      .enum(["native", "shopify"])
      .openapi({ description: "The file's layout, recognised by its header row: this service's (`native`) or Shopify's product CSV" }),
    rows_total: z.number().int(),
    rows_done: z.number().int(),
    products_created: z.number().int(),
    products_updated: z.number().int(),
    variants_created: z.number().int(),
    variants_updated: z.number().int(),
    errors: z
      .array(
        z.object({
          line: z.number().int().openapi({ description: "The physical line the row starts on (the header is line 1; line breaks inside quoted cells count)" }),
          message: z.string(),
          code: z.enum(["starter_lost_access"]).optional().openapi({
            description:
              "Only on the entry that ended the import: its starter was removed or lost products.write or products.edit; `line` is the first line not applied",
          }),
        }),
      )
      .openapi({ description: "The first 100 rows skipped, with why, plus the `starter_lost_access` entry of an import that stopped" }),
    warnings: z
      .array(
        z.object({
          line: z.number().int().openapi({ description: "The physical line of the row concerned" }),
          message: z.string(),
        }),
      )
      .openapi({
        description:
          "The first 100 things imported otherwise than the file says, each on its line; the row itself was applied. Shopify files: an image that could not be fetched (the product is imported without it), a negative inventory imported as 0, a compare-at price below the price left out, ...",
      }),
    ignored_columns: z.array(z.string()).openapi({
      description:
        "Shopify files: the columns with no counterpart here (gift card, Google Shopping, tax codes, cost per item, ...), once each, as the header names them; empty for this service's layout",
    }),
    created_at: z.string().openapi({ format: "date-time" }),
    updated_at: z.string().openapi({ format: "date-time" }),
  })
  .openapi("ProductImport");

const importAccess = {
  ...requiresAll("products.write", "products.edit"),
  description:
    "Rows with status `live` also need `products.publish`. The file is this service's layout or Shopify's product CSV (recognised by its header, either generation of Shopify's column names: `Handle` or `URL handle`, ...): Shopify's rows are mapped as docs/sync.md says, each `Image Src` is fetched (http(s), the webhook URL rules apply, at most 20 MiB, JPEG, PNG, WebP, AVIF or GIF by its bytes) into the media library and the product's gallery, and a URL that fails is a warning, not an error. The file must be UTF-8 (a BOM is allowed): any invalid byte sequence is a 422 `validation_failed` naming its line and byte offset, and nothing is queued. Columns `option1_*` to `option10_*` are read; one leading `'` before `=`, `+`, `-`, `@`, tab or CR is removed (the export's formula guard). Row errors name the physical line a row starts on (header = line 1); blank lines are not rows. Every slice and image fetch acts only with what the starter holds then: a row needing a bit the starter has lost (`products.write` to create, `products.edit` to change or add images, `products.publish` for a status change) fails on its line, and an import whose starter is removed, whose PAT is revoked or expired, or whose integration is deleted ends `failed` with a `starter_lost_access` entry before anything more is fetched or written (docs/sync.md, \"Who an import acts for\").",
};

const startImportRoute = createRoute(
  idempotent({
    method: "post",
    path: "/stores/{store_id}/imports",
    operationId: "createImport",
    tags: ["Products"],
    summary: "Import a product CSV in the background (needs products.write and products.edit)",
    ...importAccess,
    request: { params: storeParams, body: { required: true, content: { "multipart/form-data": { schema: importForm } } } },
    responses: {
      202: jsonResponse(z.object({ id: z.string(), state: z.literal("queued") }), "Queued"),
      ...errorResponses(400, 404, 413),
    },
  }),
);

const getImportRoute = createRoute({
  method: "get",
  path: "/stores/{store_id}/imports/{id}",
  operationId: "getImport",
  tags: ["Products"],
  summary: "An import's state, progress and first 100 row errors",
  ...requires("products.read"),
  request: { params: storeParams.extend({ id: z.string() }) },
  responses: { 200: jsonResponse(importSchema, "The import"), ...errorResponses(404) },
});

export function registerSyncRoutes(app: App) {
  registerPutProductRoute(app);
  app.openapi(deletedRoute, async (c) => {
    const { since, ...query } = c.req.valid("query");
    const walk = walkOf("deleted", query, c.req.query("offset"), true);
    return c.json(await listDeletions(storeCtxOf(c), walk, since), 200);
  });
  app.openapi(bulkRoute, async (c) => c.json(await bulkUpdateVariants(storeCtxOf(c), c.req.valid("json").updates), 200));
  app.openapi(exportRoute, async (c) => {
    const shopify = c.req.valid("query").format === "shopify";
    const stream = shopify ? exportShopify(storeCtxOf(c), new URL(c.req.url).origin) : await exportCatalog(storeCtxOf(c));
    const filename = shopify ? "products-shopify.csv" : "products.csv";
    return new Response(stream, {
      status: 200,
      headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="${filename}"` },
    });
  });
  app.openapi(startImportRoute, async (c) => {
    const { store_id } = c.req.valid("param");
    const started = await startImport(storeCtxOf(c), c.req.valid("form").file);
    return c.json(started, 202, { Location: `/stores/${store_id}/imports/${started.id}` });
  });
  app.openapi(getImportRoute, async (c) => c.json(await getImport(storeCtxOf(c), c.req.valid("param").id), 200));
}
