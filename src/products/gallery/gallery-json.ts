// The product gallery as SQL JSON expressions, so a product and its gallery load in one query (GET product,
// GET .../images) and event payloads carry exactly what GET returns, computed inside the change's own batch.
// Image URLs are relative paths (`/media/{store_id}/{media_file_id}/{size}`): SQL has no request origin.
import { type SQL, sql } from "drizzle-orm";
import { imageVariantsSql, srcsetSql } from "../../media/sizes";

const gi = (name: string) => sql.raw(`gi.${name}`);
const mf = (name: string) => sql.raw(`mf.${name}`);

/** One gallery row (alias `gi`, its library file LEFT JOINed as `mf`) as the API's JSON object. */
export function galleryItemObjectSql(): SQL {
  const isImage = sql`${mf("id")} IS NOT NULL`;
  return sql`json_object(
    'id', ${gi("id")}, 'product_id', ${gi("product_id")}, 'media_type', ${gi("media_type")},
    'media_file_id', ${gi("media_file_id")},
    'url', CASE WHEN ${isImage} THEN '/media/' || ${gi("store_id")} || '/' || ${mf("id")} || '/original' ELSE ${gi("url")} END,
    'poster_url', ${gi("poster_url")}, 'provider', ${gi("provider")}, 'alt', ${gi("alt")},
    'position', ${gi("position")}, 'is_primary', json(CASE WHEN ${gi("is_primary")} THEN 'true' ELSE 'false' END),
    'product_variant_id', ${gi("product_variant_id")},
    'image_variants', json(CASE WHEN ${isImage} THEN ${imageVariantsSql(gi("store_id"), mf("id"), mf("width"))} ELSE '[]' END),
    'srcset', CASE WHEN ${isImage} THEN ${srcsetSql(gi("store_id"), mf("id"), mf("width"))} END,
    'created_at', ${gi("created_at")}, 'updated_at', ${gi("updated_at")})`;
}

const FROM = sql`FROM product_images gi LEFT JOIN media_files mf ON mf.id = gi.media_file_id`;

/** The product's gallery, ordered by position, as a scalar SQL expression yielding a JSON array. */
export const galleryJsonSql = (productId: SQL): SQL =>
  sql`(SELECT json_group_array(json(g.j)) FROM (
    SELECT ${galleryItemObjectSql()} AS j ${FROM} WHERE gi.product_id = ${productId} ORDER BY gi.position, gi.id) g)`;

/** One gallery item as a scalar SQL expression (NULL when it does not exist). */
export const galleryItemJsonSql = (itemId: string): SQL => sql`(SELECT ${galleryItemObjectSql()} ${FROM} WHERE gi.id = ${itemId})`;

/** One page of the gallery (GET .../images), same items and order as `galleryJsonSql`. */
export const galleryPageJsonSql = (productId: SQL, limit: number, offset: number): SQL =>
  sql`(SELECT json_group_array(json(g.j)) FROM (
    SELECT ${galleryItemObjectSql()} AS j ${FROM} WHERE gi.product_id = ${productId} ORDER BY gi.position, gi.id
    LIMIT ${limit} OFFSET ${offset}) g)`;
