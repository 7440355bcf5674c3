// PUT /stores/{store_id}/products/by-external-id/{external_id} (docs/sync.md "PUT by external id"): an ERP sets a
// whole product by its own key. One read of the stored product and its variants, the plan (./put-product-plan.ts),
// then one D1 batch with every change, its audit row and its events, or none at all when nothing differs.
//
// Race-free without locks: the batch asserts that the product is still exactly the version the plan was made from
// (its JSON, as If-Match compares it); if another write came first, the PUT is planned again from the new state
// (412 instead, when If-Match named that version). A concurrent create of the same external_id loses on the unique
// index and is planned again as a change.
import { and, eq, inArray, sql } from "drizzle-orm";
import { products, productVariants } from "../db/schema";
import { auditEntry } from "../lib/audit";
import type { StoreCtx } from "../lib/context";
import { isUniqueViolation, isUniqueViolationOf } from "../lib/db";
import { ApiError, conflict, forbidden, invalidField } from "../lib/errors";
import { failedGuard, stillHolds } from "../lib/guards";
import { nowIso, uuidv7 } from "../lib/ids";
import { has } from "../lib/permissions";
import { type Statement, commit, recordEvent } from "../events/outbox";
import { isStockHeldElsewhere, stockChange } from "../events/stock-changes";
import { emptyLevelsOf, unitsStillCommitted } from "../events/deleted-variants";
import { type CheckedFields, checkFields, checkReferences, definitionsStillThere, invalidFields, loadDefinitions } from "../fields/field-values";
import { etagOf, ifMatchHolds } from "../products/etag";
import { productJsonSql, productObjectSql } from "../products/product-json";
import { type ProductJson, productStillThere, selectProductJson } from "../products/products.service";
import { nextFreeSlug, slugify } from "../products/slug";
import { stockHeldElsewhere } from "../products/variants.service";
import { type VariantRow, planProduct, planVariants, productColumns, variantColumns } from "./put-product-plan";
import type { PutProductInput } from "./put-product-schemas";

type ProductRow = typeof products.$inferSelect;
interface Stored {
  row: ProductRow;
  json: string;
  etag: string;
  variants: VariantRow[];
}

/** The body's custom field values, checked (one read of definitions per owner, one of references): 422 on any. */
async function checkAllFields(ctx: StoreCtx, input: PutProductInput) {
  const variantKeys = input.variants.flatMap((v) => Object.keys(v.fields ?? {}));
  const [productDefinitions, variantDefinitions] = await Promise.all([
    loadDefinitions(ctx, "product", Object.keys(input.fields ?? {})),
    loadDefinitions(ctx, "variant", variantKeys),
  ]);
  const product = checkFields("product", productDefinitions, input.fields ?? {}, "fields");
  const variants = input.variants.map((v, i) => checkFields("variant", variantDefinitions, v.fields ?? {}, `variants.${i}.fields`));
  const all: CheckedFields[] = [product, ...variants];
  const errors = [
    ...all.flatMap((c) => c.errors),
    ...(await checkReferences(
      ctx,
      all.flatMap((c) => c.references),
    )),
  ];
  if (errors.length > 0) throw invalidFields(errors);
  // Full replacement: the values given are the values; a key given null, or left out, has none.
  return {
    product: product.set,
    variants: variants.map((c) => c.set),
    guards: definitionsStillThere(
      ctx,
      all.flatMap((c) => c.used),
    ),
  };
}
type Fields = Awaited<ReturnType<typeof checkAllFields>>;

/** The product with this external_id, its JSON and its variants (with whether other locations hold their stock). */
async function loadStored(ctx: StoreCtx, externalId: string): Promise<Stored | null> {
  const storeId = ctx.store.storeId;
  const idOf = sql`(SELECT id FROM products WHERE store_id = ${storeId} AND external_id = ${externalId})`;
  const [found, variants] = await ctx.db.batch([
    ctx.db
      .select({ row: products, json: sql<string>`${productObjectSql("products", true)}` })
      .from(products)
      .where(and(eq(products.storeId, storeId), eq(products.externalId, externalId))),
    ctx.db
      .select({
        variant: productVariants,
        heldElsewhere: sql<number>`EXISTS (SELECT 1 FROM inventory_levels il JOIN locations l ON l.id = il.location_id
          WHERE il.variant_id = product_variants.id AND l.active = 1 AND l.is_default = 0 AND il.on_hand > 0)`,
        // What the 409 names should the PUT leave the variant out (as committedUnitsOf, src/events/deleted-variants.ts).
        committedUnits: sql<string>`(SELECT json_group_array(json_object('variant', coalesce(product_variants.sku, product_variants.id),
          'location_code', c.code, 'committed', c.committed)) FROM (SELECT l.code, il.committed FROM inventory_levels il
          JOIN locations l ON l.id = il.location_id WHERE il.variant_id = product_variants.id AND il.committed > 0 ORDER BY l.position, l.id) c)`,
      })
      .from(productVariants)
      .where(and(eq(productVariants.storeId, storeId), sql`${productVariants.productId} = ${idOf}`))
      .orderBy(productVariants.position, productVariants.id),
  ]);
  if (!found[0]) return null;
  const { row, json } = found[0];
  const rows = variants.map((v) => ({ ...v.variant, heldElsewhere: v.heldElsewhere, committedUnits: JSON.parse(v.committedUnits) }));
  return { row, json, etag: await etagOf(json), variants: rows };
}

