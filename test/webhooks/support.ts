// Test-side tools for the webhook tests: a scripted receiver standing in for the network (a spy on the global
// fetch the Worker uses), delivery rows written straight to the store's database (no queue message, so the test drives the
// consumer itself), and an HMAC check written independently of the service code.
import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { vi } from "vitest";
import { handleDeliveryBatch } from "../../src/webhooks";
import { runAttempt } from "../../src/webhooks/delivery/run-attempt";
import { senderOf } from "../../src/webhooks/delivery/hand-off";
import type { DeliveryMessage } from "../../src/events/delivery-message";
import { dbOf } from "../../src/placement/store-db";
import { call, type TestStore } from "../helpers/api";
import { allStoresAll, storeD1, storeD1s } from "../helpers/databases";

export const SECRET = "test-secret-0123456789abcdef";

export interface Received {
  url: string;
  headers: Headers;
  body: string;
  redirect: string | undefined;
}

/** Answers POSTs to `urlPrefix` with the scripted statuses in turn (the last one repeats); records each. */
export function scriptedReceiver(urlPrefix: string, statuses: number[], responseBody = (n: number) => `response ${n}`) {
  const received: Received[] = [];
  const realFetch = globalThis.fetch;
  const spy = vi.spyOn(globalThis, "fetch").mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    if (!request.url.startsWith(urlPrefix)) return realFetch(input, init);
    received.push({ url: request.url, headers: request.headers, body: await request.text(), redirect: init?.redirect });
    const status = statuses[Math.min(received.length - 1, statuses.length - 1)];
    const headers = status >= 300 && status < 400 ? { Location: "http://127.0.0.1:9/elsewhere" } : undefined;
    return new Response(status === 204 ? null : responseBody(received.length), { status, headers });
  });
  return { received, restore: () => spy.mockRestore() };
}

/** A whsec_ secret: 24 random bytes, base64 (as Svix and Standard Webhooks issue them). */
export const whsecSecret = () => `whsec_${btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(24))))}`;

/** A received request's headers as the plain object the standardwebhooks verifier takes. */
export const headersOf = (r: Pick<Received, "headers">) => Object.fromEntries(r.headers);

export async function subscribe(store: TestStore, url: string, events: string[], secret = SECRET) {
  const res = await call("POST", `/stores/${store.id}/webhooks`, { token: store.owner.jwt, body: { url, events, secret } });
  if (res.status !== 201) throw new Error(`subscribe failed: ${res.status} ${res.text}`);
  return res.body.data as Array<{ id: string; event: string; url: string }>;
}

/**
 * A pending delivery written directly (as the fan-out would), with its event holding the envelope, and no queue
 * message behind it. The returned row carries the `payload` (the event's envelope) for convenience.
 */
export async function insertDelivery(storeId: string, webhookId: string, fields: Record<string, unknown> = {}) {
  const id = crypto.randomUUID();
  const eventId = crypto.randomUUID();
  const now = new Date().toISOString();
  const row = {
    id,
    store_id: storeId,
    webhook_id: webhookId,
    event_id: eventId,
    event: "customers.created",
    status: "pending",
    attempt_count: 0,
    next_attempt_at: now,
    claim_id: null,
    claimed_at: null,
    created_at: now,
    ...fields,
  };
  const payload = JSON.stringify({ id: eventId, event: row.event, store_id: storeId, delivered_at: now, data: { id: "c1" } });
  const columns = Object.keys(row);
  const db = await storeD1(storeId);
  await db.batch([
    db.prepare("INSERT INTO events (id, store_id, name, created_at, payload) VALUES (?, ?, ?, ?, ?)").bind(eventId, storeId, row.event, now, payload),
    db.prepare(`INSERT INTO webhook_deliveries (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`).bind(...Object.values(row)),
  ]);
  // The stored envelope, as every attempt sends it: the event's trigger adds its `sequence` (migrations/store/0028).
  const stored = await db.prepare("SELECT payload FROM events WHERE id = ?").bind(eventId).first<{ payload: string }>();
  return { ...row, payload: stored?.payload ?? payload };
}

/** The store database holding a delivery (the one whose store it belongs to), or null for an unknown id. */
async function deliveryDatabase(id: string): Promise<D1Database | null> {
  for (const db of storeD1s()) {
    if (await db.prepare("SELECT 1 FROM webhook_deliveries WHERE id = ?").bind(id).first()) return db;
  }
  return null;
}

export const deliveryRow = async (id: string) =>
  (await deliveryDatabase(id))?.prepare("SELECT * FROM webhook_deliveries WHERE id = ?").bind(id).first<Record<string, any>>() ?? null;

export const attemptRows = (deliveryId: string) =>
  allStoresAll<Record<string, any>>("SELECT * FROM webhook_attempts WHERE delivery_id = ? ORDER BY attempt, started_at", deliveryId);

/** Moves a delivery's next attempt into the past, as if the retry delay had elapsed. */
export const makeDue = async (id: string) =>
  (await deliveryDatabase(id))!
    .prepare("UPDATE webhook_deliveries SET next_attempt_at = ? WHERE id = ?")
    .bind(new Date(Date.now() - 1000).toISOString(), id)
    .run();

/**
 * Runs the queue consumer on one batch of messages; returns the spies and the result. A body is sent as given:
 * `{store_id, delivery_id}` as the Worker queues it (see `queued`), or a bare delivery id as queued before that.
 */
export async function consume(...bodies: unknown[]) {
  const batch = createMessageBatch<DeliveryMessage | string>(
    "webhook-deliveries",
    bodies.map((body, i) => ({ id: `msg-${i}-${crypto.randomUUID()}`, timestamp: new Date(), attempts: 1, body: body as DeliveryMessage })),
  );
  // The plugin's retry() drops its options: the spies see what the consumer asked for.
  const retries = batch.messages.map((m) => vi.spyOn(m, "retry"));
  const acks = batch.messages.map((m) => vi.spyOn(m, "ack"));
  const ctx = createExecutionContext();
  await handleDeliveryBatch(batch, env, ctx);
  const result = await getQueueResult(batch, ctx);
  return { retries, acks, result };
}

/** The message the Worker queues for a delivery. */
export const queued = (delivery: { id: string; store_id: string }): DeliveryMessage => ({ store_id: delivery.store_id, delivery_id: delivery.id });

/** One attempt of a delivery, as its sender object runs it; returns when to look at it again (or null). */
export const attemptNow = async (deliveryId: string) => runAttempt(dbOf((await deliveryDatabase(deliveryId)) ?? storeD1s()[0]), env, deliveryId);

/** The delivery ids a subscription's sender object holds. */
export const heldBySender = (webhookId: string) => senderOf(env, webhookId).held();

/** The store a subscription's sender object sends for (its database). */
export const senderStore = (webhookId: string) => senderOf(env, webhookId).store();

export async function hmacBase64(secret: string, body: string) {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(body)));
  return btoa(String.fromCharCode(...mac));
}

/** Polls `check` until it returns a truthy value (the real queue runs in the background), or fails. */
export async function eventually<T>(check: () => Promise<T | undefined | null | false>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error("condition not reached in time");
    await new Promise((r) => setTimeout(r, 100));
  }
}
