// Changing and removing gallery items. Moves shift the items in between; removal closes the gap; the primary
// flag always stays on exactly one item of a non-empty gallery (see docs/media.md for the rules).
import { and, eq, ne, sql } from "drizzle-orm";
import { auditEntry } from "../../lib/audit";
import type { StoreCtx } from "../../lib/context";
import { conflict, notFound } from "../../lib/errors";
import { nowIso } from "../../lib/ids";
import { commit, recordEvent, type Statement } from "../../events/outbox";
import { checkVariant, closing, commitGallery, itemOf } from "./gallery.service";
import { exists, guarded, stillExists, stillHolds } from "../../lib/guards";
import { productImages } from "../../db/schema";
import { type GalleryItem, lookupGallery, productChanged } from "./product-link";

export interface GalleryPatch {
  position?: number;
  is_primary?: boolean;
  alt?: string | null;
  product_variant_id?: string | null;
}

const ofProduct = (productId: string) => eq(productImages.productId, productId);

const itemStillThere = (ctx: StoreCtx, productId: string, itemId: string) =>
  stillExists(ctx.db, exists(sql`${productImages}`, and(eq(productImages.id, itemId), ofProduct(productId), eq(productImages.storeId, ctx.store.storeId))!));

async function findItem(ctx: StoreCtx, productId: string, itemId: string, variantId?: string | null) {
  const lookup = await lookupGallery(ctx, productId, { itemId, variantId });
  if (!lookup.item) throw notFound("Gallery item");
  return { lookup, item: lookup.item };
}

export async function updateGalleryItem(ctx: StoreCtx, productId: string, itemId: string, patch: GalleryPatch): Promise<GalleryItem> {
  const { lookup, item } = await findItem(ctx, productId, itemId, patch.product_variant_id);
  checkVariant(lookup, patch.product_variant_id);
  const now = nowIso();
  // Deleted meanwhile (the item or its product): 404, nothing written.
  const statements: Statement[] = [itemStillThere(ctx, productId, itemId)];

  if (patch.position !== undefined) {
    // Target clamped to the last position; the others between old and new move one step towards the gap.
    const target = sql`min(${patch.position}, (SELECT count(*) - 1 FROM product_images WHERE product_id = ${productId}))`;
    const current = sql`(SELECT position FROM product_images WHERE id = ${itemId})`;
    statements.push(
      ctx.db
        .update(productImages)
        .set({
          position: sql`${productImages.position} + CASE WHEN ${target} < ${current} THEN 1 ELSE -1 END`,
          updatedAt: now,
        })
        .where(
          and(
            ofProduct(productId),
            ne(productImages.id, itemId),
            sql`${productImages.position} BETWEEN min(${target}, ${current}) AND max(${target}, ${current})`,
          ),
        ),
      ctx.db.update(productImages).set({ position: target }).where(eq(productImages.id, itemId)),
    );
  }
  if (patch.is_primary === true && !item.is_primary) {
    statements.push(
      ctx.db
        .update(productImages)
        .set({ isPrimary: false, updatedAt: now })
        .where(and(ofProduct(productId), eq(productImages.isPrimary, true))),
      ctx.db.update(productImages).set({ isPrimary: true }).where(eq(productImages.id, itemId)),
    );
  }
  if (patch.is_primary === false && item.is_primary) {
    // The gallery keeps one primary: the first other item (by position) takes over; a lone item cannot let go.
    if (lookup.itemCount <= 1) throw conflict("The only item of a gallery is its primary item");
    statements.push(
      // Again in the batch: a concurrent delete of the other items must not leave the gallery without a primary.
      stillHolds(ctx.db, sql`(SELECT count(*) FROM product_images WHERE product_id = ${productId}) > 1`),
      ctx.db.update(productImages).set({ isPrimary: false }).where(eq(productImages.id, itemId)),
      ctx.db
        .update(productImages)
        .set({ isPrimary: true, updatedAt: now })
        .where(eq(productImages.id, sql`(SELECT id FROM product_images WHERE product_id = ${productId} AND id <> ${itemId} ORDER BY position, id LIMIT 1)`)),
    );
  }
  const fields: Partial<typeof productImages.$inferInsert> = { updatedAt: now };
  if (patch.alt !== undefined) fields.alt = patch.alt;
  if (patch.product_variant_id !== undefined) fields.productVariantId = patch.product_variant_id;
  statements.push(ctx.db.update(productImages).set(fields).where(eq(productImages.id, itemId)));

  return itemOf(
    await guarded(commit(ctx, [...statements, ...closing(ctx, productId, itemId, "update")]), {
      not_found: () => notFound("Gallery item"),
      conflict: () => conflict("The only item of a gallery is its primary item"),
    }),
  );
}

export async function deleteGalleryItem(ctx: StoreCtx, productId: string, itemId: string): Promise<void> {
  const { item } = await findItem(ctx, productId, itemId);
  const now = nowIso();
  await commitGallery(
    commit(ctx, [
      // Of concurrent deletes one wins: the others are 404 and write no audit row and no event.
      itemStillThere(ctx, productId, itemId),
      ctx.db.delete(productImages).where(eq(productImages.id, itemId)),
      // Close the gap: the items after it move up one.
      ctx.db
        .update(productImages)
        .set({ position: sql`${productImages.position} - 1`, updatedAt: now })
        .where(and(ofProduct(productId), sql`${productImages.position} > ${item.position}`)),
      // Removing the primary hands the flag to the first remaining item.
      ctx.db
        .update(productImages)
        .set({ isPrimary: true, updatedAt: now })
        .where(
          and(
            eq(productImages.id, sql`(SELECT id FROM product_images WHERE product_id = ${productId} ORDER BY position, id LIMIT 1)`),
            sql`NOT EXISTS (SELECT 1 FROM product_images WHERE product_id = ${productId} AND is_primary)`,
          ),
        ),
      ...recordEvent(ctx.db, ctx.store.storeId, "product.image.deleted", item),
      ...productChanged(ctx, productId),
      auditEntry(ctx, "product_image.delete", "product_image", itemId),
    ]),
    "Gallery item",
  );
}
