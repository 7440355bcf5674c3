// A store with rows in (nearly) every table a move copies, made through the API, plus a webhook receiver that
// stands in for the network (a spy on the global fetch the Worker and the sender objects use).
import { env } from "cloudflare:workers";
import { vi } from "vitest";
import { PERMISSION_NAMES } from "../../src/lib/permissions";
import { handleDeliveryBatch } from "../../src/webhooks";
import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { addMember, call, newStore, newToken, type TestStore } from "../helpers/api";
import { storeD1 } from "../helpers/databases";
import { makePng, uploadForm } from "../media/images";

export interface SeededStore extends TestStore {
  token: string;
  hookUrl: string;
  mediaFileId: string;
  productIds: string[];
}

const ok = async (res: Promise<{ status: number; text: string; body: any }>, what: string) => {
  const r = await res;
  if (r.status >= 300) throw new Error(`${what}: ${r.status} ${r.text}`);
  return r.body;
};

export async function seededStore(): Promise<SeededStore> {
  const store = await newStore();
  const token = (await newToken(store.id, store.owner.jwt, [...PERMISSION_NAMES])).token;
  const as = (method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
    call(method, `/stores/${store.id}${path}`, { token, body, headers });
  const hookUrl = `http://127.0.0.1:9/moves/${store.id}`;
  await ok(
    as("POST", "/webhooks", { url: hookUrl, events: ["products.created", "products.updated", "customers.created"], secret: "moves-secret-0123456789abcdef" }),
    "webhook",
  );
  await addMember(store, ["products.read"]);
  await ok(as("POST", "/invites", { email: `pending-${crypto.randomUUID()}@example.test`, permissions: ["products.read"] }), "invite");
  // Custom fields (migration 0029): definitions, values on a product and a variant, and the index of filterable ones.
  await ok(as("POST", "/field-definitions", { owner: "product", key: "material", name: "Material", type: "text", filterable: true }), "field");
  await ok(as("POST", "/field-definitions", { owner: "variant", key: "gtin", name: "GTIN", type: "text", filterable: true }), "field");
  const tee = await ok(
    as("POST", "/products", { title: "Tee", product_type: "single", default_price_cents: 1500, tags: ["Summer", "Cotton"], fields: { material: "cotton" } }),
    "product",
  );
  const hoodie = await ok(as("POST", "/products", { title: "Hoodie", product_type: "variable" }), "product");
  const variant = await ok(
    as("POST", `/products/${hoodie.id}/variants`, {
      price_cents: 4000,
      stock: 5,
      sku: `H-${crypto.randomUUID().slice(0, 8)}`,
      fields: { gtin: "0012345678905" },
    }),
    "variant",
  );
  await ok(as("POST", `/products/${hoodie.id}/publish`), "publish");
  // Collections (a manual one with members in order, an automatic one) and product tags move with the store.
  const picks = await ok(as("POST", "/collections", { title: "Picks", kind: "manual" }), "collection");
  await ok(as("PUT", `/collections/${picks.id}/products`, { product_ids: [hoodie.id, tee.id] }), "members");
  await ok(
    as("POST", "/collections", { title: "Summer", kind: "automatic", rules: { match: "all", conditions: [{ field: "tag", op: "equals", value: "summer" }] } }),
    "collection",
  );
  const gone = await ok(as("POST", "/products", { title: "Gone", product_type: "single", default_price_cents: 100 }), "product");
  await ok(as("DELETE", `/products/${gone.id}`), "delete");
  const image = await ok(as("POST", `/products/${tee.id}/images`, uploadForm(await makePng(40, 20), "tee.png", "image/png")), "image");
  const customer = await ok(as("POST", "/customers", { email: `c-${crypto.randomUUID()}@example.test` }, { "Idempotency-Key": "seed-customer" }), "customer");
  // Stock at a second location (levels, ledger entries) and an order committing it (allocations).
  await ok(as("POST", "/locations", { name: "Warehouse", code: "wh" }), "location");
  await ok(
    as("POST", "/inventory/adjustments", { reason: "received", reference: "PO-1", changes: [{ variant_id: variant.id, location_code: "wh", delta: 3 }] }),
    "adjustment",
  );
  const order = await ok(as("POST", "/orders", { customer_id: customer.id, currency: "USD", line_items: [{ variant_id: variant.id, quantity: 6 }] }), "order");
  // A shipment of part of it (shipments, their items and their stock move with the store).
  await ok(as("POST", `/orders/${order.id}/transitions`, { status: "paid" }), "pay");
  await ok(
    as("POST", `/orders/${order.id}/shipments`, { items: [{ line_item_id: order.line_items[0].id, quantity: 4 }], tracking: [{ number: "T-1" }] }),
    "shipment",
  );
  // And a return of one of those units, restocked (returns and their items move too).
  await ok(
    as("POST", `/orders/${order.id}/returns`, { items: [{ line_item_id: order.line_items[0].id, quantity: 1, restock: true }], reason: "damaged box" }),
    "return",
  );
  const db = await storeD1(store.id);
  const media = await db.prepare("SELECT media_file_id FROM product_images WHERE id = ?").bind(image.id).first<{ media_file_id: string }>();
  // A spec and a review (the API has them too; straight rows keep the seed short).
  const now = new Date().toISOString();
  await db.batch([
    db
      .prepare("INSERT INTO product_specs (id, store_id, product_id, key, value, position) VALUES (?, ?, ?, 'Material', 'Cotton', 0)")
      .bind(crypto.randomUUID(), store.id, tee.id),
    db
      .prepare("INSERT INTO product_reviews (id, store_id, product_id, author_name, rating, created_at) VALUES (?, ?, ?, 'Ann', 5, ?)")
      .bind(crypto.randomUUID(), store.id, tee.id, now),
  ]);
  return { ...store, token, hookUrl, mediaFileId: media!.media_file_id, productIds: [tee.id, hoodie.id] };
}

/** Answers 200 to every POST under `prefix` and records the event id (X-Webhook-Id) of each. */
export function receiver(prefix: string) {
  const received: string[] = [];
  const realFetch = globalThis.fetch;
  const spy = vi.spyOn(globalThis, "fetch").mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    if (!request.url.startsWith(prefix)) return realFetch(input, init);
    received.push(request.headers.get("X-Webhook-Id") ?? "");
    return new Response("ok", { status: 200 });
  });
  return { received, restore: () => spy.mockRestore() };
}

/** Hands deliveries to their senders as the queue consumer does (the senders send them in the background). */
export async function consume(storeId: string, deliveryIds: string[]) {
  const batch = createMessageBatch(
    "webhook-deliveries",
    deliveryIds.map((id, i) => ({ id: `m-${i}-${id}`, timestamp: new Date(), attempts: 1, body: { store_id: storeId, delivery_id: id } })),
  );
  const ctx = createExecutionContext();
  await handleDeliveryBatch(batch as never, env, ctx);
  await getQueueResult(batch, ctx);
}
