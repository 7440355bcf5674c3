// Webhook data follows the read permissions of what it carries (docs/api/13-security.md; issue 15, item 5): registering
// needs the read bit of every event, reading one delivery and replaying it need the event's bit, lists carry no
// payload and need webhooks.read only. Replay to an inactive subscription is 409, and a subscription made inactive
// sends nothing more: retries already scheduled end failed with `subscription_inactive`. URLs are checked again at
// send time (`url_not_allowed`).
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { EVENT_NAMES } from "../../src/events/names";
import { readBitOf } from "../../src/webhooks/read-bits";
import { runAttempt } from "../../src/webhooks/delivery/run-attempt";
import { dbOf } from "../../src/placement/store-db";
import { storeD1 } from "../helpers/databases";
import { addMember, call, newStore, newToken } from "../helpers/api";
import { sqlAll } from "../helpers/support";
import { SECRET, attemptNow, attemptRows, deliveryRow, insertDelivery, makeDue, scriptedReceiver, subscribe } from "./support";

const URL = "http://127.0.0.1:9/hook";
const hooks = (storeId: string) => `/stores/${storeId}/webhooks`;

describe("every event has the read bit of its data (the table of docs/api/13-security.md)", () => {
  it("products.*, product.image.*: products.read; orders.*, shipments.*, returns.*: orders.read; customers.*: customers.read; user.created: members.read; inventory.updated: inventory.read; customer_groups.*: customers.read; price_lists.*, prices.updated: pricing.read", () => {
    const expected: Record<string, string> = {
      "products.created": "products.read",
      "products.updated": "products.read",
      "products.deleted": "products.read",
      "product.image.created": "products.read",
      "product.image.updated": "products.read",
      "product.image.deleted": "products.read",
      "orders.created": "orders.read",
      "orders.updated": "orders.read",
      "orders.refunded": "orders.read",
      "shipments.created": "orders.read",
      "shipments.updated": "orders.read",
      "shipments.canceled": "orders.read",
      "returns.created": "orders.read",
      "customers.created": "customers.read",
      "customers.updated": "customers.read",
      "user.created": "members.read",
      "collections.created": "products.read",
      "collections.updated": "products.read",
      "collections.deleted": "products.read",
      "inventory.updated": "inventory.read",
      "customer_groups.created": "customers.read",
      "customer_groups.updated": "customers.read",
      "customer_groups.deleted": "customers.read",
      "price_lists.created": "pricing.read",
      "price_lists.updated": "pricing.read",
      "price_lists.deleted": "pricing.read",
      "prices.updated": "pricing.read",
    };
    expect(Object.fromEntries(Object.keys(EVENT_NAMES).map((e) => [e, readBitOf(e)]))).toEqual(expected);
  });
});

describe("registering a webhook needs webhooks.write plus the read bit of every event", () => {
  it("reproduction: webhooks.write without customers.read cannot subscribe to customers.created (403, nothing created)", async () => {
    const store = await newStore();
    const member = await addMember(store, ["webhooks.write", "webhooks.read", "products.read"]);
    const res = await call("POST", hooks(store.id), {
      token: member.jwt,
      body: { url: URL, events: ["products.created", "customers.created", "orders.created"], secret: SECRET },
    });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("forbidden");
    expect(res.body.missing_permission).toBe("customers.read");
    expect(await sqlAll("SELECT id FROM webhooks WHERE store_id = ?", store.id)).toHaveLength(0);
    const ok = await call("POST", hooks(store.id), { token: member.jwt, body: { url: URL, events: ["products.created"], secret: SECRET } });
    expect(ok.status).toBe(201);
  });

  it("user.created needs members.read; a PAT is judged by its effective scope", async () => {
    const store = await newStore();
    const denied = await call("POST", `/stores/${store.id}/api-tokens`, { token: store.owner.jwt, body: { name: "hooks", scopes: ["webhooks.write"] } });
    const res = await call("POST", hooks(store.id), { token: denied.body.token, body: { url: URL, events: ["user.created"], secret: SECRET } });
    expect(res.status).toBe(403);
    expect(res.body.missing_permission).toBe("members.read");
  });
});

