// Retries (issue 28): 429 waits Retry-After, 503 (a paused store) and network errors are retried with capped
// exponential backoff, all within a bound; nothing else is retried, and a network error is retried only when
// sending again cannot apply a change twice.
import { describe, expect, it } from "vitest";
import { ApiProblem, createClient } from "../src/index.js";
import { fakeFetch, fakeSleep, json, problem } from "./fake-fetch.js";

const ok = () => json(200, { id: "p1", title: "Hat" });
const store = { path: { store_id: "s1" } };
const product = { path: { store_id: "s1", id: "p1" } };

function setup(answers: Parameters<typeof fakeFetch>[0], retry = {}) {
  const { fetch, sent } = fakeFetch(answers);
  const { sleep, waits } = fakeSleep();
  const client = createClient({ baseUrl: "https://api.test", token: "t", fetch, retry: { random: () => 1, sleep, ...retry } });
  return { client, sent, waits };
}

describe("429 is waited out, honouring Retry-After", () => {
  it("waits the seconds Retry-After names, then sends the request again", async () => {
    const { client, sent, waits } = setup([problem(429, "rate_limited", { "Retry-After": "7" }), ok()]);
    expect(await client.getProduct(product)).toEqual({ id: "p1", title: "Hat" });
    expect(sent).toHaveLength(2);
    expect(waits).toEqual([7000]);
  });

  it("a Retry-After beyond maxRetryAfterMs is not waited for: the 429 is thrown at once", async () => {
    const { client, sent, waits } = setup([problem(429, "rate_limited", { "Retry-After": "900" }), ok()]);
    const error = await client.getProduct(product).catch((e) => e);
    expect(error).toBeInstanceOf(ApiProblem);
    expect(error).toMatchObject({ status: 429, code: "rate_limited", retryAfter: 900 });
    expect(sent).toHaveLength(1);
    expect(waits).toEqual([]);
  });
});

describe("503 and network errors are retried with capped exponential backoff", () => {
  it("a paused store's 503 is retried after its Retry-After; without one, after the backoff", async () => {
    const { client, sent, waits } = setup([
      problem(503, "service_unavailable", { "Retry-After": "2" }),
      problem(503, "service_unavailable"),
      ok(),
    ]);
    await client.getProduct(product);
    expect(sent).toHaveLength(3);
    expect(waits).toEqual([2000, 1000]);
  });

  it("backoff doubles from baseDelayMs and stops growing at maxDelayMs", async () => {
    const fail = new TypeError("fetch failed");
    const { client, waits } = setup([fail, fail, fail, fail, fail, ok()], { maxAttempts: 6, baseDelayMs: 100, maxDelayMs: 500 });
    await client.listProducts(store);
    expect(waits).toEqual([100, 200, 400, 500, 500]);
  });

  it("jitter keeps each wait between half and all of the step", async () => {
    const fail = new TypeError("fetch failed");
    const { client, waits } = setup([fail, fail, ok()], { random: () => 0, baseDelayMs: 400 });
    await client.listProducts(store);
    expect(waits).toEqual([200, 400]);
  });
});

describe("retries are bounded", () => {
  it("after maxAttempts the last answer is thrown as an ApiProblem", async () => {
    const { client, sent, waits } = setup([problem(503, "service_unavailable", { "Retry-After": "1" })], { maxAttempts: 3 });
    await expect(client.getProduct(product)).rejects.toMatchObject({ status: 503, code: "service_unavailable" });
    expect(sent).toHaveLength(3);
    expect(waits).toEqual([1000, 1000]);
  });

  it("after maxAttempts network failures the last error is thrown", async () => {
    const { client, sent } = setup([new TypeError("fetch failed")], { maxAttempts: 2 });
    await expect(client.getProduct(product)).rejects.toThrow("fetch failed");
    expect(sent).toHaveLength(2);
  });

  it("maxAttempts 1 turns retries off", async () => {
    const { client, sent } = setup([problem(429, "rate_limited", { "Retry-After": "1" })], { maxAttempts: 1 });
    await expect(client.getProduct(product)).rejects.toMatchObject({ status: 429 });
    expect(sent).toHaveLength(1);
  });
});

describe("only what is safe to send again is retried", () => {
  it("a client error (404, 422) is thrown at once", async () => {
    for (const answer of [problem(404, "not_found"), problem(422, "validation_failed")]) {
      const { client, sent } = setup([answer, ok()]);
      await expect(client.getProduct(product)).rejects.toBeInstanceOf(ApiProblem);
      expect(sent).toHaveLength(1);
    }
  });

  it("after a network error, a POST without an Idempotency-Key (token create) and a PATCH are not sent again", async () => {
    const post = setup([new TypeError("fetch failed"), ok()]);
    await expect(post.client.createApiToken({ ...store, body: { name: "ci", scopes: ["products.read"] } })).rejects.toThrow("fetch failed");
    expect(post.sent.map((r) => r.method)).toEqual(["POST"]);
    const patch = setup([new TypeError("fetch failed"), ok()]);
    await expect(patch.client.updateProduct({ ...product, body: { title: "Cap" } })).rejects.toThrow("fetch failed");
    expect(patch.sent.map((r) => r.method)).toEqual(["PATCH"]);
  });

  it("a POST without a key is still retried on 429 and 503: the API changed nothing", async () => {
    const { client, sent } = setup([problem(429, "rate_limited", { "Retry-After": "1" }), json(201, { id: "t1", token: "bod_x" })]);
    await client.createApiToken({ ...store, body: { name: "ci", scopes: ["products.read"] } });
    expect(sent).toHaveLength(2);
  });

  it("an aborted request is not retried", async () => {
    const controller = new AbortController();
    controller.abort();
    const { client, sent } = setup([new DOMException("aborted", "AbortError"), ok()]);
    await expect(client.getProduct({ ...product, signal: controller.signal })).rejects.toThrow("aborted");
    expect(sent).toHaveLength(1);
  });
});
