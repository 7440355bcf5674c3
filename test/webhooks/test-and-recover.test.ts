// POST .../test and POST .../recover (docs/webhooks.md "Operating an endpoint"): a webhook.test event through the
// normal pipeline; every delivery that ended failed since a time replayed as section 8's replay does, oldest first,
// at most 1,000 per call, none twice; 409 for an inactive subscription; the permissions they need.
import { Webhook } from "standardwebhooks";
import { afterEach, describe, expect, it } from "vitest";
import { addMember, call, newStore, type TestStore } from "../helpers/api";
import { storeAll, storeRun } from "../helpers/databases";
import { SECRET, attemptNow, deliveryRow, headersOf, insertDelivery, scriptedReceiver, subscribe } from "./support";

let receiver: ReturnType<typeof scriptedReceiver> | undefined;
afterEach(() => receiver?.restore());

const post = (store: TestStore, path: string, body?: object, token = store.owner.jwt) => call("POST", `/stores/${store.id}/webhooks/${path}`, { token, body });
/** Nothing listens on these tests' URLs: deactivating ends the queued replays without sending them. */
const deactivate = (store: TestStore, id: string) => call("PATCH", `/stores/${store.id}/webhooks/${id}`, { token: store.owner.jwt, body: { active: false } });
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

describe("POST .../test: a webhook.test delivery through the normal pipeline", () => {
  it("202 {delivery_id}; the delivery is listed, signed and carries {webhook_id, url}", async () => {
    const store = await newStore();
    const url = "http://127.0.0.1:9221/hook";
    const [hook] = await subscribe(store, url, ["orders.created"]);
    const res = await post(store, `${hook.id}/test`);
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ delivery_id: expect.any(String) });
    const list = await call("GET", `/stores/${store.id}/webhooks/${hook.id}/deliveries`, { token: store.owner.jwt });
    expect(list.body.data.map((d: any) => [d.id, d.event])).toEqual([[res.body.delivery_id, "webhook.test"]]);

    receiver = scriptedReceiver(url, [200]);
    await attemptNow(res.body.delivery_id);
    const [sent] = receiver.received;
    const envelope = new Webhook(new TextEncoder().encode(SECRET), { format: "raw" }).verify(sent.body, headersOf(sent)) as any;
    expect(envelope).toMatchObject({ event: "webhook.test", store_id: store.id, data: { webhook_id: hook.id, url } });
    expect(envelope.id).toBe(sent.headers.get("webhook-id"));
    expect(await deliveryRow(res.body.delivery_id)).toMatchObject({ status: "delivered", event_id: envelope.id });
    // The store-wide log filters by it too; a member with webhooks.read alone may read the test delivery.
    const byEvent = await call("GET", `/stores/${store.id}/webhook-deliveries?event=webhook.test`, { token: store.owner.jwt });
    expect(byEvent.body.data).toHaveLength(1);
    const reader = await addMember(store, ["webhooks.read"]);
    const one = await call("GET", `/stores/${store.id}/webhooks/${hook.id}/deliveries/${res.body.delivery_id}`, { token: reader.jwt });
    expect(one.status).toBe(200);
  });

  it("409 for an inactive subscription, 403 without webhooks.edit, 404 for another store's", async () => {
    const store = await newStore();
    const [hook] = await subscribe(store, "http://127.0.0.1:9222/hook", ["orders.created"]);
    const member = await addMember(store, ["webhooks.read", "orders.read"]);
    const denied = await post(store, `${hook.id}/test`, undefined, member.jwt);
    expect([denied.status, denied.body.missing_permission]).toEqual([403, "webhooks.edit"]);
    expect((await post(await newStore(), `${hook.id}/test`)).status).toBe(404);
    await deactivate(store, hook.id);
    const inactive = await post(store, `${hook.id}/test`);
    expect([inactive.status, inactive.body.code]).toEqual([409, "conflict"]);
  });
});

