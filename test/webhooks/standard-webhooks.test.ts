// Standard Webhooks headers (docs/webhooks.md "Verifying a delivery"): every attempt carries webhook-id,
// webhook-timestamp (that attempt's own time) and webhook-signature, verified here with the `standardwebhooks`
// package (a verifier we did not write), for a whsec_ secret and for a plain one; whsec_ secrets are validated at
// registration.
import { Webhook } from "standardwebhooks";
import { afterEach, describe, expect, it, vi } from "vitest";
import { call, newStore } from "../helpers/api";
import { SECRET, attemptNow, attemptRows, headersOf, hmacBase64, insertDelivery, makeDue, scriptedReceiver, subscribe, whsecSecret } from "./support";

let receiver: ReturnType<typeof scriptedReceiver> | undefined;
afterEach(() => {
  receiver?.restore();
  vi.useRealTimers();
});

/** Runs a delivery that fails twice and then succeeds, 3 s of clock between attempts; returns what arrived. */
async function retriedDelivery(port: number, secret: string) {
  const store = await newStore();
  const url = `http://127.0.0.1:${port}/hook`;
  const [webhook] = await subscribe(store, url, ["customers.created"], secret);
  const delivery = await insertDelivery(store.id, webhook.id);
  receiver = scriptedReceiver(url, [500, 503, 200]);
  vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
  for (let attempt = 1; attempt <= 3; attempt++) {
    if (attempt > 1) {
      vi.setSystemTime(Date.now() + 3000);
      await makeDue(delivery.id);
    }
    await attemptNow(delivery.id);
  }
  expect(receiver.received).toHaveLength(3);
  expect((await attemptRows(delivery.id)).map((a) => a.response_status)).toEqual([500, 503, 200]);
  return { delivery, received: receiver.received };
}

describe("Standard Webhooks headers on every attempt, with that attempt's own timestamp", () => {
  it("a whsec_ secret: every attempt verifies with new Webhook(secret)", async () => {
    const secret = whsecSecret();
    const { delivery, received } = await retriedDelivery(9121, secret);
    const verifier = new Webhook(secret);
    for (const r of received) {
      expect(verifier.verify(r.body, headersOf(r))).toEqual(JSON.parse(delivery.payload));
      expect(r.headers.get("webhook-id")).toBe(delivery.event_id);
    }
    // Signed afresh per attempt: each timestamp is that attempt's time, 3 s apart here.
    const stamps = received.map((r) => Number(r.headers.get("webhook-timestamp")));
    expect(stamps[1] - stamps[0]).toBeGreaterThanOrEqual(3);
    expect(stamps[2] - stamps[1]).toBeGreaterThanOrEqual(3);
    expect(new Set(received.map((r) => r.headers.get("webhook-signature"))).size).toBe(3);
    // The original header keeps its key (the secret's UTF-8 bytes), whatever the secret's form.
    expect(received[0].headers.get("X-Webhook-Signature")).toBe(`sha256=${await hmacBase64(secret, delivery.payload)}`);
  });

  it("a plain secret: every attempt verifies with the raw-key option (the secret's UTF-8 bytes)", async () => {
    const { received } = await retriedDelivery(9122, SECRET);
    const verifier = new Webhook(new TextEncoder().encode(SECRET), { format: "raw" });
    for (const r of received) expect(verifier.verify(r.body, headersOf(r))).toBeTruthy();
    // The wrong key is refused: the signature really covers id, timestamp and body.
    expect(() => new Webhook(new TextEncoder().encode(`${SECRET}x`), { format: "raw" }).verify(received[0].body, headersOf(received[0]))).toThrow();
    const tampered = { ...headersOf(received[0]), "webhook-timestamp": String(Number(received[0].headers.get("webhook-timestamp")) + 1) };
    expect(() => verifier.verify(received[0].body, tampered)).toThrow();
  });

  it("one secret: X-Webhook-Signature is the seed's value, one sha256= signature", async () => {
    const { delivery, received } = await retriedDelivery(9123, SECRET);
    for (const r of received) expect(r.headers.get("X-Webhook-Signature")).toBe(`sha256=${await hmacBase64(SECRET, delivery.payload)}`);
    expect(received[0].headers.get("webhook-signature")).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
  });
});

describe("Registration accepts whsec_<base64> and plain secrets, and refuses a whsec_ secret that is not base64", () => {
  it("201 for both forms; 422 for a whsec_ secret with bad base64 or too short a key", async () => {
    const store = await newStore();
    const register = (secret: string, path: string) =>
      call("POST", `/stores/${store.id}/webhooks`, {
        token: store.owner.jwt,
        body: { url: `http://127.0.0.1:9124/${path}`, events: ["orders.created"], secret },
      });
    expect((await register(whsecSecret(), "a")).status).toBe(201);
    expect((await register("a-plain-secret-of-some-length", "b")).status).toBe(201);
    for (const bad of ["whsec_not*base64*at*all!!", "whsec_QUJDREVGR0g=QUJD", `whsec_${btoa("short key")}`]) {
      const res = await register(bad, "c");
      expect(res.status, bad).toBe(422);
      expect(res.body.errors[0].path).toBe("secret");
    }
  });
});
