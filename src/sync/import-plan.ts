// Plans one slice of an import: rows are matched by `handle` (create or update the product) and `variant_sku`
// (create or update the variant; without an SKU, a single product's row is its default variant and a variable
// product's row matches by option values). The plan is a group of statements per product, each group with its
// audit row and its products.created or products.updated event; a bad row becomes an error and is left out.
import { and, eq, sql } from "drizzle-orm";
import type { SQLiteUpdateSetSource } from "drizzle-orm/sqlite-core";
import { products, productVariants } from "../db/schema";
import { auditEntry } from "../lib/audit";
import type { StoreCtx } from "../lib/context";
import { nowIso, uuidv7 } from "../lib/ids";
import { type Statement, recordEvent } from "../events/outbox";
import { productJsonSql } from "../products/product-json";
import { VARIANTS_PER_PRODUCT_CAP } from "../products/variants.service";
import { derivedTitle, newVariantColumns, optionKey, variantColumns } from "../products/variant-shape";
import { type CsvRecord, IMPORT_COLUMNS, PRODUCT_COLUMNS, type SliceRow, fieldColumn } from "./csv-columns";
import { CAP_MESSAGE, type PlannedInsert, insertVariantWithinCap } from "./import-caps";
import { type ProductFields, RowError, isWeightOnly, productFieldsOf, variantFieldsOf } from "./import-rows";
import { sliceFields } from "./import-fields";
import { definitionsStillThere, writeOf } from "../fields/field-values";
import { bitOf, has } from "../lib/permissions";

const VARIANT_COLUMNS = IMPORT_COLUMNS.filter((c) => c !== "handle" && !(PRODUCT_COLUMNS as readonly string[]).includes(c)) as Array<keyof CsvRecord>;

/** A row's variant columns: the layout's, and its `variant_field:` ones. */
const variantColumnsOf = (record: CsvRecord) => [
  ...VARIANT_COLUMNS,
  ...(Object.keys(record) as Array<keyof CsvRecord>).filter((c) => fieldColumn(c)?.owner === "variant"),
];

interface KnownProduct {
  id: string;
  type: "single" | "variable";
  status: "draft" | "live";
  created: boolean;
  /** option key → variant id, and the default variant of a single product. */
  byOptions: Map<string, string>;
  defaultVariant: string | null;
  variantCount: number;
}

export interface Group {
  productId: string;
  statements: Statement[];
  lines: number[];
  /** New variants, inserted only within the cap (import-caps.ts): counted and reported by the progress statement. */
  inserts: PlannedInsert[];
  /** variants_created excludes `inserts`. */
  counts: { products_created: number; products_updated: number; variants_created: number; variants_updated: number };
}

/** One round trip: the slice's products (by handle) with their variants, and the variants its SKUs name. */
async function loadState(ctx: StoreCtx, rows: SliceRow[]) {
  const handles = JSON.stringify([...new Set(rows.map((r) => r.record.handle))]);
  const skus = JSON.stringify([...new Set(rows.flatMap((r) => (r.record.variant_sku?.trim() ? [r.record.variant_sku.trim().toLowerCase()] : [])))]);
  const storeId = ctx.store.storeId;
  const row = await ctx.db.get<{ products: string; skus: string }>(sql`SELECT
    (SELECT json_group_array(json_object('id', p.id, 'slug', p.slug, 'type', p.product_type, 'status', p.status,
        'variants', (SELECT json_group_array(json_array(v.id, v.option_key, v.is_default)) FROM product_variants v WHERE v.product_id = p.id)))
      FROM products p WHERE p.store_id = ${storeId} AND p.slug IN (SELECT value FROM json_each(${handles}))) AS products,
    (SELECT json_group_array(json_array(v.sku_lower, v.id, v.product_id)) FROM product_variants v
      WHERE v.store_id = ${storeId} AND v.sku_lower IN (SELECT value FROM json_each(${skus}))) AS skus`);
  const known = new Map<string, KnownProduct>();
  for (const p of JSON.parse(row.products) as Array<{
    id: string;
    slug: string;
    type: "single" | "variable";
    status: "draft" | "live";
    variants: Array<[string, string, number]>;
  }>) {
    known.set(p.slug, {
      id: p.id,
      type: p.type,
      status: p.status,
      created: false,
      byOptions: new Map(p.variants.map(([id, key]) => [key, id])),
      defaultVariant: p.variants.find((v) => v[2])?.[0] ?? null,
      variantCount: p.variants.length,
    });
  }
  const skuOwner = new Map((JSON.parse(row.skus) as Array<[string, string, string]>).map(([sku, id, productId]) => [sku, { id, productId }]));
  return { known, skuOwner };
}

