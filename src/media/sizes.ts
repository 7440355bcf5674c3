// Image sizes (docs/api/07-media.md) and their public URLs, in two forms that must agree: plain TypeScript for the
// library API, and SQL for the gallery JSON (which is built inside queries and event payloads).
// URLs are relative paths (`/media/{store_id}/{media_file_id}/{size}`): SQL has no request origin, and a
// relative reference resolves against the API's own base URL on every client.
import { type SQL, sql } from "drizzle-orm";

export const SIZES = { thumbnail: 150, small: 320, medium: 640, large: 1280 } as const;
export type SizeName = keyof typeof SIZES;
export const SIZE_NAMES = Object.keys(SIZES) as SizeName[];
export const isSizeName = (value: string): value is SizeName => Object.hasOwn(SIZES, value);

export const mediaUrl = (storeId: string, fileId: string, size: SizeName | "original") => `/media/${storeId}/${fileId}/${size}`;

/** A constant string as a SQL literal (our own constants only: keeps bound parameters few). */
const lit = (value: string) => sql.raw(`'${value}'`);

/** `image_variants` of a file `width` px wide: the width actually served, never more than the original's. */
export const imageVariants = (storeId: string, fileId: string, width: number) =>
  SIZE_NAMES.map((size) => ({ size, width: Math.min(SIZES[size], width), url: mediaUrl(storeId, fileId, size) }));

/** The same list as a SQL JSON array, from column expressions. */
export function imageVariantsSql(storeId: SQL, fileId: SQL, width: SQL): SQL {
  const entries = SIZE_NAMES.map(
    (size) =>
      sql`json_object('size', ${lit(size)}, 'width', min(${sql.raw(String(SIZES[size]))}, ${width}), 'url', '/media/' || ${storeId} || '/' || ${fileId} || ${lit(`/${size}`)})`,
  );
  return sql`json_array(${sql.join(entries, sql`, `)})`;
}

/**
 * `srcset`: "url 150w, url 320w, ...". A size whose served width equals the previous size's (the original is
 * smaller than both) is left out, because a srcset must not repeat a width descriptor.
 */
export function srcsetSql(storeId: SQL, fileId: SQL, width: SQL): SQL {
  const parts = SIZE_NAMES.map((size, i) => {
    const entry = sql`'/media/' || ${storeId} || '/' || ${fileId} || ${lit(`/${size} `)} || min(${sql.raw(String(SIZES[size]))}, ${width}) || 'w'`;
    if (i === 0) return entry;
    const previous = SIZES[SIZE_NAMES[i - 1]];
    return sql`CASE WHEN ${width} > ${sql.raw(String(previous))} THEN ', ' || ${entry} ELSE '' END`;
  });
  return sql.join(parts, sql` || `);
}
