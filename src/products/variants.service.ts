// Variants: price, stock, fulfillment mode, option values and shipping box. Rules (docs/api/06-products.md): SKU unique
// per store, option-value combination unique per product (both enforced by unique indexes, so concurrent
// requests cannot slip past a check), no second variant on a single product, the hidden default variant and
// the last variant of a live product stay, and so does a variant whose units an open order holds committed (its
// on_hand alone is emptied through the ledger: docs/inventory.md "Deleting a variant"). Every change is a change of
// the product: products.updated.
import { and, count, eq, sql } from "drizzle-orm";
import type { SQLiteUpdateSetSource } from "drizzle-orm/sqlite-core";
import { prepareFields } from "../fields/field-values";
import { differing } from "../lib/unchanged";
import { products, productVariants } from "../db/schema";
import { auditEntry } from "../lib/audit";
import type { StoreCtx } from "../lib/context";
import { isUniqueViolation, isUniqueViolationOf } from "../lib/db";
import { conflict, invalidField, limitExceeded, notFound } from "../lib/errors";
import { exists, failedGuard, guarded, stillExists, stillHolds, withinCap } from "../lib/guards";
import { isUuid, nowIso, uuidv7 } from "../lib/ids";
import { type Statement, commit } from "../events/outbox";
import { isStockHeldElsewhere, stockChange } from "../events/stock-changes";
import { committedUnitsOf, emptyLevelsOf, unitsStillCommitted } from "../events/deleted-variants";
import type { Page } from "../lib/pagination";
import { variantObjectSql } from "./product-json";
import { derivedTitle, newVariantColumns, variantColumns } from "./variant-shape";
import { getProductRow, productStillThere, productUpdatedEvent } from "./products.service";
import type { CreateVariantInput, UpdateVariantInput } from "./variant-schemas";

type OptionValue = { name: string; value: string };

// The input-to-columns mapping, optionKey and derivedTitle live in variant-shape.ts (re-exported for their importers).
export { derivedTitle, optionKey } from "./variant-shape";

const variantJson = (ctx: StoreCtx, variantId: string) =>
  ctx.db
    .select({ json: sql<string>`${variantObjectSql("product_variants")}` })
    .from(productVariants)
    .where(and(eq(productVariants.id, variantId), eq(productVariants.storeId, ctx.store.storeId)));

/** docs/api/13-security.md. */
export const VARIANTS_PER_PRODUCT_CAP = 100;

/** In the change's batch: the variant still exists (404 for the loser of a concurrent delete). */
const variantStillThere = (ctx: StoreCtx, variantId: string) =>
  stillExists(ctx.db, exists(sql`${productVariants}`, and(eq(productVariants.id, variantId), eq(productVariants.storeId, ctx.store.storeId))!));

/** A batch with guards: deleted meanwhile is a 404, a broken state rule a 409, a full product a 422. */
const commitVariantChange = (ctx: StoreCtx, statements: Statement[], conflictDetail = "The product changed meanwhile; nothing was applied") =>
  guarded(commit(ctx, statements), {
    not_found: () => notFound("Variant"),
    conflict: () => conflict(conflictDetail),
    limit: () => limitExceeded(`A product has at most ${VARIANTS_PER_PRODUCT_CAP} variants`),
  });

async function commitReturningVariant(ctx: StoreCtx, statements: Statement[]) {
  try {
    const results = await commitVariantChange(ctx, statements);
    const [row] = results[results.length - 1] as Array<{ json: string }>;
    if (!row) throw notFound("Variant");
    return JSON.parse(row.json);
  } catch (error) {
    if (isStockHeldElsewhere(error)) throw stockHeldElsewhere();
    if (!isUniqueViolation(error)) throw error;
    if (isUniqueViolationOf(error, "product_variants.sku_lower")) throw conflict("Another variant in this store already has this SKU");
    if (isUniqueViolationOf(error, "product_variants.external_id")) throw conflict("Another variant in this store already has this external_id");
    throw conflict("Another variant of this product already has these option values");
  }
}

/** A stock write met stock at a location other than the default (docs/api/20-inventory.md). */
export const stockHeldElsewhere = () => conflict("The stock is held at several locations: change it there with POST /stores/{store_id}/inventory/adjustments");