/** A weight alone (dimensions 0): it fills a box that is unknown (none, or dimensions 0) and leaves a known box as it is. */
function weightOnlyBox(weight: number) {
  const v = (column: string) => sql.raw(`"product_variants"."${column}"`);
  const unknown = sql`(coalesce(${v("box_length_mm")}, 0) = 0 AND coalesce(${v("box_width_mm")}, 0) = 0 AND coalesce(${v("box_height_mm")}, 0) = 0)`;
  return {
    boxLengthMm: sql`CASE WHEN ${unknown} THEN 0 ELSE ${v("box_length_mm")} END`,
    boxWidthMm: sql`CASE WHEN ${unknown} THEN 0 ELSE ${v("box_width_mm")} END`,
    boxHeightMm: sql`CASE WHEN ${unknown} THEN 0 ELSE ${v("box_height_mm")} END`,
    boxWeightG: sql`CASE WHEN ${unknown} THEN ${weight} ELSE ${v("box_weight_g")} END`,
  };
}

/**
 * What a row needs of its starter (docs/sync.md "Who an import acts for"): creating a product, with the variants
 * of its rows in the same slice, needs products.write; changing a product that existed before the slice, or its
 * variants, products.edit; a status change products.publish, as the JSON API asks.
 */
function rowNeeds(held: bigint, creates: boolean, statusChange: "live" | "draft" | null): bigint {
  const need = creates ? "products.write" : "products.edit";
  if (!has(held, need)) {
    throw new RowError(
      `${creates ? "creating a product" : "changing a product"} needs the ${need} permission, which whoever started this import no longer holds`,
    );
  }
  if (statusChange && !has(held, "products.publish")) {
    throw new RowError(`status: ${statusChange === "live" ? "live" : "a status change"} needs the products.publish permission`);
  }
  return bitOf(need) | (statusChange ? bitOf("products.publish") : 0n);
}

/**
 * Plans the slice's rows with the permission its starter holds (`held`): the groups to commit (one per product
 * touched), the rows' errors, and the bits the planned rows use (which the slice's batch asserts are still held).
 */
