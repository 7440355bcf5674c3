// The signature headers of a delivery attempt (docs/webhooks.md "Verifying a delivery"): the Standard Webhooks trio
// (`webhook-id`, `webhook-timestamp`, `webhook-signature`) and the original `X-Webhook-Signature`, each carrying
// one signature per secret in use (the current one first, then the previous one while a rotation's overlap lasts).
import { hmacSha256Base64, utf8 } from "../../lib/crypto";

const WHSEC = "whsec_";
/** Canonical padded base64 (the standard alphabet), as the Standard Webhooks libraries decode it. */
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
/** A whsec_ key shorter than this is refused at registration (the Standard Webhooks spec asks for 24..64 bytes). */
export const WHSEC_MIN_KEY_BYTES = 16;

/** The decoded key of a `whsec_<base64>` secret, or null for any other secret. */
function whsecKey(secret: string): Uint8Array | null {
  if (!secret.startsWith(WHSEC)) return null;
  const encoded = secret.slice(WHSEC.length);
  if (encoded.length === 0 || !BASE64.test(encoded)) return null;
  return Uint8Array.from(atob(encoded), (c) => c.charCodeAt(0));
}

/**
 * Why a secret starting with `whsec_` cannot be used as one (not canonical base64, or too short a key), else null.
 * Registration refuses such a secret rather than silently signing with its UTF-8 bytes.
 */
export function whsecProblem(secret: string): string | null {
  if (!secret.startsWith(WHSEC)) return null;
  const key = whsecKey(secret);
  if (!key) return "a whsec_ secret must be whsec_ followed by base64 (standard alphabet, padded)";
  if (key.byteLength < WHSEC_MIN_KEY_BYTES) return `a whsec_ secret's key must be at least ${WHSEC_MIN_KEY_BYTES} bytes`;
  return null;
}

/** The `webhook-signature` key: the decoded base64 of a whsec_ secret, else the secret's UTF-8 bytes. */
export const signingKey = (secret: string): Uint8Array => whsecKey(secret) ?? utf8(secret);

/** `sha256=` + base64 HMAC-SHA256(secret's UTF-8 bytes, raw body bytes): the original header's signature. */
export const signatureHeader = async (secret: string, body: Uint8Array) => `sha256=${await hmacSha256Base64(secret, body)}`;

/** `v1,` + base64 HMAC-SHA256(key, "<id>.<timestamp>.<raw body>"). */
export async function standardSignature(secret: string, id: string, timestamp: number, body: Uint8Array) {
  const prefix = utf8(`${id}.${timestamp}.`);
  const signed = new Uint8Array(prefix.byteLength + body.byteLength);
  signed.set(prefix);
  signed.set(body, prefix.byteLength);
  return `v1,${await hmacSha256Base64(signingKey(secret), signed)}`;
}

/**
 * The signature headers for one attempt at `timestamp` (Unix seconds), signed with every secret in `secrets`
 * (current first). One secret gives exactly the seed's `X-Webhook-Signature` value.
 */
export async function signatureHeaders(secrets: string[], eventId: string, timestamp: number, body: Uint8Array) {
  const original = await Promise.all(secrets.map((secret) => signatureHeader(secret, body)));
  const standard = await Promise.all(secrets.map((secret) => standardSignature(secret, eventId, timestamp, body)));
  return {
    "X-Webhook-Signature": original.join(", "),
    "webhook-id": eventId,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": standard.join(" "),
  };
}
