// Webhook subscriptions (docs/api/08-webhooks.md): one row per (event, URL), all or nothing, validation, URL rules,
// list filters, PATCH, DELETE, secrets encrypted at rest and never returned, and the event catalogue.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { decryptSecret } from "../../src/webhooks/secrets";
import { call, newStore } from "../helpers/api";
import { sqlFirst } from "../helpers/support";
import { SECRET, subscribe } from "./support";

const URL_A = "http://127.0.0.1:9111/a";
const URL_B = "http://127.0.0.1:9111/b";

describe("Registration: one subscription per (event, URL), all or nothing", () => {
  it("creates one row per event and returns them with a Location", async () => {
    const store = await newStore();
    const res = await call("POST", `/stores/${store.id}/webhooks`, {
      token: store.owner.jwt,
      body: { url: URL_A, events: ["products.created", "orders.created"], secret: SECRET },
    });
    expect(res.status).toBe(201);
    expect(res.body.data.map((w: any) => w.event).sort()).toEqual(["orders.created", "products.created"]);
    for (const w of res.body.data) {
      expect(w).toEqual({
        id: expect.any(String),
        store_id: store.id,
        url: URL_A,
        event: w.event,
        active: true,
        created_at: expect.any(String),
        updated_at: expect.any(String),
        last_delivery_at: null,
        last_delivery_status: null,
        consecutive_failures: 0,
        previous_secret_expires_at: null,
        disabled_reason: null,
        disabled_at: null,
        api_version: "2026-12-07",
      });
    }
    expect(res.headers.get("Location")).toBe(`/stores/${store.id}/webhooks/${res.body.data[0].id}`);
    expect(res.text).not.toContain(SECRET);
  });

  it("answers 409 on an existing pair and creates nothing", async () => {
    const store = await newStore();
    await subscribe(store, URL_A, ["orders.created"]);
    const res = await call("POST", `/stores/${store.id}/webhooks`, {
      token: store.owner.jwt,
      body: { url: URL_A, events: ["customers.created", "orders.created"], secret: SECRET },
    });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("conflict");
    const list = await call("GET", `/stores/${store.id}/webhooks`, { token: store.owner.jwt });
    expect(list.body.data.map((w: any) => w.event)).toEqual(["orders.created"]);
  });

  it("allows the same event to another URL, and the same URL in another store", async () => {
    const store = await newStore();
    const other = await newStore();
    await subscribe(store, URL_A, ["orders.created"]);
    await subscribe(store, URL_B, ["orders.created"]);
    await subscribe(other, URL_A, ["orders.created"]);
  });

  it.each([
    [{ url: URL_A, events: ["orders.shipped"], secret: SECRET }, "events.0"],
    [{ url: URL_A, events: [], secret: SECRET }, "events"],
    [{ url: URL_A, events: ["orders.created"], secret: "x".repeat(15) }, "secret"],
    [{ url: URL_A, events: ["orders.created"], secret: "x".repeat(257) }, "secret"],
    [{ url: URL_A, events: ["orders.created"] }, "secret"],
    [{ url: "ftp://127.0.0.1/a", events: ["orders.created"], secret: SECRET }, "url"],
    [{ url: "/relative", events: ["orders.created"], secret: SECRET }, "url"],
    [{ url: "http://u:p@127.0.0.1/a", events: ["orders.created"], secret: SECRET }, "url"],
    [{ url: URL_A, events: ["orders.created"], secret: SECRET, active: true }, ""],
  ])("answers 422 for %j", async (body, path) => {
    const store = await newStore();
    const res = await call("POST", `/stores/${store.id}/webhooks`, { token: store.owner.jwt, body });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe("validation_failed");
    if (path) expect(res.body.errors.map((e: any) => e.path)).toContain(path);
  });

  it("accepts secrets of exactly 16 and 256 characters", async () => {
    const store = await newStore();
    await subscribe(store, URL_A, ["orders.created"], "s".repeat(16));
    await subscribe(store, URL_B, ["orders.created"], "s".repeat(256));
  });

  it("accepts http://127.0.0.1 and http://localhost in local development", async () => {
    const store = await newStore();
    await subscribe(store, "http://localhost:9112/hook", ["orders.created"]);
  });
});

describe("Secrets are encrypted at rest and never returned", () => {
  it("stores AES-GCM ciphertext that decrypts to the secret", async () => {
    const store = await newStore();
    const [webhook] = await subscribe(store, URL_A, ["orders.created"]);
    const row = await sqlFirst<{ secret_ciphertext: string }>("SELECT secret_ciphertext FROM webhooks WHERE id = ?", webhook.id);
    expect(row!.secret_ciphertext).not.toContain(SECRET);
    expect(await decryptSecret(env, row!.secret_ciphertext)).toBe(SECRET);
    const read = await call("GET", `/stores/${store.id}/webhooks/${webhook.id}`, { token: store.owner.jwt });
    expect(read.text).not.toContain(SECRET);
    expect(read.body).not.toHaveProperty("secret");
  });
});

