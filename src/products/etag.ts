// ETags for products: a hash of the product exactly as GET returns it, so it changes whenever the product or any
// child (variant, stock, spec, review, gallery item) changes, whichever module made the change, with no counter
// to forget to bump. If-Match uses the strong comparison of RFC 9110; "*" matches any existing product.
import { toHex, utf8 } from "../lib/crypto";

export async function etagOf(json: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", utf8(json));
  return `"${toHex(digest).slice(0, 32)}"`;
}

/** True when If-Match names particular versions (not absent, not "*"): the write must be of that version. */
export const ifMatchNamesVersions = (header: string | undefined) => header !== undefined && header.trim() !== "*";

/** True when there is no If-Match header, or it names the current ETag (or "*"). */
export function ifMatchHolds(header: string | undefined, etag: string): boolean {
  if (header === undefined) return true;
  const value = header.trim();
  if (value === "*") return true;
  return value.split(",").some((candidate) => candidate.trim() === etag);
}
