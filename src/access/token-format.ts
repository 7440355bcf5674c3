// Personal access token values (`bod_`) and integration keys (`boi_`, docs/api/16-integrations.md): the prefix +
// base64url(28 random bytes + big-endian CRC32 of them) = 47 characters. The checksum lets us reject typos and
// truncations without a database read; the distinct prefixes let secret scanners tell the two apart.
import { base64url, crc32, fromBase64url, randomBytes, sha256Hex } from "../lib/crypto";

export const TOKEN_PREFIX = "bod_";
export const INTEGRATION_PREFIX = "boi_";
// 43 characters carry 258 bits for 32 bytes: the last character holds 4 bits and two unused ones, which canonical
// base64url sets to zero. Only these 16 characters may end a value, so each issued token has exactly one spelling
// (a sibling differing in the unused bits would decode to the same bytes and pass the checksum).
const BODY_RE = /^[A-Za-z0-9_-]{42}[AEIMQUYcgkosw048]$/;

export function generateTokenValue(prefix: string = TOKEN_PREFIX): string {
  const bytes = new Uint8Array(32);
  const random = randomBytes(28);
  bytes.set(random);
  new DataView(bytes.buffer).setUint32(28, crc32(random));
  return prefix + base64url(bytes);
}

/** True when the value is the canonical spelling of 32 bytes after the prefix and its checksum holds. */
export function hasValidChecksum(value: string, prefix: string = TOKEN_PREFIX): boolean {
  if (!value.startsWith(prefix)) return false;
  const body = value.slice(prefix.length);
  if (!BODY_RE.test(body)) return false;
  const bytes = fromBase64url(body);
  return new DataView(bytes.buffer).getUint32(28) === crc32(bytes.subarray(0, 28));
}

/** What the database stores: the SHA-256 hex of the whole value, prefix included. */
export const hashTokenValue = (value: string) => sha256Hex(value);

/** The first 8 characters, kept for recognition in listings. */
export const displayPrefix = (value: string) => value.slice(0, 8);
