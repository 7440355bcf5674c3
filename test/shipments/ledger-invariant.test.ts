// The ledger invariant with shipments (docs/inventory.md "The model", docs/api/25-shipments.md "Stock"): over random
// histories of adjustments, orders, payments, partial shipments (from the committing locations or one named
// location), section 9's transition to fulfilled, shipment cancels, order cancels and returns (restocked or not), every level's entries sum to its on_hand and committed,
// 0 <= committed <= on_hand, committed is what open orders committed minus what their live shipments took, each
// variant's stock is available over active locations, no line ships more than its quantity, none has more
// returned than it shipped, and the feed's day counts (shipment_days) agree with the shipments.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { call } from "../helpers/api";
import { storeAll } from "../products/store-databases";
import { createLocation, expectLedgerSumsToLevels, inventoryStore } from "../inventory/support";

type Step =
  | { kind: "adjust"; variant: number; location: number; delta: number }
  | { kind: "order"; variant: number; quantity: number; pay: boolean }
  | { kind: "ship"; order: number; quantity: number; location: number | null }
  | { kind: "fulfil"; order: number }
  | { kind: "cancel"; order: number }
  | { kind: "unship"; shipment: number }
  | { kind: "return"; order: number; quantity: number; restock: boolean; location: number };

const VARIANTS = 2;
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant("adjust" as const),
    variant: fc.nat(VARIANTS - 1),
    location: fc.nat(1),
    delta: fc.integer({ min: -3, max: 5 }).filter((d) => d !== 0),
  }),
  fc.record({ kind: fc.constant("order" as const), variant: fc.nat(VARIANTS - 1), quantity: fc.integer({ min: 1, max: 4 }), pay: fc.boolean() }),
  fc.record({ kind: fc.constant("ship" as const), order: fc.nat(3), quantity: fc.integer({ min: 1, max: 3 }), location: fc.option(fc.nat(1)) }),
  fc.record({ kind: fc.constant("fulfil" as const), order: fc.nat(3) }),
  fc.record({ kind: fc.constant("cancel" as const), order: fc.nat(3) }),
  fc.record({ kind: fc.constant("unship" as const), shipment: fc.nat(3) }),
  fc.record({ kind: fc.constant("return" as const), order: fc.nat(3), quantity: fc.integer({ min: 1, max: 3 }), restock: fc.boolean(), location: fc.nat(1) }),
);

