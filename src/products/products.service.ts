// Products: create, read, update, publish, unpublish, delete. Every change commits in ONE db.batch with its
// audit row and its outbox event; the event's data is the product JSON computed inside that batch, after the
// change, and the batch's last statement reads the same JSON back as the response.
import { and, eq, getTableColumns, sql } from "drizzle-orm";
import { products, productVariants } from "../db/schema";
import { closeMemberGaps } from "./list/member-positions";
import { deletionRecord } from "./deleted.service";
import { auditEntry } from "../lib/audit";
import type { StoreCtx, StoreReadCtx } from "../lib/context";
import { isUniqueViolation, isUniqueViolationOf } from "../lib/db";
import { conflict, forbidden, notFound } from "../lib/errors";
import { exists, failedGuard, guarded, stillExists, stillHolds } from "../lib/guards";
import { isUuid, nowIso, uuidv7 } from "../lib/ids";
import { type Statement, commit, recordEvent } from "../events/outbox";
import { has } from "../lib/permissions";
import { readRows } from "./list/d1";
import { etagOf } from "./etag";
import { productJsonSql, productObjectSql } from "./product-json";
import type { CreateProductInput } from "./schemas";
import { nextFreeSlug, slugify } from "./slug";
import { type VideoFields, videoFieldsOnCreate } from "./video-fields";
import { prepareFields } from "../fields/field-values";
import { committedUnitsOf, emptyLevelsOf, unitsStillCommitted } from "../events/deleted-variants";

export type ProductRow = typeof products.$inferSelect;

/** The product as JSON text, its ETag, and D1's rows-read count for the query. */
export interface ProductJson {
  json: string;
  etag: string;
  rowsRead: number;
}

const inStore = (ctx: StoreCtx, id: string) => and(eq(products.id, id), eq(products.storeId, ctx.store.storeId));

/** The product row of this store; 404 for unknown ids, malformed ids and other stores' products alike. */
export async function getProductRow(ctx: StoreCtx, id: string): Promise<ProductRow> {
  if (!isUuid(id)) throw notFound("Product");
  const row = await ctx.db.query.products.findFirst({ where: inStore(ctx, id) });
  if (!row) throw notFound("Product");
  return row;
}

/** The row, its number of variants and its current JSON (for If-Match and state rules), in one query. */
export async function loadProduct(ctx: StoreCtx, id: string) {
  if (!isUuid(id)) throw notFound("Product");
  const [found] = await ctx.db
    .select({
      ...getTableColumns(products),
      variantCount: sql<number>`(SELECT count(*) FROM product_variants v WHERE v.product_id = products.id)`,
      json: sql<string>`${productObjectSql("products", true)}`,
    })
    .from(products)
    .where(inStore(ctx, id));
  if (!found) throw notFound("Product");
  const { variantCount, json, ...row } = found;
  return { row: row as ProductRow, variantCount, json, etag: await etagOf(json) };
}

/**
 * In a change's own batch: the product still exists. A concurrent delete that committed first makes the batch fail
 * (404 through `guarded`/`commitGuarded`), so the loser writes no audit row and no event.
 */
export const productStillThere = (ctx: StoreCtx, id: string) => stillExists(ctx.db, exists(sql`${products}`, inStore(ctx, id)!));

/** `commit` for a batch holding guards: a failed guard is the 404/409/422 it stands for. */
export const commitGuarded = (
  ctx: StoreCtx,
  statements: Statement[],
  what = "Product",
  conflictDetail = "The product changed meanwhile; nothing was applied",
) => guarded(commit(ctx, statements), { not_found: () => notFound(what), conflict: () => conflict(conflictDetail) });

/**
 * The statements that announce a change of product `productId` made by other statements of the same batch:
 * bump its updated_at, then record products.updated with the post-change product. Put them after the change.
 * They carry the product's existence guard: a change of a product deleted meanwhile rolls back (404).
 */
