// Identifiers: UUIDv7 (time-ordered, so new rows land at the end of primary-key indexes).
import { toHex } from "./crypto";

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

// Monotonic within an isolate: ids made in the same millisecond keep their creation order (RFC 9562 method 1,
// a 12-bit counter in rand_a), so "newest first" by id is exact for rows one request writes together.
let lastMs = 0;
let counter = 0;

export function uuidv7(now = Date.now()): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  if (now <= lastMs && counter < 0xfff) {
    now = lastMs;
    counter++;
  } else {
    lastMs = Math.max(now, lastMs + 1);
    now = lastMs;
    counter = bytes[7] & 0x7f; // a random start that leaves room to count up
  }
  let ts = now;
  for (let i = 5; i >= 0; i--) {
    bytes[i] = ts % 256;
    ts = Math.floor(ts / 256);
  }
  bytes[6] = 0x70 | (counter >> 8);
  bytes[7] = counter & 0xff;
  bytes[8] = 0x80 | (bytes[8] & 0x3f);
  const hex = toHex(bytes);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Path ids are lowercase UUIDs; anything else cannot name a resource. */
export const isUuid = (value: string | undefined): value is string => !!value && UUID_RE.test(value);

export const nowIso = (now = Date.now()) => new Date(now).toISOString();
