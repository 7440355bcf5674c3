// Typed events (docs/api/22-event-log.md): every event of EVENT_NAMES is produced through the API and delivered to a
// receiver; each delivered envelope carries the event's `sequence` (the one GET /events shows for its id), and its
// `data` is valid against the schema GET /webhook-events publishes for that event (and against the zod schema the
// OpenAPI `webhooks` entry is built from). The log's items carry the same data.
import { afterAll, describe, expect, it } from "vitest";
import { EVENT_NAMES, type EventName } from "../../src/events/names";
import { EVENT_DATA_SCHEMAS } from "../../src/webhooks/event-schemas";
import { type ApiResponse, addMember, call } from "../helpers/api";
import { seedVariant } from "../orders/support";
import { storeWithProduct, uploadImage, imagesPath } from "../media/gallery-helpers";
import { eventually, scriptedReceiver, subscribe } from "../webhooks/support";
import { validate } from "./json-schema";

const RECEIVER = "http://127.0.0.1:9/event-schemas/";
const receiver = scriptedReceiver(RECEIVER, [204]);
afterAll(() => receiver.restore());
const ALL = Object.keys(EVENT_NAMES) as EventName[];

describe("every event's published schema validates the data of its real deliveries", () => {
  it("produces all events through the API; each delivery has its sequence and data valid against its schema", { timeout: 90_000 }, async () => {
    const { store, productId } = await storeWithProduct();
    const token = store.token;
    await subscribe(store, `${RECEIVER}${store.id}`, ALL);
    const ok = (res: ApiResponse, status: number) => {
      expect(res.status, res.text).toBe(status);
      return res;
    };
    const s = `/stores/${store.id}`;
    // The first product's products.created came before the subscription: one more, delivered.
    ok(await call("POST", `/stores/${store.id}/products`, { token, body: { title: "Second", product_type: "single", default_price_cents: 100 } }), 201);
    // products.created (storeWithProduct), products.updated, the gallery's three events.
    ok(await call("PATCH", `${s}/products/${productId}`, { token, body: { title: "Shirt 2" } }), 200);
    const item = ok(await uploadImage(store, productId), 201).body;
    ok(await call("PATCH", imagesPath(store, productId, `/${item.id}`), { token, body: { alt: "Back" } }), 200);
    ok(await call("DELETE", imagesPath(store, productId, `/${item.id}`), { token }), 204);
    // collections.*
    const col = ok(await call("POST", `${s}/collections`, { token, body: { title: "Picks", kind: "manual" } }), 201).body;
    ok(await call("PATCH", `${s}/collections/${col.id}`, { token, body: { title: "Picks 2" } }), 200);
    ok(await call("DELETE", `${s}/collections/${col.id}`, { token }), 204);
    // customers.*
    const customer = ok(await call("POST", `${s}/customers`, { token, body: { email: "typed@example.com", name: "Typed" } }), 201).body;
    ok(await call("PATCH", `${s}/customers/${customer.id}`, { token, body: { name: "Typed 2" } }), 200);
    // orders.* and inventory.updated (placing an order commits stock at a location).
    const v = await seedVariant(store.id, { stock: 5 });
    const order = ok(
      await call("POST", `${s}/orders`, {
        token,
        body: { email: "o@example.test", currency: "USD", customer_id: customer.id, line_items: [{ variant_id: v.variantId, quantity: 1 }] },
      }),
      201,
    ).body;
    ok(await call("POST", `${s}/orders/${order.id}/transitions`, { token, body: { status: "paid" } }), 200);
    // shipments.created (and the order's orders.updated), before the refund.
    const shipment = ok(
      await call("POST", `${s}/orders/${order.id}/shipments`, {
        token,
        body: { items: [{ line_item_id: order.line_items[0].id, quantity: 1 }], tracking: [{ number: "T-1", carrier: "UPS" }] },
      }),
      201,
    ).body;
    ok(await call("PATCH", `${s}/shipments/${shipment.id}`, { token, body: { tracking: [{ number: "T-2", url: "https://track.example/T-2" }] } }), 200);
    ok(await call("POST", `${s}/shipments/${shipment.id}/cancel`, { token }), 200);
    const again = ok(
      await call("POST", `${s}/orders/${order.id}/shipments`, { token, body: { items: [{ line_item_id: order.line_items[0].id, quantity: 1 }] } }),
      201,
    ).body;
    ok(await call("PATCH", `${s}/shipments/${again.id}`, { token, body: { status: "delivered" } }), 200);
    // returns.created (restocked: one more inventory.updated and products.updated).
    ok(
      await call("POST", `${s}/orders/${order.id}/returns`, {
        token,
        body: { items: [{ line_item_id: order.line_items[0].id, quantity: 1, restock: true }], reason: "Too small", note: "Opened" },
      }),
      201,
    );
    ok(await call("POST", `${s}/orders/${order.id}/refunds`, { token, body: {} }), 200);
    // customer_groups.* (membership: one more customers.updated), price_lists.* and prices.updated.
    const g = ok(await call("POST", `${s}/customer-groups`, { token, body: { name: "Trade", code: "trade" } }), 201).body;
    ok(await call("PATCH", `${s}/customer-groups/${g.id}`, { token, body: { name: "Trade 2" } }), 200);
    ok(await call("POST", `${s}/customer-groups/${g.id}/customers`, { token, body: { add: [customer.id] } }), 200);
    const pl = ok(await call("POST", `${s}/price-lists`, { token, body: { name: "EU", code: "eu", currency: "EUR", customer_group_ids: [g.id] } }), 201).body;
    ok(await call("PATCH", `${s}/price-lists/${pl.id}`, { token, body: { status: "active" } }), 200);
    ok(await call("POST", `${s}/price-lists/${pl.id}/prices/bulk`, { token, body: { upsert: [{ variant_id: v.variantId, price_cents: 90 }] } }), 200);
    ok(await call("DELETE", `${s}/price-lists/${pl.id}`, { token }), 204);
    ok(await call("DELETE", `${s}/customer-groups/${g.id}`, { token }), 204);
    // user.created, then products.deleted last.
    await addMember(store, ["products.read"]);
    ok(await call("DELETE", `${s}/products/${productId}`, { token }), 204);

    const log: any[] = [];
    for (let after = 0; ; ) {
      const page = ok(await call("GET", `${s}/events?after=${after}&limit=100`, { token }), 200).body.data;
      if (page.length === 0) break;
      log.push(...page);
      after = page.at(-1).sequence;
    }
    expect(new Set(log.map((e) => e.event))).toEqual(new Set(ALL));
    const delivered = await eventually(async () => {
      const mine = receiver.received.filter((r) => r.url === `${RECEIVER}${store.id}`).map((r) => JSON.parse(r.body));
      return mine.length >= log.length - 1 && mine;
    }, 60_000).catch((error) => {
      const got = receiver.received.filter((r) => r.url === `${RECEIVER}${store.id}`).map((r) => JSON.parse(r.body).event);
      throw new Error(
        `${error}: ${log.length} events (${log.map((e) => e.event).join(",")}), ${got.length} delivered (${got.join(",")}); all received ${receiver.received.length}`,
      );
    });
    const bySequence = new Map(log.map((e) => [e.id, e.sequence]));
    const published = new Map<string, any>(ok(await call("GET", "/webhook-events"), 200).body.data.map((e: any) => [e.name, e.schema]));
    const seen = new Set<string>();
    for (const envelope of delivered) {
      expect(envelope.sequence, envelope.event).toBe(bySequence.get(envelope.id));
      const schema = published.get(envelope.event);
      expect(schema, envelope.event).toBeDefined();
      expect(validate(schema, envelope.data), `${envelope.event}: ${JSON.stringify(envelope.data)}`).toEqual([]);
      const zod = EVENT_DATA_SCHEMAS[envelope.event as EventName].safeParse(envelope.data);
      expect(zod.success, `${envelope.event}: ${JSON.stringify(zod.error?.issues)}`).toBe(true);
      seen.add(envelope.event);
    }
    expect(seen).toEqual(new Set(ALL));
    // The log's items carry the same data as the deliveries.
    for (const event of log) expect(validate(published.get(event.event), event.data), event.event).toEqual([]);
  });

  it("the OpenAPI document has one webhooks entry per event, keyed by its name, with its typed data", async () => {
    const doc = ok200(await call("GET", "/openapi.json"));
    for (const name of ALL) {
      const body = doc.webhooks[name]?.post?.requestBody?.content?.["application/json"]?.schema;
      expect(body, name).toBeDefined();
    }
    expect(doc.webhooks["webhook.test"]).toBeDefined();
  });
});

const ok200 = (res: { status: number; body: any }) => {
  expect(res.status).toBe(200);
  return res.body;
};