describe("POST .../recover: every delivery that ended failed since `since`, replayed oldest first", () => {
  it("replays the failed ones since then (not older ones, not delivered ones), each once", async () => {
    const store = await newStore();
    const [hook] = await subscribe(store, "http://127.0.0.1:9223/hook", ["customers.created"]);
    const failed = (minutesAgo: number) =>
      insertDelivery(store.id, hook.id, {
        status: "failed",
        attempt_count: 3,
        created_at: ago(minutesAgo * 60_000),
        last_attempt_at: ago(minutesAgo * 60_000 - 7000),
      });
    const before = await failed(120);
    const first = await failed(50);
    const second = await failed(40);
    await insertDelivery(store.id, hook.id, { status: "delivered", attempt_count: 1, created_at: ago(30 * 60_000), last_attempt_at: ago(30 * 60_000) });

    const res = await post(store, `${hook.id}/recover`, { since: ago(60 * 60_000) });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ replayed: 2 });
    const replays = await storeAll<{ id: string; event_id: string; status: string; attempt_count: number }>(
      store.id,
      "SELECT id, event_id, status, attempt_count FROM webhook_deliveries WHERE webhook_id = ? AND status = 'pending' ORDER BY id",
      hook.id,
    );
    // New deliveries of the same events, attempts from 1, in the order of the originals.
    expect(replays.map((r) => [r.event_id, r.status, r.attempt_count])).toEqual([
      [first.event_id, "pending", 0],
      [second.event_id, "pending", 0],
    ]);
    expect(replays.map((r) => r.event_id)).not.toContain(before.event_id);
    // Already replayed: a second call replays nothing.
    expect((await post(store, `${hook.id}/recover`, { since: ago(60 * 60_000) })).body).toEqual({ replayed: 0 });
    await deactivate(store, hook.id);
  });

  it("at most 1,000 per call; the next call goes on from there", async () => {
    const store = await newStore();
    const [hook] = await subscribe(store, "http://127.0.0.1:9224/hook", ["customers.created"]);
    const base = Date.now() - 30 * 60_000;
    // 1,001 failed deliveries of 1,001 events, one millisecond apart.
    const numbered = (prefix: string) => `printf('%s-0000-7000-8000-%012d', '${prefix}', i)`;
    const at = `strftime('%Y-%m-%dT%H:%M:%fZ', (${base} + i) / 1000.0, 'unixepoch')`;
    const rows = `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1001)`;
    await storeRun(
      store.id,
      `INSERT INTO events (id, store_id, name, created_at, payload) ${rows} SELECT ${numbered("0000000e")}, ?, 'customers.created', ${at}, '{}' FROM n`,
      store.id,
    );
    await storeRun(
      store.id,
      `INSERT INTO webhook_deliveries (id, store_id, webhook_id, event_id, event, status, attempt_count, next_attempt_at, created_at, last_attempt_at)
       ${rows} SELECT ${numbered("0000000d")}, ?, ?, ${numbered("0000000e")}, 'customers.created', 'failed', 3, ${at}, ${at}, ${at} FROM n`,
      store.id,
      hook.id,
    );
    const since = new Date(base - 1000).toISOString();
    expect((await post(store, `${hook.id}/recover`, { since })).body).toEqual({ replayed: 1000 });
    const replayed = await storeAll<{ event_id: string }>(
      store.id,
      "SELECT event_id FROM webhook_deliveries WHERE webhook_id = ? AND status = 'pending' ORDER BY id",
      hook.id,
    );
    // The oldest thousand, in order.
    expect(replayed[0].event_id).toBe("0000000e-0000-7000-8000-000000000001");
    expect(replayed[999].event_id).toBe("0000000e-0000-7000-8000-000000001000");
    expect((await post(store, `${hook.id}/recover`, { since })).body).toEqual({ replayed: 1 });
    expect((await post(store, `${hook.id}/recover`, { since })).body).toEqual({ replayed: 0 });
    await deactivate(store, hook.id);
  });

  it("422 for a since outside the retention period, in the future or not a date; 409 inactive; 403 without the event's read bit", async () => {
    const store = await newStore();
    const [hook] = await subscribe(store, "http://127.0.0.1:9225/hook", ["customers.created"]);
    for (const since of [ago(31 * 86_400_000), new Date(Date.now() + 3_600_000).toISOString(), "yesterday", "2026-13-01T00:00:00Z"]) {
      const res = await post(store, `${hook.id}/recover`, { since });
      expect([res.status, res.body.errors?.[0]?.path], since).toEqual([422, "since"]);
    }
    const editor = await addMember(store, ["webhooks.read", "webhooks.edit"]);
    const denied = await post(store, `${hook.id}/recover`, { since: ago(60_000) }, editor.jwt);
    expect([denied.status, denied.body.missing_permission]).toEqual([403, "customers.read"]);
    await deactivate(store, hook.id);
    const inactive = await post(store, `${hook.id}/recover`, { since: ago(60_000) });
    expect([inactive.status, inactive.body.code]).toEqual([409, "conflict"]);
  });
});