const needs = (ctx: StoreCtx, bit: "products.write" | "products.edit" | "products.publish", why: string) => {
  if (!has(ctx.store.permissions, bit)) throw forbidden(`${why} needs the ${bit} permission`, bit);
};

const stale = () => new ApiError("precondition_failed", "The product changed since the ETag in If-Match was issued");

/** Lost to a concurrent write after the read: plan again. */
class Replan extends Error {}

export interface PutResult {
  product: ProductJson;
  created: boolean;
}

export async function putProduct(ctx: StoreCtx, externalId: string, input: PutProductInput, ifMatch?: string): Promise<PutResult> {
  const fields = await checkAllFields(ctx, input);
  for (let attempt = 0; ; attempt++) {
    const stored = await loadStored(ctx, externalId);
    try {
      if (stored) return { product: await change(ctx, stored, input, fields, ifMatch), created: false };
      if (ifMatch !== undefined) throw stale();
      return { product: await create(ctx, externalId, input, fields), created: true };
    } catch (error) {
      if (!(error instanceof Replan)) throw error;
      if (ifMatch !== undefined && ifMatch.trim() !== "*") throw stale();
      if (attempt >= 2) throw conflict("The product changed while this request ran; nothing was changed, retry it");
    }
  }
}

/** Commits, mapping the batch's failures: a lost race is a Replan, a taken key its 409. */
async function commitPut(ctx: StoreCtx, statements: Statement[], slugGiven: boolean): Promise<ProductJson> {
  try {
    const results = await commit(ctx, statements);
    const [last] = results[results.length - 1] as Array<{ json: string }>;
    return { json: last.json, etag: await etagOf(last.json), rowsRead: 0 };
  } catch (error) {
    if (failedGuard(error) !== null || isUniqueViolationOf(error, "products.external_id")) throw new Replan();
    if (isStockHeldElsewhere(error)) throw stockHeldElsewhere();
    if (isUniqueViolationOf(error, "products.slug")) {
      if (slugGiven) throw conflict("This slug is already used in this store");
      throw new Replan();
    }
    if (!isUniqueViolation(error)) throw error;
    if (isUniqueViolationOf(error, "product_variants.sku_lower")) throw conflict("Another variant in this store already has one of these SKUs");
    if (isUniqueViolationOf(error, "product_variants.external_id")) throw conflict("Another variant in this store already has one of these external_ids");
    throw conflict("Two variants of this product would have the same option values");
  }
}

async function create(ctx: StoreCtx, externalId: string, input: PutProductInput, fields: Fields): Promise<ProductJson> {
  needs(ctx, "products.write", "Creating a product");
  const status = input.status ?? "draft";
  if (status === "live") needs(ctx, "products.publish", "Creating a live product");
  const id = uuidv7();
  const now = nowIso();
  const slug = input.slug ?? (await nextFreeSlug(ctx, slugify(input.title)));
  const single = input.product_type === "single";
  const inserts = input.variants.map((item, i) =>
    ctx.db.insert(productVariants).values({
      ...variantColumns(item, i, single),
      id: uuidv7(),
      storeId: ctx.store.storeId,
      productId: id,
      isDefault: single,
      stock: item.stock ?? 0,
      fields: JSON.stringify(fields.variants[i]),
      createdAt: now,
      updatedAt: now,
    }),
  );
  const withStock = input.variants.some((v) => (v.stock ?? 0) > 0);
  return commitPut(
    ctx,
    [
      ...fields.guards,
      ctx.db.insert(products).values({
        ...productColumns(input),
        id,
        storeId: ctx.store.storeId,
        slug,
        productType: input.product_type,
        status,
        externalId,
        fields: JSON.stringify(fields.product),
        createdAt: now,
        updatedAt: now,
        publishedAt: status === "live" ? now : null,
      }),
      // Each variant's stock is the default location's on_hand (a level and its ledger entry, by trigger).
      ...(withStock ? stockChange(ctx, { reason: "stock_write", reference: "product.put" }, inserts) : inserts),
      auditEntry(ctx, "product.put", "product", id, { created: true, variants_created: input.variants.length }),
      ...recordEvent(ctx.db, ctx.store.storeId, "products.created", productJsonSql(id)),
      selectProductJson(ctx, id),
    ],
    input.slug !== undefined,
  );
}

