// One delivery attempt as the sender object runs it (docs/api/08-webhooks.md, specification sections 3 and 6): signature,
// headers, the 2 s / 4 s retry schedule, failure after three attempts, claims against double sends, and the 4 KiB
// response body.
import { afterEach, describe, expect, it, vi } from "vitest";
import { signatureHeader } from "../../src/webhooks/delivery/http-post";
import { newStore } from "../helpers/api";
import { SECRET, attemptNow, attemptRows, deliveryRow, hmacBase64, insertDelivery, makeDue, scriptedReceiver, subscribe } from "./support";

let receiver: ReturnType<typeof scriptedReceiver> | undefined;
afterEach(() => receiver?.restore());

async function fixture(port: number) {
  const store = await newStore();
  const url = `http://127.0.0.1:${port}/hook`;
  const [webhook] = await subscribe(store, url, ["customers.created"]);
  const delivery = await insertDelivery(store.id, webhook.id);
  return { store, url, webhook, delivery };
}

describe("Signature: sha256= + base64 HMAC-SHA256(secret, raw body bytes)", () => {
  it("matches a fixed secret/body vector", async () => {
    const body =
      '{"id":"0192f5a0-0000-7000-8000-000000000001","event":"products.created","store_id":"0192f5a0-0000-7000-8000-0000000000aa","delivered_at":"2026-11-21T10:00:00.000Z","data":{"id":"p1","title":"Café ☕"}}';
    // Computed with node:crypto createHmac("sha256", secret).update(body).digest("base64").
    expect(await signatureHeader("whsec_fixed_test_secret_0123", new TextEncoder().encode(body))).toBe("sha256=5wFP2yyWM2TzxdUuJVkB2nVHInc2TP+0e4t6uvhGdII=");
  });

  it("signs the exact stored bytes and sends the contract's headers", async () => {
    const { url, delivery } = await fixture(9101);
    receiver = scriptedReceiver(url, [200]);
    const next = await attemptNow(delivery.id);
    expect(receiver.received).toHaveLength(1);
    const sent = receiver.received[0];
    expect(sent.body).toBe(delivery.payload);
    expect(sent.headers.get("X-Webhook-Signature")).toBe(`sha256=${await hmacBase64(SECRET, delivery.payload)}`);
    expect(sent.headers.get("X-Webhook-Event")).toBe("webhook.delivery");
    expect(sent.headers.get("X-Webhook-Id")).toBe(delivery.event_id);
    expect(sent.headers.get("X-Webhook-Attempt")).toBe("1");
    expect(sent.headers.get("Content-Type")).toBe("application/json");
    expect(sent.headers.get("User-Agent")).toMatch(/\S/);
    expect(sent.redirect).toBe("manual");
    expect(next).toBeNull();
    const row = await deliveryRow(delivery.id);
    expect(row).toMatchObject({ status: "delivered", attempt_count: 1 });
    expect(row!.delivered_at).toMatch(/\.\d{3}Z$/);
  });
});