describe("the ledger invariant over random histories with shipments", () => {
  it("adjustments, orders, partial shipments, fulfilments, cancels and returns: every level equals its entries and its open commitments", {
    timeout: 180_000,
  }, async () => {
    const store = await inventoryStore();
    const wh = await createLocation(store, { code: "wh" });
    const locationIds = [store.defaultLocation.id, wh.id];
    const post = (suffix: string, body: unknown) => call("POST", store.at(suffix), { token: store.token, body });
    const seen = new Map<string, number>();
    const expectStatus = (what: string, res: { status: number; text: string }, allowed: number[]) => {
      expect(allowed, `${what}: ${res.status} ${res.text}`).toContain(res.status);
      seen.set(`${what} ${res.status}`, (seen.get(`${what} ${res.status}`) ?? 0) + 1);
    };

    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 10 }), async (steps) => {
        const key = `ship-${crypto.randomUUID().slice(0, 8)}`;
        const made = await call("PUT", store.path(`/by-external-id/${key}`), {
          token: store.token,
          body: {
            title: "Prop",
            product_type: "variable",
            status: "live",
            variants: [0, 1].map((i) => ({
              external_id: `${key}-${i}`,
              sku: `${key}-${i}`,
              price_cents: 100,
              stock: 3,
              option_values: [{ name: "N", value: String(i) }],
            })),
          },
        });
        expect(made.status, made.text).toBe(201);
        const variants = (made.body.variants as Array<{ id: string }>).map((v) => v.id);
        // Stock at the warehouse too, so orders split across locations.
        for (const v of variants)
          expectStatus(
            "adjust",
            await post("/inventory/adjustments", { reason: "received", changes: [{ variant_id: v, location_id: wh.id, delta: 2 }] }),
            [201],
          );
        const orders: string[] = [];
        const shipped: string[] = [];
        for (const s of steps) {
          if (s.kind === "unship") {
            if (shipped.length > 0) expectStatus("unship", await post(`/shipments/${shipped[s.shipment % shipped.length]}/cancel`, {}), [200, 409]);
            continue;
          }
          if (s.kind === "adjust") {
            expectStatus(
              "adjust",
              await post("/inventory/adjustments", {
                reason: s.delta > 0 ? "received" : "damaged",
                changes: [{ variant_id: variants[s.variant], location_id: locationIds[s.location], delta: s.delta }],
              }),
              [201, 422],
            );
          } else if (s.kind === "order") {
            const res = await post("/orders", {
              email: "p@example.test",
              currency: "USD",
              line_items: [{ variant_id: variants[s.variant], quantity: s.quantity }],
            });
            expectStatus("order", res, [201, 409]);
            if (res.status === 201) {
              orders.push(res.body.id);
              if (s.pay) expectStatus("pay", await post(`/orders/${res.body.id}/transitions`, { status: "paid" }), [200]);
            }
          } else {
            if (orders.length === 0) continue;
            const orderId = orders[s.order % orders.length];
            if (s.kind === "ship") {
              const body = {
                items: [{ line_item_id: `${orderId}:0`, quantity: s.quantity }],
                ...(s.location === null ? {} : { location_id: locationIds[s.location] }),
              };
              const res = await post(`/orders/${orderId}/shipments`, body);
              expectStatus("ship", res, [201, 409, 422]);
              if (res.status === 201) shipped.push(res.body.id);
            } else if (s.kind === "return") {
              const item = {
                line_item_id: `${orderId}:0`,
                quantity: s.quantity,
                restock: s.restock,
                ...(s.restock ? { location_id: locationIds[s.location] } : {}),
              };
              expectStatus("return", await post(`/orders/${orderId}/returns`, { items: [item] }), [201, 422]);
            } else if (s.kind === "fulfil") {
              expectStatus("fulfil", await post(`/orders/${orderId}/transitions`, { status: "fulfilled" }), [200, 409]);
            } else {
              expectStatus("cancel", await post(`/orders/${orderId}/transitions`, { status: "canceled" }), [200, 409]);
            }
          }
        }
        await expectLedgerSumsToLevels(store.id);
        const off = await storeAll(
          store.id,
          `SELECT 'committed' AS what, il.variant_id AS id FROM inventory_levels il WHERE il.store_id = ? AND il.committed <> (
               (SELECT coalesce(sum(a.quantity), 0) FROM order_allocations a JOIN orders o ON o.id = a.order_id
                 WHERE a.variant_id = il.variant_id AND a.location_id = il.location_id AND o.status IN ('pending', 'paid', 'fulfilled', 'refunded'))
             - (SELECT coalesce(sum(ss.quantity), 0) FROM shipment_stock ss JOIN shipments s ON s.id = ss.shipment_id JOIN orders o ON o.id = s.order_id
                 WHERE ss.variant_id = il.variant_id AND ss.location_id = il.location_id AND s.status <> 'canceled' AND o.status IN ('pending', 'paid', 'fulfilled', 'refunded')))
             OR il.committed < 0 OR il.committed > il.on_hand
           UNION ALL SELECT 'stock', v.id FROM product_variants v WHERE v.store_id = ? AND v.stock <> (SELECT coalesce(sum(il.on_hand - il.committed), 0)
             FROM inventory_levels il JOIN locations l ON l.id = il.location_id WHERE il.variant_id = v.id AND l.active = 1)
           UNION ALL SELECT 'overshipped', l.order_id FROM order_lines l JOIN orders o ON o.id = l.order_id WHERE o.store_id = ? AND l.quantity < (
             SELECT coalesce(sum(si.quantity), 0) FROM shipment_items si JOIN shipments s ON s.id = si.shipment_id WHERE s.order_id = l.order_id AND s.status <> 'canceled' AND si.position = l.position)
           UNION ALL SELECT 'overreturned', l.order_id FROM order_lines l JOIN orders o ON o.id = l.order_id WHERE o.store_id = ? AND (
             SELECT coalesce(sum(si.quantity), 0) FROM shipment_items si JOIN shipments s ON s.id = si.shipment_id WHERE s.order_id = l.order_id AND s.status <> 'canceled' AND si.position = l.position) <
             (SELECT coalesce(sum(ri.quantity), 0) FROM return_items ri JOIN returns r ON r.id = ri.return_id WHERE r.order_id = l.order_id AND ri.position = l.position)
           UNION ALL SELECT 'fulfilled', o.id FROM orders o WHERE o.store_id = ? AND o.status = 'fulfilled' AND EXISTS (SELECT 1 FROM order_lines l WHERE l.order_id = o.id AND l.quantity >
             (SELECT coalesce(sum(si.quantity), 0) FROM shipment_items si JOIN shipments s ON s.id = si.shipment_id WHERE s.order_id = l.order_id AND s.status <> 'canceled' AND si.position = l.position))`,
          store.id,
          store.id,
          store.id,
          store.id,
          store.id,
        );
        expect(off).toEqual([]);
        const days = await storeAll(
          store.id,
          `SELECT 'day count' AS what, d.day AS id FROM shipment_days d WHERE d.store_id = ? AND d.shipments <>
             (SELECT count(*) FROM shipments s WHERE s.store_id = d.store_id AND substr(s.updated_at, 1, 10) = d.day)
           UNION ALL SELECT 'day missing', s.id FROM shipments s WHERE s.store_id = ? AND NOT EXISTS
             (SELECT 1 FROM shipment_days d WHERE d.store_id = s.store_id AND d.day = substr(s.updated_at, 1, 10))`,
          store.id,
          store.id,
        );
        expect(days).toEqual([]);
      }),
      {
        numRuns: 15,
        endOnFailure: true,
        examples: [
          [
            [
              { kind: "order", variant: 0, quantity: 4, pay: true },
              { kind: "ship", order: 0, quantity: 1, location: 1 },
              { kind: "ship", order: 0, quantity: 2, location: null },
              { kind: "cancel", order: 0 },
              { kind: "fulfil", order: 0 },
              { kind: "ship", order: 0, quantity: 1, location: null },
              { kind: "unship", shipment: 0 },
              { kind: "unship", shipment: 0 },
              { kind: "ship", order: 0, quantity: 1, location: 1 },
              { kind: "return", order: 0, quantity: 1, restock: true, location: 1 },
              { kind: "return", order: 0, quantity: 3, restock: false, location: 0 },
              { kind: "unship", shipment: 2 },
            ],
          ],
        ],
      },
    );
    expect([...seen.keys()]).toEqual(
      expect.arrayContaining(["ship 201", "ship 409", "fulfil 200", "cancel 409", "order 201", "unship 200", "unship 409", "return 201", "return 422"]),
    );
  });
});
