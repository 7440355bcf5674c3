// The images of one step of a Shopify import, as library files: each URL fetched once (fetch-image.ts), IMAGE_CONCURRENCY
// at a time and outside any D1 batch, its bytes written to R2 with their dimensions read by the Images binding (as
// an upload's are), then one batch inserting every new library file with its audit row. A URL the store's library
// already holds (fetched by this or an earlier import: `media_files.source_url`) is not fetched again.
import { type SQL, sql } from "drizzle-orm";
import { mediaFiles } from "../../db/schema";
import { auditEntry } from "../../lib/audit";
import { allowPrivateWebhookUrls } from "../../lib/config";
import type { StoreCtx } from "../../lib/context";
import { nowIso, uuidv7 } from "../../lib/ids";
import { commit } from "../../events/outbox";
import { type MediaFileRow, cleanFilename } from "../../media/library.service";
import { deleteObject, originalKey, putOriginal } from "../../media/storage";
import { fetchImage } from "./fetch-image";
import { failedGuard, stillHolds } from "../../lib/guards";

/**
 * The image step's access checks: `before` runs before each fetch and each write outside a batch, and throws when
 * the starter may no longer act; `holds` is asserted by each batch.
 */
export interface StepGuard {
  before(): Promise<void>;
  holds: SQL;
}

/** Fetches in flight at once: a Worker invocation opens at most 6 connections. */
export const IMAGE_CONCURRENCY = 6;

/** The store's library files fetched from these URLs: url → file id. */
export async function filesFromUrls(ctx: StoreCtx, urls: string[]): Promise<Map<string, string>> {
  if (urls.length === 0) return new Map();
  const row = await ctx.db.get<{ files: string }>(sql`SELECT json_group_array(json_array(source_url, id)) AS files FROM media_files
    WHERE store_id = ${ctx.store.storeId} AND source_url IN (SELECT value FROM json_each(${JSON.stringify(urls)}))`);
  return new Map(JSON.parse(row.files) as Array<[string, string]>);
}

/** Runs `work` over `items`, at most `limit` at a time. */
async function pool<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await work(items[next++]);
    }),
  );
}

/** The name a fetched file keeps: the last part of the URL's path. */
const filenameOf = (url: string) => cleanFilename(decodeURIComponentSafe(new URL(url).pathname.split("/").pop() ?? "") || "image");
const decodeURIComponentSafe = (text: string) => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

/**
 * One fetched image in R2, as the library row to insert; or why it could not be fetched or read. The starter's
 * access is checked before the fetch and again before the write (`guard.before` throws when it is gone).
 */
async function store(ctx: StoreCtx, url: string, alt: string | null, guard: StepGuard): Promise<MediaFileRow | string> {
  await guard.before();
  const fetched = await fetchImage(url, { allowPrivate: allowPrivateWebhookUrls(ctx.env) });
  if (!fetched.ok) return fetched.message;
  await guard.before();
  const id = uuidv7();
  const key = originalKey(ctx.store.storeId, id);
  const blob = new Blob([fetched.bytes]);
  const [info, stored] = await Promise.allSettled([ctx.env.IMAGES.info(blob.stream()), putOriginal(ctx.env, key, blob, fetched.contentType)]);
  if (info.status === "rejected" || !("width" in info.value) || stored.status === "rejected") {
    if (stored.status === "fulfilled") await deleteObject(ctx.env, key);
    if (stored.status === "rejected") throw stored.reason;
    return "the image data could not be read";
  }
  return {
    id,
    storeId: ctx.store.storeId,
    r2Key: key,
    filename: filenameOf(url),
    contentType: fetched.contentType,
    bytes: fetched.bytes.byteLength,
    width: info.value.width,
    height: info.value.height,
    alt,
    createdAt: nowIso(),
    sourceUrl: url,
  };
}

/**
 * Fetches `wanted` (url → the alt text its first row gives) and adds them to the library. Returns the new files by
 * URL and, for each URL that failed, why. `heartbeat` runs after each image (the step says it is alive).
 *
 * When `guard` finds the starter's access gone, no further fetch starts: the ones in flight end, their objects are
 * deleted, nothing is inserted or audited, and the guard's error is thrown. The library batch asserts `guard.holds`
 * too, so a loss between the last check and the batch credits nothing.
 */
export async function fetchIntoLibrary(ctx: StoreCtx, importId: string, wanted: Map<string, string | null>, heartbeat: () => Promise<void>, guard: StepGuard) {
  const rows: MediaFileRow[] = [];
  const failed = new Map<string, string>();
  let stopped: { error: unknown } | null = null;
  await pool([...wanted], IMAGE_CONCURRENCY, async ([url, alt]) => {
    if (stopped) return;
    try {
      const result = await store(ctx, url, alt, guard);
      if (typeof result === "string") failed.set(url, result);
      else rows.push(result);
      await heartbeat();
    } catch (error) {
      stopped ??= { error };
    }
  });
  const discard = () => Promise.all(rows.map((row) => deleteObject(ctx.env, row.r2Key)));
  if (stopped) {
    await discard();
    throw (stopped as { error: unknown }).error;
  }
  if (rows.length > 0) {
    try {
      await commit(ctx, [
        stillHolds(ctx.db, guard.holds),
        ...rows.flatMap((row) => [
          ctx.db.insert(mediaFiles).values(row),
          auditEntry(ctx, "media_file.create", "media_file", row.id, { import_id: importId, source_url: row.sourceUrl }),
        ]),
      ]);
    } catch (error) {
      await discard();
      if (failedGuard(error) === "conflict") await guard.before(); // throws when the starter's access is what changed
      throw error;
    }
  }
  return { files: new Map(rows.map((row) => [row.sourceUrl!, row.id])), failed };
}