export function productUpdatedEvent(ctx: StoreCtx, productId: string): Statement[] {
  return [
    productStillThere(ctx, productId),
    ctx.db.update(products).set({ updatedAt: nowIso() }).where(inStore(ctx, productId)),
    ...recordEvent(ctx.db, ctx.store.storeId, "products.updated", productJsonSql(productId)),
  ];
}

/** The batch's final statement: the product as GET returns it. */
export const selectProductJson = (ctx: StoreCtx, id: string) =>
  ctx.db
    .select({ json: sql<string>`${productObjectSql("products", true)}` })
    .from(products)
    .where(inStore(ctx, id));

/** Commits `statements` (whose last one is selectProductJson) and returns the product it read. */
export async function commitReturningProduct(ctx: StoreCtx, statements: Statement[]): Promise<ProductJson> {
  const results = await commitGuarded(ctx, statements);
  const [last] = results[results.length - 1] as Array<{ json: string }>;
  if (!last) throw notFound("Product");
  return { json: last.json, etag: await etagOf(last.json), rowsRead: 0 };
}

export async function getProduct(ctx: StoreReadCtx, id: string): Promise<ProductJson> {
  if (!isUuid(id)) throw notFound("Product");
  const { rows, rowsRead } = await readRows<{ json: string }>(
    ctx,
    sql`SELECT ${productObjectSql("products", true)} AS json FROM products
        WHERE products.id = ${id} AND products.store_id = ${ctx.storeId}`,
  );
  if (!rows[0]) throw notFound("Product");
  return { json: rows[0].json, etag: await etagOf(rows[0].json), rowsRead };
}

export async function createProduct(ctx: StoreCtx, input: CreateProductInput, selfHost: string): Promise<ProductJson> {
  const status = input.status ?? "draft";
  if (status === "live" && !has(ctx.store.permissions, "products.publish")) {
    throw forbidden("Creating a live product needs the products.publish permission", "products.publish");
  }
  const video: VideoFields = videoFieldsOnCreate(input, selfHost);
  if (status === "live" && input.product_type === "variable") {
    throw conflict("A variable product has no variants yet: create it as a draft, add variants, then publish it");
  }
  const fields = await prepareFields(ctx, "product", input.fields);
  const id = uuidv7();
  const now = nowIso();
  const statementsFor = (slug: string): Statement[] => {
    const statements: Statement[] = [
      ...(fields?.guards ?? []),
      ctx.db.insert(products).values({
        id,
        storeId: ctx.store.storeId,
        slug,
        title: input.title,
        description: input.description ?? null,
        brand: input.brand ?? null,
        productType: input.product_type,
        status,
        seoTitle: input.seo_title ?? null,
        seoDescription: input.seo_description ?? null,
        ...video,
        tags: JSON.stringify(input.tags ?? []),
        externalId: input.external_id ?? null,
        fields: fields?.json ?? "{}",
        createdAt: now,
        updatedAt: now,
        publishedAt: status === "live" ? now : null,
      }),
    ];
    if (input.product_type === "single") {
      // The hidden default variant: in the same batch, so the product never exists without it.
      statements.push(
        ctx.db.insert(productVariants).values({
          id: uuidv7(),
          storeId: ctx.store.storeId,
          productId: id,
          title: "Default",
          isDefault: true,
          priceCents: input.default_price_cents ?? 0,
          optionKey: "[]",
          createdAt: now,
          updatedAt: now,
        }),
      );
    }
    statements.push(
      auditEntry(ctx, "product.create", "product", id),
      ...recordEvent(ctx.db, ctx.store.storeId, "products.created", productJsonSql(id)),
      selectProductJson(ctx, id),
    );
    return statements;
  };

  if (input.slug !== undefined) {
    try {
      return await commitReturningProduct(ctx, statementsFor(input.slug));
    } catch (error) {
      throwExternalIdConflict(error);
      if (isUniqueViolation(error)) throw conflict(`The slug "${input.slug}" is already used in this store`);
      throw error;
    }
  }
  // A derived slug: take the next free suffix; retry if a concurrent create took it in between.
  const base = slugify(input.title);
  for (let attempt = 0; ; attempt++) {
    const slug = await nextFreeSlug(ctx, base);
    try {
      return await commitReturningProduct(ctx, statementsFor(slug));
    } catch (error) {
      throwExternalIdConflict(error);
      if (!isUniqueViolation(error) || attempt >= 5) throw error;
    }
  }
}

