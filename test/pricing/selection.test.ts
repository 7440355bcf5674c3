// The one resolution rule (docs/api/24-prices.md "Resolution"), table-driven over contexts: currency, country, a
// customer in 0, 1 or 2 groups, quantity tiers, and moments at and around a schedule's boundaries, against lists of
// equal and different priorities; then a property: what resolve says at T is what an order created at T is charged;
// then the query plans: a variant's resolution reads its own prices by index, never a store's price table.
import fc from "fast-check";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { call } from "../helpers/api";
import { storeD1 } from "../helpers/databases";
import { lowestPrice30dSql, resolvedPriceSql } from "../../src/pricing/resolve";
import { type PricingStore, customer, group, priceList, priceOf, pricingStore, setPrices } from "./support";

const T1 = "2030-01-01T00:00:00.000Z";
const T2 = "2030-02-01T00:00:00.000Z";
const ms = (iso: string, delta: number) => new Date(Date.parse(iso) + delta).toISOString();

describe("resolution: candidates, tiers, priority, lowest price, smallest id", () => {
  let store: PricingStore;
  let v: string;
  const lists: Record<string, string> = {};
  const customers: Record<string, string> = {};

  beforeAll(async () => {
    store = await pricingStore(1);
    v = store.variants[0].id; // base price 1000 USD
    const [c0, c1, c12] = [await customer(store), await customer(store), await customer(store)];
    Object.assign(customers, { c0: c0.id, c1: c1.id, c12: c12.id });
    const g1 = await group(store, [c1.id, c12.id]);
    const g2 = await group(store, [c12.id]);
    type Body = Omit<Parameters<typeof priceList>[1], "currency"> & { currency?: string };
    const make = async (name: string, body: Body, prices: Array<{ price_cents: number; min_quantity?: number }>) => {
      lists[name] = (await priceList(store, { currency: "EUR", ...body })).id;
      await setPrices(
        store,
        lists[name],
        prices.map((p) => ({ variant_id: v, ...p })),
      );
    };
    await make("A", {}, [{ price_cents: 900 }, { min_quantity: 10, price_cents: 800 }]);
    await make("B", { countries: ["DE"] }, [{ price_cents: 850 }]);
    await make("C", { customer_group_ids: [g1.id] }, [{ price_cents: 700 }]);
    await make("D", { customer_group_ids: [g2.id] }, [{ price_cents: 650 }]);
    await make("E", { priority: 5, customer_group_ids: [g2.id], starts_at: T1, ends_at: T2 }, [{ price_cents: 950 }]);
    await make("F", { status: "draft", priority: 10 }, [{ price_cents: 100 }]);
    await make("G", { currency: "GBP", priority: 10 }, [{ price_cents: 500 }]);
    await make("X", { currency: "CHF" }, [{ price_cents: 300 }]);
    await make("Y", { currency: "CHF" }, [{ price_cents: 300 }]);
  });

  type Context = { currency: string; country?: string; customer?: string; at?: string };
  const cases: Array<[string, Context, number, string | null, number | null]> = [
    ["no country, no customer: the list for everyone", { currency: "EUR" }, 1, "A", 900],
    ["DE: the DE list and the list for everyone at equal priority, the lower price", { currency: "EUR", country: "DE" }, 1, "B", 850],
    ["FR: a country list for DE does not apply", { currency: "EUR", country: "FR" }, 1, "A", 900],
    ["a customer in no group: only lists without groups", { currency: "EUR", customer: "c0" }, 1, "A", 900],
    ["a customer in G1: its group's list, cheaper", { currency: "EUR", customer: "c1" }, 1, "C", 700],
    ["a customer in G1 and G2: the best of both groups' lists", { currency: "EUR", customer: "c12" }, 1, "D", 650],
    ["inside E's schedule: E's higher priority wins though dearer", { currency: "EUR", customer: "c12", at: ms(T1, 86_400_000) }, 1, "E", 950],
    ["at E's start (inclusive): E", { currency: "EUR", customer: "c12", at: T1 }, 1, "E", 950],
    ["a millisecond before E's start: not E", { currency: "EUR", customer: "c12", at: ms(T1, -1) }, 1, "D", 650],
    ["at E's end (exclusive): not E", { currency: "EUR", customer: "c12", at: T2 }, 1, "D", 650],
    ["a millisecond before E's end: E", { currency: "EUR", customer: "c12", at: ms(T2, -1) }, 1, "E", 950],
    ["E's schedule without its group: not E", { currency: "EUR", customer: "c1", at: ms(T1, 1) }, 1, "C", 700],
    ["quantity 10: the tier of 10", { currency: "EUR" }, 10, "A", 800],
    ["quantity 9: the tier of 1", { currency: "EUR" }, 9, "A", 900],
    ["quantity 10 for a G1 customer: C's 700 beats A's tier of 800", { currency: "EUR", customer: "c1" }, 10, "C", 700],
    ["a draft list never applies; GBP: its active list", { currency: "GBP" }, 1, "G", 500],
    ["the store's currency with no list: the base price", { currency: "USD" }, 1, "base", 1000],
    ["another currency with no list: no price", { currency: "JPY" }, 1, null, null],
  ];
  for (const [name, context, quantity, source, price] of cases) {
    it(name, async () => {
      const { customer: who, ...rest } = context;
      const got = await priceOf(store, v, { ...rest, ...(who ? { customer_id: customers[who] } : {}) }, quantity);
      expect(got.price_cents).toBe(price);
      if (source === null) expect(got.source).toBeNull();
      else if (source === "base") expect(got.source).toEqual({ type: "base", price_list_id: null, min_quantity: null });
      else expect(got.source).toMatchObject({ type: "price_list", price_list_id: lists[source] });
    });
  }

  it("two lists of equal priority and equal price: the smaller list id", async () => {
    const got = await priceOf(store, v, { currency: "CHF" });
    expect(got.source?.price_list_id).toBe([lists.X, lists.Y].sort()[0]);
  });
});

