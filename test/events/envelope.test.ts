// The envelope is stored once per event (issue 12), not once per delivery: every delivery of the event, every
// retry and every replay sends those exact bytes, and GET of a delivery shows them as `payload`.
import { afterEach, describe, expect, it } from "vitest";
import { call, newStore, type TestStore } from "../helpers/api";
import { storeD1 } from "../helpers/databases";
import { sqlFirst, storeFirst } from "../helpers/support";
import { eventually, scriptedReceiver, subscribe } from "../webhooks/support";

let receiver: ReturnType<typeof scriptedReceiver> | undefined;
afterEach(() => receiver?.restore());

const eventRow = (id: string) => sqlFirst<{ payload: string }>("SELECT payload FROM events WHERE id = ?", id);
const delivery = (store: TestStore, hookId: string, id: string) =>
  call("GET", `/stores/${store.id}/webhooks/${hookId}/deliveries/${id}`, { token: store.owner.jwt });

describe("Envelope stored once per event; every delivery, retry and replay sends the identical bytes", () => {
  it("keeps one copy on the event, sends it to every subscription, on retries and on replay", async () => {
    const store = await newStore();
    receiver = scriptedReceiver("http://127.0.0.1:9137/", [200]);
    const hooks = [
      ...(await subscribe(store, "http://127.0.0.1:9137/a", ["customers.created"])),
      ...(await subscribe(store, "http://127.0.0.1:9137/b", ["customers.created"])),
    ];
    const created = await call("POST", `/stores/${store.id}/customers`, { token: store.owner.jwt, body: { email: `c-${crypto.randomUUID()}@example.test` } });
    expect(created.status).toBe(201);
    await eventually(async () => receiver!.received.length >= 2);
    const [first, second] = receiver.received;
    const envelope = JSON.parse(first.body);
    expect(envelope).toMatchObject({ event: "customers.created", store_id: store.id, data: created.body });

    // One stored copy: the event row holds the exact bytes sent; the delivery rows hold none.
    const event = await eventRow(envelope.id);
    expect(event!.payload).toBe(first.body);
    expect(second.body).toBe(first.body);
    const columns = (await (await storeD1(store.id)).prepare("SELECT name FROM pragma_table_info('webhook_deliveries')").all<{ name: string }>()).results.map(
      (c) => c.name,
    );
    expect(columns).not.toContain("payload");

    // GET shows it as the delivery's payload; a replay sends it again, byte for byte.
    const [hook] = hooks;
    const listed = (await call("GET", `/stores/${store.id}/webhooks/${hook.id}/deliveries`, { token: store.owner.jwt })).body.data[0];
    expect((await delivery(store, hook.id, listed.id)).body.payload).toBe(first.body);
    const replay = await call("POST", `/stores/${store.id}/webhooks/${hook.id}/deliveries/${listed.id}/replay`, { token: store.owner.jwt });
    expect(replay.status).toBe(202);
    await eventually(async () => receiver!.received.length >= 3);
    expect(receiver.received[2].body).toBe(first.body);
    expect((await delivery(store, hook.id, replay.body.id)).body.payload).toBe(first.body);
  });

  it("sends the same bytes on a retry", async () => {
    const store = await newStore();
    receiver = scriptedReceiver("http://127.0.0.1:9138/", [500, 200]);
    await subscribe(store, "http://127.0.0.1:9138/a", ["customers.created"]);
    await call("POST", `/stores/${store.id}/customers`, { token: store.owner.jwt, body: { email: `c-${crypto.randomUUID()}@example.test` } });
    await eventually(async () => receiver!.received.length >= 2, 15_000);
    expect(receiver.received.map((r) => r.headers.get("X-Webhook-Attempt"))).toEqual(["1", "2"]);
    expect(receiver.received[1].body).toBe(receiver.received[0].body);
    expect((await eventRow(JSON.parse(receiver.received[0].body).id))!.payload).toBe(receiver.received[0].body);
  });

  it("keeps the event once, as its envelope, also when no active subscription heard of it (and sends nothing)", async () => {
    const store = await newStore();
    const [hook] = await subscribe(store, "http://127.0.0.1:9139/a", ["customers.created"]);
    await call("PATCH", `/stores/${store.id}/webhooks/${hook.id}`, { token: store.owner.jwt, body: { active: false } });
    const created = await call("POST", `/stores/${store.id}/customers`, { token: store.owner.jwt, body: { email: `c-${crypto.randomUUID()}@example.test` } });
    const row = await storeFirst<{ id: string; created_at: string; payload: string }>(
      store.id,
      "SELECT id, created_at, payload FROM events WHERE store_id = ? AND name = 'customers.created'",
      store.id,
    );
    expect(JSON.parse(row!.payload)).toEqual({
      id: row!.id,
      event: "customers.created",
      store_id: store.id,
      delivered_at: row!.created_at,
      data: created.body,
      sequence: 1,
    });
    const columns = (await (await storeD1(store.id)).prepare("SELECT name FROM pragma_table_info('events')").all<{ name: string }>()).results.map(
      (c) => c.name,
    );
    expect(columns, "no second copy of the data beside the envelope").not.toContain("data");
    expect((await call("GET", `/stores/${store.id}/webhooks/${hook.id}/deliveries`, { token: store.owner.jwt })).body.data).toEqual([]);
  });
});
