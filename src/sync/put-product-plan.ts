// The whole-product PUT's plan (docs/sync.md "PUT by external id"): from the desired product and the stored one, the
// columns that differ, the variants to insert, update and delete. Pure: no database, so the rules read in one place.
//
// Matching: a single product's one item is its hidden default variant; a variable product's item takes the stored
// variant with its external_id, else the one with its SKU (case-insensitive), each stored variant at most once;
// stored variants no item took are deleted (refused while an open order holds units of theirs committed; their
// on_hand is emptied through the ledger: docs/inventory.md "Deleting a variant"). Full replacement: every column the
// body leaves out takes its default (as a create would set it), except the stock (left out: unchanged), the slug of an
// existing product (kept) and what the body cannot name (video, gallery, specs, reviews, collections). Only differing
// columns are written.
import type { products, productVariants } from "../db/schema";
import type { FieldError } from "../lib/errors";
import { differing } from "../lib/unchanged";
import type { CommittedUnits } from "../events/deleted-variants";
import { derivedTitle, newVariantColumns } from "../products/variant-shape";
import type { PutProductInput, PutVariantInput } from "./put-product-schemas";

type ProductRow = typeof products.$inferSelect;
export type VariantRow = typeof productVariants.$inferSelect & {
  heldElsewhere: number;
  /** Its levels holding units committed to open orders (none for most variants). */
  committedUnits: CommittedUnits[];
};
type VariantColumns = Partial<typeof productVariants.$inferInsert>;
type ItemColumns = Omit<typeof productVariants.$inferInsert, "id" | "storeId" | "productId" | "isDefault" | "stock" | "fields" | "createdAt" | "updatedAt">;

/** JSON objects equal whatever their key order (stored `fields` may come from json_patch). */
export const sameObject = (stored: string, wanted: Record<string, unknown>) => canonical(JSON.parse(stored)) === canonical(wanted);
const canonical = (value: unknown): string =>
  value !== null && typeof value === "object" && !Array.isArray(value)
    ? `{${Object.keys(value as object)
        .sort()
        .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
        .join(",")}}`
    : JSON.stringify(value);

/** The product's columns as the body says they should be (status and slug handled by the caller). */
export function productColumns(input: PutProductInput) {
  return {
    title: input.title,
    description: input.description ?? null,
    brand: input.brand ?? null,
    seoTitle: input.seo_title ?? null,
    seoDescription: input.seo_description ?? null,
    tags: JSON.stringify(input.tags ?? []),
  };
}

/** A variant's columns as item `i` says they should be (stock and fields apart). */
export function variantColumns(item: PutVariantInput, i: number, isDefault: boolean): ItemColumns {
  const options = isDefault ? [] : (item.option_values ?? []);
  const title = item.title ?? (isDefault ? "Default" : derivedTitle(options, item.sku));
  // Full replacement: what the item leaves out takes a new variant's default (the stock apart: left out, unchanged).
  return newVariantColumns({ ...item, stock: undefined, option_values: options, title, position: i }) as ItemColumns;
}

export interface VariantUpdate {
  id: string;
  index: number;
  changes: VariantColumns;
  /** A unique key (SKU, external_id, option values) changes: cleared first, so two variants may swap them. */
  rekeys: boolean;
}

export interface VariantPlan {
  /** Per item, the stored variant it updates (null: a new variant). */
  matched: Array<VariantRow | null>;
  updates: VariantUpdate[];
  deletes: string[];
  /** The committed units of the variants to delete: any makes the PUT a 409 (an open order still needs them). */
  deletesCommitted: CommittedUnits[];
  /** Stock writes refused before anything is written (the stock is held at other locations). */
  errors: FieldError[];
}

/** Which stored variant each item is, and what changes. `fields[i]`: item i's custom field values as wanted. */
export function planVariants(input: PutProductInput, stored: VariantRow[], fields: Array<Record<string, unknown>>): VariantPlan {
  const taken = new Set<string>();
  const byExternal = new Map(stored.flatMap((v) => (v.externalId ? [[v.externalId, v] as const] : [])));
  const bySku = new Map(stored.flatMap((v) => (v.skuLower ? [[v.skuLower, v] as const] : [])));
  const free = (v: VariantRow | undefined) => (v && !taken.has(v.id) ? v : undefined);
  const matched = input.variants.map((item) => {
    const found =
      input.product_type === "single"
        ? (stored.find((v) => v.isDefault) ?? stored[0])
        : (free(item.external_id ? byExternal.get(item.external_id) : undefined) ?? free(item.sku ? bySku.get(item.sku.toLowerCase()) : undefined));
    if (found) taken.add(found.id);
    return found ?? null;
  });
  const updates: VariantUpdate[] = [];
  const errors: FieldError[] = [];
  matched.forEach((row, i) => {
    if (!row) return;
    const item = input.variants[i];
    const wanted: VariantColumns = variantColumns(item, i, row.isDefault);
    if (item.stock !== undefined && item.stock !== row.stock) {
      if (row.heldElsewhere)
        errors.push({ path: `variants.${i}.stock`, message: "cannot be written: the stock is held at several locations (use inventory adjustments)" });
      wanted.stock = item.stock;
    }
    const changes: VariantColumns = differing(wanted, row);
    if (!sameObject(row.fields, fields[i])) changes.fields = JSON.stringify(fields[i]);
    if (Object.keys(changes).length === 0) return;
    const rekeys = changes.skuLower !== undefined || changes.externalId !== undefined || changes.optionKey !== undefined;
    // The batch clears all three keys of a rekeyed variant first (see the service), so its update sets all three.
    if (rekeys) Object.assign(changes, { skuLower: wanted.skuLower, externalId: wanted.externalId, optionKey: wanted.optionKey });
    updates.push({ id: row.id, index: i, changes, rekeys });
  });
  const left = stored.filter((v) => !taken.has(v.id));
  return { matched, updates, deletes: left.map((v) => v.id), deletesCommitted: left.flatMap((v) => v.committedUnits), errors };
}

/** The product's differing columns, with status and slug (`slug` undefined: kept). */
export function planProduct(input: PutProductInput, row: ProductRow, fields: Record<string, unknown>, now: string) {
  const wanted: Record<string, unknown> = { ...productColumns(input) };
  const status = input.status ?? "draft";
  if (status !== row.status) {
    wanted.status = status;
    wanted.publishedAt = status === "live" ? now : null;
  }
  if (input.slug !== undefined) wanted.slug = input.slug;
  const changes = differing(wanted, row) as Partial<ProductRow>;
  if (!sameObject(row.fields, fields)) changes.fields = JSON.stringify(fields);
  return { changes, statusChange: status !== row.status };
}
