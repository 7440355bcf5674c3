// One HTTP attempt of a delivery: the stored bytes, signed, POSTed with the contract's headers; redirects are
// not followed and the whole exchange (headers and the kept part of the body) is bounded by a 10 s timeout. A send
// that got no response at all (a connection lost before any response byte) is sent once more within the attempt.
import { utf8 } from "../../lib/crypto";
import { signatureHeaders } from "./signatures";

export { signatureHeader } from "./signatures";

export const ATTEMPT_TIMEOUT_MS = 10_000;
export const RESPONSE_BODY_LIMIT = 4096;
export const USER_AGENT = "bod-commerce-webhooks/1.0";
/** Sends in flight per sender object: a Worker invocation opens at most 6 connections at once (more would queue). */
export const MAX_IN_FLIGHT = 6;

export interface AttemptOutcome {
  ok: boolean;
  responseStatus: number | null;
  responseBody: string | null;
  error: string | null;
  durationMs: number;
}

export async function sendAttempt(input: {
  url: string;
  /** The secrets to sign with: the current one, then the previous one while a rotation's overlap lasts. */
  secrets: string[];
  payload: string;
  eventId: string;
  attempt: number;
  /**
   * The subscription's API version, sent as `Api-Version`. Both versions shape the envelope the same way today
   * (docs/api-versions.md), so the stored bytes are sent as they are.
   */
  apiVersion: string;
}): Promise<AttemptOutcome> {
  const body = utf8(input.payload);
  const started = Date.now();
  const headers = {
    "Content-Type": "application/json",
    "User-Agent": USER_AGENT,
    "X-Webhook-Event": "webhook.delivery",
    "X-Webhook-Id": input.eventId,
    "X-Webhook-Attempt": String(input.attempt),
    "Api-Version": input.apiVersion,
    // This attempt's own time: a retry is signed afresh, so receivers can refuse a replayed capture.
    ...(await signatureHeaders(input.secrets, input.eventId, Math.floor(started / 1000), body)),
  };
  const signal = AbortSignal.timeout(ATTEMPT_TIMEOUT_MS);
  const post = () => fetch(input.url, { method: "POST", headers, body, redirect: "manual", signal });
  const lost: string[] = [];
  try {
    let response: Response | null = null;
    while (!response) {
      try {
        response = await post();
      } catch (error) {
        // fetch() rejects only when no response came at all. Most often the runtime reused a pooled keep-alive
        // connection the receiver had just closed ("Network connection lost."), so the receiver never saw the
        // request: send it again at once, within this attempt and its 10 s. A failed connection is not pooled
        // again, and the runtime holds at most MAX_IN_FLIGHT connections of this sender to the receiver, so
        // after that many lost sends the next one is on a fresh connection. A timeout is not a lost connection.
        if (signal.aborted || lost.length >= MAX_IN_FLIGHT) throw error;
        lost.push(messageOf(error));
      }
    }
    const responseBody = await readPrefix(response, RESPONSE_BODY_LIMIT);
    const ok = response.status >= 200 && response.status < 300;
    const redirect = response.status >= 300 && response.status < 400;
    return {
      ok,
      responseStatus: response.status,
      responseBody,
      error: redirect ? "redirect not followed" : ok ? null : `HTTP ${response.status}`,
      durationMs: Date.now() - started,
    };
  } catch (error) {
    const message = signal.aborted ? `timed out after ${ATTEMPT_TIMEOUT_MS / 1000} s` : messageOf(error);
    return {
      ok: false,
      responseStatus: null,
      responseBody: null,
      error: lost.length === 0 ? message : `${message} (sent ${lost.length + 1} times within the attempt; each lost the connection before any response)`,
      durationMs: Date.now() - started,
    };
  }
}

const messageOf = (error: unknown) => String((error as Error)?.message ?? error);

/** The first `limit` bytes of the body as text; the rest is never downloaded. */
async function readPrefix(response: Response, limit: number): Promise<string> {
  if (!response.body) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (size < limit) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
  }
  await reader.cancel().catch(() => {});
  const bytes = new Uint8Array(Math.min(size, limit));
  let offset = 0;
  for (const chunk of chunks) {
    const part = chunk.subarray(0, bytes.byteLength - offset);
    bytes.set(part, offset);
    offset += part.byteLength;
    if (offset >= bytes.byteLength) break;
  }
  return new TextDecoder().decode(bytes);
}
