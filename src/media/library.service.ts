// The store media library: accept an upload (type from the bytes, size limit, dimensions from the Images
// binding), write it to R2, and list files. `receiveUpload` is shared with the gallery's direct upload, which
// commits the library row together with its gallery row.
import { and, count, desc, eq, sql } from "drizzle-orm";
import { mediaFiles, productImages } from "../db/schema";
import { auditEntry } from "../lib/audit";
import type { StoreCtx } from "../lib/context";
import { ApiError, conflict, notFound } from "../lib/errors";
import { exists, guarded, stillExists, stillHolds } from "../lib/guards";
import { isUuid } from "../lib/ids";
import { nowIso, uuidv7 } from "../lib/ids";
import { commit, type Statement } from "../events/outbox";
import type { Page } from "../lib/pagination";
import { MAX_UPLOAD_BYTES } from "./schemas";
import { imageVariants, mediaUrl } from "./sizes";
import { SNIFF_BYTES, sniffImageType } from "./sniff";
import { deleteAllObjects, deleteObject, originalKey, putOriginal } from "./storage";

export type MediaFileRow = typeof mediaFiles.$inferSelect;

export const toMediaFile = (row: MediaFileRow) => ({
  id: row.id,
  store_id: row.storeId,
  filename: row.filename,
  content_type: row.contentType,
  bytes: row.bytes,
  width: row.width,
  height: row.height,
  alt: row.alt,
  url: mediaUrl(row.storeId, row.id, "original"),
  image_variants: imageVariants(row.storeId, row.id, row.width),
  created_at: row.createdAt,
});

// The last 255 UTF-16 units, never starting with the low half of a pair cut in two (D1 would store a lone half as U+FFFD).
export const cleanFilename = (name: string) =>
  name
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what the name must lose
    .replace(/[\u0000-\u001f\u007f/\\]/g, "_")
    .trim()
    .slice(-255)
    .replace(/^[\uDC00-\uDFFF]/, "") || "upload";

/**
 * Checks an upload and writes its bytes to R2. Returns the row to insert; the caller commits it (with whatever
 * else belongs to the change) through `commitWithObject`, which removes the object again if that fails.
 */
export async function receiveUpload(ctx: StoreCtx, file: File, alt: string | null): Promise<MediaFileRow> {
  if (file.size > MAX_UPLOAD_BYTES) {
    throw new ApiError("payload_too_large", `file: must be at most ${MAX_UPLOAD_BYTES} bytes (10 MiB)`);
  }
  const contentType = sniffImageType(new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer()));
  if (!contentType) {
    throw new ApiError("unsupported_media_type", "file: must be a JPEG, PNG, WebP, AVIF or GIF image");
  }
  const id = uuidv7();
  const key = originalKey(ctx.store.storeId, id);
  // Decoding the header and writing the bytes are independent: run them side by side.
  const [info, stored] = await Promise.allSettled([ctx.env.IMAGES.info(file.stream()), putOriginal(ctx.env, key, file, contentType)]);
  if (info.status === "rejected" || !("width" in info.value) || stored.status === "rejected") {
    if (stored.status === "fulfilled") await deleteObject(ctx.env, key);
    if (stored.status === "rejected") throw stored.reason;
    throw new ApiError("unsupported_media_type", "file: the image data could not be read");
  }
  return {
    id,
    storeId: ctx.store.storeId,
    r2Key: key,
    filename: cleanFilename(file.name),
    contentType,
    bytes: file.size,
    width: info.value.width,
    height: info.value.height,
    alt,
    createdAt: nowIso(),
    sourceUrl: null,
  };
}

/** Commits a change that includes a freshly written R2 object; on failure the object is deleted first. */
export async function commitWithObject(ctx: StoreCtx, key: string, statements: Statement[]) {
  try {
    return await commit(ctx, statements);
  } catch (error) {
    await deleteObject(ctx.env, key);
    throw error;
  }
}

export async function uploadToLibrary(ctx: StoreCtx, input: { file: File; alt?: string }) {
  const row = await receiveUpload(ctx, input.file, input.alt ?? null);
  await commitWithObject(ctx, row.r2Key, [ctx.db.insert(mediaFiles).values(row), auditEntry(ctx, "media_file.create", "media_file", row.id)]);
  return toMediaFile(row);
}

export async function listLibrary(ctx: StoreCtx, page: Page) {
  const where = eq(mediaFiles.storeId, ctx.store.storeId);
  const [rows, [{ total }]] = await ctx.db.batch([
    ctx.db.select().from(mediaFiles).where(where).orderBy(desc(mediaFiles.createdAt), desc(mediaFiles.id)).limit(page.limit).offset(page.offset),
    ctx.db.select({ total: count() }).from(mediaFiles).where(where),
  ]);
  return { data: rows.map(toMediaFile), total };
}

const inUse = () => conflict("A gallery item still uses this library file: remove the gallery items first");

/**
 * Withdraws a library file (docs/api/13-security.md): the row goes in a batch that checks, inside it, that the file still
 * exists (404 for the loser of concurrent deletes) and that no gallery item uses it (409; a gallery insert checks
 * the file in its own batch, so the two cannot cross). Then the original and every kept size leave R2.
 */
export async function deleteMediaFile(ctx: StoreCtx, mediaId: string) {
  if (!isUuid(mediaId)) throw notFound("Media file");
  const row = await ctx.db.query.mediaFiles.findFirst({ where: and(eq(mediaFiles.id, mediaId), eq(mediaFiles.storeId, ctx.store.storeId)) });
  if (!row) throw notFound("Media file");
  const used = exists(sql`${productImages}`, eq(productImages.mediaFileId, row.id));
  await guarded(
    commit(ctx, [
      stillExists(ctx.db, exists(sql`${mediaFiles}`, eq(mediaFiles.id, row.id))),
      stillHolds(ctx.db, sql`NOT ${used}`),
      ctx.db.delete(mediaFiles).where(eq(mediaFiles.id, row.id)),
      auditEntry(ctx, "media_file.delete", "media_file", row.id),
    ]),
    { not_found: () => notFound("Media file"), conflict: inUse },
  );
  await deleteAllObjects(ctx.env, row.storeId, row.id);
}
