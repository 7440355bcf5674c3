// Queue messages name the store (docs/scale.md step 1): the consumer reads each delivery from its store's
// database, the sender object keeps the store it sends for, and messages queued before this change (a bare
// delivery id) are still delivered.
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { call, newStore } from "../helpers/api";
import { senderOf } from "../../src/webhooks/delivery/hand-off";
import { consume, deliveryRow, eventually, heldBySender, insertDelivery, queued, scriptedReceiver, senderStore, subscribe } from "./support";

afterEach(() => vi.restoreAllMocks());

describe("Queue messages carry {store_id, delivery_id}", () => {
  it("a change queues one message per delivery naming its store and delivery", async () => {
    const store = await newStore();
    const [hook] = await subscribe(store, "http://127.0.0.1:9150/ok", ["customers.created"]);
    const sent: unknown[] = [];
    const sendBatch = env.DELIVERIES.sendBatch.bind(env.DELIVERIES);
    vi.spyOn(env.DELIVERIES, "sendBatch").mockImplementation(async (messages) => {
      sent.push(...[...messages].map((m) => m.body));
      return sendBatch(messages);
    });
    scriptedReceiver("http://127.0.0.1:9150/", [200]);
    const res = await call("POST", `/stores/${store.id}/customers`, { token: store.owner.jwt, body: { email: `c-${crypto.randomUUID()}@example.test` } });
    expect(res.status).toBe(201);
    const [delivery] = await eventually(async () => {
      const list = await call("GET", `/stores/${store.id}/webhooks/${hook.id}/deliveries`, { token: store.owner.jwt });
      return list.body.data.length > 0 ? list.body.data : null;
    });
    // Delivered before the test ends, so no sender runs on into the next test.
    await eventually(async () => (await deliveryRow(delivery.id))?.status === "delivered");
    expect(sent).toEqual([{ store_id: store.id, delivery_id: delivery.id }]);
  });

  it("the consumer hands the delivery to its subscription's sender, which keeps the store id", async () => {
    const store = await newStore();
    const [hook] = await subscribe(store, "http://127.0.0.1:9151/hold", ["customers.created"]);
    // Not due for 10 minutes: the sender holds it without sending (its alarm, not a live run, will wake it).
    const delivery = await insertDelivery(store.id, hook.id, { next_attempt_at: new Date(Date.now() + 10 * 60_000).toISOString() });
    const { acks } = await consume(queued(delivery));
    expect(acks[0]).toHaveBeenCalled();
    expect(await heldBySender(hook.id)).toEqual([delivery.id]);
    expect(await senderStore(hook.id)).toBe(store.id);
  });

  it("a message queued before messages named the store (a bare delivery id) is still delivered", async () => {
    const store = await newStore();
    const [hook] = await subscribe(store, "http://127.0.0.1:9152/ok", ["customers.created"]);
    const receiver = scriptedReceiver("http://127.0.0.1:9152/", [200]);
    const delivery = await insertDelivery(store.id, hook.id);
    const { acks } = await consume(delivery.id);
    expect(acks[0]).toHaveBeenCalled();
    await eventually(async () => (await deliveryRow(delivery.id))?.status === "delivered");
    expect(receiver.received).toHaveLength(1);
    expect(await senderStore(hook.id)).toBe(store.id);
  });

  it("a message whose body is not {store_id, delivery_id} of UUIDs is acked and dropped", async () => {
    const store = await newStore();
    const [hook] = await subscribe(store, "http://127.0.0.1:9153/ok", ["customers.created"]);
    const delivery = await insertDelivery(store.id, hook.id, { next_attempt_at: new Date(Date.now() + 10 * 60_000).toISOString() });
    const { acks } = await consume({ store_id: "nope", delivery_id: delivery.id }, { delivery_id: delivery.id }, 42, null);
    for (const ack of acks) expect(ack).toHaveBeenCalled();
    expect(await heldBySender(hook.id)).toEqual([]);
  });

  it("a sender handed deliveries without a store id (a Worker on the code before it) sends them from the database every store lived in", async () => {
    const store = await newStore();
    const [hook] = await subscribe(store, "http://127.0.0.1:9154/ok", ["customers.created"]);
    const receiver = scriptedReceiver("http://127.0.0.1:9154/", [200]);
    const delivery = await insertDelivery(store.id, hook.id);
    const sender = senderOf(env, hook.id) as unknown as { take(ids: string[]): Promise<string[]> };
    expect(await sender.take([delivery.id])).toEqual([delivery.id]);
    await eventually(async () => (await deliveryRow(delivery.id))?.status === "delivered");
    expect(receiver.received).toHaveLength(1);
    expect(await senderStore(hook.id)).toBeNull();
  });
});
