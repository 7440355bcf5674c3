// POST /imports and GET /imports/{id}: the request stores the file in R2, records the import as queued and sends
// one queue message; the queue consumer (import-runner.ts) does the work in the background, slice by slice.
import { and, eq } from "drizzle-orm";
import { productImports } from "../db/schema";
import type { StoreCtx } from "../lib/context";
import { ApiError, invalidField, notFound } from "../lib/errors";
import { isUuid, nowIso, uuidv7 } from "../lib/ids";
import { commit } from "../events/outbox";
import { has } from "../lib/permissions";
import { IMPORT_COLUMNS, fieldColumn } from "./csv-columns";
import { loadDefinitions } from "../fields/field-values";
import { assertUtf8, headerOf } from "./import-file";
import { isShopifyHeader, readShopifyHeader } from "./shopify/columns";

export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;

/**
 * One step of an import: the split into slices, slice `index`'s rows, or (Shopify files) slice `index`'s images.
 * `store_id` finds its database (absent only in messages queued before it existed).
 */
export type ImportMessage = { import_id: string; store_id?: string } & ({ step: "split" } | { step: "slice" | "images"; index: number });

export const importKey = (storeId: string, id: string) => `imports/${storeId}/${id}.csv`;

/**
 * The file's layout, from its header row. Shopify's (section 23) names its handle `Handle` or `URL handle`: every
 * column with no counterpart here is ignored and listed. This service's own must name `handle` and only columns of
 * the layout, options up to option10 (in any order), and custom fields the store has: `field:<key>` (a product
 * field) and `variant_field:<key>` (a variant field).
 */
async function layoutOf(ctx: StoreCtx, bytes: Uint8Array): Promise<{ format: "native" | "shopify"; ignored: string[] }> {
  const header = headerOf(bytes);
  if (isShopifyHeader(header)) return { format: "shopify", ignored: readShopifyHeader(header).ignored };
  const unknown = header.filter((h) => !IMPORT_COLUMNS.includes(h) && fieldColumn(h) === null);
  if (!header.includes("handle")) {
    throw invalidField("file", "the first row must be the header row, with a handle column (or Shopify's Handle or URL handle)");
  }
  if (unknown.length > 0) throw invalidField("file", `unknown columns in the header row: ${unknown.join(", ")}`);
  const custom = header.flatMap((h) => fieldColumn(h) ?? []);
  const undefinedColumns: string[] = [];
  for (const owner of ["product", "variant"] as const) {
    const keys = custom.filter((c) => c.owner === owner).map((c) => c.key);
    const defined = await loadDefinitions(ctx, owner, keys);
    undefinedColumns.push(...keys.filter((k) => !defined.has(k)).map((k) => `${owner === "product" ? "field" : "variant_field"}:${k}`));
  }
  if (undefinedColumns.length > 0) {
    throw invalidField(
      "file",
      `columns of fields this store does not define (POST /stores/{store_id}/field-definitions first): ${undefinedColumns.join(", ")}`,
    );
  }
  return { format: "native", ignored: [] };
}

export async function startImport(ctx: StoreCtx, file: File) {
  if (file.size > MAX_IMPORT_BYTES) {
    throw new ApiError("payload_too_large", `file: must be at most ${MAX_IMPORT_BYTES} bytes (20 MiB)`);
  }
  // The whole file is checked before anything is stored or queued: UTF-8 throughout, then the header.
  const bytes = new Uint8Array(await file.arrayBuffer());
  assertUtf8(bytes);
  const layout = await layoutOf(ctx, bytes);
  const id = uuidv7();
  const storeId = ctx.store.storeId;
  const key = importKey(storeId, id);
  await ctx.env.MEDIA.put(key, bytes, { httpMetadata: { contentType: "text/csv" } });
  const now = nowIso();
  // Through `commit`: a request with an Idempotency-Key writes its key in the same batch (a replay starts nothing).
  await commit(ctx, [
    ctx.db.insert(productImports).values({
      id,
      storeId,
      userId: ctx.principal.userId,
      tokenId: ctx.principal.token?.id ?? null,
      tokenName: ctx.principal.token?.name ?? null,
      integrationId: ctx.principal.integration?.id ?? null,
      integrationName: ctx.principal.integration?.name ?? null,
      canPublish: has(ctx.store.permissions, "products.publish"),
      state: "queued",
      format: layout.format,
      ignoredColumns: JSON.stringify(layout.ignored),
      objectKey: key,
      createdAt: now,
      updatedAt: now,
    }),
  ]);
  await ctx.env.IMPORTS.send({ import_id: id, store_id: ctx.store.storeId, step: "split" } satisfies ImportMessage, { contentType: "json" });
  return { id, state: "queued" as const };
}

export async function getImport(ctx: StoreCtx, id: string) {
  const row = isUuid(id)
    ? await ctx.db.query.productImports.findFirst({
        where: and(eq(productImports.id, id), eq(productImports.storeId, ctx.store.storeId)),
      })
    : undefined;
  if (!row) throw notFound("Import");
  return {
    id: row.id,
    state: row.state,
    format: row.format,
    rows_total: row.rowsTotal,
    rows_done: row.rowsDone,
    products_created: row.productsCreated,
    products_updated: row.productsUpdated,
    variants_created: row.variantsCreated,
    variants_updated: row.variantsUpdated,
    errors: JSON.parse(row.errors) as Array<{ line: number; message: string; code?: "starter_lost_access" }>,
    warnings: JSON.parse(row.warnings) as Array<{ line: number; message: string }>,
    ignored_columns: JSON.parse(row.ignoredColumns) as string[],
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}
