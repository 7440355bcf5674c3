// A moved store carries its groups, price lists, prices and price history (docs/api/24-prices.md; src/moves/tables.ts),
// including a price changed while the store is copied; resolution answers the same from the new database; and data
// retention never deletes price history.
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { shardOf, storeD1 } from "../helpers/databases";
import { d1, drive, keptQueue, otherShard, startMove, storeRows } from "../moves/support";
import { storeAll } from "../products/store-databases";
import { runRetention } from "../../src/retention/run";
import { customer, group, priceList, priceOf, pricingStore, setPrices } from "./support";

const PRICING_TABLES = ["customer_groups", "customer_group_members", "price_lists", "prices", "price_history"];

describe("a moved store keeps its groups, price lists, prices and price history", () => {
  it("every row arrives, a price changed during the copy too; nothing is left behind; resolution answers as before", { timeout: 120_000 }, async () => {
    const store = await pricingStore(2);
    const c = await customer(store);
    const g = await group(store, [c.id]);
    const list = await priceList(store, { currency: "EUR", customer_group_ids: [g.id], priority: 2 });
    await setPrices(store, list.id, [
      { variant_id: store.variants[0].id, price_cents: 700 },
      { variant_id: store.variants[1].id, min_quantity: 3, price_cents: 1500 },
    ]);
    const from = await shardOf(store.id);
    const to = await otherShard(store.id);
    const q = keptQueue();
    const move = await startMove(store.id, to, q);
    expect(move.status, JSON.stringify(move.body)).toBe(202);
    await drive(move.body.id, q, { stop: (m) => m.step.startsWith("copy:") });
    await setPrices(store, list.id, [{ variant_id: store.variants[0].id, price_cents: 650 }]);
    const before = await priceOf(store, store.variants[0].id, { currency: "EUR", customer_id: c.id });
    expect(before.price_cents).toBe(650);
    const rowsBefore = await storeRows(d1(from), store.id);
    expect(await drive(move.body.id, q)).toMatchObject({ state: "done" });
    expect(await shardOf(store.id)).toBe(to);
    const rowsAfter = await storeRows(d1(to), store.id);
    for (const table of PRICING_TABLES) expect(rowsAfter[table], table).toEqual(rowsBefore[table]);
    expect(rowsAfter.price_history.length).toBeGreaterThanOrEqual(5);
    const left = await storeRows(d1(from), store.id);
    for (const table of PRICING_TABLES) expect(left[table], table).toEqual([]);
    expect(await priceOf(store, store.variants[0].id, { currency: "EUR", customer_id: c.id })).toEqual(before);
  });
});

describe("retention never deletes price history", () => {
  it("history rows older than every retention age stay", async () => {
    const store = await pricingStore(1);
    const list = await priceList(store, { currency: "EUR" });
    await setPrices(store, list.id, [{ variant_id: store.variants[0].id, price_cents: 10 }]);
    const count = async () => (await storeAll<{ n: number }>(store.id, "SELECT count(*) AS n FROM price_history WHERE store_id = ?", store.id))[0].n;
    const before = await count();
    expect(before).toBeGreaterThanOrEqual(2);
    // Everything is ten years old: events, deliveries and audit rows of that age go; the history stays.
    await (await storeD1(store.id)).prepare("UPDATE price_history SET changed_at = '2016-01-01T00:00:00.000Z' WHERE store_id = ?").bind(store.id).run();
    await runRetention(env, Date.now());
    expect(await count()).toBe(before);
  });
});
