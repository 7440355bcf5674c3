// What the gallery needs from the catalog: one store-scoped lookup of the product (and, in the same query, the
// variant, library file or gallery item a request names), and the products.updated event of a gallery change.
import type { z } from "@hono/zod-openapi";
import { and, eq, sql } from "drizzle-orm";
import { products } from "../../db/schema";
import type { StoreCtx } from "../../lib/context";
import { notFound } from "../../lib/errors";
import { isUuid } from "../../lib/ids";
import { productUpdatedEvent } from "../products.service";
import { galleryItemJsonSql } from "./gallery-json";
import type { galleryItemSchema } from "../../media/schemas";

export type GalleryItem = z.infer<typeof galleryItemSchema>;

export interface GalleryLookup {
  productId: string;
  /** The gallery's current size. */
  itemCount: number;
  /** The named variant, when it is a variant of this product. */
  variantId: string | null;
  /** The named library file, when it is in this store. */
  mediaFile: { id: string; alt: string | null } | null;
  /** The named gallery item of this product, as GET returns it. */
  item: GalleryItem | null;
}

/** 404 when the product is not in the caller's store; the other ids are checked by the caller (422 / 404). */
export async function lookupGallery(
  ctx: StoreCtx,
  productId: string,
  names: { variantId?: string | null; mediaFileId?: string; itemId?: string } = {},
): Promise<GalleryLookup> {
  if (!isUuid(productId)) throw notFound("Product");
  const variantId = names.variantId && isUuid(names.variantId) ? names.variantId : null;
  const mediaFileId = names.mediaFileId && isUuid(names.mediaFileId) ? names.mediaFileId : null;
  const itemId = names.itemId && isUuid(names.itemId) ? names.itemId : null;
  // Explicit table names: inside a sql`` subquery Drizzle may print a column without its table.
  const p = (column: string) => sql.raw(`products.${column}`);
  const [row] = await ctx.db
    .select({
      productId: products.id,
      itemCount: sql<number>`(SELECT count(*) FROM product_images WHERE product_id = ${p("id")})`,
      variantId: sql<string | null>`(SELECT id FROM product_variants WHERE id = ${variantId} AND product_id = ${p("id")})`,
      mediaFileId: sql<string | null>`(SELECT id FROM media_files WHERE id = ${mediaFileId} AND store_id = ${p("store_id")})`,
      mediaFileAlt: sql<string | null>`(SELECT alt FROM media_files WHERE id = ${mediaFileId} AND store_id = ${p("store_id")})`,
      itemJson: itemId ? galleryItemJsonSql(itemId) : sql<string | null>`NULL`,
    })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.storeId, ctx.store.storeId)))
    .limit(1);
  if (!row) throw notFound("Product");
  const item = row.itemJson ? (JSON.parse(row.itemJson as string) as GalleryItem) : null;
  return {
    productId: row.productId,
    itemCount: Number(row.itemCount),
    variantId: row.variantId,
    mediaFile: row.mediaFileId ? { id: row.mediaFileId, alt: row.mediaFileAlt } : null,
    item: item && item.product_id === productId ? item : null,
  };
}

/** products.updated for a gallery change (after it, in the same batch), with the product's updated_at bump. */
export const productChanged = (ctx: StoreCtx, productId: string) => productUpdatedEvent(ctx, productId);
