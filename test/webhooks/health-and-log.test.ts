// What the admin console reads (docs/api/12-admin-console-endpoints.md): every subscription carries its health (last delivery time and
// outcome, failures in a row), and GET /stores/{store_id}/webhook-deliveries lists every delivery of the store.
import { afterEach, describe, expect, it } from "vitest";
import { call, newStore, type TestStore } from "../helpers/api";
import { attemptNow, insertDelivery, makeDue, scriptedReceiver, subscribe } from "./support";

let receiver: ReturnType<typeof scriptedReceiver> | undefined;
afterEach(() => receiver?.restore());

const getHook = async (store: TestStore, id: string) => (await call("GET", `/stores/${store.id}/webhooks/${id}`, { token: store.owner.jwt })).body;

/** Runs one delivery of `hook` through all its attempts against the scripted receiver. */
async function runToEnd(store: TestStore, hookId: string) {
  const delivery = await insertDelivery(store.id, hookId);
  for (let i = 0; i < 3; i++) {
    await attemptNow(delivery.id);
    await makeDue(delivery.id);
  }
  return delivery;
}

describe("Subscription health: last_delivery_at, last_delivery_status, consecutive_failures", () => {
  it("starts empty, counts deliveries that ended failed in a row, and resets on a delivered one", async () => {
    const store = await newStore();
    const [hook] = await subscribe(store, "http://127.0.0.1:9130/h", ["customers.created"]);
    expect(await getHook(store, hook.id)).toMatchObject({ last_delivery_at: null, last_delivery_status: null, consecutive_failures: 0 });

    receiver = scriptedReceiver("http://127.0.0.1:9130/", [500]);
    await runToEnd(store, hook.id);
    let health = await getHook(store, hook.id);
    expect(health).toMatchObject({ last_delivery_status: "failed", consecutive_failures: 1 });
    expect(health.last_delivery_at).toMatch(/\.\d{3}Z$/);
    await runToEnd(store, hook.id);
    expect(await getHook(store, hook.id)).toMatchObject({ last_delivery_status: "failed", consecutive_failures: 2 });
    receiver.restore();

    // A retry that fails leaves the health alone until the delivery has ended.
    receiver = scriptedReceiver("http://127.0.0.1:9130/", [500, 200]);
    const delivery = await insertDelivery(store.id, hook.id);
    await attemptNow(delivery.id);
    expect(await getHook(store, hook.id)).toMatchObject({ last_delivery_status: "failed", consecutive_failures: 2 });
    await makeDue(delivery.id);
    await attemptNow(delivery.id);
    health = await getHook(store, hook.id);
    expect(health).toMatchObject({ last_delivery_status: "delivered", consecutive_failures: 0 });

    // Every subscription response carries the fields: list and PATCH too.
    const list = await call("GET", `/stores/${store.id}/webhooks`, { token: store.owner.jwt });
    expect(list.body.data[0]).toMatchObject({ last_delivery_status: "delivered", consecutive_failures: 0, last_delivery_at: health.last_delivery_at });
    const patched = await call("PATCH", `/stores/${store.id}/webhooks/${hook.id}`, { token: store.owner.jwt, body: { active: false } });
    expect(patched.body).toMatchObject({ active: false, last_delivery_status: "delivered", consecutive_failures: 0 });
  });
});

describe("GET /stores/{store_id}/webhook-deliveries: every delivery of the store, newest first, with filters", () => {
  const list = (store: TestStore, query = "") => call("GET", `/stores/${store.id}/webhook-deliveries${query}`, { token: store.owner.jwt });

  it("lists all subscriptions' deliveries newest first, each with its subscription's url", async () => {
    const store = await newStore();
    const other = await newStore();
    const [a] = await subscribe(store, "http://127.0.0.1:9131/a", ["customers.created"]);
    const [b] = await subscribe(store, "http://127.0.0.1:9131/b", ["orders.created"]);
    const [foreign] = await subscribe(other, "http://127.0.0.1:9131/a", ["customers.created"]);
    const at = (s: number) => new Date(Date.UTC(2026, 10, 1, 10, 0, s)).toISOString();
    const d1 = await insertDelivery(store.id, a.id, { created_at: at(1), status: "delivered" });
    const d2 = await insertDelivery(store.id, b.id, { created_at: at(2), status: "failed", event: "orders.created" });
    const d3 = await insertDelivery(store.id, a.id, { created_at: at(3) });
    await insertDelivery(other.id, foreign.id, { created_at: at(4) });

    const all = await list(store);
    expect(all.status).toBe(200);
    expect(all.body.pagination).toEqual({ limit: 20, offset: 0, total: 3 });
    expect(all.body.data.map((d: any) => d.id)).toEqual([d3.id, d2.id, d1.id]);
    expect(all.body.data[1]).toEqual({
      id: d2.id,
      webhook_id: b.id,
      event: "orders.created",
      event_id: d2.event_id,
      sequence: JSON.parse(d2.payload).sequence,
      status: "failed",
      attempt_count: 0,
      created_at: at(2),
      last_attempt_at: null,
      delivered_at: null,
      url: "http://127.0.0.1:9131/b",
    });

    const ids = async (query: string) => (await list(store, query)).body.data.map((d: any) => d.id);
    expect(await ids("?status=pending")).toEqual([d3.id]);
    expect(await ids("?event=orders.created")).toEqual([d2.id]);
    expect(await ids(`?event_id=${d1.event_id}`)).toEqual([d1.id]);
    expect(await ids(`?webhook_id=${a.id}`)).toEqual([d3.id, d1.id]);
    expect(await ids(`?webhook_id=${a.id}&status=delivered`)).toEqual([d1.id]);
    expect(await ids(`?webhook_id=${foreign.id}`)).toEqual([]);
    const page = await list(store, "?limit=1&offset=1");
    expect(page.body).toMatchObject({ data: [{ id: d2.id }], pagination: { limit: 1, offset: 1, total: 3 } });
  });

  it.each(["?status=bogus", "?event=orders.shipped", "?event_id=nope", "?webhook_id=NOT-A-UUID", "?limit=0", "?offset=-1"])(
    "answers 422 for %s",
    async (query) => {
      const store = await newStore();
      const res = await list(store, query);
      expect(res.status).toBe(422);
      expect(res.body.code).toBe("validation_failed");
    },
  );
});
