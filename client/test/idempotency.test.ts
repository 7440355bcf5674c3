// Every POST the API lets one retry carries an Idempotency-Key, the same on each retry of one call, so the API
// applies the change once; POSTs that refuse the header never get one.
import { describe, expect, it } from "vitest";
import { createClient, operations } from "../src/index.js";
import { fakeFetch, fakeSleep, json, problem } from "./fake-fetch.js";

const bulk = { path: { store_id: "s1" }, body: { updates: [{ sku: "HAT-1", stock_delta: -2 }] } };
const applied = () => json(200, { data: [{ id: "v1", sku: "HAT-1", stock: 8 }] });

function setup(answers: Parameters<typeof fakeFetch>[0]) {
  const { fetch, sent } = fakeFetch(answers);
  const { sleep } = fakeSleep();
  return { client: createClient({ baseUrl: "https://api.test", fetch, retry: { sleep } }), sent };
}

describe("an Idempotency-Key on every POST it may retry", () => {
  it("the key is reused on every retry of one call: after a network error, a 503 and a 409 request_in_progress", async () => {
    const { client, sent } = setup([
      new TypeError("fetch failed"),
      problem(503, "service_unavailable", { "Retry-After": "1" }),
      problem(409, "request_in_progress"),
      applied(),
    ]);
    await client.bulkUpdateVariants(bulk);
    const keys = sent.map((r) => r.headers.get("Idempotency-Key"));
    expect(sent).toHaveLength(4);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(keys)).toEqual(new Set([keys[0]]));
    // The same body each time: the API matches key, method, path and body.
    expect(new Set(sent.map((r) => r.body))).toEqual(new Set([JSON.stringify(bulk.body)]));
  });

  it("each call gets its own key; a caller's key is used as given", async () => {
    const { client, sent } = setup([applied()]);
    await client.bulkUpdateVariants(bulk);
    await client.bulkUpdateVariants(bulk);
    await client.bulkUpdateVariants({ ...bulk, idempotencyKey: "nightly-2026-11-25-chunk-1" });
    const keys = sent.map((r) => r.headers.get("Idempotency-Key"));
    expect(keys[0]).not.toBe(keys[1]);
    expect(keys[2]).toBe("nightly-2026-11-25-chunk-1");
  });

  it("POSTs that refuse the header (login, sign-up, token create and rotate, invites) are sent without one", async () => {
    const { client, sent } = setup([json(200, {})]);
    await client.login({ body: { email: "a@example.test", password: "pw-123456789" } });
    await client.createApiToken({ path: { store_id: "s1" }, body: { name: "ci", scopes: ["products.read"] } });
    expect(sent.map((r) => r.headers.has("Idempotency-Key"))).toEqual([false, false]);
  });

  it("the whole-product PUT accepts a key but gets one only when the caller gives it (a PUT is safe to resend)", async () => {
    const { client, sent } = setup([json(200, {})]);
    const put = { path: { store_id: "s1", external_id: "erp-1" }, body: { title: "T", product_type: "single" as const, variants: [{ price_cents: 1 }] } };
    await client.putProductByExternalId(put);
    await client.putProductByExternalId({ ...put, idempotencyKey: "push-1" });
    expect(sent.map((r) => r.headers.get("Idempotency-Key"))).toEqual([null, "push-1"]);
  });

  it("the generated operation list marks exactly the API's idempotent POSTs, and the whole-product PUT", () => {
    const marked = Object.entries(operations).filter(([, op]) => op.idempotent);
    expect(marked.filter(([, op]) => op.method !== "POST").map(([name]) => name)).toEqual(["putProductByExternalId"]);
    const names = marked.map(([name]) => name);
    expect(names).toEqual(expect.arrayContaining(["createProduct", "bulkUpdateVariants", "createOrder", "replayWebhookDelivery"]));
    expect(names).not.toEqual(expect.arrayContaining(["login"]));
    expect(names).not.toContain("createApiToken");
    expect(names).not.toContain("createUser");
  });
});
