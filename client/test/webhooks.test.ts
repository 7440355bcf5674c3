// Webhook verification (Standard Webhooks) checked against the Standard Webhooks reference library in both
// directions: what it signs we verify, what we sign it verifies; whsec_ and plain secrets; the timestamp tolerance.
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { signWebhook, verifyWebhook, WebhookVerificationError } from "../src/index.js";

const body = JSON.stringify({
  id: "0193a0c0-0000-7000-8000-000000000001",
  event: "products.updated",
  store_id: "0193a0c0-0000-7000-8000-0000000000aa",
  delivered_at: "2026-11-25T10:00:00.000Z",
  data: { id: "p1", title: "Héllo ✓" },
});
const WHSEC = `whsec_${Buffer.from("0123456789abcdef0123456789abcdef").toString("base64")}`;
const PLAIN = "a-plain-secret-of-24-chars";
const reference = (secret: string) => (secret.startsWith("whsec_") ? new Webhook(secret) : new Webhook(new TextEncoder().encode(secret), { format: "raw" }));
const nowSeconds = () => Math.floor(Date.now() / 1000);

async function headersBy(signer: "library" | "ours", secret: string, timestamp = nowSeconds()) {
  const id = "msg_1";
  const signature =
    signer === "library" ? reference(secret).sign(id, new Date(timestamp * 1000), body) : await signWebhook({ secret, id, timestamp, body });
  return { "webhook-id": id, "webhook-timestamp": String(timestamp), "webhook-signature": signature };
}

describe("a delivery signed by the Standard Webhooks library verifies here, and the reverse", () => {
  for (const [kind, secret] of [["whsec_ secret", WHSEC], ["plain secret", PLAIN]] as const) {
    it(`${kind}: the library's signature verifies with verifyWebhook, returning the event`, async () => {
      const event = await verifyWebhook(body, new Headers(await headersBy("library", secret)), { secret });
      expect(event).toEqual(JSON.parse(body));
    });

    it(`${kind}: signWebhook's signature verifies with the library`, async () => {
      expect(reference(secret).verify(body, await headersBy("ours", secret))).toEqual(JSON.parse(body));
    });
  }

  it("raw bytes and Node's header object work as well as text and Headers", async () => {
    const headers = await headersBy("library", PLAIN);
    const nodeStyle = { "Webhook-Id": headers["webhook-id"], "webhook-timestamp": [headers["webhook-timestamp"]], "webhook-signature": headers["webhook-signature"] };
    await expect(verifyWebhook(new TextEncoder().encode(body), nodeStyle, { secret: PLAIN })).resolves.toMatchObject({ event: "products.updated" });
  });
});

describe("anything else is refused", () => {
  const refused = async (promise: Promise<unknown>, reason: string) => {
    const error = await promise.catch((e: WebhookVerificationError) => e);
    expect(error).toBeInstanceOf(WebhookVerificationError);
    expect((error as WebhookVerificationError).reason).toBe(reason);
  };

  it("a changed body, another timestamp, or the wrong secret", async () => {
    const headers = await headersBy("library", WHSEC);
    await refused(verifyWebhook(body.replace("Héllo", "Hello"), headers, { secret: WHSEC }), "no_matching_signature");
    const moved = { ...headers, "webhook-timestamp": String(Number(headers["webhook-timestamp"]) - 1) };
    await refused(verifyWebhook(body, moved, { secret: WHSEC }), "no_matching_signature");
    await refused(verifyWebhook(body, headers, { secret: PLAIN }), "no_matching_signature");
  });

  it("a whsec_ secret that is not base64 is a configuration error, named as such", async () => {
    const headers = await headersBy("library", WHSEC);
    await expect(verifyWebhook(body, headers, { secret: "whsec_not*base64" })).rejects.toThrow(TypeError);
  });

  it("missing headers", async () => {
    const { "webhook-signature": _, ...rest } = await headersBy("ours", PLAIN);
    await refused(verifyWebhook(body, rest, { secret: PLAIN }), "missing_headers");
  });

  it("a timestamp beyond the tolerance (default 5 minutes), in the past or the future; within it, accepted", async () => {
    const now = nowSeconds();
    await refused(verifyWebhook(body, await headersBy("ours", PLAIN, now - 301), { secret: PLAIN }), "timestamp_out_of_tolerance");
    await refused(verifyWebhook(body, await headersBy("ours", PLAIN, now + 301), { secret: PLAIN }), "timestamp_out_of_tolerance");
    await expect(verifyWebhook(body, await headersBy("ours", PLAIN, now - 290), { secret: PLAIN })).resolves.toBeDefined();
    await refused(verifyWebhook(body, await headersBy("ours", PLAIN, now - 60), { secret: PLAIN, toleranceSeconds: 30 }), "timestamp_out_of_tolerance");
    // The library applies the same window.
    expect(() => reference(PLAIN).verify(body, { "webhook-id": "msg_1", "webhook-timestamp": String(now - 301), "webhook-signature": "v1,x" })).toThrow();
  });
});

describe("during a secret rotation", () => {
  it("a signature list verifies when any v1 entry matches, and either secret may be the one given", async () => {
    const timestamp = nowSeconds();
    const fresh = await signWebhook({ secret: WHSEC, id: "msg_1", timestamp, body });
    const old = await signWebhook({ secret: PLAIN, id: "msg_1", timestamp, body });
    const headers = { "webhook-id": "msg_1", "webhook-timestamp": String(timestamp), "webhook-signature": `v1,${"A".repeat(44)} ${fresh} ${old}` };
    await expect(verifyWebhook(body, headers, { secret: PLAIN })).resolves.toBeDefined();
    await expect(verifyWebhook(body, headers, { secret: [WHSEC, PLAIN] })).resolves.toBeDefined();
    expect(reference(WHSEC).verify(body, headers)).toBeDefined();
  });
});