describe("property: an order created at T is charged what resolve says at T", () => {
  it("for random quantities, customers in random groups, countries and list priorities", async () => {
    const store = await pricingStore(2);
    const members = [await customer(store), await customer(store), await customer(store)];
    const groups = [await group(store, [members[0].id, members[1].id]), await group(store, [members[1].id])];
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          lists: fc.array(
            fc.record({
              priority: fc.integer({ min: 0, max: 3 }),
              country: fc.constantFrom(null, "DE", "FR"),
              group: fc.constantFrom(null, 0, 1),
              price: fc.integer({ min: 1, max: 50 }).map((n) => n * 10),
              tier: fc.constantFrom(1, 1, 5),
            }),
            { minLength: 1, maxLength: 4 },
          ),
          variant: fc.constantFrom(0, 1),
          quantity: fc.integer({ min: 1, max: 8 }),
          customer: fc.constantFrom(null, 0, 1, 2),
          country: fc.constantFrom(undefined, "DE", "FR"),
        }),
        async ({ lists, variant, quantity, customer: who, country }) => {
          const currency = "EUR";
          const made: string[] = [];
          for (const l of lists) {
            const list = await priceList(store, {
              currency,
              priority: l.priority,
              countries: l.country ? [l.country] : [],
              customer_group_ids: l.group === null ? [] : [groups[l.group].id],
            });
            made.push(list.id);
            await setPrices(store, list.id, [{ variant_id: store.variants[variant].id, min_quantity: l.tier, price_cents: l.price }]);
          }
          const context = { currency, ...(country ? { country } : {}), ...(who === null ? {} : { customer_id: members[who].id }) };
          const resolved = await priceOf(store, store.variants[variant].id, context, quantity);
          const order = await call("POST", `/stores/${store.id}/orders`, {
            token: store.token,
            body: { ...context, ...(who === null ? { email: "buyer@example.test" } : {}), line_items: [{ variant_id: store.variants[variant].id, quantity }] },
          });
          if (resolved.price_cents === null) {
            expect(order.status).toBe(409);
            expect(order.body.code).toBe("no_price");
          } else {
            expect(order.status).toBe(201);
            expect(order.body.line_items[0].unit_price_cents).toBe(resolved.price_cents);
            expect(order.body.line_items[0].price_source).toEqual(resolved.source);
          }
          for (const id of made) await call("DELETE", `/stores/${store.id}/price-lists/${id}`, { token: store.token });
        },
      ),
      { numRuns: 12, seed: 20261207 },
    );
  });
});

describe("query plans: resolution and the 30-day lowest price read by index", () => {
  const dialect = new SQLiteAsyncDialect();
  async function plan(storeId: string, expression: ReturnType<typeof sql>) {
    const { sql: text, params } = dialect.sqlToQuery(sql`SELECT ${expression}`);
    const rows = await (await storeD1(storeId))
      .prepare(`EXPLAIN QUERY PLAN ${text}`)
      .bind(...params)
      .all<{ detail: string }>();
    return rows.results.map((r) => r.detail);
  }

  it("a variant's candidate prices by the prices primary key and its lists by theirs; no scan of prices or history", async () => {
    const store = await pricingStore(1);
    const context = { storeId: store.id, currency: "EUR", country: "DE", customerId: "c", at: new Date().toISOString() };
    const resolution = await plan(store.id, resolvedPriceSql(context, sql`${store.variants[0].id}`, sql`${3}`));
    expect(
      resolution.some((d) => /SEARCH p USING (PRIMARY KEY|INDEX sqlite_autoindex_prices_1) \(variant_id=\?/.test(d)),
      resolution.join("\n"),
    ).toBe(true);
    // The store's lists (at most 100) by an index on store_id or id; never a scan of the lists table.
    expect(
      resolution.some((d) => /SEARCH pl USING INDEX .*\((store_id|id)=\?/.test(d)),
      resolution.join("\n"),
    ).toBe(true);
    expect(
      resolution.filter((d) => /SCAN (p|t|prices|price_lists|pl)\b/.test(d)),
      resolution.join("\n"),
    ).toEqual([]);
    const lowest = await plan(
      store.id,
      lowestPrice30dSql(context, sql`${store.variants[0].id}`, { type: "price_list", price_list_id: "l", min_quantity: 1 }, 100),
    );
    expect(
      lowest.filter((d) => /price_history/.test(d) || /\bh\b/.test(d)).every((d) => /USING INDEX price_history_source_idx/.test(d)),
      lowest.join("\n"),
    ).toBe(true);
    expect(
      lowest.some((d) => /SEARCH h USING INDEX price_history_source_idx \(variant_id=\? AND price_list_id=\? AND min_quantity=\? AND changed_at/.test(d)),
      lowest.join("\n"),
    ).toBe(true);
    expect(
      lowest.some((d) => /SCAN h\b/.test(d)),
      lowest.join("\n"),
    ).toBe(false);
  });
});
