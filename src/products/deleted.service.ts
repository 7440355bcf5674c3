// The deletions feed (docs/api/15-sync-and-bulk.md): GET /products/deleted?since= lists `{id, deleted_at}` oldest first, so a
// poller that missed a products.deleted webhook still learns of the deletion. The record is written in the
// deletion's own batch and deleted by the retention cron after as long as events are kept (src/retention).
import { and, count, eq, sql } from "drizzle-orm";
import { productDeletions } from "../db/schema";
import type { StoreCtx } from "../lib/context";
import { type Walk, pageOf, walkConditions, walkOrder } from "../lib/cursor";
import { nowIso, uuidv7 } from "../lib/ids";

/**
 * The record of deleting product `productId`, placed before the DELETE in its batch: it is written only while the
 * product still exists, so two concurrent deletes of one product record it once.
 */
export function deletionRecord(ctx: StoreCtx, productId: string) {
  const now = Date.now();
  return ctx.db.insert(productDeletions).select(
    sql`SELECT ${uuidv7(now)}, ${ctx.store.storeId}, ${productId}, ${nowIso(now)}
        WHERE EXISTS (SELECT 1 FROM products WHERE id = ${productId} AND store_id = ${ctx.store.storeId})`,
  );
}

/** Deletions at or after `since` (all that are kept without it), oldest first, paged by offset or cursor. */
export async function listDeletions(ctx: StoreCtx, walk: Walk, since: string | undefined) {
  const t = productDeletions;
  const inStore = eq(t.storeId, ctx.store.storeId);
  const from = since ? sql`${t.deletedAt} >= ${since}` : undefined;
  const [rows, [{ total }]] = await ctx.db.batch([
    ctx.db
      .select({ id: t.productId, deleted_at: t.deletedAt, key: t.id })
      .from(t)
      .where(and(inStore, from, ...walkConditions(walk, t.deletedAt, t.id)))
      .orderBy(walkOrder(walk, t.deletedAt, t.id))
      .limit(walk.limit + 1)
      .offset(walk.offset),
    ctx.db.select({ total: count() }).from(t).where(and(inStore, from)),
  ]);
  const page = pageOf(walk, rows, (r) => ({ at: r.deleted_at, id: r.key }), total);
  return { data: page.data.map((r) => ({ id: r.id, deleted_at: r.deleted_at })), pagination: page.pagination };
}