describe("Retries: attempt 2 about 2 s after attempt 1, attempt 3 about 4 s after attempt 2, then failed", () => {
  it("schedules attempt 2 after 2 s, attempt 3 after 4 s, and marks the delivery failed after the third failure", async () => {
    const { url, delivery } = await fixture(9102);
    receiver = scriptedReceiver(url, [500], (n) => `boom ${n}`);

    const first = await attemptNow(delivery.id);
    let row = await deliveryRow(delivery.id);
    expect(first).toBe(Date.parse(row!.next_attempt_at));
    expect(row).toMatchObject({ status: "pending", attempt_count: 1 });
    const wait = Date.parse(row!.next_attempt_at) - Date.parse(row!.last_attempt_at);
    expect(wait).toBeGreaterThanOrEqual(2000);
    expect(wait).toBeLessThan(3000);

    await makeDue(delivery.id);
    const second = await attemptNow(delivery.id);
    row = await deliveryRow(delivery.id);
    expect(row).toMatchObject({ status: "pending", attempt_count: 2 });
    expect(second).toBe(Date.parse(row!.next_attempt_at));
    const wait2 = Date.parse(row!.next_attempt_at) - Date.parse(row!.last_attempt_at);
    expect(wait2).toBeGreaterThanOrEqual(4000);
    expect(wait2).toBeLessThan(5000);

    await makeDue(delivery.id);
    expect(await attemptNow(delivery.id)).toBeNull();
    row = await deliveryRow(delivery.id);
    expect(row).toMatchObject({ status: "failed", attempt_count: 3, delivered_at: null });

    expect(receiver.received.map((r) => r.headers.get("X-Webhook-Attempt"))).toEqual(["1", "2", "3"]);
    expect(new Set(receiver.received.map((r) => r.body)).size).toBe(1);
    const attempts = await attemptRows(delivery.id);
    expect(attempts.map((a) => [a.attempt, a.response_status, a.response_body])).toEqual([
      [1, 500, "boom 1"],
      [2, 500, "boom 2"],
      [3, 500, "boom 3"],
    ]);

    // Never retried automatically: a late message sends nothing.
    await makeDue(delivery.id);
    expect(await attemptNow(delivery.id)).toBeNull();
    expect(receiver.received).toHaveLength(3);
  });

  it("counts a redirect as a failed attempt without following it", async () => {
    const { url, delivery } = await fixture(9103);
    receiver = scriptedReceiver(url, [302]);
    expect(await attemptNow(delivery.id)).toBe(Date.parse((await deliveryRow(delivery.id))!.next_attempt_at));
    expect(receiver.received).toHaveLength(1);
    const [attempt] = await attemptRows(delivery.id);
    expect(attempt.response_status).toBe(302);
    expect(attempt.error).toMatch(/redirect/);
  });

  it("records a network error as a failed attempt", async () => {
    const { url, delivery } = await fixture(9110);
    const spy = vi.spyOn(globalThis, "fetch").mockRejectedValue(new TypeError("Network connection lost."));
    try {
      expect(await attemptNow(delivery.id)).toEqual(expect.any(Number));
      expect(String(spy.mock.calls[0][0])).toBe(url);
      // Sent again at once within the attempt (docs/webhooks.md "What an attempt is"), then recorded failed.
      expect(spy).toHaveBeenCalledTimes(7);
    } finally {
      spy.mockRestore();
    }
    const [attempt] = await attemptRows(delivery.id);
    expect(attempt.response_status).toBeNull();
    expect(attempt.error).toMatch(/Network connection lost/);
  });

  it("gives up on a receiver that does not answer within 10 s", async () => {
    const { delivery } = await fixture(9111);
    // A receiver that never answers: the request ends only when the consumer's signal aborts it.
    const spy = vi
      .spyOn(globalThis, "fetch")
      .mockImplementation((_input, init) => new Promise((_resolve, reject) => init?.signal?.addEventListener("abort", () => reject(init.signal!.reason))));
    try {
      const started = performance.now();
      expect(await attemptNow(delivery.id)).toEqual(expect.any(Number));
      expect(performance.now() - started).toBeGreaterThanOrEqual(9_500);
      // A timeout is an answer (the receiver took the request and kept it): not sent again within the attempt.
      expect(spy).toHaveBeenCalledTimes(1);
    } finally {
      spy.mockRestore();
    }
    const [attempt] = await attemptRows(delivery.id);
    expect(attempt).toMatchObject({ response_status: null, error: "timed out after 10 s" });
  });

  it("keeps only the first 4 KiB of a response body", async () => {
    const { url, delivery } = await fixture(9104);
    receiver = scriptedReceiver(url, [500], () => "x".repeat(10_000));
    await attemptNow(delivery.id);
    const [attempt] = await attemptRows(delivery.id);
    expect(attempt.response_body).toHaveLength(4096);
  });
});

describe("Claims: the queue delivers at least once, the same attempt is never sent twice", () => {
  it("sends once when the same delivery is attempted twice at the same moment", async () => {
    const { url, delivery } = await fixture(9105);
    receiver = scriptedReceiver(url, [200]);
    const answers = await Promise.all([attemptNow(delivery.id), attemptNow(delivery.id)]);
    // One sent it and is finished; the other found the claim taken and would look again once it went stale.
    expect(answers).toContain(null);
    expect(receiver.received).toHaveLength(1);
    expect(await attemptRows(delivery.id)).toHaveLength(1);
  });

  it("leaves an attempt another sender holds alone until its claim goes stale", async () => {
    const { url, store, webhook } = await fixture(9106);
    const claimedAt = new Date().toISOString();
    const held = await insertDelivery(store.id, webhook.id, { claim_id: "other", claimed_at: claimedAt });
    receiver = scriptedReceiver(url, [200]);
    expect(await attemptNow(held.id)).toBe(Date.parse(claimedAt) + 31_000);
    expect(receiver.received).toHaveLength(0);
  });

  it("is finished with a delivered delivery (a duplicate sends nothing)", async () => {
    const { url, delivery } = await fixture(9107);
    receiver = scriptedReceiver(url, [200]);
    await attemptNow(delivery.id);
    expect(await attemptNow(delivery.id)).toBeNull();
    expect(receiver.received).toHaveLength(1);
  });

  it("re-sends an attempt claimed but never recorded, without counting it", async () => {
    const { url, store, webhook } = await fixture(9108);
    const stale = new Date(Date.now() - 60_000).toISOString();
    const died = await insertDelivery(store.id, webhook.id, {
      attempt_count: 1,
      next_attempt_at: stale,
      claim_id: "crashed",
      claimed_at: stale,
      last_attempt_at: stale,
    });
    receiver = scriptedReceiver(url, [200]);
    await attemptNow(died.id);
    expect(receiver.received.map((r) => r.headers.get("X-Webhook-Attempt"))).toEqual(["2"]);
    expect(await deliveryRow(died.id)).toMatchObject({ status: "delivered", attempt_count: 2 });
  });

  it("sends nothing before the attempt is due, and answers when it is", async () => {
    const { url, store, webhook } = await fixture(9109);
    const dueAt = new Date(Date.now() + 3500).toISOString();
    const early = await insertDelivery(store.id, webhook.id, { next_attempt_at: dueAt });
    receiver = scriptedReceiver(url, [200]);
    expect(await attemptNow(early.id)).toBe(Date.parse(dueAt));
    expect(receiver.received).toHaveLength(0);
  });
});