export async function planSlice(ctx: StoreCtx, importId: string, rows: SliceRow[], held: bigint) {
  const { known, skuOwner } = await loadState(ctx, rows);
  const rowFields = await sliceFields(ctx, rows);
  const groups = new Map<string, Group>();
  const errors: Array<{ line: number; message: string }> = [];
  const storeId = ctx.store.storeId;
  const now = nowIso();
  const inStore = (id: string) => and(eq(products.id, id), eq(products.storeId, storeId));
  let bits = 0n;

  for (const { line, record } of rows) {
    try {
      if (!record.handle?.trim()) throw new RowError("handle: required on every row");
      const handle = record.handle.trim();
      let product = known.get(handle);
      const fields: ProductFields | null = productFieldsOf({ ...record, handle }, product !== undefined);
      if (!product && !fields) throw new RowError("no product has this handle: its first row needs title and product_type");
      const variant = variantFieldsOf(record);
      const type0 = product?.type ?? fields?.product_type;
      // A variable product's first row with no variant columns: the product alone (one without variants round-trips).
      const productOnly = type0 === "variable" && fields !== null && variantColumnsOf(record).every((c) => !record[c]?.trim());
      const custom = rowFields.get(line);
      if (custom && custom.errors.length > 0) throw new RowError(custom.errors.join("; "));
      const productValues = fields ? custom?.product : undefined;
      const variantValues = custom?.variant;
      if (fields && product && fields.product_type && fields.product_type !== product.type) {
        throw new RowError("product_type: cannot change after creation");
      }
      const wantsStatus = fields?.status;
      const statusChange = wantsStatus && wantsStatus !== (product?.status ?? "draft") ? wantsStatus : null;
      const needs = rowNeeds(held, !product || product.created, statusChange);
      // The variant this row names: by SKU, else the default variant (single), else by option values (variable).
      const owner = variant.sku ? skuOwner.get(variant.sku.toLowerCase()) : undefined;
      if (owner && product && owner.productId !== product.id) throw new RowError(`variant_sku: belongs to another product`);
      if (owner && !product) throw new RowError(`variant_sku: belongs to another product`);
      const type = product?.type ?? fields!.product_type;
      const key = optionKey(variant.option_values ?? []);
      let variantId = owner?.id ?? (type === "single" ? (product?.defaultVariant ?? null) : (product?.byOptions.get(key) ?? null));
      if (type === "single" && product && variantId === null) throw new RowError("this single product has no default variant");
      if (type === "single" && product?.created && rowsOfProduct(groups, product.id) > 0 && !owner) {
        throw new RowError("a single product has exactly one variant");
      }
      if (productOnly && wantsStatus === "live" && (product?.variantCount ?? 0) === 0) {
        throw new RowError("status: a product without variants cannot be live");
      }
      if (productOnly) variantId = null;
      else if (variantId === null && (product?.variantCount ?? 0) >= VARIANTS_PER_PRODUCT_CAP) throw new RowError(CAP_MESSAGE);
      if (!productOnly && variantId === null && variant.price_cents === undefined) throw new RowError("price: required for a new variant");
      const clash = product && variant.option_values ? product.byOptions.get(key) : undefined;
      if (clash && variantId !== null && clash !== variantId) throw new RowError("another variant of this product has these option values");

      // The row is good: its statements (first, that the field definitions it was checked against still exist).
      const statements: Statement[] = definitionsStillThere(ctx, [...(productValues?.used ?? []), ...(productOnly ? [] : (variantValues?.used ?? []))]);
      let created = false;
      if (!product) {
        const id = uuidv7();
        product = { id, type, status: wantsStatus ?? "draft", created: true, byOptions: new Map(), defaultVariant: null, variantCount: 0 };
        known.set(handle, product);
        created = true;
        statements.push(
          ctx.db.insert(products).values({
            id,
            storeId,
            slug: handle,
            title: fields!.title,
            description: fields!.description,
            brand: fields!.brand,
            productType: type,
            status: product.status,
            seoTitle: fields!.seo_title,
            seoDescription: fields!.seo_description,
            tags: JSON.stringify(fields!.tags ?? []),
            fields: productValues ? JSON.stringify(productValues.set) : "{}",
            createdAt: now,
            updatedAt: now,
            publishedAt: product.status === "live" ? now : null,
          }),
        );
      } else if (fields) {
        const status = wantsStatus ?? product.status;
        statements.push(
          ctx.db
            .update(products)
            .set({
              title: fields.title,
              description: fields.description,
              brand: fields.brand,
              seoTitle: fields.seo_title,
              seoDescription: fields.seo_description,
              status,
              updatedAt: now,
              ...(fields.tags ? { tags: JSON.stringify(fields.tags) } : {}),
              ...(productValues ? { fields: writeOf(ctx, productValues).merge(sql`${products.fields}`) } : {}),
              ...(status !== product.status ? { publishedAt: status === "live" ? now : null } : {}),
            })
            .where(inStore(product.id)),
        );
        product.status = status;
      }
      const group = groupOf(groups, product.id);
      if (created) group.counts.products_created = 1;
      else if (group.counts.products_created === 0) group.counts.products_updated = 1;
      if (productOnly) {
        // nothing more: the product's own fields are in `statements`
      } else if (variantId === null) {
        variantId = uuidv7();
        const options = variant.option_values ?? [];
        statements.push(
          insertVariantWithinCap(ctx.db, {
            id: variantId,
            storeId,
            productId: product.id,
            ...newVariantColumns({ ...variant, option_values: type === "single" ? [] : options }),
            title: type === "single" ? "Default" : (variant.title ?? derivedTitle(options, variant.sku)),
            isDefault: type === "single",
            priceCents: variant.price_cents!,
            stock: variant.stock ?? 0,
            position: product.variantCount,
            createdAt: now,
            updatedAt: now,
            fields: variantValues ? JSON.stringify(variantValues.set) : "{}",
          }),
        );
        product.variantCount++;
        if (type === "single") product.defaultVariant = variantId;
        else product.byOptions.set(key, variantId);
        group.inserts.push({ line, id: variantId });
      } else {
        const changes: SQLiteUpdateSetSource<typeof productVariants> = { updatedAt: now };
        if (variantValues) changes.fields = writeOf(ctx, variantValues).merge(sql`${productVariants.fields}`);
        // The row's variant columns as the API maps them; a weight-only box fills an unknown box only, and a single
        // product's default variant keeps its title and (no) option values.
        const weightOnly = variant.shipping_box !== undefined && isWeightOnly(variant.shipping_box);
        Object.assign(
          changes,
          variantColumns({
            ...variant,
            shipping_box: weightOnly ? undefined : variant.shipping_box,
            title: type === "variable" ? variant.title : undefined,
            option_values: type === "variable" ? variant.option_values : undefined,
          }),
        );
        if (weightOnly) Object.assign(changes, weightOnlyBox(variant.shipping_box!.weight_g));
        if (type === "variable" && variant.option_values !== undefined) product.byOptions.set(key, variantId);
        statements.push(
          ctx.db
            .update(productVariants)
            .set(changes)
            .where(and(eq(productVariants.id, variantId), eq(productVariants.storeId, storeId))),
        );
        group.counts.variants_updated++;
      }
      if (variant.sku && variantId) skuOwner.set(variant.sku.toLowerCase(), { id: variantId, productId: product.id });
      group.statements.push(...statements);
      group.lines.push(line);
      bits |= needs;
    } catch (error) {
      if (!(error instanceof RowError)) throw error;
      errors.push({ line, message: error.message });
    }
  }
  // Each product's audit row and event, after its changes: the event carries the product as it now is.
  for (const group of groups.values()) {
    const created = group.counts.products_created === 1;
    if (!created) group.statements.push(ctx.db.update(products).set({ updatedAt: now }).where(inStore(group.productId)));
    group.statements.push(
      auditEntry(ctx, created ? "product.create" : "product.update", "product", group.productId, { import_id: importId }),
      ...recordEvent(ctx.db, storeId, created ? "products.created" : "products.updated", productJsonSql(group.productId)),
    );
  }
  return { groups: [...groups.values()], errors, bits };
}

function groupOf(groups: Map<string, Group>, productId: string): Group {
  let group = groups.get(productId);
  if (!group) {
    group = {
      productId,
      statements: [],
      lines: [],
      inserts: [],
      counts: { products_created: 0, products_updated: 0, variants_created: 0, variants_updated: 0 },
    };
    groups.set(productId, group);
  }
  return group;
}

const rowsOfProduct = (groups: Map<string, Group>, productId: string) => groups.get(productId)?.lines.length ?? 0;
