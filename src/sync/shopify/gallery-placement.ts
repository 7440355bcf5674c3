// Where a Shopify import's images go (docs/api/23-one-call-sync-and-imports.md): each product's `Image Src` images into its gallery in
// `Image Position` order (unnumbered ones after the numbered, in line order), each with its `Image Alt Text`; a
// `Variant Image` makes that image the variant's (an image not among the product's is added for it). An image the
// gallery already shows (the same library file) is not added again, so importing a file twice changes nothing;
// new images go after the items a gallery already has. One group of statements per product: the items, their
// product.image.created|updated events and audit rows, and one products.updated.
import { and, eq, isNull, sql } from "drizzle-orm";
import { productImages } from "../../db/schema";
import { auditEntry } from "../../lib/audit";
import type { StoreCtx } from "../../lib/context";
import { withinCap } from "../../lib/guards";
import { nowIso, uuidv7 } from "../../lib/ids";
import { type Statement, recordEvent } from "../../events/outbox";
import { GALLERY_ITEMS_PER_PRODUCT_CAP } from "../../products/gallery/gallery.service";
import { galleryItemJsonSql } from "../../products/gallery/gallery-json";
import { productChanged } from "../../products/gallery/product-link";
import { productStillThere } from "../../products/products.service";
import type { ImageRef, Issue, VariantImageRef } from "./rows";

interface Target {
  id: string;
  variants: Array<[id: string, skuLower: string | null, optionKey: string, isDefault: number]>;
  /** [item id, library file id, variant id] of each gallery item. */
  gallery: Array<[string, string | null, string | null]>;
}

export interface Placement {
  productId: string;
  lines: number[];
  statements: Statement[];
}

/** One read: the products these handles name, with their variants and gallery. */
async function targetsOf(ctx: StoreCtx, handles: string[]): Promise<Map<string, Target>> {
  if (handles.length === 0) return new Map();
  const row = await ctx.db.get<{ products: string }>(sql`SELECT json_group_array(json_object('slug', p.slug, 'id', p.id,
      'variants', (SELECT json_group_array(json_array(v.id, v.sku_lower, v.option_key, v.is_default)) FROM product_variants v WHERE v.product_id = p.id),
      'gallery', (SELECT json_group_array(json_array(gi.id, gi.media_file_id, gi.product_variant_id)) FROM product_images gi WHERE gi.product_id = p.id))) AS products
    FROM products p WHERE p.store_id = ${ctx.store.storeId} AND p.slug IN (SELECT value FROM json_each(${JSON.stringify(handles)}))`);
  return new Map((JSON.parse(row.products) as Array<Target & { slug: string }>).map((p) => [p.slug, p]));
}

const byPosition = (a: ImageRef, b: ImageRef) => (a.position ?? Infinity) - (b.position ?? Infinity) || a.line - b.line;

interface Item {
  id: string;
  fileId: string;
  alt: string | null;
  variantId: string | null;
  line: number;
  existing: boolean;
  changed: boolean;
}

/**
 * The placements of the slice's images. `files`: url → library file id (URLs that failed are absent). `warnings`
 * gains the images a full gallery cannot take.
 */
export async function placeImages(
  ctx: StoreCtx,
  importId: string,
  refs: { images: ImageRef[]; variantImages: VariantImageRef[] },
  files: Map<string, string>,
  warnings: Issue[],
): Promise<Placement[]> {
  const handles = [...new Set([...refs.images, ...refs.variantImages].map((r) => r.handle))];
  const targets = await targetsOf(ctx, handles);
  const placements: Placement[] = [];
  for (const handle of handles) {
    const target = targets.get(handle);
    if (!target) continue; // none of its rows could be applied: their errors say why
    const items = new Map<string, Item>(); // by library file id
    for (const [id, fileId, variantId] of target.gallery)
      if (fileId && !items.has(fileId)) items.set(fileId, { id, fileId, alt: null, variantId, line: 0, existing: true, changed: false });
    const add = (fileId: string, alt: string | null, line: number) => {
      if (!items.has(fileId)) items.set(fileId, { id: uuidv7(), fileId, alt, variantId: null, line, existing: false, changed: false });
      return items.get(fileId)!;
    };
    for (const image of refs.images.filter((r) => r.handle === handle).sort(byPosition)) {
      const fileId = files.get(image.url);
      if (fileId) add(fileId, image.alt, image.line);
    }
    for (const ref of refs.variantImages.filter((r) => r.handle === handle)) {
      const fileId = files.get(ref.url);
      const variant = target.variants.find(([, sku, key, isDefault]) => (ref.sku ? sku === ref.sku : ref.single ? isDefault === 1 : key === ref.optionKey));
      if (!fileId || !variant) continue;
      const item = add(fileId, null, ref.line);
      // A gallery item belongs to one variant: the first variant naming an image keeps it.
      if (item.variantId === null) {
        item.variantId = variant[0];
        item.changed = item.existing;
      }
    }
    const fresh = [...items.values()].filter((i) => !i.existing);
    const room = GALLERY_ITEMS_PER_PRODUCT_CAP - target.gallery.length;
    for (const item of fresh.slice(Math.max(0, room))) {
      warnings.push({
        line: item.line,
        message: `Image Src: the gallery of "${handle}" is full (at most ${GALLERY_ITEMS_PER_PRODUCT_CAP} items); this image was not added`,
      });
    }
    const added = fresh.slice(0, Math.max(0, room));
    const changed = [...items.values()].filter((i) => i.changed);
    if (added.length === 0 && changed.length === 0) continue;
    placements.push({
      productId: target.id,
      lines: [...added, ...changed].map((i) => i.line),
      statements: statementsOf(ctx, importId, target.id, added, changed),
    });
  }
  return placements;
}

function statementsOf(ctx: StoreCtx, importId: string, productId: string, added: Item[], changed: Item[]): Statement[] {
  const now = nowIso();
  const storeId = ctx.store.storeId;
  const count = sql`(SELECT count(*) FROM product_images WHERE product_id = ${productId})`;
  const statements: Statement[] = [productStillThere(ctx, productId), withinCap(ctx.db, sql`${count} + ${added.length} <= ${GALLERY_ITEMS_PER_PRODUCT_CAP}`)];
  for (const item of added) {
    statements.push(
      // Last in the gallery as the batch sees it (dense positions); the first item of a gallery is its primary.
      ctx.db.insert(productImages).values({
        id: item.id,
        storeId,
        productId,
        mediaType: "image",
        mediaFileId: item.fileId,
        alt: item.alt,
        productVariantId: item.variantId,
        position: count,
        isPrimary: sql`CASE WHEN EXISTS (SELECT 1 FROM product_images WHERE product_id = ${productId} AND is_primary) THEN 0 ELSE 1 END`,
        createdAt: now,
        updatedAt: now,
      }),
      ...recordEvent(ctx.db, storeId, "product.image.created", galleryItemJsonSql(item.id)),
      auditEntry(ctx, "product_image.create", "product_image", item.id, { import_id: importId }),
    );
  }
  for (const item of changed) {
    statements.push(
      // Only while no variant has it (a variant given meanwhile through the API stays).
      ctx.db
        .update(productImages)
        .set({ productVariantId: item.variantId, updatedAt: now })
        .where(and(eq(productImages.id, item.id), isNull(productImages.productVariantId))),
      ...recordEvent(ctx.db, storeId, "product.image.updated", galleryItemJsonSql(item.id)),
      auditEntry(ctx, "product_image.update", "product_image", item.id, { import_id: importId }),
    );
  }
  return [...statements, ...productChanged(ctx, productId)];
}
