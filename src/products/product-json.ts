// A product as the API returns it, built by ONE SQL expression (json_object + json_group_array subqueries), so
// GET product is one query and event payloads carry exactly what GET would return, computed inside the change's
// own batch. SQLite JSON has no booleans: flags go through json('true'/'false'). Subquery results lose their JSON
// subtype, hence the json(...) wrappers around them. This module owns the product's shape (PRODUCT_PROJECTION, typed by
// the zod productSchema; the CSV exports read a subset of it with productEntriesSql); the variant's is
// variant-shape.ts's (docs/recipes.md).
import { type SQL, sql } from "drizzle-orm";
import { galleryJsonSql } from "./gallery/gallery-json";
import type { productSchema } from "./schemas";
import type { z } from "@hono/zod-openapi";
import { col, renderedOnce, variantJsonSql, variantsArraySql } from "./variant-shape";

// The variant's shape lives in variant-shape.ts; these names stay for the modules that import them from here.
export { availabilitySql } from "./variant-shape";

/** One variant row (table alias `v`) as the API's JSON object. */
export const variantObjectSql = (v: string): SQL => variantJsonSql(v);

/** A product as the API returns it (the zod schema's type). */
export type ProductJson = z.infer<typeof productSchema>;
export type ProductKey = keyof ProductJson;

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
 * Each key of the API's product (its own row's keys, then `variants`), in the API's order, over product row `p`.
 * Typed by the zod schema: a key of the schema without an expression here does not compile.
 */
const PRODUCT_PROJECTION: { [K in Exclude<ProductKey, "images" | "specs">]: (p: string) => SQL } = {
  id: (p) => col(p, "id"),
  store_id: (p) => col(p, "store_id"),
  slug: (p) => col(p, "slug"),
  title: (p) => col(p, "title"),
  description: (p) => col(p, "description"),
  brand: (p) => col(p, "brand"),
  product_type: (p) => col(p, "product_type"),
  status: (p) => col(p, "status"),
  seo_title: (p) => col(p, "seo_title"),
  seo_description: (p) => col(p, "seo_description"),
  highlight_video_url: (p) => col(p, "highlight_video_url"),
  highlight_video_poster_url: (p) => col(p, "highlight_video_poster_url"),
  highlight_video_provider: (p) => col(p, "highlight_video_provider"),
  review_count: (p) => col(p, "review_count"),
  rating_average: (p) => sql`CASE WHEN ${col(p, "review_count")} > 0
      THEN round(CAST(${col(p, "rating_sum")} AS REAL) / ${col(p, "review_count")}, 1) END`,
  created_at: (p) => col(p, "created_at"),
  updated_at: (p) => col(p, "updated_at"),
  published_at: (p) => col(p, "published_at"),
  tags: (p) => sql`json(${col(p, "tags")})`,
  external_id: (p) => col(p, "external_id"),
  fields: (p) => sql`json(${col(p, "fields")})`,
  variants: (p) => variantsArraySql(col(p, "id")),
};
const PRODUCT_ENTRIES = Object.entries(PRODUCT_PROJECTION) as Array<[ProductKey, (p: string) => SQL]>;

/**
 * `keys` of product row `p` as `'key', expression` pairs of the API's projection (for a json_object that adds keys
 * of its own: the CSV exports). `variants` is not among them: the caller picks the variant keys it reads.
 */
export function productEntriesSql(p: string, keys: readonly Exclude<ProductKey, "variants" | "images" | "specs">[]): SQL {
  return sql.join(
    PRODUCT_ENTRIES.filter(([key]) => (keys as readonly string[]).includes(key)).map(([key, expression]) => sql`${sql.raw(`'${key}'`)}, ${expression(p)}`),
    sql`, `,
  );
}

/**
 * Product row `p` as a JSON object. `full` adds the gallery (`images`) and `specs` (GET product, events);
 * list items carry `variants` and `primary_image`.
 */
export const productObjectSql = (p: string, full: boolean): SQL => renderedOnce(`product:${p}:${full}`, () => buildProductObjectSql(p, full));

function buildProductObjectSql(p: string, full: boolean): SQL {
  const children = full
    ? sql`, 'images', json(${galleryJsonSql(col(p, "id"))}), 'specs', ${specsArraySql(p)}`
    : sql`, 'primary_image', json(${primaryImageSql(p)})`;
  const own = sql.join(
    PRODUCT_ENTRIES.map(([key, expression]) => sql`${sql.raw(`'${key}'`)}, ${expression(p)}`),
    sql`, `,
  );
  return sql`json_object(${own}${children})`;
}

/**
 * The product as GET returns it, as a scalar SQL expression (JSON text; NULL when the product does not exist).
 * Put it in a batch after the change's statements and it sees the changed rows.
 */
export function productJsonSql(productId: SQL | string): SQL {
  return sql`(SELECT ${productObjectSql("pj", true)} FROM products pj WHERE pj.id = ${productId})`;
}
