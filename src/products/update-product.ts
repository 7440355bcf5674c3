// PATCH product: fields not sent stay unchanged; product_type is immutable; a status change also needs
// products.publish; If-Match guards against overwriting a change the client has not seen (412).
import { and, eq, sql } from "drizzle-orm";
import type { SQLiteUpdateSetSource } from "drizzle-orm/sqlite-core";
import { products } from "../db/schema";
import { auditEntry } from "../lib/audit";
import type { StoreCtx } from "../lib/context";
import { isNotNullViolation, isUniqueViolation } from "../lib/db";
import { ApiError, conflict, forbidden, invalidField } from "../lib/errors";
import { nowIso } from "../lib/ids";
import { type Statement, recordEvent } from "../events/outbox";
import { has } from "../lib/permissions";
import { ifMatchHolds, ifMatchNamesVersions } from "./etag";
import { productJsonSql } from "./product-json";
import { exists, stillHolds } from "../lib/guards";
import { type ProductJson, commitReturningProduct, throwExternalIdConflict, loadProduct, productStillThere, selectProductJson } from "./products.service";
import type { UpdateProductInput } from "./schemas";
import { resolveVideo } from "./video-fields";
import { prepareFields } from "../fields/field-values";
import { differing } from "../lib/unchanged";

export async function updateProduct(
  ctx: StoreCtx,
  id: string,
  input: UpdateProductInput,
  options: { ifMatch?: string; selfHost: string },
): Promise<ProductJson> {
  const current = await loadProduct(ctx, id);
  const { row } = current;
  const statusChange = input.status !== undefined && input.status !== row.status;
  if (statusChange && !has(ctx.store.permissions, "products.publish")) {
    throw forbidden("Changing a product's status needs the products.publish permission", "products.publish");
  }
  if (input.product_type !== undefined && input.product_type !== row.productType) {
    throw invalidField("product_type", "cannot change after creation");
  }
  if (!ifMatchHolds(options.ifMatch, current.etag)) throw stale();
  const fields = await prepareFields(ctx, "product", input.fields);
  if (statusChange && input.status === "live" && current.variantCount === 0) {
    throw conflict("A product without variants cannot be published: add a variant first");
  }

  const now = nowIso();
  const changes: SQLiteUpdateSetSource<typeof products> = {};
  if (input.title !== undefined) changes.title = input.title;
  if (input.description !== undefined) changes.description = input.description;
  if (input.brand !== undefined) changes.brand = input.brand;
  if (input.slug !== undefined) changes.slug = input.slug;
  if (input.seo_title !== undefined) changes.seoTitle = input.seo_title;
  if (input.seo_description !== undefined) changes.seoDescription = input.seo_description;
  if (input.tags !== undefined) changes.tags = JSON.stringify(input.tags);
  if (input.external_id !== undefined) changes.externalId = input.external_id;
  if (statusChange) {
    changes.status = input.status;
    changes.publishedAt = input.status === "live" ? now : null;
  }
  // Merged by SQL from the row as the batch sees it: a concurrent change of other keys is kept.
  if (fields?.changes(row.fields)) changes.fields = fields.merge(sql`${products.fields}`);
  const video = resolveVideo(input, row, options.selfHost);
  if (video) Object.assign(changes, video);
  // Only what differs from the stored row is written (docs/api/23-one-call-sync-and-imports.md). Nothing left (an empty body, values
  // already stored, product_type restated): no write, no event, no audit row, the same updated_at.
  const differs = differing(changes, row);
  if (Object.keys(differs).length === 0) return { json: current.json, etag: current.etag, rowsRead: 0 };

  // With If-Match, the write checks again, inside its batch, that the product is still the version the header
  // was compared with: if another change committed in between, updated_at gets NULL, the NOT NULL constraint
  // aborts the whole batch, and the answer is the same 412.
  const updatedAt = ifMatchNamesVersions(options.ifMatch) ? sql`CASE WHEN ${productJsonSql(row.id)} = ${current.json} THEN ${now} END` : now;
  const statements: Statement[] = [
    // Deleted meanwhile: 404. A status change decided on the status read above: of concurrent ones, one wins (409).
    productStillThere(ctx, row.id),
    ...(changes.fields !== undefined ? fields!.guards : []),
    ...(statusChange ? [stillHolds(ctx.db, exists(sql`${products}`, and(eq(products.id, row.id), eq(products.status, row.status))!))] : []),
    ctx.db
      .update(products)
      .set({ ...differs, updatedAt })
      .where(and(eq(products.id, row.id), eq(products.storeId, ctx.store.storeId))),
    auditEntry(ctx, "product.update", "product", row.id),
  ];
  if (statusChange) {
    statements.push(auditEntry(ctx, input.status === "live" ? "product.publish" : "product.unpublish", "product", row.id));
  }
  statements.push(...recordEvent(ctx.db, ctx.store.storeId, "products.updated", productJsonSql(row.id)), selectProductJson(ctx, row.id));
  try {
    return await commitReturningProduct(ctx, statements);
  } catch (error) {
    throwExternalIdConflict(error);
    if (isUniqueViolation(error)) throw conflict(`The slug "${input.slug}" is already used in this store`);
    if (isNotNullViolation(error, "products.updated_at")) throw stale();
    throw error;
  }
}

const stale = () => new ApiError("precondition_failed", "The product changed since the ETag in If-Match was issued");
