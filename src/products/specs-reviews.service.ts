// Specs (replaced as a whole by PUT) and reviews. Both are changes of the product: products.updated with the
// post-change product, in the same batch. The review counters on the product are recomputed from the reviews
// inside that batch, so review_count and rating_average can never drift from the rows.
import { and, count, desc, eq, sql } from "drizzle-orm";
import { productReviews, productSpecs, products } from "../db/schema";
import { auditEntry } from "../lib/audit";
import type { StoreCtx } from "../lib/context";
import { notFound } from "../lib/errors";
import { isUuid, nowIso, uuidv7 } from "../lib/ids";
import type { Page } from "../lib/pagination";
import {
  type ProductJson,
  commitGuarded,
  commitReturningProduct,
  getProductRow,
  productStillThere,
  productUpdatedEvent,
  selectProductJson,
} from "./products.service";
import { exists, stillExists } from "../lib/guards";
import type { PutSpecsInput } from "./schemas";
import type { CreateReviewInput } from "./variant-schemas";

/** D1 binds at most 100 parameters per statement; a spec row binds 7. */
const SPEC_ROWS_PER_INSERT = 14;

const chunk = <T>(items: T[], size: number): T[][] => Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

export async function putSpecs(ctx: StoreCtx, productId: string, input: PutSpecsInput): Promise<ProductJson> {
  const product = await getProductRow(ctx, productId);
  const rows = input.specs.map((spec, i) => ({
    id: uuidv7(),
    storeId: ctx.store.storeId,
    productId: product.id,
    group: spec.group ?? null,
    key: spec.key,
    value: spec.value,
    position: spec.position ?? i,
  }));
  return commitReturningProduct(ctx, [
    // First: a product deleted meanwhile is a 404, not a foreign-key failure of the inserts.
    productStillThere(ctx, product.id),
    ctx.db.delete(productSpecs).where(eq(productSpecs.productId, product.id)),
    ...chunk(rows, SPEC_ROWS_PER_INSERT).map((part) => ctx.db.insert(productSpecs).values(part)),
    ...productUpdatedEvent(ctx, product.id),
    auditEntry(ctx, "specs.update", "specs", product.id),
    selectProductJson(ctx, product.id),
  ]);
}

type ReviewRow = typeof productReviews.$inferSelect;

const toReview = (r: ReviewRow) => ({
  id: r.id,
  product_id: r.productId,
  author_name: r.authorName,
  rating: r.rating,
  title: r.title,
  body: r.body,
  created_at: r.createdAt,
});

/** Recomputes the product's review counters from its reviews (runs inside the change's batch). */
const refreshReviewStats = (ctx: StoreCtx, productId: string) =>
  ctx.db
    .update(products)
    .set({
      reviewCount: sql`(SELECT count(*) FROM product_reviews r WHERE r.product_id = ${productId})`,
      ratingSum: sql`(SELECT coalesce(sum(rating), 0) FROM product_reviews r WHERE r.product_id = ${productId})`,
    })
    .where(and(eq(products.id, productId), eq(products.storeId, ctx.store.storeId)));

export async function listReviews(ctx: StoreCtx, productId: string, page: Page) {
  const product = await getProductRow(ctx, productId);
  const where = eq(productReviews.productId, product.id);
  const [rows, [{ total }]] = await ctx.db.batch([
    ctx.db.select().from(productReviews).where(where).orderBy(desc(productReviews.createdAt), desc(productReviews.id)).limit(page.limit).offset(page.offset),
    ctx.db.select({ total: count() }).from(productReviews).where(where),
  ]);
  return { data: rows.map(toReview), total };
}

export async function createReview(ctx: StoreCtx, productId: string, input: CreateReviewInput) {
  const product = await getProductRow(ctx, productId);
  const review: ReviewRow = {
    id: uuidv7(),
    storeId: ctx.store.storeId,
    productId: product.id,
    authorName: input.author_name,
    rating: input.rating,
    title: input.title ?? null,
    body: input.body ?? null,
    createdAt: nowIso(),
  };
  await commitGuarded(ctx, [
    productStillThere(ctx, product.id),
    ctx.db.insert(productReviews).values(review),
    refreshReviewStats(ctx, product.id),
    ...productUpdatedEvent(ctx, product.id),
    auditEntry(ctx, "review.create", "review", review.id),
  ]);
  return toReview(review);
}

export async function deleteReview(ctx: StoreCtx, productId: string, reviewId: string) {
  const product = await getProductRow(ctx, productId);
  if (!isUuid(reviewId)) throw notFound("Review");
  const found = await ctx.db.query.productReviews.findFirst({
    where: and(eq(productReviews.id, reviewId), eq(productReviews.productId, product.id)),
  });
  if (!found) throw notFound("Review");
  await commitGuarded(
    ctx,
    [
      // Of concurrent deletes one wins; the others are 404 and write no audit row and no event.
      stillExists(ctx.db, exists(sql`${productReviews}`, eq(productReviews.id, found.id))),
      ctx.db.delete(productReviews).where(eq(productReviews.id, found.id)),
      refreshReviewStats(ctx, product.id),
      ...productUpdatedEvent(ctx, product.id),
      auditEntry(ctx, "review.delete", "review", found.id),
    ],
    "Review",
  );
}
