// The ledger explains every number (API.md section 20): after a concurrent mix of 20 orders, 20 adjustments and 5
// transfers on the same variants, plus a cancel and a fulfilment, for every level the sum of its entries' deltas is
// its on_hand and committed, no level is outside 0 <= committed <= on_hand, each variant's stock is the sum of
// available over active locations, and each level's committed is what the open orders' allocations hold there.
import { describe, expect, it } from "vitest";
import { call } from "../helpers/api";
import { catalogStore, liveVariable } from "../products/fixtures";
import { storeAll } from "../products/store-databases";

describe("the ledger invariant under concurrent changes", () => {
  it("20 orders, 20 adjustments, 5 transfers at once, then a cancel and a fulfilment: every level equals its entries", async () => {
    const store = await catalogStore();
    const product = await liveVariable(store, "Lamp", [
      { sku: "LAMP-A", stock: 6, option_values: [{ name: "Color", value: "A" }] },
      { sku: "LAMP-B", stock: 6, option_values: [{ name: "Color", value: "B" }] },
    ]);
    const [a, b] = product.variants.map((v: { id: string }) => v.id);
    const path = (suffix: string) => `/stores/${store.id}/${suffix}`;
    for (const [name, code] of [["Warehouse", "wh"], ["Shop", "shop"]]) {
      expect((await call("POST", path("locations"), { token: store.token, body: { name, code } })).status).toBe(201);
    }
    const seed = await call("POST", path("inventory/adjustments"), {
      token: store.token,
      body: { reason: "received", changes: [a, b].flatMap((v) => [{ variant_id: v, location_code: "wh", delta: 4 }, { variant_id: v, location_code: "shop", delta: 4 }]) },
    });
    expect(seed.status).toBe(201);

    const orders = Array.from({ length: 20 }, (_, i) =>
      call("POST", path("orders"), {
        token: store.token,
        body: { email: `o${i}@example.test`, currency: "EUR", line_items: [{ variant_id: i % 2 ? a : b, quantity: 1 + (i % 3) }] },
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
        body: { from_location_code: i % 2 ? "wh" : "shop", to_location_code: "default", reference: `t-${i}`, items: [{ variant_id: i % 2 ? a : b, quantity: 1 }] },
      }),
    );
    const results = await Promise.all([...orders, ...adjustments, ...transfers]);
    // Some may lose to the stock others took (409 insufficient_stock, 422 below 0): never a 500, and never a partial change.
    for (const res of results) expect([201, 409, 422], res.text).toContain(res.status);
    const placed = results.slice(0, 20).filter((r) => r.status === 201).map((r) => r.body.id as string);
    expect(placed.length).toBeGreaterThan(5);
    expect((await call("POST", path(`orders/${placed[0]}/transitions`), { token: store.token, body: { status: "canceled" } })).status).toBe(200);
    expect((await call("POST", path(`orders/${placed[1]}/transitions`), { token: store.token, body: { status: "paid" } })).status).toBe(200);
    expect((await call("POST", path(`orders/${placed[1]}/transitions`), { token: store.token, body: { status: "fulfilled" } })).status).toBe(200);

    const levels = await storeAll<{ variant_id: string; location_id: string; on_hand: number; committed: number; on_hand_sum: number; committed_sum: number; allocated: number }>(
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
