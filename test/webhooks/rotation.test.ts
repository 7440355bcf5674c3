// Secret rotation with overlap (docs/webhooks.md "Rotating a secret without a gap"): POST .../rotate-secret keeps the
// replaced secret signing beside the new one until previous_secret_expires_at, in both signature headers; after it,
// and after PATCH {secret}, only the new one signs. Verified with the standardwebhooks package.
import { Webhook } from "standardwebhooks";
import { afterEach, describe, expect, it, vi } from "vitest";
import { addMember, call, newStore, type TestStore } from "../helpers/api";
import { storeFirst } from "../helpers/databases";
import { attemptNow, headersOf, hmacBase64, insertDelivery, scriptedReceiver, subscribe, whsecSecret } from "./support";

let receiver: ReturnType<typeof scriptedReceiver> | undefined;
afterEach(() => {
  receiver?.restore();
  vi.useRealTimers();
});

const rotate = (store: TestStore, id: string, body: object) =>
  call("POST", `/stores/${store.id}/webhooks/${id}/rotate-secret`, { token: store.owner.jwt, body });

/** Sends one delivery of the subscription now and returns the request the receiver got. */
async function deliverOnce(store: TestStore, webhookId: string, url: string) {
  receiver?.restore();
  receiver = scriptedReceiver(url, [200]);
  const delivery = await insertDelivery(store.id, webhookId);
  await attemptNow(delivery.id);
  expect(receiver.received).toHaveLength(1);
  return receiver.received[0];
}

const verifies = (secret: string, r: { body: string; headers: Headers }) => {
  try {
    new Webhook(secret).verify(r.body, headersOf(r));
    return true;
  } catch {
    return false;
  }
};

async function fixture(port: number) {
  const store = await newStore();
  const url = `http://127.0.0.1:${port}/hook`;
  const oldSecret = whsecSecret();
  const [webhook] = await subscribe(store, url, ["customers.created"], oldSecret);
  return { store, url, webhook, oldSecret };
}

describe("Rotation with overlap: both secrets sign every attempt until previous_secret_expires_at", () => {
  it("old and new secrets both verify during the overlap (default one day), in both headers", async () => {
    const { store, url, webhook, oldSecret } = await fixture(9131);
    const newSecret = whsecSecret();
    const before = Date.now();
    const res = await rotate(store, webhook.id, { secret: newSecret });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: webhook.id, url, active: true });
    const expires = Date.parse(res.body.previous_secret_expires_at);
    expect(expires - before).toBeGreaterThanOrEqual(86_400_000 - 1000);
    expect(expires - before).toBeLessThanOrEqual(86_400_000 + 5000);
    expect(res.text).not.toContain(newSecret);

    const sent = await deliverOnce(store, webhook.id, url);
    expect(verifies(newSecret, sent)).toBe(true);
    expect(verifies(oldSecret, sent)).toBe(true);
    expect(sent.headers.get("webhook-signature")).toMatch(/^v1,\S+ v1,\S+$/);
    expect(sent.headers.get("X-Webhook-Signature")).toBe(`sha256=${await hmacBase64(newSecret, sent.body)}, sha256=${await hmacBase64(oldSecret, sent.body)}`);
    // The previous secret is kept encrypted, like the current one.
    const row = await storeFirst<{ previous_secret_ciphertext: string }>(store.id, "SELECT previous_secret_ciphertext FROM webhooks WHERE id = ?", webhook.id);
    expect(row!.previous_secret_ciphertext).toMatch(/^v1\./);
    expect(row!.previous_secret_ciphertext).not.toContain(oldSecret.slice(6));
  });

  it("after the overlap only the new secret verifies, and the subscription shows no overlap", async () => {
    const { store, url, webhook, oldSecret } = await fixture(9132);
    const newSecret = whsecSecret();
    expect((await rotate(store, webhook.id, { secret: newSecret, previous_expires_in: 60 })).status).toBe(200);
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 61_000 });
    const sent = await deliverOnce(store, webhook.id, url);
    expect(verifies(newSecret, sent)).toBe(true);
    expect(verifies(oldSecret, sent)).toBe(false);
    expect(sent.headers.get("X-Webhook-Signature")).toBe(`sha256=${await hmacBase64(newSecret, sent.body)}`);
    const got = await call("GET", `/stores/${store.id}/webhooks/${webhook.id}`, { token: store.owner.jwt });
    expect(got.body.previous_secret_expires_at).toBeNull();
  });

  it("previous_expires_in 0, and PATCH {secret}, rotate with no overlap", async () => {
    const { store, url, webhook, oldSecret } = await fixture(9133);
    const second = whsecSecret();
    const res = await rotate(store, webhook.id, { secret: second, previous_expires_in: 0 });
    expect(res.body.previous_secret_expires_at).toBeNull();
    let sent = await deliverOnce(store, webhook.id, url);
    expect([verifies(second, sent), verifies(oldSecret, sent)]).toEqual([true, false]);

    // An overlap in progress ends with a PATCH of the secret.
    await rotate(store, webhook.id, { secret: whsecSecret() });
    const third = whsecSecret();
    const patched = await call("PATCH", `/stores/${store.id}/webhooks/${webhook.id}`, { token: store.owner.jwt, body: { secret: third } });
    expect(patched.status).toBe(200);
    expect(patched.body.previous_secret_expires_at).toBeNull();
    sent = await deliverOnce(store, webhook.id, url);
    expect(sent.headers.get("webhook-signature")!.split(" ")).toHaveLength(1);
    expect(verifies(third, sent)).toBe(true);
  });

  it("rotating again during an overlap keeps only the secret it replaces as the previous one", async () => {
    const { store, url, webhook, oldSecret } = await fixture(9134);
    const second = whsecSecret();
    const third = whsecSecret();
    await rotate(store, webhook.id, { secret: second });
    await rotate(store, webhook.id, { secret: third });
    const sent = await deliverOnce(store, webhook.id, url);
    expect([verifies(third, sent), verifies(second, sent), verifies(oldSecret, sent)]).toEqual([true, true, false]);
  });
});

describe("rotate-secret: webhooks.edit, a valid secret, previous_expires_in 0..604800", () => {
  it("403 without webhooks.edit, 422 for bad input, 404 for another store's subscription", async () => {
    const { store, webhook } = await fixture(9135);
    const reader = await addMember(store, ["webhooks.read", "customers.read"]);
    const denied = await call("POST", `/stores/${store.id}/webhooks/${webhook.id}/rotate-secret`, { token: reader.jwt, body: { secret: whsecSecret() } });
    expect(denied.status).toBe(403);
    expect(denied.body.missing_permission).toBe("webhooks.edit");
    for (const body of [
      { secret: "short" },
      { secret: whsecSecret(), previous_expires_in: 604_801 },
      { secret: whsecSecret(), previous_expires_in: -1 },
      { secret: whsecSecret(), extra: 1 },
    ]) {
      expect((await rotate(store, webhook.id, body)).status, JSON.stringify(body)).toBe(422);
    }
    expect((await rotate(store, webhook.id, { secret: whsecSecret(), previous_expires_in: 604_800 })).status).toBe(200);
    const other = await newStore();
    expect((await rotate(other, webhook.id, { secret: whsecSecret() })).status).toBe(404);
  });
});
