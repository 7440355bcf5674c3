// A product as the API returns it, built by ONE SQL expression (json_object + json_group_array subqueries), so
// GET product is one query and event payloads carry exactly what GET would return, computed inside the change's
// own batch. SQLite JSON has no booleans: flags go through json('true'/'false'). Subquery results lose their JSON
// subtype, hence the json(...) wrappers around them.
import { type SQL, sql } from "drizzle-orm";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import { galleryJsonSql } from "./gallery/gallery-json";

const dialect = new SQLiteAsyncDialect();
const rendered = new Map<string, SQL>();

/**
 * The product and variant expressions take no parameters (column references only), so each shape is rendered to
 * SQL text once per isolate and reused as raw SQL: building and walking the whole template again on every request
 * was a measurable share of a catalog read's CPU time.
 */
function renderedOnce(key: string, build: () => SQL): SQL {
  let cached = rendered.get(key);
  if (!cached) {
    const { sql: text, params } = dialect.sqlToQuery(build());
    if (params.length > 0) throw new Error(`${key}: a SQL expression rendered once cannot take parameters`);
    cached = sql.raw(text);
    rendered.set(key, cached);
  }
  return cached;
}

const col = (alias: string, name: string) => sql.raw(`${alias}.${name}`);

const bool = (condition: SQL) => sql`json(CASE WHEN ${condition} THEN 'true' ELSE 'false' END)`;

/** in_stock / out_of_stock / on_demand from the fulfillment mode and the stock (docs/api/06-products.md). */
export const availabilitySql = (v: string) => sql`(CASE ${col(v, "fulfillment_mode")}
  WHEN 'on_demand' THEN 'on_demand'
  WHEN 'stocked_or_on_demand' THEN CASE WHEN ${col(v, "stock")} > 0 THEN 'in_stock' ELSE 'on_demand' END
  ELSE CASE WHEN ${col(v, "stock")} > 0 THEN 'in_stock' ELSE 'out_of_stock' END END)`;

/** The variant's level at every active location, in position order (0 and 0 where it has none; docs/api/20-inventory.md). */
const inventoryArraySql = (v: string) => sql`json((SELECT json_group_array(json_object('location_id', loc.id,
    'location_code', loc.code, 'on_hand', coalesce(il.on_hand, 0), 'committed', coalesce(il.committed, 0),
    'available', coalesce(il.on_hand - il.committed, 0)) ORDER BY loc.position, loc.id)
  FROM locations loc LEFT JOIN inventory_levels il ON il.location_id = loc.id AND il.variant_id = ${col(v, "id")}
  WHERE loc.store_id = ${col(v, "store_id")} AND loc.active = 1))`;

/** One variant row (table alias `v`) as a JSON object. */
export const variantObjectSql = (v: string): SQL => renderedOnce(`variant:${v}`, () => buildVariantObjectSql(v));

function buildVariantObjectSql(v: string): SQL {
  const box = sql`json(CASE WHEN ${col(v, "box_length_mm")} IS NULL THEN NULL ELSE json_object(
    'length_mm', ${col(v, "box_length_mm")}, 'width_mm', ${col(v, "box_width_mm")},
    'height_mm', ${col(v, "box_height_mm")}, 'weight_g', ${col(v, "box_weight_g")}) END)`;
  return sql`json_object(
    'id', ${col(v, "id")}, 'product_id', ${col(v, "product_id")}, 'title', ${col(v, "title")},
    'is_default', ${bool(col(v, "is_default"))}, 'sku', ${col(v, "sku")}, 'price_cents', ${col(v, "price_cents")},
    'stock', ${col(v, "stock")}, 'inventory', ${inventoryArraySql(v)}, 'fulfillment_mode', ${col(v, "fulfillment_mode")},
    'available', ${bool(sql`${availabilitySql(v)} <> 'out_of_stock'`)}, 'availability', ${availabilitySql(v)},
    'option_values', json(${col(v, "option_values")}), 'shipping_box', ${box}, 'position', ${col(v, "position")},
    'compare_at_price_cents', ${col(v, "compare_at_price_cents")}, 'external_id', ${col(v, "external_id")}, 'fields', json(${col(v, "fields")}),
    'created_at', ${col(v, "created_at")}, 'updated_at', ${col(v, "updated_at")})`;
}

/** The variants of product row `p`, in position order, as a JSON array. */
const variantsArraySql = (p: string) => sql`json((SELECT json_group_array(json(vj.j)) FROM (
  SELECT ${buildVariantObjectSql("v")} AS j FROM product_variants v WHERE v.product_id = ${col(p, "id")}
  ORDER BY v.position, v.created_at, v.id) vj))`;

const specsArraySql = (p: string) => sql`json((SELECT json_group_array(json_object(
  'group', s."group", 'key', s.key, 'value', s.value, 'position', s.position)) FROM (
  SELECT "group", key, value, position FROM product_specs WHERE product_id = ${col(p, "id")}
  ORDER BY position, rowid) s))`;

/** The primary gallery item, when it is an image, as list rows show it (a video primary has no thumbnail). */
const primaryImageSql = (p: string) => sql`(SELECT json_object('id', gi.id, 'alt', gi.alt,
  'thumbnail_url', '/media/' || gi.store_id || '/' || gi.media_file_id || '/thumbnail')
  FROM product_images gi WHERE gi.product_id = ${col(p, "id")} AND gi.is_primary = 1 AND gi.media_file_id IS NOT NULL
  LIMIT 1)`;

/**
 * Product row `p` as a JSON object. `full` adds the gallery (`images`) and `specs` (GET product, events);
 * list items carry `variants` and `primary_image`.
 */
export const productObjectSql = (p: string, full: boolean): SQL =>
  renderedOnce(`product:${p}:${full}`, () => buildProductObjectSql(p, full));

function buildProductObjectSql(p: string, full: boolean): SQL {
  const c = (name: string) => col(p, name);
  const children = full
    ? sql`, 'images', json(${galleryJsonSql(c("id"))}), 'specs', ${specsArraySql(p)}`
    : sql`, 'primary_image', json(${primaryImageSql(p)})`;
  return sql`json_object(
    'id', ${c("id")}, 'store_id', ${c("store_id")}, 'slug', ${c("slug")}, 'title', ${c("title")},
    'description', ${c("description")}, 'brand', ${c("brand")}, 'product_type', ${c("product_type")},
    'status', ${c("status")}, 'seo_title', ${c("seo_title")}, 'seo_description', ${c("seo_description")},
    'highlight_video_url', ${c("highlight_video_url")}, 'highlight_video_poster_url', ${c("highlight_video_poster_url")},
    'highlight_video_provider', ${c("highlight_video_provider")}, 'review_count', ${c("review_count")},
    'rating_average', CASE WHEN ${c("review_count")} > 0
      THEN round(CAST(${c("rating_sum")} AS REAL) / ${c("review_count")}, 1) END,
    'created_at', ${c("created_at")}, 'updated_at', ${c("updated_at")}, 'published_at', ${c("published_at")},
    'tags', json(${c("tags")}), 'external_id', ${c("external_id")}, 'fields', json(${c("fields")}),
    'variants', ${variantsArraySql(p)}${children})`;
}

/**
 * The product as GET returns it, as a scalar SQL expression (JSON text; NULL when the product does not exist).
 * Put it in a batch after the change's statements and it sees the changed rows.
 */
export function productJsonSql(productId: SQL | string): SQL {
  return sql`(SELECT ${productObjectSql("pj", true)} FROM products pj WHERE pj.id = ${productId})`;
}
