// Webhook verification for receivers (the Standard Webhooks scheme, standardwebhooks.com), with Web Crypto only: it
// runs in Node 20+, Workers and browsers. A delivery carries `webhook-id`, `webhook-timestamp` (Unix seconds)
// and `webhook-signature`: space-separated `v1,<base64 HMAC-SHA256(key, "<id>.<timestamp>.<raw body>")>` (two
// while a secret rotates). The key is the secret's UTF-8 bytes, or for `whsec_<base64>` the decoded base64.
import type { WebhookEvent } from "./events.js";

export type WebhookVerificationReason = "missing_headers" | "timestamp_out_of_tolerance" | "no_matching_signature" | "invalid_body";

export class WebhookVerificationError extends Error {
  override readonly name = "WebhookVerificationError";
  constructor(
    readonly reason: WebhookVerificationReason,
    message: string,
  ) {
    super(message);
  }
}

/** Fetch's Headers, or a plain object such as Node's `req.headers` (names in any case). */
export type HeadersLike = Headers | Record<string, string | string[] | undefined>;

export interface VerifyWebhookOptions {
  /** The subscription's secret; during a rotation, several (any one matching is enough). */
  secret: string | string[];
  /** How far `webhook-timestamp` may be from now, either way (default 300 s: replays of old deliveries fail). */
  toleranceSeconds?: number;
  /** Now, in milliseconds (tests). */
  now?: () => number;
}

const encoder = new TextEncoder();

function header(headers: HeadersLike, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const entry = Object.entries(headers).find(([key]) => key.toLowerCase() === name);
  const value = entry?.[1];
  return Array.isArray(value) ? value.join(" ") : value;
}

function base64ToBytes(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

function bytesToBase64(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The HMAC key of a secret: `whsec_<base64>` decodes, any other secret is its UTF-8 bytes. */
export function webhookKeyBytes(secret: string): Uint8Array<ArrayBuffer> {
  if (!secret.startsWith("whsec_")) return encoder.encode(secret);
  try {
    return base64ToBytes(secret.slice("whsec_".length));
  } catch {
    throw new TypeError("A whsec_ secret must be whsec_ followed by base64");
  }
}

const importKey = (secret: string, usage: "sign" | "verify") =>
  crypto.subtle.importKey("raw", webhookKeyBytes(secret), { name: "HMAC", hash: "SHA-256" }, false, [usage]);

function signedContent(id: string, timestamp: string, body: string | Uint8Array): Uint8Array<ArrayBuffer> {
  const prefix = encoder.encode(`${id}.${timestamp}.`);
  const raw = typeof body === "string" ? encoder.encode(body) : body;
  const content = new Uint8Array(prefix.length + raw.length);
  content.set(prefix);
  content.set(raw, prefix.length);
  return content;
}

/** The `webhook-signature` value for a delivery (for tests of a receiver, or a sender of one's own). */
export async function signWebhook(input: { secret: string; id: string; timestamp: number; body: string | Uint8Array }): Promise<string> {
  const key = await importKey(input.secret, "sign");
  const mac = await crypto.subtle.sign("HMAC", key, signedContent(input.id, String(input.timestamp), input.body));
  return `v1,${bytesToBase64(new Uint8Array(mac))}`;
}

/**
 * Checks a delivery and returns its event. `body` must be the raw bytes (or text) as received, before any JSON
 * parsing. Throws WebhookVerificationError when a header is missing, the timestamp is outside the tolerance, or
 * no `v1` signature matches any of the secrets. Deduplicate on the returned `id`: retries and replays repeat it.
 */
export async function verifyWebhook(body: string | Uint8Array, headers: HeadersLike, options: VerifyWebhookOptions): Promise<WebhookEvent> {
  const id = header(headers, "webhook-id");
  const timestamp = header(headers, "webhook-timestamp");
  const signatures = header(headers, "webhook-signature");
  if (!id || !timestamp || !signatures) {
    throw new WebhookVerificationError("missing_headers", "webhook-id, webhook-timestamp and webhook-signature are required");
  }
  const now = Math.floor((options.now?.() ?? Date.now()) / 1000);
  const tolerance = options.toleranceSeconds ?? 300;
  if (!/^\d+$/.test(timestamp) || Math.abs(now - Number(timestamp)) > tolerance) {
    throw new WebhookVerificationError("timestamp_out_of_tolerance", `webhook-timestamp is more than ${tolerance} s from now`);
  }
  const content = signedContent(id, timestamp, body);
  const given = signatures
    .split(" ")
    .filter((s) => s.startsWith("v1,"))
    .map((s) => s.slice(3));
  for (const secret of Array.isArray(options.secret) ? options.secret : [options.secret]) {
    const key = await importKey(secret, "verify");
    for (const signature of given) {
      let mac: Uint8Array<ArrayBuffer>;
      try {
        mac = base64ToBytes(signature);
      } catch {
        continue;
      }
      // subtle.verify compares in constant time.
      if (await crypto.subtle.verify("HMAC", key, mac, content)) return parseEvent(body);
    }
  }
  throw new WebhookVerificationError("no_matching_signature", "No v1 signature matches the secret");
}

function parseEvent(body: string | Uint8Array): WebhookEvent {
  try {
    return JSON.parse(typeof body === "string" ? body : new TextDecoder().decode(body)) as WebhookEvent;
  } catch {
    throw new WebhookVerificationError("invalid_body", "The signed body is not JSON");
  }
}
