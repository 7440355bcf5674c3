// The ledger explains every number (docs/inventory.md "The model"): after a concurrent mix of 20 orders, 20
// adjustments and 5 transfers on the same variants, plus a cancel and a fulfilment, for every level the sum of its
// entries' deltas is its on_hand and committed, no level is outside 0 <= committed <= on_hand, each variant's stock is
// the sum of available over active locations, and each level's committed is what the open orders' allocations hold
// there. Then the same over random histories (fast-check) that also delete variants, by DELETE and by a PUT by
// external id that leaves them out: the levels of deleted variants sum to 0 (docs/inventory.md "Deleting a variant").
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { call } from "../helpers/api";
import { catalogStore, liveVariable } from "../products/fixtures";
import { storeAll } from "../products/store-databases";
import { createLocation, expectLedgerSumsToLevels, inventoryStore } from "./support";

describe("the ledger invariant under concurrent changes", () => {
  it("20 orders, 20 adjustments, 5 transfers at once, then a cancel and a fulfilment: every level equals its entries", async () => {
    const store = await catalogStore();
    const product = await liveVariable(store, "Lamp", [
      { sku: "LAMP-A", stock: 6, option_values: [{ name: "Color", value: "A" }] },
      { sku: "LAMP-B", stock: 6, option_values: [{ name: "Color", value: "B" }] },
    ]);
    const [a, b] = product.variants.map((v: { id: string }) => v.id);
    const path = (suffix: string) => `/stores/${store.id}/${suffix}`;
    for (const [name, code] of [
      ["Warehouse", "wh"],
      ["Shop", "shop"],
    ]) {
      expect((await call("POST", path("locations"), { token: store.token, body: { name, code } })).status).toBe(201);
    }
    const seed = await call("POST", path("inventory/adjustments"), {
      token: store.token,
      body: {
        reason: "received",
        changes: [a, b].flatMap((v) => [
          { variant_id: v, location_code: "wh", delta: 4 },
          { variant_id: v, location_code: "shop", delta: 4 },
        ]),
      },
    });
    expect(seed.status).toBe(201);

    const orders = Array.from({ length: 20 }, (_, i) =>
      call("POST", path("orders"), {
        token: store.token,
        body: { email: `o${i}@example.test`, currency: "USD", line_items: [{ variant_id: i % 2 ? a : b, quantity: 1 + (i % 3) }] },
      }),
    );
    const adjustments = Array.from({ length: 20 }, (_, i) =>
      call("POST", path("inventory/adjustments"), {
        token: store.token,
        body: {
          reason: i % 2 ? "received" : "damaged",
          reference: `adj-${i}`,
          changes: [{ variant_id: i % 2 ? b : a, location_code: ["default", "wh", "shop"][i % 3], delta: i % 2 ? 2 : -1 }],
        },
      }),
    );
    const transfers = Array.from({ length: 5 }, (_, i) =>
      call("POST", path("inventory/transfers"), {
        token: store.token,
        body: {
          from_location_code: i % 2 ? "wh" : "shop",
          to_location_code: "default",
          reference: `t-${i}`,
          items: [{ variant_id: i % 2 ? a : b, quantity: 1 }],
        },
      }),
    );
    const results = await Promise.all([...orders, ...adjustments, ...transfers]);
    // Some may lose to the stock others took (409 insufficient_stock, 422 below 0): never a 500, and never a partial change.
    for (const res of results) expect([201, 409, 422], res.text).toContain(res.status);
    const placed = results
      .slice(0, 20)
      .filter((r) => r.status === 201)
      .map((r) => r.body.id as string);
    expect(placed.length).toBeGreaterThan(5);
    expect((await call("POST", path(`orders/${placed[0]}/transitions`), { token: store.token, body: { status: "canceled" } })).status).toBe(200);
    expect((await call("POST", path(`orders/${placed[1]}/transitions`), { token: store.token, body: { status: "paid" } })).status).toBe(200);
    expect((await call("POST", path(`orders/${placed[1]}/transitions`), { token: store.token, body: { status: "fulfilled" } })).status).toBe(200);

    const levels = await storeAll<{
      variant_id: string;
      location_id: string;
      on_hand: number;
      committed: number;
      on_hand_sum: number;
      committed_sum: number;
      allocated: number;
    }>(
      store.id,
      `SELECT il.variant_id, il.location_id, il.on_hand, il.committed,
         (SELECT coalesce(sum(on_hand_delta), 0) FROM inventory_ledger e WHERE e.variant_id = il.variant_id AND e.location_id = il.location_id) AS on_hand_sum,
         (SELECT coalesce(sum(committed_delta), 0) FROM inventory_ledger e WHERE e.variant_id = il.variant_id AND e.location_id = il.location_id) AS committed_sum,
         (SELECT coalesce(sum(a.quantity), 0) FROM order_allocations a JOIN orders o ON o.id = a.order_id
           WHERE a.variant_id = il.variant_id AND a.location_id = il.location_id AND o.status IN ('pending', 'paid')) AS allocated
       FROM inventory_levels il WHERE il.store_id = ?`,
      store.id,
    );
    expect(levels).toHaveLength(6);
    for (const level of levels) {
      expect(level.on_hand_sum).toBe(level.on_hand);
      expect(level.committed_sum).toBe(level.committed);
      expect(level.committed).toBe(level.allocated);
      expect(0 <= level.committed && level.committed <= level.on_hand).toBe(true);
    }
    const stocks = await storeAll<{ stock: number; sum: number }>(
      store.id,
      `SELECT v.stock, (SELECT sum(il.on_hand - il.committed) FROM inventory_levels il JOIN locations l ON l.id = il.location_id
         WHERE il.variant_id = v.id AND l.active = 1) AS sum FROM product_variants v WHERE v.store_id = ?`,
      store.id,
    );
    for (const s of stocks) expect(s.stock).toBe(s.sum);
    // A variant's history knows its total (from its newest entry), and it is the count of its entries.
    for (const variant of [a, b]) {
      const [{ n }] = await storeAll<{ n: number }>(store.id, "SELECT count(*) AS n FROM inventory_ledger WHERE variant_id = ?", variant);
      const page = await call("GET", path(`inventory/ledger?variant_id=${variant}&limit=5`), { token: store.token });
      expect(page.body.pagination.total).toBe(n);
      const bySku = await call("GET", path(`inventory/ledger?sku=${variant === a ? "lamp-a" : "LAMP-B"}&limit=5`), { token: store.token });
      expect(bySku.body.pagination.total).toBe(n);
    }
    // The entries are numbered in commit order without gaps.
    const seqs = await storeAll<{ seq: number }>(store.id, "SELECT seq FROM inventory_ledger WHERE store_id = ? ORDER BY seq", store.id);
    expect(seqs.map((r) => r.seq)).toEqual(seqs.map((_, i) => i + 1));
  });
});

