// Fan-out and the delivery log (docs/api/08-webhooks.md): every active matching subscription gets a delivery written
// with the event, holding the envelope; the queue delivers it; the log lists it, shows the exact payload and
// every attempt; replay sends the identical body again. Every delivery names its event's `sequence` (issue 36).
import { afterEach, describe, expect, it } from "vitest";
import { call, newStore, type TestStore } from "../helpers/api";
import { sqlFirst } from "../helpers/support";
import { SECRET, eventually, hmacBase64, insertDelivery, scriptedReceiver, subscribe } from "./support";

let receiver: ReturnType<typeof scriptedReceiver> | undefined;
afterEach(() => receiver?.restore());

const createCustomer = (store: TestStore, email = `c-${crypto.randomUUID()}@example.test`) =>
  call("POST", `/stores/${store.id}/customers`, { token: store.owner.jwt, body: { email, name: "Ada" } });

const deliveriesOf = (store: TestStore, webhookId: string, query = "") =>
  call("GET", `/stores/${store.id}/webhooks/${webhookId}/deliveries${query}`, { token: store.owner.jwt });

describe("Fan-out: one delivery per active matching subscription, written with the event", () => {
  it("delivers a signed envelope {id, event, store_id, delivered_at, data, sequence} to every matching URL", async () => {
    const store = await newStore();
    receiver = scriptedReceiver("http://127.0.0.1:9120/", [200]);
    const [a] = await subscribe(store, "http://127.0.0.1:9120/a", ["customers.created"]);
    const [b] = await subscribe(store, "http://127.0.0.1:9120/b", ["customers.created", "customers.updated"]);
    const [, inactive] = await subscribe(store, "http://127.0.0.1:9120/c", ["orders.created", "customers.created"]);
    await call("PATCH", `/stores/${store.id}/webhooks/${inactive.id}`, { token: store.owner.jwt, body: { active: false } });

    const customer = await createCustomer(store);
    expect(customer.status).toBe(201);
    await eventually(async () => receiver!.received.length >= 2);
    await new Promise((r) => setTimeout(r, 300));
    expect(receiver.received.map((r) => r.url).sort()).toEqual(["http://127.0.0.1:9120/a", "http://127.0.0.1:9120/b"]);

    const [sent] = receiver.received;
    const envelope = JSON.parse(sent.body);
    expect(Object.keys(envelope)).toEqual(["id", "event", "store_id", "delivered_at", "data", "sequence"]);
    expect(envelope.sequence).toEqual(expect.any(Number));
    expect(envelope).toMatchObject({ event: "customers.created", store_id: store.id, data: customer.body });
    expect(envelope.delivered_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(sent.headers.get("X-Webhook-Id")).toBe(envelope.id);
    expect(sent.headers.get("X-Webhook-Signature")).toBe(`sha256=${await hmacBase64(SECRET, sent.body)}`);
    // Both subscriptions got the same event (same id), each its own delivery.
    expect(JSON.parse(receiver.received[1].body).id).toBe(envelope.id);

    const event = await sqlFirst("SELECT id, name FROM events WHERE id = ?", envelope.id);
    expect(event).toEqual({ id: envelope.id, name: "customers.created" });
    expect((await deliveriesOf(store, inactive.id)).body.data).toEqual([]);
    expect((await deliveriesOf(store, a.id)).body.data).toHaveLength(1);
    expect((await deliveriesOf(store, b.id)).body.data).toHaveLength(1);
  });

  it("writes nothing when the change fails (same batch)", async () => {
    const store = await newStore();
    receiver = scriptedReceiver("http://127.0.0.1:9121/", [200]);
    const [hook] = await subscribe(store, "http://127.0.0.1:9121/a", ["customers.created"]);
    await createCustomer(store, "same@example.test");
    const dup = await createCustomer(store, "SAME@example.test");
    expect(dup.status).toBe(409);
    await eventually(async () => receiver!.received.length >= 1);
    expect((await deliveriesOf(store, hook.id)).body.data).toHaveLength(1);
  });
});

describe("Delivery log: newest first, status filter, one delivery with payload and every attempt", () => {
  it("lists deliveries and shows the stored body and attempts", async () => {
    const store = await newStore();
    receiver = scriptedReceiver("http://127.0.0.1:9122/", [200]);
    const [hook] = await subscribe(store, "http://127.0.0.1:9122/a", ["customers.created"]);
    await createCustomer(store);
    await createCustomer(store);
    const list = await eventually(async () => {
      const res = await deliveriesOf(store, hook.id, "?status=delivered");
      return res.body.data.length === 2 && res;
    });
    expect(list.body.pagination).toEqual({ limit: 20, offset: 0, total: 2 });
    const [newest, older] = list.body.data;
    expect(newest.created_at >= older.created_at).toBe(true);
    expect(newest).toEqual({
      id: expect.any(String),
      webhook_id: hook.id,
      event: "customers.created",
      event_id: expect.any(String),
      sequence: expect.any(Number),
      status: "delivered",
      attempt_count: 1,
      created_at: expect.any(String),
      last_attempt_at: expect.any(String),
      delivered_at: expect.any(String),
    });
    expect((await deliveriesOf(store, hook.id, "?status=failed")).body.data).toEqual([]);
    expect((await deliveriesOf(store, hook.id, "?status=bogus")).status).toBe(422);
    expect((await deliveriesOf(store, hook.id, "?limit=1&offset=1")).body.data.map((d: any) => d.id)).toEqual([older.id]);

    const one = await call("GET", `/stores/${store.id}/webhooks/${hook.id}/deliveries/${newest.id}`, { token: store.owner.jwt });
    expect(one.status).toBe(200);
    expect(receiver.received.map((r) => r.body)).toContain(one.body.payload);
    expect(JSON.parse(one.body.payload).id).toBe(newest.event_id);
    expect([one.body.sequence, JSON.parse(one.body.payload).sequence]).toEqual([newest.sequence, newest.sequence]);
    expect(newest.sequence).toBeGreaterThan(older.sequence);
    expect(one.body.attempts).toEqual([
      {
        attempt: 1,
        started_at: expect.any(String),
        duration_ms: expect.any(Number),
        response_status: 200,
        response_body: expect.stringMatching(/^response \d+$/),
        error: null,
      },
    ]);
  });

  it("answers 404 for another subscription's or another store's delivery", async () => {
    const store = await newStore();
    const other = await newStore();
    const [a] = await subscribe(store, "http://127.0.0.1:9123/a", ["customers.created"]);
    const [b] = await subscribe(store, "http://127.0.0.1:9123/b", ["customers.created"]);
    const [foreign] = await subscribe(other, "http://127.0.0.1:9123/a", ["customers.created"]);
    const delivery = await insertDelivery(store.id, a.id, { status: "failed" });
    const get = (storeId: string, token: string, hook: string) => call("GET", `/stores/${storeId}/webhooks/${hook}/deliveries/${delivery.id}`, { token });
    expect((await get(store.id, store.owner.jwt, a.id)).status).toBe(200);
    expect((await get(store.id, store.owner.jwt, b.id)).status).toBe(404);
    expect((await get(other.id, other.owner.jwt, foreign.id)).status).toBe(404);
    // The subscription id of another store is not found from this one.
    expect((await deliveriesOf(other, a.id)).status).toBe(404);
  });
});

describe("Replay: a new delivery of the identical body, with its own attempts (202)", () => {
  it("sends the same bytes again under a new delivery id and the same event id", async () => {
    const store = await newStore();
    receiver = scriptedReceiver("http://127.0.0.1:9124/", [200]);
    const [hook] = await subscribe(store, "http://127.0.0.1:9124/a", ["customers.created"]);
    const original = await insertDelivery(store.id, hook.id, { status: "failed", attempt_count: 3 });
    const res = await call("POST", `/stores/${store.id}/webhooks/${hook.id}/deliveries/${original.id}/replay`, { token: store.owner.jwt });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ webhook_id: hook.id, event_id: original.event_id, status: "pending", attempt_count: 0 });
    expect(res.body.id).not.toBe(original.id);
    await eventually(async () => receiver!.received.length >= 1);
    expect(receiver.received[0].body).toBe(original.payload);
    expect(receiver.received[0].headers.get("X-Webhook-Attempt")).toBe("1");
    const replayed = await eventually(async () => {
      const one = await call("GET", `/stores/${store.id}/webhooks/${hook.id}/deliveries/${res.body.id}`, { token: store.owner.jwt });
      return one.body.status === "delivered" && one;
    });
    expect(replayed.body.payload).toBe(original.payload);
    const before = await call("GET", `/stores/${store.id}/webhooks/${hook.id}/deliveries/${original.id}`, { token: store.owner.jwt });
    expect(before.body).toMatchObject({ status: "failed", attempt_count: 3 });
  });
});

