// Isolation (issue 10): a receiver that hangs delays only its own deliveries. The queue consumer hands each delivery
// to its subscription's sender object and acks at once; each sender sends on its own, so a healthy receiver gets
// its first attempt at once and its retries about 2 s and 4 s apart while another subscription's receiver hangs.
import { afterEach, describe, expect, it, vi } from "vitest";
import { call, newStore } from "../helpers/api";
import { attemptRows, consume, deliveryRow, eventually, heldBySender, insertDelivery, queued, subscribe } from "./support";

afterEach(() => vi.restoreAllMocks());

/** Receivers by URL prefix: `/hang` never answers (the sender's 10 s timeout ends it); others answer in turn. */
function receivers(statuses: number[]) {
  const arrivals: Array<{ url: string; at: number; attempt: string | null }> = [];
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    if (!request.url.startsWith("http://127.0.0.1:914")) return realFetch(input, init);
    arrivals.push({ url: request.url, at: Date.now(), attempt: request.headers.get("X-Webhook-Attempt") });
    if (request.url.endsWith("/hang")) {
      return new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener("abort", () => reject(init.signal!.reason)));
    }
    const mine = arrivals.filter((a) => a.url === request.url).length;
    return new Response("ok", { status: statuses[Math.min(mine - 1, statuses.length - 1)] });
  });
  return arrivals;
}

describe("Queue consumer: hands each delivery to its subscription's sender and acks at once", () => {
  it("acks without waiting for a hanging receiver, and the sender holds the delivery", async () => {
    const store = await newStore();
    const [hook] = await subscribe(store, "http://127.0.0.1:9140/hang", ["customers.created"]);
    receivers([200]);
    const delivery = await insertDelivery(store.id, hook.id);
    const started = Date.now();
    const { acks, retries } = await consume(queued(delivery));
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(acks[0]).toHaveBeenCalled();
    expect(retries[0]).not.toHaveBeenCalled();
    expect(await heldBySender(hook.id)).toEqual([delivery.id]);
  });

  it("drops a duplicate of a finished delivery and a message naming nothing, without handing them over", async () => {
    const store = await newStore();
    const [hook] = await subscribe(store, "http://127.0.0.1:9140/ok", ["customers.created"]);
    const done = await insertDelivery(store.id, hook.id, { status: "delivered", attempt_count: 1 });
    const { acks } = await consume(queued(done), { store_id: store.id, delivery_id: crypto.randomUUID() }, "not-an-id");
    for (const ack of acks) expect(ack).toHaveBeenCalled();
    expect(await heldBySender(hook.id)).toEqual([]);
  });
});

describe("Isolation: a hanging receiver delays only its own deliveries", () => {
  it("delivers to a healthy receiver on schedule (at once, +2 s, +4 s) while another subscription's receiver hangs", async () => {
    const store = await newStore();
    const [hang] = await subscribe(store, "http://127.0.0.1:9141/hang", ["customers.created"]);
    const [healthy] = await subscribe(store, "http://127.0.0.1:9141/ok", ["customers.created"]);
    const arrivals = receivers([500, 500, 200]);

    const created = await call("POST", `/stores/${store.id}/customers`, { token: store.owner.jwt, body: { email: `c-${crypto.randomUUID()}@example.test` } });
    expect(created.status).toBe(201);
    const answered = Date.now();

    const healthyDelivery = await eventually(async () => {
      const list = await call("GET", `/stores/${store.id}/webhooks/${healthy.id}/deliveries?status=delivered`, { token: store.owner.jwt });
      return list.body.data[0];
    }, 15_000);
    // The hanging receiver's first attempt is still in flight: nothing recorded for it yet.
    const [hangDelivery] = (await call("GET", `/stores/${store.id}/webhooks/${hang.id}/deliveries`, { token: store.owner.jwt })).body.data;
    expect(await attemptRows(hangDelivery.id)).toEqual([]);
    expect((await deliveryRow(hangDelivery.id))!.claim_id).not.toBeNull();

    const ok = arrivals.filter((a) => a.url.endsWith("/ok"));
    expect(ok.map((a) => a.attempt)).toEqual(["1", "2", "3"]);
    // Generous bounds: the point is that nothing waits for the hanging receiver's 10 s timeout.
    expect(ok[0].at - answered).toBeLessThan(5_000);
    expect(ok[1].at - ok[0].at).toBeGreaterThanOrEqual(1_900);
    expect(ok[1].at - ok[0].at).toBeLessThan(5_000);
    expect(ok[2].at - ok[1].at).toBeGreaterThanOrEqual(3_900);
    expect(ok[2].at - ok[1].at).toBeLessThan(7_000);
    expect(healthyDelivery.attempt_count).toBe(3);
  }, 30_000);
});
