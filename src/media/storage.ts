// Media bytes in R2. An original lives at `{store_id}/{media_file_id}/original`; each size is made from it by the
// Images binding on its first request and kept at `{store_id}/{media_file_id}/{size}` (or `{size}.webp` for
// clients that accept WebP), so a size is computed once and every later request is a single R2 read with no
// database query. The store id in the key is what scopes the public URL to its store.
import { ApiError, notFound } from "../lib/errors";
import { SIZES, type SizeName } from "./sizes";

export const originalKey = (storeId: string, fileId: string) => `${storeId}/${fileId}/original`;
const derivedKey = (storeId: string, fileId: string, size: SizeName, webp: boolean) => `${storeId}/${fileId}/${size}${webp ? ".webp" : ""}`;

const IMMUTABLE = "public, max-age=31536000, immutable";

/** Writes an upload's bytes, with the headers every later response of the original carries. */
export async function putOriginal(env: Env, key: string, file: Blob, contentType: string) {
  await env.MEDIA.put(key, file, { httpMetadata: { contentType, cacheControl: IMMUTABLE } });
}

/** Best effort: used to undo an upload whose database write failed, so no orphan object stays behind. */
export async function deleteObject(env: Env, key: string) {
  try {
    await env.MEDIA.delete(key);
  } catch (error) {
    console.error(JSON.stringify({ level: "error", message: "R2 cleanup failed", key, error: String(error) }));
  }
}

/**
 * Withdraws a file's bytes: the original first (so no new size can be made from it), then every kept size under
 * its prefix. The Worker keeps no cache of its own; R2 is the only copy.
 */
export async function deleteAllObjects(env: Env, storeId: string, fileId: string) {
  await env.MEDIA.delete(originalKey(storeId, fileId));
  const prefix = `${storeId}/${fileId}/`;
  let cursor: string | undefined;
  do {
    const listed = await env.MEDIA.list({ prefix, cursor });
    if (listed.objects.length > 0) await env.MEDIA.delete(listed.objects.map((o) => o.key));
    cursor = listed.truncated ? listed.cursor : undefined;
  } while (cursor);
}

/** WebP when the client says it takes it: much smaller than PNG and cheap to encode (AVIF is not: see docs). */
function acceptsWebp(accept: string | undefined) {
  for (const part of (accept ?? "").toLowerCase().split(",")) {
    const [type, ...params] = part.split(";").map((s) => s.trim());
    if (type !== "image/webp") continue;
    const q = params.find((p) => p.startsWith("q="));
    return !q || Number(q.slice(2)) > 0;
  }
  return false;
}

/** The format a size is encoded in for clients without WebP: JPEG stays JPEG, everything else becomes PNG. */
const fallbackFormat = (originalType: string | undefined) => (originalType === "image/jpeg" ? "image/jpeg" : "image/png");

function objectResponse(object: R2Object, body: BodyInit | null, vary: boolean, status = 200) {
  // nosniff: user-supplied bytes on a public URL must only ever be treated as the image type they were checked as.
  const headers = new Headers({ "Cache-Control": IMMUTABLE, ETag: object.httpEtag, "X-Content-Type-Options": "nosniff" });
  if (object.httpMetadata?.contentType) headers.set("Content-Type", object.httpMetadata.contentType);
  if (vary) headers.set("Vary", "Accept");
  return new Response(body, { status, headers });
}

const hasBody = (object: R2Object | R2ObjectBody): object is R2ObjectBody => "body" in object;

/**
 * The public bytes of one file in one size. `If-None-Match` is answered 304 by R2's own conditional read.
 */
export async function serveMedia(
  env: Env,
  input: { storeId: string; fileId: string; size: SizeName | "original"; accept?: string; ifNoneMatch?: string },
): Promise<Response> {
  const onlyIf = input.ifNoneMatch ? { etagDoesNotMatch: input.ifNoneMatch.replace(/^W\//, "").replaceAll('"', "") } : undefined;
  if (input.size === "original") {
    const object = await env.MEDIA.get(originalKey(input.storeId, input.fileId), { onlyIf });
    if (!object) throw notFound("Media file");
    return hasBody(object) ? objectResponse(object, object.body, false) : objectResponse(object, null, false, 304);
  }
  const webp = acceptsWebp(input.accept);
  const key = derivedKey(input.storeId, input.fileId, input.size, webp);
  const kept = await env.MEDIA.get(key, { onlyIf });
  if (kept) return hasBody(kept) ? objectResponse(kept, kept.body, true) : objectResponse(kept, null, true, 304);

  const original = await env.MEDIA.get(originalKey(input.storeId, input.fileId));
  if (!original) throw notFound("Media file");
  const format = webp ? "image/webp" : fallbackFormat(original.httpMetadata?.contentType);
  const bytes = await resize(env, original.body, SIZES[input.size], format);
  const stored = await env.MEDIA.put(key, bytes, { httpMetadata: { contentType: format, cacheControl: IMMUTABLE } });
  // The file may have been withdrawn while this size was made: then the size must not outlive it.
  if (!(await env.MEDIA.head(originalKey(input.storeId, input.fileId)))) {
    await deleteObject(env, key);
    throw notFound("Media file");
  }
  return objectResponse(stored, bytes, true);
}

/** One resize through the Images binding. `scale-down` never enlarges: a small original keeps its width. */
async function resize(env: Env, source: ReadableStream, width: number, format: "image/webp" | "image/jpeg" | "image/png") {
  try {
    const result = await env.IMAGES.input(source).transform({ width, fit: "scale-down" }).output({ format });
    return await new Response(result.image()).arrayBuffer();
  } catch (error) {
    console.error(JSON.stringify({ level: "error", message: "image resize failed", error: String(error) }));
    throw new ApiError("internal", "The image could not be resized");
  }
}