/** The variant of this store's product, with the product's state; 404 when either is unknown here. */
async function getVariantRow(ctx: StoreCtx, productId: string, variantId: string) {
  if (!isUuid(productId) || !isUuid(variantId)) throw notFound("Variant");
  const [found] = await ctx.db
    .select({ variant: productVariants, productStatus: products.status })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(eq(productVariants.id, variantId), eq(products.id, productId), eq(products.storeId, ctx.store.storeId)))
    .limit(1);
  if (!found) throw notFound("Variant");
  return found;
}

export async function listVariants(ctx: StoreCtx, productId: string, page: Page) {
  await getProductRow(ctx, productId);
  const where = eq(productVariants.productId, productId);
  const [rows, [{ total }]] = await ctx.db.batch([
    ctx.db
      .select({ json: sql<string>`${variantObjectSql("product_variants")}` })
      .from(productVariants)
      .where(where)
      .orderBy(productVariants.position, productVariants.createdAt, productVariants.id)
      .limit(page.limit)
      .offset(page.offset),
    ctx.db.select({ total: count() }).from(productVariants).where(where),
  ]);
  return { data: rows.map((r) => JSON.parse(r.json)), total };
}

export async function getVariant(ctx: StoreCtx, productId: string, variantId: string) {
  const { variant } = await getVariantRow(ctx, productId, variantId);
  const [found] = await variantJson(ctx, variant.id);
  return JSON.parse(found.json);
}

export async function createVariant(ctx: StoreCtx, productId: string, input: CreateVariantInput) {
  const product = await getProductRow(ctx, productId);
  if (product.productType === "single") {
    throw conflict("A single product has exactly one (default) variant; use a variable product for several");
  }
  const fields = await prepareFields(ctx, "variant", input.fields);
  const id = uuidv7();
  const now = nowIso();
  const options = input.option_values ?? [];
  return commitReturningVariant(ctx, [
    ...(fields?.guards ?? []),
    // Before the insert, so a product deleted meanwhile is a 404 (not a foreign-key failure), and the cap is
    // counted in the insert's own batch: concurrent creates cannot pass it.
    productStillThere(ctx, product.id),
    withinCap(ctx.db, sql`(SELECT count(*) FROM ${productVariants} WHERE ${productVariants.productId} = ${product.id}) < ${VARIANTS_PER_PRODUCT_CAP}`),
    // Its stock is the default location's on_hand (a level and its ledger entry, by trigger).
    ...stockChange(ctx, { reason: "stock_write", reference: "variant.create" }, [
      ctx.db.insert(productVariants).values({
        id,
        storeId: ctx.store.storeId,
        productId: product.id,
        ...newVariantColumns({ ...input, option_values: options }),
        title: input.title ?? derivedTitle(options, input.sku),
        isDefault: false,
        priceCents: input.price_cents,
        stock: input.stock ?? 0,
        fields: fields?.json ?? "{}",
        position: input.position ?? sql`(SELECT coalesce(max(position) + 1, 0) FROM product_variants WHERE product_id = ${product.id})`,
        createdAt: now,
        updatedAt: now,
      }),
    ]),
    ...productUpdatedEvent(ctx, product.id),
    auditEntry(ctx, "variant.create", "variant", id),
    variantJson(ctx, id),
  ]);
}