describe("one delivery (payload and attempts) needs webhooks.read plus the event's bit; lists need webhooks.read only", () => {
  it("reproduction: webhooks.read alone lists the customers.created delivery but cannot read its payload (403)", async () => {
    const store = await newStore();
    const [hook] = await subscribe(store, URL, ["customers.created"]);
    const delivery = await insertDelivery(store.id, hook.id, { event: "customers.created" });
    const reader = await addMember(store, ["webhooks.read"]);
    const list = await call("GET", `${hooks(store.id)}/${hook.id}/deliveries`, { token: reader.jwt });
    expect(list.status).toBe(200);
    expect(list.body.data.map((d: any) => d.id)).toEqual([delivery.id]);
    expect(list.body.data[0]).not.toHaveProperty("payload");
    const storeList = await call("GET", `/stores/${store.id}/webhook-deliveries`, { token: reader.jwt });
    expect(storeList.status).toBe(200);
    expect(storeList.body.data[0]).not.toHaveProperty("payload");
    const one = await call("GET", `${hooks(store.id)}/${hook.id}/deliveries/${delivery.id}`, { token: reader.jwt });
    expect(one.status).toBe(403);
    expect(one.body.missing_permission).toBe("customers.read");
    // The delivery's data ({"id": "c1"}) is nowhere in the answer (quoted: the random request id may hold "c1").
    expect(one.text).not.toContain('"c1"');
    const allowed = await addMember(store, ["webhooks.read", "customers.read"]);
    const read = await call("GET", `${hooks(store.id)}/${hook.id}/deliveries/${delivery.id}`, { token: allowed.jwt });
    expect(read.status).toBe(200);
    expect(read.body.payload).toBe(delivery.payload);
  });

  it("replay needs webhooks.edit plus the event's bit (403 naming it, no new delivery)", async () => {
    const store = await newStore();
    const [hook] = await subscribe(store, URL, ["orders.created"]);
    const delivery = await insertDelivery(store.id, hook.id, { event: "orders.created", status: "failed" });
    const editor = await addMember(store, ["webhooks.edit", "webhooks.read"]);
    const path = `${hooks(store.id)}/${hook.id}/deliveries/${delivery.id}/replay`;
    const res = await call("POST", path, { token: editor.jwt });
    expect(res.status).toBe(403);
    expect(res.body.missing_permission).toBe("orders.read");
    expect(await sqlAll("SELECT id FROM webhook_deliveries WHERE webhook_id = ?", hook.id)).toHaveLength(1);
    const full = await addMember(store, ["webhooks.edit", "orders.read"]);
    const replayed = await call("POST", path, { token: full.jwt });
    expect(replayed.status).toBe(202);
  });
});