describe("List, get, update, delete", () => {
  it("filters the list by event and url", async () => {
    const store = await newStore();
    await subscribe(store, URL_A, ["orders.created", "customers.created"]);
    await subscribe(store, URL_B, ["orders.created"]);
    const byEvent = await call("GET", `/stores/${store.id}/webhooks?event=orders.created`, { token: store.owner.jwt });
    expect(byEvent.body.data.map((w: any) => w.url).sort()).toEqual([URL_A, URL_B]);
    expect(byEvent.body.pagination).toEqual({ limit: 20, offset: 0, total: 2 });
    const byUrl = await call("GET", `/stores/${store.id}/webhooks?url=${encodeURIComponent(URL_A)}`, { token: store.owner.jwt });
    expect(byUrl.body.data.map((w: any) => w.event).sort()).toEqual(["customers.created", "orders.created"]);
    const bad = await call("GET", `/stores/${store.id}/webhooks?event=nope`, { token: store.owner.jwt });
    expect(bad.status).toBe(422);
  });

  it("PATCHes url, secret and active; a url onto an existing pair is 409", async () => {
    const store = await newStore();
    const [a] = await subscribe(store, URL_A, ["orders.created"]);
    await subscribe(store, URL_B, ["orders.created"]);
    const path = `/stores/${store.id}/webhooks/${a.id}`;
    const off = await call("PATCH", path, { token: store.owner.jwt, body: { active: false, secret: "n".repeat(20) } });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ id: a.id, active: false, url: URL_A });
    const row = await sqlFirst<{ secret_ciphertext: string }>("SELECT secret_ciphertext FROM webhooks WHERE id = ?", a.id);
    expect(await decryptSecret(env, row!.secret_ciphertext)).toBe("n".repeat(20));
    const clash = await call("PATCH", path, { token: store.owner.jwt, body: { url: URL_B } });
    expect(clash.status).toBe(409);
    const moved = await call("PATCH", path, { token: store.owner.jwt, body: { url: "http://127.0.0.1:9111/c" } });
    expect(moved.body.url).toBe("http://127.0.0.1:9111/c");
    expect((await call("PATCH", path, { token: store.owner.jwt, body: { secret: "short" } })).status).toBe(422);
    expect((await call("PATCH", path, { token: store.owner.jwt, body: { event: "orders.updated" } })).status).toBe(422);
  });

  it("deletes with 204 and then answers 404; another store's id is 404", async () => {
    const store = await newStore();
    const other = await newStore();
    const [a] = await subscribe(store, URL_A, ["orders.created"]);
    expect((await call("GET", `/stores/${other.id}/webhooks/${a.id}`, { token: other.owner.jwt })).status).toBe(404);
    expect((await call("DELETE", `/stores/${other.id}/webhooks/${a.id}`, { token: other.owner.jwt })).status).toBe(404);
    const del = await call("DELETE", `/stores/${store.id}/webhooks/${a.id}`, { token: store.owner.jwt });
    expect(del.status).toBe(204);
    expect(del.text).toBe("");
    expect((await call("GET", `/stores/${store.id}/webhooks/${a.id}`, { token: store.owner.jwt })).status).toBe(404);
    expect((await call("GET", `/stores/${store.id}/webhooks/not-a-uuid`, { token: store.owner.jwt })).status).toBe(404);
  });
});

describe("GET /webhook-events", () => {
  it("lists every event of the specification with a description, without a token", async () => {
    const res = await call("GET", "/webhook-events");
    expect(res.status).toBe(200);
    expect(res.body.data.map((e: any) => e.name).sort()).toEqual(
      [
        "customers.created",
        "customers.updated",
        "orders.created",
        "orders.refunded",
        "orders.updated",
        "product.image.created",
        "product.image.deleted",
        "product.image.updated",
        "products.created",
        "products.deleted",
        "products.updated",
        "user.created",
        "collections.created",
        "collections.updated",
        "collections.deleted",
        "inventory.updated",
        "customer_groups.created",
        "customer_groups.updated",
        "customer_groups.deleted",
        "price_lists.created",
        "price_lists.updated",
        "price_lists.deleted",
        "prices.updated",
        "shipments.created",
        "shipments.updated",
        "shipments.canceled",
        "returns.created",
      ].sort(),
    );
    for (const e of res.body.data) expect(e.description).toMatch(/\S/);
    // Each with the JSON Schema of its data (docs/api/22-event-log.md; test/webhooks/event-schemas.test.ts checks them).
    for (const e of res.body.data) expect(e.schema).toMatchObject({ type: "object", properties: expect.any(Object) });
  });
});
