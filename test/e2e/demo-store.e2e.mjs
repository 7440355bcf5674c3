// The demo store (README "The demo store"; docs/api/23-one-call-sync-and-imports.md, "A store to look at on the first run"): the first
// `npm run dev` of a fresh state directory fills the demo account's store through the public API (the Shopify CSV
// import of scripts/demo/products.csv with its pictures from a loopback server, collections, customers, orders, a
// webhook subscription with deliveries to a loopback receiver); a second start of the same directory adds nothing
// and brings the receiver back.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { api, startDev, until } from "./harness.mjs";

// Port: E2E_DEMO_PORT (default 8791). The receiver's port is chosen by the first start and kept in the marker.
const PORT = Number(process.env.E2E_DEMO_PORT ?? 8791);
const persistDir = mkdtempSync(path.join(tmpdir(), "e2e-demo-"));
let server;

afterAll(async () => {
  await server?.stop();
  rmSync(persistDir, { recursive: true, force: true });
});

/** `npm run dev` with its banner (DEV_QUIET=0), returned once the banner's last line is printed. */
async function start() {
  const lines = [];
  server = await startDev({ port: PORT, persistDir, env: { PORT: String(PORT), PERSIST_DIR: persistDir, DEV_QUIET: "0" }, onLine: (l) => lines.push(l) });
  await until(() => lines.some((l) => l.startsWith("  try:")), 240_000, "the demo account's banner");
  return lines;
}

async function signIn() {
  const login = await api(server.base, "POST", "/login", { body: { email: "demo@example.com", password: "demo-password-123" } });
  expect(login.status).toBe(200);
  const token = login.body.token;
  const me = await api(server.base, "GET", "/me", { token });
  return { token, storeId: me.body.stores[0].id };
}

async function all(owner, pathname) {
  const out = [];
  let cursor = "";
  do {
    const sep = pathname.includes("?") ? "&" : "?";
    const page = await api(server.base, "GET", `/stores/${owner.storeId}${pathname}${sep}limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`, {
      token: owner.token,
    });
    expect(page.status).toBe(200);
    out.push(...page.body.data);
    cursor = page.body.pagination?.next_cursor ?? "";
  } while (cursor);
  return out;
}

/** What the demo store holds, as counts a second start must leave as they are. */
async function contents(owner) {
  const products = await all(owner, "/products?include_drafts=true");
  const collections = await all(owner, "/collections");
  const customers = await all(owner, "/customers");
  const orders = await all(owner, "/orders");
  const webhooks = await all(owner, "/webhooks");
  const events = await all(owner, "/events");
  return { products, collections, customers, orders, webhooks, lastSequence: events.at(-1)?.sequence ?? 0 };
}

describe("npm run dev fills the demo store on the first start of a state directory only", () => {
  it("first start: products with images, 2 collections, customers, orders in several states, a subscription with deliveries; second start: nothing new", async () => {
    const first = await start();
    expect(first.some((l) => l.startsWith("Demo store: first start of"))).toBe(true);
    const summary = first.find((l) => l.startsWith("Demo store: imported"));
    expect(summary).toMatch(/imported \d+ products .* from scripts\/demo\/products\.csv .*: done, 0 errors, 0 warnings/);
    expect(first.find((l) => l.startsWith("  demo store:"))).toBeTruthy();
    const owner = await signIn();
    const before = await contents(owner);

    // The catalog: >= 24 products, every one with a picture, single and variable ones with options.
    expect(before.products.length).toBeGreaterThanOrEqual(24);
    expect(before.products.every((p) => p.primary_image)).toBe(true);
    expect(before.products.filter((p) => p.product_type === "single").length).toBeGreaterThan(0);
    const variable = before.products.filter((p) => p.product_type === "variable");
    expect(variable.length).toBeGreaterThan(0);
    expect(variable.some((p) => p.variants.length > 1 && p.variants[0].option_values.length === 2)).toBe(true);
    // A picture is a real image in the library, and colour pictures belong to their variants.
    const tee = before.products.find((p) => p.slug === "classic-tee");
    const gallery = (await api(server.base, "GET", `/stores/${owner.storeId}/products/${tee.id}/images`, { token: owner.token })).body.data;
    expect(gallery.length).toBe(3);
    expect(gallery.every((g) => g.product_variant_id)).toBe(true);
    const picture = await fetch(`${server.base}${gallery[0].url}`);
    expect(picture.status).toBe(200);
    expect([...new Uint8Array(await picture.arrayBuffer()).subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);

    // Two collections, one of each kind, both with members.
    expect(before.collections.map((c) => c.kind).sort()).toEqual(["automatic", "manual"]);
    expect(before.collections.every((c) => c.product_count > 0)).toBe(true);
    // Customers, and orders in at least three states.
    expect(before.customers.length).toBeGreaterThanOrEqual(3);
    expect(new Set(before.orders.map((o) => o.status)).size).toBeGreaterThanOrEqual(3);
    // A subscription to the loopback receiver, with at least one delivered delivery.
    expect(before.webhooks.length).toBeGreaterThan(0);
    const receiverUrl = before.webhooks[0].url;
    expect(receiverUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
    const delivered = [];
    for (const w of before.webhooks) delivered.push(...(await all(owner, `/webhooks/${w.id}/deliveries?status=delivered`)));
    expect(delivered.length).toBeGreaterThan(0);
    const marker = JSON.parse(readFileSync(path.join(persistDir, "demo-store.json"), "utf8"));
    expect(marker).toMatchObject({ state: "done", store_id: owner.storeId });

    // Second start of the same state directory: no seeding, no new event, the same contents.
    await server.stop();
    const second = await start();
    expect(second.some((l) => l.startsWith("Demo store:"))).toBe(false);
    expect(second.find((l) => l.startsWith("  demo store:"))).toBeTruthy();
    const again = await signIn();
    expect(again.storeId).toBe(owner.storeId);
    const after = await contents(again);
    expect(after.lastSequence).toBe(before.lastSequence);
    for (const key of ["products", "collections", "customers", "orders", "webhooks"]) expect(after[key].length, key).toBe(before[key].length);

    // The receiver is back on its port: a change made now is delivered to it.
    const hoodie = after.products.find((p) => p.slug === "pullover-hoodie");
    expect(
      (await api(server.base, "PATCH", `/stores/${again.storeId}/products/${hoodie.id}`, { token: again.token, body: { title: "Pullover Hoodie, brushed" } }))
        .status,
    ).toBe(200);
    const updates = after.webhooks.find((w) => w.event === "products.updated");
    await until(
      async () => {
        const newest = (await api(server.base, "GET", `/stores/${again.storeId}/webhooks/${updates.id}/deliveries?limit=1`, { token: again.token })).body
          .data[0];
        const event = (await api(server.base, "GET", `/stores/${again.storeId}/events?after=${before.lastSequence}`, { token: again.token })).body.data[0];
        return newest && event && newest.event_id === event.id && newest.status === "delivered";
      },
      60_000,
      "the hoodie's update to be delivered to the demo receiver",
    );
  }, 600_000);
});
