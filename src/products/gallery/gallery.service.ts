// The product gallery: add (upload, library file, video), change, remove. Every change is one D1 batch holding
// the rows, the position and primary bookkeeping (computed in SQL, so two concurrent changes cannot leave gaps
// or two primaries from a stale read), the product.image.* and products.updated events, the audit row, and a
// final SELECT of the item, so a change costs one lookup and one batch.
import { and, eq, sql } from "drizzle-orm";
import { mediaFiles, products } from "../../db/schema";
import { auditEntry } from "../../lib/audit";
import type { StoreCtx } from "../../lib/context";
import { invalidField, limitExceeded, notFound } from "../../lib/errors";
import { exists, guarded, stillHolds, withinCap } from "../../lib/guards";
import { isUuid, nowIso, uuidv7 } from "../../lib/ids";
import { commit, recordEvent, type Statement } from "../../events/outbox";
import type { Page } from "../../lib/pagination";
import { detectProvider } from "../video";
import { galleryItemJsonSql, galleryPageJsonSql } from "./gallery-json";
import { productImages } from "../../db/schema";
import { commitWithObject, receiveUpload } from "../../media/library.service";
import { type GalleryItem, type GalleryLookup, lookupGallery, productChanged } from "./product-link";
import { productStillThere } from "../products.service";

/** docs/api/13-security.md. */
export const GALLERY_ITEMS_PER_PRODUCT_CAP = 250;

/**
 * A gallery batch with guards: the product deleted meanwhile is a 404, a full gallery a 422, and a library file
 * withdrawn meanwhile (DELETE /media/{id}, whose own batch checks no item uses it) a 422 on media_file_id.
 */
export const commitGallery = <T>(batch: Promise<T>, what = "Product") =>
  guarded(batch, {
    not_found: () => notFound(what),
    limit: () => limitExceeded(`A product's gallery holds at most ${GALLERY_ITEMS_PER_PRODUCT_CAP} items`),
    conflict: () => invalidField("media_file_id", "must name a library file of this store"),
  });

type Placement = { position?: number; is_primary?: boolean; product_variant_id?: string | null };

const countOf = (productId: string) => sql`(SELECT count(*) FROM product_images WHERE product_id = ${productId})`;

export function checkVariant(lookup: GalleryLookup, variantId: string | null | undefined) {
  if (variantId && lookup.variantId !== variantId) {
    throw invalidField("product_variant_id", "must be a variant of this product");
  }
}

/** The row's statements for an insert at `position` (default: last), shifting the rows at and after it. */
function insertStatements(ctx: StoreCtx, row: Omit<typeof productImages.$inferInsert, "position" | "isPrimary">, placement: Placement): Statement[] {
  const productId = row.productId;
  const now = row.updatedAt;
  // First, in the insert's own batch: the product still exists and the gallery has room (concurrent adds cannot
  // pass the cap); an associated library file still exists.
  const statements: Statement[] = [productStillThere(ctx, productId), withinCap(ctx.db, sql`${countOf(productId)} < ${GALLERY_ITEMS_PER_PRODUCT_CAP}`)];
  if (row.mediaFileId) {
    statements.push(stillHolds(ctx.db, exists(sql`${mediaFiles}`, and(eq(mediaFiles.id, row.mediaFileId), eq(mediaFiles.storeId, ctx.store.storeId))!)));
  }
  if (placement.position !== undefined) {
    statements.push(
      ctx.db
        .update(productImages)
        .set({ position: sql`${productImages.position} + 1`, updatedAt: now })
        .where(and(eq(productImages.productId, productId), sql`${productImages.position} >= ${placement.position}`)),
    );
  }
  if (placement.is_primary) {
    statements.push(
      ctx.db
        .update(productImages)
        .set({ isPrimary: false })
        .where(and(eq(productImages.productId, productId), eq(productImages.isPrimary, true))),
    );
  }
  // A position past the end means "last"; the first item of a gallery is primary whatever was asked.
  const position = placement.position === undefined ? countOf(productId) : sql`min(${placement.position}, ${countOf(productId)})`;
  const isPrimary = sql`CASE WHEN ${placement.is_primary ? 1 : 0} OR NOT EXISTS (
    SELECT 1 FROM product_images WHERE product_id = ${productId} AND is_primary) THEN 1 ELSE 0 END`;
  statements.push(ctx.db.insert(productImages).values({ ...row, position, isPrimary }));
  return statements;
}

