// Fetching one `Image Src` of a Shopify import (docs/api/23-one-call-sync-and-imports.md): only http(s) URLs the webhook URL rules allow
// (sections 8 and 13: in a deployment https only, no loopback, private, link-local or metadata address, no
// credentials in the URL), redirects followed by hand so that every hop is checked by the same rules, the whole
// exchange bounded by a timeout, at most 20 MiB read, and the image type recognised from the bytes as the media
// upload does. A failure is a message for the import's warnings, never an exception.
import { type ImageType, SNIFF_BYTES, sniffImageType } from "../../media/sniff";
import { type UrlRules, webhookUrlProblem } from "../../webhooks/url-rules";

export const MAX_IMAGE_BYTES = 20 * 1024 * 1024;
/** Per image, from the request to the last byte. */
export const IMAGE_TIMEOUT_MS = 15_000;
export const MAX_REDIRECTS = 3;
const USER_AGENT = "bod-commerce-import/1.0";

export type Fetched = { ok: true; bytes: Uint8Array; contentType: ImageType } | { ok: false; message: string };

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** Reads at most `limit` bytes of the body; null when it holds more. */
async function readCapped(response: Response, limit: number): Promise<Uint8Array | null> {
  if (!response.body) return new Uint8Array();
  const reader = response.body.getReader();
  const parts: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel();
      return null;
    }
    parts.push(value);
  }
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const part of parts) bytes.set(part, at), (at += part.byteLength);
  return bytes;
}

export async function fetchImage(url: string, rules: UrlRules, timeoutMs = IMAGE_TIMEOUT_MS): Promise<Fetched> {
  const signal = AbortSignal.timeout(timeoutMs);
  let current = url;
  // What a thrown error interrupted: the runtime's own text ("internal error; reference = ...") says nothing to a
  // merchant, so the warning names the step instead.
  let step = "the server could not be reached";
  try {
    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
      const problem = webhookUrlProblem(current, rules);
      if (problem) return { ok: false, message: hop === 0 ? `the URL ${problem}` : `it redirects to ${current}, which ${problem}` };
      const response = await fetch(current, { redirect: "manual", signal, headers: { "User-Agent": USER_AGENT, Accept: "image/*" } });
      if (REDIRECTS.has(response.status)) {
        await response.body?.cancel();
        const location = response.headers.get("Location");
        if (!location) return { ok: false, message: `HTTP ${response.status} without a Location` };
        current = new URL(location, current).href;
        step = `the server it redirects to (${new URL(current).host}) could not be reached`;
        continue;
      }
      if (!response.ok) {
        await response.body?.cancel();
        return { ok: false, message: `HTTP ${response.status}` };
      }
      const declared = Number(response.headers.get("Content-Length") ?? "0");
      if (declared > MAX_IMAGE_BYTES) {
        await response.body?.cancel();
        return { ok: false, message: "larger than 20 MiB" };
      }
      step = "the connection broke while the image was read";
      const bytes = await readCapped(response, MAX_IMAGE_BYTES);
      if (!bytes) return { ok: false, message: "larger than 20 MiB" };
      const contentType = sniffImageType(bytes.subarray(0, SNIFF_BYTES));
      if (!contentType) return { ok: false, message: "not a JPEG, PNG, WebP, AVIF or GIF image" };
      return { ok: true, bytes, contentType };
    }
    return { ok: false, message: `more than ${MAX_REDIRECTS} redirects` };
  } catch {
    if (signal.aborted) return { ok: false, message: `no answer within ${timeoutMs / 1000} s` };
    return { ok: false, message: step };
  }
}