// docs/api/13b-holder-limits.md, issue 32 item 2: a subscription's data goes only where someone allowed to read it sends
// it. On 26652c0 a member with webhooks.read and webhooks.edit but not customers.read pointed a customers.created
// subscription at their own receiver (PATCH url and secret) and received every new customer.
describe("pointing a subscription elsewhere needs the read bit of its event", () => {
  const pointers = (hookPath: string): Array<[string, string, unknown]> => [
    ["PATCH url", hookPath, { url: "http://127.0.0.1:9/elsewhere" }],
    ["PATCH secret", hookPath, { secret: "someone-elses-secret-0123456789" }],
    ["PATCH url and secret", hookPath, { url: "http://127.0.0.1:9/elsewhere", secret: "someone-elses-secret-0123456789" }],
    ["rotate-secret", `${hookPath}/rotate-secret`, { secret: "someone-elses-secret-0123456789" }],
    ["test", `${hookPath}/test`, undefined],
  ];

  it("PATCH url or secret, rotate-secret and test without customers.read: 403 naming it, nothing changes", async () => {
    const store = await newStore();
    const [hook] = await subscribe(store, URL, ["customers.created"]);
    const editor = await addMember(store, ["webhooks.read", "webhooks.edit"]);
    const hookPath = `${hooks(store.id)}/${hook.id}`;
    const before = await call("GET", hookPath, { token: store.owner.jwt });
    for (const [what, path, body] of pointers(hookPath)) {
      const res = await call(what.startsWith("PATCH") ? "PATCH" : "POST", path, { token: editor.jwt, body });
      expect([what, res.status, res.body.code, res.body.missing_permission]).toEqual([what, 403, "forbidden", "customers.read"]);
    }
    expect((await call("GET", hookPath, { token: store.owner.jwt })).body).toEqual(before.body);
    expect(await sqlAll("SELECT id FROM webhook_deliveries WHERE webhook_id = ?", hook.id)).toHaveLength(0);
    expect(await sqlAll("SELECT id FROM audit_log WHERE store_id = ? AND resource_id = ? AND action <> 'webhook.create'", store.id, hook.id)).toHaveLength(0);
  });

  it("a PAT is judged by its effective scope: the owner's PAT without customers.read is refused too", async () => {
    const store = await newStore();
    const [hook] = await subscribe(store, URL, ["customers.created"]);
    const { token } = await newToken(store.id, store.owner.jwt, ["webhooks.read", "webhooks.edit"]);
    const res = await call("PATCH", `${hooks(store.id)}/${hook.id}`, { token, body: { url: "http://127.0.0.1:9/elsewhere" } });
    expect([res.status, res.body.missing_permission]).toEqual([403, "customers.read"]);
  });

  it("active alone needs webhooks.edit only; with the read bit every pointer works", async () => {
    const store = await newStore();
    const [hook] = await subscribe(store, URL, ["customers.created"]);
    const hookPath = `${hooks(store.id)}/${hook.id}`;
    const editor = await addMember(store, ["webhooks.read", "webhooks.edit"]);
    const off = await call("PATCH", hookPath, { token: editor.jwt, body: { active: false } });
    expect([off.status, off.body.active]).toEqual([200, false]);
    expect((await call("PATCH", hookPath, { token: editor.jwt, body: { active: true } })).status).toBe(200);
    const reader = await addMember(store, ["webhooks.read", "webhooks.edit", "customers.read"]);
    const expected: Record<string, number> = { "PATCH url": 200, "PATCH secret": 200, "PATCH url and secret": 200, "rotate-secret": 200, test: 202 };
    for (const [what, path, body] of pointers(hookPath)) {
      const res = await call(what.startsWith("PATCH") ? "PATCH" : "POST", path, { token: reader.jwt, body });
      expect([what, res.status]).toEqual([what, expected[what]]);
    }
  });
});

describe("an inactive subscription sends nothing more", () => {
  it("replay to an inactive subscription is 409 conflict and creates no delivery", async () => {
    const store = await newStore();
    const [hook] = await subscribe(store, URL, ["products.created"]);
    const delivery = await insertDelivery(store.id, hook.id, { event: "products.created", status: "failed" });
    expect((await call("PATCH", `${hooks(store.id)}/${hook.id}`, { token: store.owner.jwt, body: { active: false } })).status).toBe(200);
    const res = await call("POST", `${hooks(store.id)}/${hook.id}/deliveries/${delivery.id}/replay`, { token: store.owner.jwt });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("conflict");
    expect(await sqlAll("SELECT id FROM webhook_deliveries WHERE webhook_id = ?", hook.id)).toHaveLength(1);
    expect(await sqlAll("SELECT id FROM audit_log WHERE store_id = ? AND action = 'webhook.replay'", store.id)).toHaveLength(0);
  });

  it("a retry scheduled before the subscription was deactivated is not sent: the delivery ends failed, error subscription_inactive", async () => {
    const store = await newStore();
    const prefix = `http://127.0.0.1:9/inactive-${crypto.randomUUID()}`;
    const receiver = scriptedReceiver(prefix, [500]);
    try {
      const [hook] = await subscribe(store, prefix, ["products.created"]);
      const delivery = await insertDelivery(store.id, hook.id, { event: "products.created" });
      expect(await attemptNow(delivery.id)).not.toBeNull();
      expect(receiver.received).toHaveLength(1);
      await call("PATCH", `${hooks(store.id)}/${hook.id}`, { token: store.owner.jwt, body: { active: false } });
      await makeDue(delivery.id);
      expect(await attemptNow(delivery.id)).toBeNull();
      expect(receiver.received).toHaveLength(1);
      expect((await deliveryRow(delivery.id))!.status).toBe("failed");
      const attempts = await attemptRows(delivery.id);
      expect(attempts.map((a) => a.error)).toEqual(["HTTP 500", "subscription_inactive"]);
      expect(attempts[1].response_status).toBeNull();
    } finally {
      receiver.restore();
    }
  });
});

