// Where a deleted product leaves the manual collections that held it: their positions close up, in the delete's own
// batch. Part of the product's delete, so it lives with products (collections build on products, not the reverse).
import { sql } from "drizzle-orm";
import { collectionProducts } from "../../db/schema";
import type { StoreCtx } from "../../lib/context";

/**
 * In a product delete's batch, before the delete: every manual collection holding the product closes the gap it
 * leaves (the membership row itself goes with the product, ON DELETE CASCADE).
 */
export const closeMemberGaps = (ctx: StoreCtx, productId: string) =>
  ctx.db
    .update(collectionProducts)
    .set({ position: sql`${collectionProducts.position} - 1` })
    .where(sql`${collectionProducts.collectionId} IN (SELECT collection_id FROM collection_products WHERE product_id = ${productId})
      AND ${collectionProducts.position} > (SELECT m.position FROM collection_products m
        WHERE m.collection_id = ${collectionProducts.collectionId} AND m.product_id = ${productId})`);