export async function updateVariant(ctx: StoreCtx, productId: string, variantId: string, input: UpdateVariantInput) {
  const { variant: row } = await getVariantRow(ctx, productId, variantId);
  const fields = await prepareFields(ctx, "variant", input.fields);
  const changes: SQLiteUpdateSetSource<typeof productVariants> = variantColumns(input);
  // Merged by SQL from the row as the batch sees it: a concurrent change of other keys is kept.
  if (fields?.changes(row.fields)) changes.fields = fields.merge(sql`${productVariants.fields}`);
  const compareAt = input.compare_at_price_cents === undefined ? row.compareAtPriceCents : input.compare_at_price_cents;
  if (compareAt !== null && compareAt < (input.price_cents ?? row.priceCents)) {
    throw invalidField(
      input.compare_at_price_cents === undefined ? "price_cents" : "compare_at_price_cents",
      `must keep compare_at_price_cents (${compareAt}) at least price_cents`,
    );
  }
  if (input.option_values !== undefined) {
    // A title that was derived from the old option values follows the new ones.
    const old = JSON.parse(row.optionValues) as OptionValue[];
    if (input.title === undefined && row.title === derivedTitle(old, row.sku) && !row.isDefault) {
      changes.title = derivedTitle(input.option_values, input.sku === undefined ? row.sku : input.sku);
    }
  }
  // Only what differs from the stored row is written (docs/api/23-one-call-sync-and-imports.md): values already stored change nothing,
  // and no event, audit row or updated_at follows.
  const differs = differing(changes, row);
  if (Object.keys(differs).length === 0) return getVariant(ctx, productId, variantId);
  const update = ctx.db
    .update(productVariants)
    .set({ ...differs, updatedAt: nowIso() })
    .where(and(eq(productVariants.id, row.id), eq(productVariants.storeId, ctx.store.storeId)));
  return commitReturningVariant(ctx, [
    variantStillThere(ctx, row.id),
    ...(differs.fields !== undefined ? fields!.guards : []),
    // A stock write sets the default location's on_hand, by trigger (409 when stock is held elsewhere).
    ...(differs.stock === undefined ? [update] : stockChange(ctx, { reason: "stock_write", reference: "variant.update" }, [update])),
    ...productUpdatedEvent(ctx, row.productId),
    auditEntry(ctx, "variant.update", "variant", row.id),
    variantJson(ctx, row.id),
  ]);
}

/** 409 for a variant that may not be deleted: the default of a single product, the last of a live one. */
async function refuseDelete(ctx: StoreCtx, row: typeof productVariants.$inferSelect, productStatus: string) {
  if (row.isDefault) throw conflict("The default variant of a single product cannot be deleted");
  if (productStatus === "live") {
    const [{ n }] = await ctx.db.select({ n: count() }).from(productVariants).where(eq(productVariants.productId, row.productId));
    if (n <= 1) throw conflict("The last variant of a live product cannot be deleted: unpublish the product first");
  }
}

export async function deleteVariant(ctx: StoreCtx, productId: string, variantId: string) {
  const { variant: row, productStatus } = await getVariantRow(ctx, productId, variantId);
  await refuseDelete(ctx, row, productStatus);
  const lastOfLive = sql`EXISTS (SELECT 1 FROM ${products} WHERE ${products.id} = ${row.productId} AND ${products.status} = 'live')
    AND (SELECT count(*) FROM ${productVariants} WHERE ${productVariants.productId} = ${row.productId}) <= 1`;
  try {
    await commit(ctx, [
      // Decided in the batch: of concurrent deletes one wins (404 for the others), and concurrent deletes of two
      // variants of a live product cannot leave it with none (409).
      variantStillThere(ctx, row.id),
      stillHolds(ctx.db, sql`NOT (${lastOfLive})`),
      // Units committed to an open order refuse it (409); on_hand is emptied with variant_deleted entries before the
      // cascade removes the levels (docs/inventory.md "Deleting a variant").
      ...emptyLevelsOf(ctx, { variantIds: [row.id] }, "variant.delete"),
      ctx.db.delete(productVariants).where(and(eq(productVariants.id, row.id), eq(productVariants.storeId, ctx.store.storeId))),
      ...productUpdatedEvent(ctx, row.productId),
      auditEntry(ctx, "variant.delete", "variant", row.id),
    ]);
  } catch (error) {
    const kind = failedGuard(error);
    if (kind === "not_found") throw notFound("Variant");
    if (kind !== "conflict") throw error;
    // Committed units are known only here (the batch checks them; no read before it on the usual path), and another
    // delete may have left this the last variant of a live product meanwhile: the answer of what is there now.
    const now = await getVariantRow(ctx, productId, variantId);
    await refuseDelete(ctx, now.variant, now.productStatus);
    const units = await committedUnitsOf(ctx, { variantIds: [row.id] });
    if (units.length > 0) throw unitsStillCommitted("variant", units);
    throw conflict("The variant changed meanwhile; nothing was deleted");
  }
}
