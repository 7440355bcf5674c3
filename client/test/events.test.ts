// The events log through the client (docs/api/22-event-log.md): paginate("listEvents") walks GET /events from `after`,
// dropping `after` once it follows a cursor (the API refuses the two together), and StoreEvent / WebhookEvent are
// unions narrowed by `event`.
import { describe, expect, expectTypeOf, it } from "vitest";
import { createClient, type StoreEvent, type WebhookEvent } from "../src/index.js";
import { fakeFetch, json } from "./fake-fetch.js";

const event = (sequence: number) => ({
  id: `e${sequence}`,
  sequence,
  event: "products.deleted",
  store_id: "s1",
  created_at: "2026-11-27T10:00:00.000Z",
  data: { id: `p${sequence}` },
});
const page = (sequences: number[], next: string | null) =>
  json(200, { data: sequences.map(event), pagination: { limit: 2, next_cursor: next } });

describe("paginate(\"listEvents\")", () => {
  it("yields every event once, in sequence order, starting after `after`, then following next_cursor alone", async () => {
    const { fetch, sent } = fakeFetch([page([8, 9], "c1"), page([10], null)]);
    const client = createClient({ baseUrl: "https://api.test", token: "boi_x", fetch });
    const seen: number[] = [];
    for await (const e of client.paginate("listEvents", { path: { store_id: "s1" }, query: { after: 7, type: ["products.*"], limit: 2 } })) {
      seen.push(e.sequence);
    }
    expect(seen).toEqual([8, 9, 10]);
    expect(sent.map((r) => r.url.pathname)).toEqual(["/stores/s1/events", "/stores/s1/events"]);
    expect(sent[0].url.searchParams.get("after")).toBe("7");
    expect(sent[1].url.searchParams.has("after")).toBe(false);
    expect(sent[1].url.searchParams.get("cursor")).toBe("c1");
    expect(sent.map((r) => r.url.searchParams.getAll("type"))).toEqual([["products.*"], ["products.*"]]);
  });
});

describe("event types are unions narrowed by `event`", () => {
  it("narrows data for a log item and for a delivered envelope", () => {
    const describe = (e: StoreEvent) => {
      switch (e.event) {
        case "orders.created":
          expectTypeOf(e.data.line_items).toBeArray();
          return e.data.total_cents;
        case "inventory.updated":
          expectTypeOf(e.data.delta).toBeNumber();
          return e.data.on_hand;
        case "products.deleted":
          expectTypeOf(e.data).toEqualTypeOf<{ id: string }>();
          return 0;
        default:
          return e.sequence;
      }
    };
    expect(describe(event(3) as StoreEvent)).toBe(0);
    const received = (w: WebhookEvent) => (w.event === "customers.created" ? w.data.email : w.event === "webhook.test" ? w.data.url : w.id);
    expect(received({ id: "e1", sequence: 1, event: "products.deleted", store_id: "s1", delivered_at: "", data: { id: "p" } })).toBe("e1");
  });
});