type Step =
  | { kind: "adjust"; variant: number; location: number; delta: number }
  | { kind: "order"; variant: number; quantity: number }
  | { kind: "cancel"; order: number }
  | { kind: "fulfil"; order: number }
  | { kind: "delete"; variant: number }
  | { kind: "put"; keep: number[]; stock: number | null };

const VARIANTS = 3;
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant("adjust" as const),
    variant: fc.nat(VARIANTS - 1),
    location: fc.nat(1),
    delta: fc.integer({ min: -3, max: 5 }).filter((d) => d !== 0),
  }),
  fc.record({ kind: fc.constant("order" as const), variant: fc.nat(VARIANTS - 1), quantity: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ kind: fc.constant("cancel" as const), order: fc.nat(3) }),
  fc.record({ kind: fc.constant("fulfil" as const), order: fc.nat(3) }),
  fc.record({ kind: fc.constant("delete" as const), variant: fc.nat(VARIANTS - 1) }),
  fc.record({ kind: fc.constant("put" as const), keep: fc.subarray([0, 1, 2], { minLength: 1 }), stock: fc.option(fc.nat(6)) }),
);

describe("the ledger invariant over random histories that delete variants", () => {
  it("adjustments, orders, cancels, fulfilments, variant DELETEs and PUTs: every level of every variant that ever existed equals its entries", {
    timeout: 120_000,
  }, async () => {
    const store = await inventoryStore();
    const wh = await createLocation(store, { code: "wh" });
    const locationIds = [store.defaultLocation.id, wh.id];
    const put = (key: string, body: unknown) => call("PUT", store.path(`/by-external-id/${key}`), { token: store.token, body });
    const post = (suffix: string, body: unknown) => call("POST", store.at(suffix), { token: store.token, body });
    const seen = new Map<string, number>();
    const expectStatus = (what: string, res: { status: number; text: string }, allowed: number[]) => {
      expect(allowed, `${what}: ${res.status} ${res.text}`).toContain(res.status);
      seen.set(`${what} ${res.status}`, (seen.get(`${what} ${res.status}`) ?? 0) + 1);
    };

    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (steps) => {
        // A product of its own per history (the store, its locations and every earlier history stay: the check
        // below covers them all).
        const key = `prop-${crypto.randomUUID().slice(0, 8)}`;
        const item = (i: number) => ({ external_id: `${key}-${i}`, sku: `${key}-${i}`, price_cents: 100, option_values: [{ name: "N", value: String(i) }] });
        const made = await put(key, { title: "Prop", product_type: "variable", status: "live", variants: [0, 1, 2].map((i) => ({ ...item(i), stock: 3 })) });
        expect(made.status, made.text).toBe(201);
        const productId = made.body.id as string;
        // Item i's variant now, and its latest variant deleted or not (a PUT that names a deleted item again creates
        // a new variant for it; steps on a deleted one meet a variant that is gone: 422 or 404).
        const current = new Map<number, string>();
        const latest = new Map<number, string>();
        const everSeen = new Set<string>();
        const learn = (variants: Array<{ id: string; external_id: string }>) => {
          current.clear();
          for (const v of variants) {
            const i = Number(v.external_id.slice(key.length + 1));
            current.set(i, v.id);
            latest.set(i, v.id);
            everSeen.add(v.id);
          }
        };
        learn(made.body.variants);
        const orders: string[] = [];
        for (const s of steps) {
          if (s.kind === "adjust") {
            const change = { variant_id: latest.get(s.variant), location_id: locationIds[s.location], delta: s.delta };
            expectStatus("adjust", await post("/inventory/adjustments", { reason: s.delta > 0 ? "received" : "damaged", changes: [change] }), [201, 422]);
          } else if (s.kind === "order") {
            const res = await post("/orders", {
              email: "p@example.test",
              currency: "USD",
              line_items: [{ variant_id: latest.get(s.variant), quantity: s.quantity }],
            });
            expectStatus("order", res, [201, 409, 422]);
            if (res.status === 201) orders.push(res.body.id);
          } else if (s.kind === "cancel" || s.kind === "fulfil") {
            if (orders.length === 0) continue;
            const to = (status: string) => post(`/orders/${orders[s.order % orders.length]}/transitions`, { status });
            if (s.kind === "cancel") expectStatus("cancel", await to("canceled"), [200, 409]);
            else {
              expectStatus("pay", await to("paid"), [200, 409]);
              expectStatus("fulfil", await to("fulfilled"), [200, 409]);
            }
          } else if (s.kind === "delete") {
            const res = await call("DELETE", store.path(`/${productId}/variants/${latest.get(s.variant)}`), { token: store.token });
            expectStatus("delete", res, [204, 404, 409]);
            if (res.status === 204) current.delete(s.variant);
          } else {
            const variants = s.keep.map((i, n) => ({ ...item(i), ...(n === 0 && s.stock !== null ? { stock: s.stock } : {}) }));
            const res = await put(key, { title: "Prop", product_type: "variable", status: "live", variants });
            expectStatus("put", res, [200, 409, 422]);
            if (res.status === 200) learn(res.body.variants);
          }
        }
        const rows = await expectLedgerSumsToLevels(store.id);
        // Deleted variants keep their entries, summing to nothing, and no level.
        const now = new Set(current.values());
        for (const id of [...everSeen].filter((id) => !now.has(id))) {
          expect(rows.filter((r) => r.variant_id === id && (r.on_hand_sum !== 0 || r.committed_sum !== 0 || r.level_exists))).toEqual([]);
        }
        // Committed units are exactly what open orders hold; stock is available over active locations.
        const off = await storeAll(
          store.id,
          `SELECT il.variant_id FROM inventory_levels il WHERE il.store_id = ? AND il.committed <> (SELECT coalesce(sum(a.quantity), 0)
             FROM order_allocations a JOIN orders o ON o.id = a.order_id
             WHERE a.variant_id = il.variant_id AND a.location_id = il.location_id AND o.status IN ('pending', 'paid'))
           UNION ALL SELECT v.id FROM product_variants v WHERE v.store_id = ? AND v.stock <> (SELECT coalesce(sum(il.on_hand - il.committed), 0)
             FROM inventory_levels il JOIN locations l ON l.id = il.location_id WHERE il.variant_id = v.id AND l.active = 1)`,
          store.id,
          store.id,
        );
        expect(off).toEqual([]);
      }),
      {
        // Bounded: about 20 short histories; a failure is reported as found (shrinking would replay HTTP histories).
        numRuns: 20,
        endOnFailure: true,
        // Always tried first: deletions refused for committed units (DELETE and PUT), then allowed once the order is
        // canceled, a PUT deleting a variant that holds on_hand, and one naming a deleted item again.
        examples: [
          [
            [
              { kind: "order", variant: 0, quantity: 2 },
              { kind: "delete", variant: 0 },
              { kind: "put", keep: [1, 2], stock: null },
              { kind: "cancel", order: 0 },
              { kind: "adjust", variant: 0, location: 1, delta: 2 },
              { kind: "delete", variant: 0 },
              { kind: "put", keep: [1], stock: 5 },
              { kind: "put", keep: [0, 1], stock: 4 },
            ],
          ],
        ],
      },
    );
    // The histories reached the cases under test.
    expect([...seen.keys()]).toEqual(expect.arrayContaining(["delete 204", "delete 409", "put 200", "put 409", "order 201", "adjust 201"]));
  });
});