describe("sequence: every delivery names its event's place in the store's event log (null for webhook.test)", () => {
  it("the list items, the store-wide list, one delivery and a replay carry the event's sequence, as GET /events gives it", async () => {
    const store = await newStore();
    receiver = scriptedReceiver("http://127.0.0.1:9125/", [200]);
    const [hook] = await subscribe(store, "http://127.0.0.1:9125/a", ["customers.created"]);
    await createCustomer(store);
    await call("POST", `/stores/${store.id}/products`, {
      token: store.owner.jwt,
      body: { title: "Not subscribed", product_type: "single", default_price_cents: 100 },
    });
    await createCustomer(store);
    const log = (await call("GET", `/stores/${store.id}/events?type=customers.created`, { token: store.owner.jwt })).body.data as any[];
    const sequenceOf = new Map(log.map((e) => [e.id, e.sequence]));
    expect([...sequenceOf.values()]).toEqual([1, 3]);

    const list = await eventually(async () => {
      const res = await deliveriesOf(store, hook.id);
      return res.body.data.length === 2 && res;
    });
    expect(list.body.data.map((d: any) => d.sequence)).toEqual([3, 1]);
    for (const d of list.body.data) expect(d.sequence).toBe(sequenceOf.get(d.event_id));
    const storeWide = await call("GET", `/stores/${store.id}/webhook-deliveries`, { token: store.owner.jwt });
    expect(storeWide.body.data.map((d: any) => d.sequence)).toEqual([3, 1]);
    const [newest] = list.body.data;
    const one = await call("GET", `/stores/${store.id}/webhooks/${hook.id}/deliveries/${newest.id}`, { token: store.owner.jwt });
    expect(one.body.sequence).toBe(3);

    const replay = await call("POST", `/stores/${store.id}/webhooks/${hook.id}/deliveries/${newest.id}/replay`, { token: store.owner.jwt });
    expect([replay.status, replay.body.sequence]).toEqual([202, 3]);
    const after = await deliveriesOf(store, hook.id);
    expect(after.body.data.map((d: any) => d.sequence)).toEqual([3, 3, 1]);
  });

  it("a webhook.test delivery is no store event: sequence null in the lists and the delivery", async () => {
    const store = await newStore();
    const [hook] = await subscribe(store, "http://127.0.0.1:9126/a", ["customers.created"]);
    const test = await call("POST", `/stores/${store.id}/webhooks/${hook.id}/test`, { token: store.owner.jwt });
    expect(test.status).toBe(202);
    await call("PATCH", `/stores/${store.id}/webhooks/${hook.id}`, { token: store.owner.jwt, body: { active: false } });
    const [listed] = (await deliveriesOf(store, hook.id)).body.data;
    expect(listed).toMatchObject({ id: test.body.delivery_id, event: "webhook.test", sequence: null });
    const [storeWide] = (await call("GET", `/stores/${store.id}/webhook-deliveries`, { token: store.owner.jwt })).body.data;
    expect(storeWide).toMatchObject({ id: test.body.delivery_id, sequence: null });
    const one = await call("GET", `/stores/${store.id}/webhooks/${hook.id}/deliveries/${test.body.delivery_id}`, { token: store.owner.jwt });
    expect([one.status, one.body.sequence]).toEqual([200, null]);
  });
});