async function change(ctx: StoreCtx, stored: Stored, input: PutProductInput, fields: Fields, ifMatch?: string): Promise<ProductJson> {
  const { row } = stored;
  needs(ctx, "products.edit", "Changing a product");
  const status = input.status ?? "draft";
  if (status === "live" || status !== row.status) needs(ctx, "products.publish", status === "live" ? "A live product" : "Changing a product's status");
  if (input.product_type !== row.productType) throw invalidField("product_type", "cannot change after creation");
  if (!ifMatchHolds(ifMatch, stored.etag)) throw stale();
  const now = nowIso();
  const product = planProduct(input, row, fields.product, now);
  const variants = planVariants(input, stored.variants, fields.variants);
  if (variants.errors.length > 0) throw invalidFields(variants.errors);
  // An open order still needs them (docs/inventory.md "Deleting a variant"). The batch checks it again: an order
  // committing after this read fails its guard, and the PUT, planned again, answers this.
  if (variants.deletesCommitted.length > 0) throw unitsStillCommitted("put", variants.deletesCommitted);
  const inserts = variants.matched.flatMap((m, i) => (m ? [] : [i]));
  const nothing = Object.keys(product.changes).length === 0 && variants.updates.length === 0 && variants.deletes.length === 0 && inserts.length === 0;
  // A PUT of the state already stored changes nothing: no batch, no event, no audit row, the same updated_at.
  if (nothing) return { json: stored.json, etag: stored.etag, rowsRead: 0 };

  const storeId = ctx.store.storeId;
  const ids = (list: string[]) => inArray(productVariants.id, list);
  const rekeyed = variants.updates.filter((u) => u.rekeys).map((u) => u.id);
  const variantWrites: Statement[] = [
    ...variants.updates.map((u) =>
      ctx.db
        .update(productVariants)
        .set({ ...u.changes, updatedAt: now })
        .where(and(eq(productVariants.storeId, storeId), eq(productVariants.id, u.id))),
    ),
    ...inserts.map((i) =>
      ctx.db.insert(productVariants).values({
        ...variantColumns(input.variants[i], i, false),
        id: uuidv7(),
        storeId,
        productId: row.id,
        isDefault: false,
        stock: input.variants[i].stock ?? 0,
        fields: JSON.stringify(fields.variants[i]),
        createdAt: now,
        updatedAt: now,
      }),
    ),
  ];
  const stockWritten = variants.updates.some((u) => u.changes.stock !== undefined) || inserts.some((i) => (input.variants[i].stock ?? 0) > 0);
  const statements: Statement[] = [
    // Still the version the plan was made from (deleted or changed meanwhile: planned again).
    productStillThere(ctx, row.id),
    stillHolds(ctx.db, sql`${productJsonSql(row.id)} = ${stored.json}`),
    ...fields.guards,
    // The variants left out: their on_hand emptied with variant_deleted entries, then the rows (levels by cascade).
    ...(variants.deletes.length > 0
      ? [
          ...emptyLevelsOf(ctx, { variantIds: variants.deletes }, "product.put"),
          ctx.db.delete(productVariants).where(and(eq(productVariants.storeId, storeId), ids(variants.deletes))),
        ]
      : []),
    // Unique keys that change are cleared first, so that two variants may swap SKUs, external ids or options.
    ...(rekeyed.length > 0
      ? [
          ctx.db
            .update(productVariants)
            .set({ skuLower: null, externalId: null, optionKey: sql`${productVariants.id}` })
            .where(and(eq(productVariants.storeId, storeId), ids(rekeyed))),
        ]
      : []),
    ...(stockWritten ? stockChange(ctx, { reason: "stock_write", reference: "product.put" }, variantWrites) : variantWrites),
    // Any change of the product or its variants is a change of the product: a new updated_at, one products.updated.
    ctx.db
      .update(products)
      .set({ ...product.changes, updatedAt: now })
      .where(and(eq(products.storeId, storeId), eq(products.id, row.id))),
    auditEntry(ctx, "product.put", "product", row.id, {
      created: false,
      product_changed: Object.keys(product.changes),
      variants_created: inserts.length,
      variants_updated: variants.updates.map((u) => u.id),
      variants_deleted: variants.deletes,
    }),
    ...(product.statusChange ? [auditEntry(ctx, status === "live" ? "product.publish" : "product.unpublish", "product", row.id)] : []),
    ...recordEvent(ctx.db, storeId, "products.updated", productJsonSql(row.id)),
    selectProductJson(ctx, row.id),
  ];
  return commitPut(ctx, statements, input.slug !== undefined);
}