/** A write that met another product's external_id: 409. */
export function throwExternalIdConflict(error: unknown) {
  if (isUniqueViolationOf(error, "products.external_id")) throw conflict("Another product in this store already has this external_id");
}

/** Publish (draft → live, sets published_at) or unpublish (live → draft, clears it); the same status is a no-op. */
export async function setStatus(ctx: StoreCtx, id: string, status: "draft" | "live"): Promise<ProductJson> {
  const current = await loadProduct(ctx, id);
  if (current.row.status === status) return { json: current.json, etag: current.etag, rowsRead: 0 };
  if (status === "live" && current.variantCount === 0) {
    throw conflict("A product without variants cannot be published: add a variant first");
  }
  const now = nowIso();
  const statusWas = current.row.status;
  try {
    return await commitReturningProduct(ctx, [
      // Decided on this status: of concurrent publishes one changes it (one audit row, one event).
      productStillThere(ctx, id),
      stillHolds(ctx.db, exists(sql`${products}`, and(inStore(ctx, id), eq(products.status, statusWas))!)),
      ...(status === "live" ? [stillHolds(ctx.db, exists(sql`${productVariants}`, eq(productVariants.productId, id)))] : []),
      ctx.db
        .update(products)
        .set({ status, publishedAt: status === "live" ? now : null, updatedAt: now })
        .where(inStore(ctx, id)),
      auditEntry(ctx, status === "live" ? "product.publish" : "product.unpublish", "product", id),
      ...recordEvent(ctx.db, ctx.store.storeId, "products.updated", productJsonSql(id)),
      selectProductJson(ctx, id),
    ]);
  } catch (error) {
    // A concurrent request already made the same change: this one is the no-op it would have been a moment later.
    const latest = error instanceof Error && (error as { code?: string }).code === "conflict" ? await loadProduct(ctx, id) : null;
    if (latest && latest.row.status === status) return { json: latest.json, etag: latest.etag, rowsRead: 0 };
    throw error;
  }
}

/**
 * Hard delete: variants, specs, reviews and gallery rows go with it through ON DELETE CASCADE. The deletion is
 * recorded for GET /products/deleted in the same batch (only when a row was deleted: a concurrent delete of the
 * same product records it once).
 */
export async function deleteProduct(ctx: StoreCtx, id: string) {
  const row = await getProductRow(ctx, id);
  const variants = { productId: row.id };
  try {
    await commit(ctx, [
      // Of concurrent deletes one wins: the others are 404 and write no audit row, no deletion record and no
      // products.deleted event.
      productStillThere(ctx, row.id),
      // As for each variant deleted on its own (docs/decisions.md "Deleting what holds stock"): units committed to an
      // open order refuse it (409), on_hand is emptied with variant_deleted entries before the cascade.
      ...emptyLevelsOf(ctx, variants, "product.delete"),
      deletionRecord(ctx, row.id),
      closeMemberGaps(ctx, row.id),
      ctx.db.delete(products).where(inStore(ctx, row.id)),
      auditEntry(ctx, "product.delete", "product", row.id),
      ...recordEvent(ctx.db, ctx.store.storeId, "products.deleted", { id: row.id }),
    ]);
  } catch (error) {
    const kind = failedGuard(error);
    if (kind === "not_found") throw notFound("Product");
    if (kind !== "conflict") throw error;
    // The batch is where committed units are checked (no read before it on the usual path): name them now.
    const units = await committedUnitsOf(ctx, variants);
    if (units.length > 0) throw unitsStillCommitted("product", units);
    throw conflict("The product changed meanwhile; nothing was deleted");
  }
}