/** Events, audit row, and the item's JSON as the batch's last result. */
export function closing(ctx: StoreCtx, productId: string, itemId: string, verb: "create" | "update"): Statement[] {
  return [
    ...recordEvent(ctx.db, ctx.store.storeId, verb === "create" ? "product.image.created" : "product.image.updated", galleryItemJsonSql(itemId)),
    ...productChanged(ctx, productId),
    auditEntry(ctx, `product_image.${verb}`, "product_image", itemId),
    ctx.db.select({ json: galleryItemJsonSql(itemId) }).from(sql`(SELECT 1)`),
  ];
}

export const itemOf = (results: unknown[]): GalleryItem => {
  const last = results[results.length - 1] as Array<{ json: string }>;
  return JSON.parse(last[0].json);
};

function baseRow(ctx: StoreCtx, productId: string, now = nowIso()) {
  return { id: uuidv7(), storeId: ctx.store.storeId, productId, createdAt: now, updatedAt: now };
}

export async function uploadImage(ctx: StoreCtx, productId: string, input: Placement & { file: File; alt?: string }): Promise<GalleryItem> {
  // Check the product and variant before the bytes go to R2, so a bad request writes nothing.
  const lookup = await lookupGallery(ctx, productId, { variantId: input.product_variant_id });
  checkVariant(lookup, input.product_variant_id);
  const file = await receiveUpload(ctx, input.file, input.alt ?? null);
  const row = {
    ...baseRow(ctx, productId),
    mediaType: "image" as const,
    mediaFileId: file.id,
    alt: file.alt,
    productVariantId: input.product_variant_id ?? null,
  };
  const results = await commitGallery(
    commitWithObject(ctx, file.r2Key, [
      ctx.db.insert(mediaFiles).values(file),
      auditEntry(ctx, "media_file.create", "media_file", file.id),
      ...insertStatements(ctx, row, input),
      ...closing(ctx, productId, row.id, "create"),
    ]),
  );
  return itemOf(results);
}

export async function associateImage(
  ctx: StoreCtx,
  productId: string,
  input: Placement & { media_file_id: string; alt?: string | null },
): Promise<GalleryItem> {
  const lookup = await lookupGallery(ctx, productId, { variantId: input.product_variant_id, mediaFileId: input.media_file_id });
  if (!lookup.mediaFile) throw invalidField("media_file_id", "must name a library file of this store");
  checkVariant(lookup, input.product_variant_id);
  const alt = input.alt === undefined ? lookup.mediaFile.alt : input.alt;
  const row = {
    ...baseRow(ctx, productId),
    mediaType: "image" as const,
    mediaFileId: lookup.mediaFile.id,
    alt,
    productVariantId: input.product_variant_id ?? null,
  };
  return itemOf(await commitGallery(commit(ctx, [...insertStatements(ctx, row, input), ...closing(ctx, productId, row.id, "create")])));
}

export async function addVideo(
  ctx: StoreCtx,
  productId: string,
  input: Placement & { url: string; poster_url?: string | null; provider?: GalleryItem["provider"]; alt?: string | null },
  selfHost: string,
): Promise<GalleryItem> {
  const lookup = await lookupGallery(ctx, productId, { variantId: input.product_variant_id });
  checkVariant(lookup, input.product_variant_id);
  const row = {
    ...baseRow(ctx, productId),
    mediaType: "video" as const,
    url: input.url,
    posterUrl: input.poster_url ?? null,
    provider: input.provider ?? detectProvider(input.url, selfHost),
    alt: input.alt ?? null,
    productVariantId: input.product_variant_id ?? null,
  };
  return itemOf(await commitGallery(commit(ctx, [...insertStatements(ctx, row, input), ...closing(ctx, productId, row.id, "create")])));
}

/** A page of the gallery in position order: one query, which also proves the product is in the caller's store. */
export async function listGallery(ctx: StoreCtx, productId: string, page: Page) {
  if (!isUuid(productId)) throw notFound("Product");
  const [row] = await ctx.db
    .select({ json: galleryPageJsonSql(sql.raw("products.id"), page.limit, page.offset), total: countOf(productId) })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.storeId, ctx.store.storeId)));
  if (!row) throw notFound("Product");
  return { data: JSON.parse(row.json as string) as GalleryItem[], total: Number(row.total) };
}

export async function getGalleryItem(ctx: StoreCtx, productId: string, itemId: string): Promise<GalleryItem> {
  const { item } = await lookupGallery(ctx, productId, { itemId });
  if (!item) throw notFound("Gallery item");
  return item;
}