describe("webhook URLs are checked again at send time", () => {
  it("a stored URL the deployment's rules refuse is not fetched: the attempt fails with url_not_allowed", async () => {
    const store = await newStore();
    const prefix = `http://127.0.0.1:9/send-time-${crypto.randomUUID()}`;
    const receiver = scriptedReceiver(prefix, [200]);
    try {
      const [hook] = await subscribe(store, prefix, ["products.created"]);
      const delivery = await insertDelivery(store.id, hook.id, { event: "products.created" });
      // The same Worker as deployed: private URLs refused (the subscription predates the rule).
      const deployed = { ...env, ENVIRONMENT: "production", ALLOW_PRIVATE_WEBHOOK_URLS: "false" } as Env;
      expect(await runAttempt(dbOf(await storeD1(store.id)), deployed, delivery.id)).not.toBeNull();
      expect(receiver.received).toHaveLength(0);
      const [attempt] = await attemptRows(delivery.id);
      expect(attempt.error).toBe("url_not_allowed");
      expect((await deliveryRow(delivery.id))!.status).toBe("pending");
      // Where the rules allow it (local development), the retry goes out.
      await makeDue(delivery.id);
      expect(await attemptNow(delivery.id)).toBeNull();
      expect(receiver.received).toHaveLength(1);
      expect((await deliveryRow(delivery.id))!.status).toBe("delivered");
    } finally {
      receiver.restore();
    }
  });

  it("registration refuses the IPv4-compatible and 6to4 spellings of loopback where private URLs are not allowed", async () => {
    const { webhookUrlProblem } = await import("../../src/webhooks/url-rules");
    for (const url of ["https://[::7f00:1]/hook", "https://[2002:7f00:1::]/hook"]) {
      expect(webhookUrlProblem(url, { allowPrivate: false })).toMatch(/private/);
    }
  });
});

describe("cap: 100 webhook subscriptions per store (422 limit_exceeded)", () => {
  it("registrations that would pass 100 are refused naming the cap and create nothing, also concurrently", async () => {
    const store = await newStore();
    const events = Object.keys(EVENT_NAMES).slice(0, 12);
    // 8 URLs x 12 events = 96 subscriptions.
    for (let i = 0; i < 8; i++) await subscribe(store, `${URL}/${i}`, events);
    const tooMany = await call("POST", hooks(store.id), { token: store.owner.jwt, body: { url: `${URL}/x`, events: events.slice(0, 5), secret: SECRET } });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.code).toBe("limit_exceeded");
    expect(tooMany.body.detail).toMatch(/100 webhook subscriptions/);
    const burst = await Promise.all(
      [1, 2, 3].map((i) =>
        call("POST", hooks(store.id), { token: store.owner.jwt, body: { url: `${URL}/b${i}`, events: events.slice(0, 2), secret: SECRET } }),
      ),
    );
    expect(burst.map((r) => r.status).sort()).toEqual([201, 201, 422]);
    expect(await sqlAll("SELECT id FROM webhooks WHERE store_id = ?", store.id)).toHaveLength(100);
  });
});

describe("webhook deletes and replays take effect once under concurrency", () => {
  it("concurrent deletes of one subscription: one 204, the others 404, one audit row", async () => {
    const store = await newStore();
    const [hook] = await subscribe(store, URL, ["products.created"]);
    const statuses = (await Promise.all([1, 2, 3, 4].map(() => call("DELETE", `${hooks(store.id)}/${hook.id}`, { token: store.owner.jwt })))).map(
      (r) => r.status,
    );
    expect(statuses.sort()).toEqual([204, 404, 404, 404]);
    expect(await sqlAll("SELECT id FROM audit_log WHERE store_id = ? AND action = 'webhook.delete'", store.id)).toHaveLength(1);
  });
});
