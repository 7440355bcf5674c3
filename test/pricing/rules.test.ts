// Section 24's rules other than selection (docs/api/24-prices.md): currencies and countries, customer groups and
// their members, price lists, bulk prices all or nothing, the history and its lowest price of 30 days, events and
// permission bits.
import { describe, expect, it } from "vitest";
import { addMember, call, newToken } from "../helpers/api";
import { storeEvents } from "../products/fixtures";
import { storeAll } from "../products/store-databases";
import { storeD1 } from "../helpers/databases";
import { customer, group, priceList, priceOf, pricingStore, setPrices } from "./support";

const lists = (storeId: string) => `/stores/${storeId}/price-lists`;

describe("currencies are active ISO 4217 codes, amounts in their minor units; countries ISO 3166-1", () => {
  it("XYZ, eur, a withdrawn or a testing code are 422 wherever a currency is taken; JPY and KWD are accepted", async () => {
    const store = await pricingStore(1);
    for (const currency of ["XYZ", "eur", "XXX", "XTS", "XAU", "DEM", "EURO", ""]) {
      const list = await call("POST", lists(store.id), { token: store.token, body: { name: "L", code: "l1", currency } });
      expect(list.status, currency).toBe(422);
      expect(list.body.errors[0].path).toBe("currency");
      const settings = await call("PATCH", `/stores/${store.id}`, { token: store.owner.jwt, body: { currency } });
      expect(settings.status, currency).toBe(422);
      const resolved = await call("POST", `/stores/${store.id}/prices/resolve`, {
        token: store.token,
        body: { currency, items: [{ variant_id: store.variants[0].id }] },
      });
      expect(resolved.status, currency).toBe(422);
      const order = await call("POST", `/stores/${store.id}/orders`, {
        token: store.token,
        body: { email: "a@example.test", currency, line_items: [{ variant_id: store.variants[0].id, quantity: 1 }] },
      });
      expect(order.status, currency).toBe(422);
      expect(order.body.errors.map((e: any) => e.path)).toContain("currency");
    }
    for (const currency of ["JPY", "KWD", "EUR", "CHF"]) {
      expect((await call("POST", lists(store.id), { token: store.token, body: { name: "L", code: `c-${currency}`, currency } })).status, currency).toBe(201);
    }
  });

  it("a JPY price of 500 is ¥500 (exponent 0) and a KWD one of 5000 is 5.000 KWD: stored and resolved as the integers sent", async () => {
    const store = await pricingStore(1);
    const yen = await priceList(store, { currency: "JPY" });
    await setPrices(store, yen.id, [{ variant_id: store.variants[0].id, price_cents: 500 }]);
    expect((await priceOf(store, store.variants[0].id, { currency: "JPY" })).price_cents).toBe(500);
    const { exponentOf } = await import("../../src/lib/money");
    expect([exponentOf("JPY"), exponentOf("EUR"), exponentOf("KWD"), exponentOf("USD")]).toEqual([0, 2, 3, 2]);
  });

  it("countries: ISO 3166-1 alpha-2 only (422 at countries.<i>), on lists, resolve and orders", async () => {
    const store = await pricingStore(1);
    const bad = await call("POST", lists(store.id), { token: store.token, body: { name: "L", code: "c", currency: "EUR", countries: ["DE", "ZZ", "de"] } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.map((e: any) => e.path)).toEqual(["countries.1", "countries.2"]);
    const resolved = await call("POST", `/stores/${store.id}/prices/resolve`, {
      token: store.token,
      body: { currency: "USD", country: "UK", items: [{ variant_id: store.variants[0].id }] },
    });
    expect(resolved.status).toBe(422);
    expect(resolved.body.errors[0].path).toBe("country");
  });
});

describe("customer groups: codes, membership, and no deletion while a price list names one", () => {
  it("create, list, rename; a code taken case-insensitively is 409; customers carry group_ids", async () => {
    const store = await pricingStore(1);
    const created = await call("POST", `/stores/${store.id}/customer-groups`, { token: store.token, body: { name: "Wholesale", code: "Wholesale" } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: "Wholesale", code: "Wholesale", customer_count: 0 });
    const taken = await call("POST", `/stores/${store.id}/customer-groups`, { token: store.token, body: { name: "Other", code: "WHOLESALE" } });
    expect(taken.status).toBe(409);
    const bad = await call("POST", `/stores/${store.id}/customer-groups`, { token: store.token, body: { name: "Bad", code: "no spaces" } });
    expect(bad.status).toBe(422);
    const c = await customer(store);
    const added = await call("POST", `/stores/${store.id}/customer-groups/${created.body.id}/customers`, { token: store.token, body: { add: [c.id] } });
    expect(added.status).toBe(200);
    expect(added.body.customer_count).toBe(1);
    expect((await call("GET", `/stores/${store.id}/customers/${c.id}`, { token: store.token })).body.group_ids).toEqual([created.body.id]);
    const list = await call("GET", `/stores/${store.id}/customer-groups`, { token: store.token });
    expect(list.body.data).toEqual([expect.objectContaining({ id: created.body.id, customer_count: 1 })]);
    const renamed = await call("PATCH", `/stores/${store.id}/customer-groups/${created.body.id}`, { token: store.token, body: { name: "Trade" } });
    expect(renamed.body).toMatchObject({ name: "Trade", code: "Wholesale" });
  });

  it("an unknown customer id in add or remove is 422 naming it, and nothing changes; each changed customer emits customers.updated", async () => {
    const store = await pricingStore(1);
    const [a, b] = [await customer(store), await customer(store)];
    const g = await group(store);
    const bad = await call("POST", `/stores/${store.id}/customer-groups/${g.id}/customers`, {
      token: store.token,
      body: { add: [a.id, "nope", b.id], remove: ["gone"] },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual([
      { path: "add.1", message: expect.any(String) },
      { path: "remove.0", message: expect.any(String) },
    ]);
    expect((await call("GET", `/stores/${store.id}/customer-groups/${g.id}`, { token: store.token })).body.customer_count).toBe(0);
    const before = (await storeEvents(store.id)).filter((e) => e.name === "customers.updated").length;
    await call("POST", `/stores/${store.id}/customer-groups/${g.id}/customers`, { token: store.token, body: { add: [a.id, b.id] } });
    // Adding a member again changes nothing: no event for it.
    await call("POST", `/stores/${store.id}/customer-groups/${g.id}/customers`, { token: store.token, body: { add: [a.id], remove: [b.id] } });
    const updated = (await storeEvents(store.id)).filter((e) => e.name === "customers.updated").slice(before);
    expect(updated.map((e) => [e.data.id, e.data.group_ids])).toEqual([
      [a.id, [g.id]],
      [b.id, [g.id]],
      [b.id, []],
    ]);
  });

  it("a group named by a price list cannot be deleted (409), so no price widens to everyone; unnamed, it can", async () => {
    const store = await pricingStore(1);
    const c = await customer(store);
    const g = await group(store, [c.id]);
    const list = await priceList(store, { currency: "EUR", customer_group_ids: [g.id] });
    await setPrices(store, list.id, [{ variant_id: store.variants[0].id, price_cents: 10 }]);
    const refused = await call("DELETE", `/stores/${store.id}/customer-groups/${g.id}`, { token: store.token });
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toMatch(/price list/);
    // Nobody outside the group gets the group's price.
    expect((await priceOf(store, store.variants[0].id, { currency: "EUR" })).price_cents).toBeNull();
    await call("PATCH", `${lists(store.id)}/${list.id}`, { token: store.token, body: { customer_group_ids: [] } });
    expect((await call("DELETE", `/stores/${store.id}/customer-groups/${g.id}`, { token: store.token })).status).toBe(204);
    expect((await call("GET", `/stores/${store.id}/customers/${c.id}`, { token: store.token })).body.group_ids).toEqual([]);
  });
});

describe("price lists: defaults, validation, fixed currency, events", () => {
  it("defaults draft, priority 0, every country and buyer; a group of another store or unknown is 422; starts_at < ends_at", async () => {
    const store = await pricingStore(1);
    const made = await call("POST", lists(store.id), { token: store.token, body: { name: "EU", code: "eu", currency: "EUR" } });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ status: "draft", priority: 0, countries: [], customer_group_ids: [], starts_at: null, ends_at: null, price_count: 0 });
    const other = await pricingStore(1);
    const foreign = await group(other);
    const bad = await call("POST", lists(store.id), { token: store.token, body: { name: "X", code: "x", currency: "EUR", customer_group_ids: [foreign.id] } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].path).toBe("customer_group_ids.0");
    const backwards = await call("POST", lists(store.id), {
      token: store.token,
      body: { name: "X", code: "x", currency: "EUR", starts_at: "2030-02-01T00:00:00Z", ends_at: "2030-01-01T00:00:00Z" },
    });
    expect(backwards.status).toBe(422);
    expect(backwards.body.errors[0].path).toBe("ends_at");
    const same = await call("POST", lists(store.id), {
      token: store.token,
      body: { name: "X", code: "x", currency: "EUR", starts_at: "2030-01-01T00:00:00Z", ends_at: "2030-01-01T00:00:00Z" },
    });
    expect(same.status).toBe(422);
    const dup = await call("POST", lists(store.id), { token: store.token, body: { name: "Dup", code: "EU", currency: "EUR" } });
    expect(dup.status).toBe(409);
    const currency = await call("PATCH", `${lists(store.id)}/${made.body.id}`, { token: store.token, body: { currency: "GBP" } });
    expect(currency.status).toBe(422);
    expect(currency.body.errors[0].path).toBe("currency");
    const priority = await call("PATCH", `${lists(store.id)}/${made.body.id}`, { token: store.token, body: { priority: 1001 } });
    expect(priority.status).toBe(422);
  });

  it("events: created, updated (not for a PATCH that changes nothing), deleted; delete takes its prices", async () => {
    const store = await pricingStore(1);
    const list = await priceList(store, { currency: "EUR" });
    await setPrices(store, list.id, [{ variant_id: store.variants[0].id, price_cents: 100 }]);
    await call("PATCH", `${lists(store.id)}/${list.id}`, { token: store.token, body: { priority: 3 } });
    const unchanged = await call("PATCH", `${lists(store.id)}/${list.id}`, { token: store.token, body: { priority: 3 } });
    expect(unchanged.status).toBe(200);
    expect((await call("DELETE", `${lists(store.id)}/${list.id}`, { token: store.token })).status).toBe(204);
    expect((await call("GET", `${lists(store.id)}/${list.id}`, { token: store.token })).status).toBe(404);
    const names = (await storeEvents(store.id)).map((e) => e.name).filter((n) => n.startsWith("price"));
    expect(names).toEqual(["price_lists.created", "prices.updated", "price_lists.updated", "price_lists.deleted"]);
    const left = await storeAll<{ n: number }>(store.id, "SELECT count(*) AS n FROM prices WHERE price_list_id = ?", list.id);
    expect(left[0].n).toBe(0);
  });
});

describe("bulk prices: 1..250 items, all or nothing, every bad item reported, unchanged values change nothing", () => {
  it("unknown variant and SKU, a key named twice (the later item), compare-at not above the price: 422 for each; nothing changes", async () => {
    const store = await pricingStore(2);
    const list = await priceList(store, { currency: "EUR" });
    const [v0, v1] = store.variants;
    const res = await call("POST", `${lists(store.id)}/${list.id}/prices/bulk`, {
      token: store.token,
      body: {
        upsert: [
          { variant_id: v0.id, price_cents: 100 },
          { variant_id: "nope", price_cents: 100 },
          { sku: "NO-SUCH", price_cents: 100 },
          { sku: v0.sku.toLowerCase(), price_cents: 200 },
          { variant_id: v1.id, price_cents: 100, compare_at_price_cents: 100 },
        ],
        delete: [{ variant_id: v1.id, min_quantity: 3 }],
      },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors.map((e: any) => e.path)).toEqual([
      "upsert.1.variant_id",
      "upsert.2.sku",
      "upsert.3.min_quantity",
      "upsert.4.compare_at_price_cents",
    ]);
    expect((await call("GET", `${lists(store.id)}/${list.id}/prices`, { token: store.token })).body.data).toEqual([]);
  });

  it("counts what changed; the same values again change nothing (no event, no history row); 0 or 251 items are 422", async () => {
    const store = await pricingStore(2);
    const list = await priceList(store, { currency: "EUR" });
    const body = {
      upsert: [
        { variant_id: store.variants[0].id, price_cents: 100 },
        { sku: store.variants[1].sku, min_quantity: 5, price_cents: 90, compare_at_price_cents: 120 },
      ],
    };
    const first = await call("POST", `${lists(store.id)}/${list.id}/prices/bulk`, { token: store.token, body });
    expect(first.body).toEqual({ upserted: 2, deleted: 0 });
    const history = async () => (await storeAll<{ n: number }>(store.id, "SELECT count(*) AS n FROM price_history WHERE price_list_id = ?", list.id))[0].n;
    const events = async () => (await storeEvents(store.id)).filter((e) => e.name === "prices.updated");
    expect(await history()).toBe(2);
    expect((await events()).map((e) => e.data)).toEqual([{ id: list.id, variant_ids: [store.variants[0].id, store.variants[1].id] }]);
    const again = await call("POST", `${lists(store.id)}/${list.id}/prices/bulk`, { token: store.token, body });
    expect(again.body).toEqual({ upserted: 0, deleted: 0 });
    expect(await history()).toBe(2);
    expect(await events()).toHaveLength(1);
    const removed = await call("POST", `${lists(store.id)}/${list.id}/prices/bulk`, {
      token: store.token,
      body: { delete: [{ variant_id: store.variants[0].id }, { variant_id: store.variants[1].id }] },
    });
    expect(removed.body).toEqual({ upserted: 0, deleted: 1 }); // the second names tier 1, which does not exist
    const page = await call("GET", `${lists(store.id)}/${list.id}/prices`, { token: store.token });
    expect(page.body.data).toEqual([
      expect.objectContaining({ variant_id: store.variants[1].id, sku: store.variants[1].sku, min_quantity: 5, price_cents: 90, compare_at_price_cents: 120 }),
    ]);
    for (const items of [[], Array.from({ length: 251 }, (_, i) => ({ variant_id: store.variants[0].id, min_quantity: i + 1, price_cents: 1 }))]) {
      const res = await call("POST", `${lists(store.id)}/${list.id}/prices/bulk`, { token: store.token, body: { upsert: items } });
      expect(res.status).toBe(422);
    }
  });

  it("at most 10 quantity tiers per variant in a list: the 11th is 422 limit_exceeded", async () => {
    const store = await pricingStore(1);
    const list = await priceList(store, { currency: "EUR" });
    const tiers = (from: number, n: number) =>
      Array.from({ length: n }, (_, i) => ({ variant_id: store.variants[0].id, min_quantity: from + i, price_cents: 100 }));
    expect((await call("POST", `${lists(store.id)}/${list.id}/prices/bulk`, { token: store.token, body: { upsert: tiers(1, 10) } })).status).toBe(200);
    const over = await call("POST", `${lists(store.id)}/${list.id}/prices/bulk`, { token: store.token, body: { upsert: tiers(11, 1) } });
    expect(over.status).toBe(422);
    expect(over.body.code).toBe("limit_exceeded");
  });

  it("an Idempotency-Key replays the answer", async () => {
    const store = await pricingStore(1);
    const list = await priceList(store, { currency: "EUR" });
    const send = () =>
      call("POST", `${lists(store.id)}/${list.id}/prices/bulk`, {
        token: store.token,
        headers: { "Idempotency-Key": "k-1" },
        body: { upsert: [{ variant_id: store.variants[0].id, price_cents: 5 }] },
      });
    const [a, b] = [await send(), await send()];
    expect(a.body).toEqual({ upserted: 1, deleted: 0 });
    expect(b.body).toEqual({ upserted: 1, deleted: 0 });
    expect(b.headers.get("Idempotent-Replayed")).toBe("true");
  });
});

describe("the history: every price change, list and base; lowest_price_30d_cents", () => {
  it("base price changes are recorded with who made them; a list price's lowest of 30 days counts the price in force when the window opened", async () => {
    const store = await pricingStore(1);
    const v = store.variants[0];
    const patch = await call("PATCH", `/stores/${store.id}/products/${store.productId}/variants/${v.id}`, { token: store.token, body: { price_cents: 800 } });
    expect(patch.status).toBe(200);
    const base = await call("GET", `/stores/${store.id}/prices/history?variant_id=${v.id}`, { token: store.token });
    expect(base.body.data.map((h: any) => [h.price_list_id, h.price_cents])).toEqual([
      [null, 800],
      [null, 1000],
    ]);
    expect(base.body.data[0].actor).toMatchObject({ token_id: expect.any(String) });
    expect(base.body.data[0].currency).toBe("USD");

    const list = await priceList(store, { currency: "EUR" });
    await setPrices(store, list.id, [{ variant_id: v.id, price_cents: 700 }]);
    await setPrices(store, list.id, [{ variant_id: v.id, price_cents: 900 }]);
    // The 700 was 40 days ago, then 750 from 35 days ago, then 900 now: the window opened at 750.
    const db = await storeD1(store.id);
    const rows = await storeAll<{ id: string; price_cents: number }>(
      store.id,
      "SELECT id, price_cents FROM price_history WHERE price_list_id = ? ORDER BY changed_at",
      list.id,
    );
    const daysAgo = (d: number) => new Date(Date.now() - d * 86_400_000).toISOString();
    await db.prepare("UPDATE price_history SET changed_at = ? WHERE id = ?").bind(daysAgo(40), rows[0].id).run();
    await db
      .prepare(
        "INSERT INTO price_history SELECT lower(hex(randomblob(16))), store_id, variant_id, price_list_id, currency, min_quantity, 750, NULL, ?, actor FROM price_history WHERE id = ?",
      )
      .bind(daysAgo(35), rows[0].id)
      .run();
    const now = await priceOf(store, v.id, { currency: "EUR" });
    expect(now).toMatchObject({ price_cents: 900, lowest_price_30d_cents: 750 });
    // Asked 36 days ago: the 700 was in force when that window opened.
    expect((await priceOf(store, v.id, { currency: "EUR", at: daysAgo(36) })).lowest_price_30d_cents).toBe(700);
    // The base price: 1000 then 800 today.
    expect((await priceOf(store, v.id, { currency: "USD" })).lowest_price_30d_cents).toBe(800);
  });

  it("filters price_list_id, since and until; newest first with cursors", async () => {
    const store = await pricingStore(1);
    const list = await priceList(store, { currency: "EUR" });
    for (const price of [1, 2, 3]) await setPrices(store, list.id, [{ variant_id: store.variants[0].id, price_cents: price }]);
    const first = await call("GET", `/stores/${store.id}/prices/history?price_list_id=${list.id}&limit=2`, { token: store.token });
    expect(first.body.data.map((h: any) => h.price_cents)).toEqual([3, 2]);
    const next = await call("GET", `/stores/${store.id}/prices/history?price_list_id=${list.id}&limit=2&cursor=${first.body.pagination.next_cursor}`, {
      token: store.token,
    });
    expect(next.body.data.map((h: any) => h.price_cents)).toEqual([1]);
    const future = await call("GET", `/stores/${store.id}/prices/history?since=2099-01-01T00:00:00Z`, { token: store.token });
    expect(future.body.data).toEqual([]);
  });
});

describe("POST /prices/resolve takes 1..100 items, in the order asked", () => {
  it("100 priced items (each with its lowest price of 30 days) answer 200 in order; 101 are 422", async () => {
    const store = await pricingStore(2);
    const list = await priceList(store, { currency: "EUR" });
    await setPrices(store, list.id, [
      { variant_id: store.variants[0].id, price_cents: 900 },
      { variant_id: store.variants[0].id, min_quantity: 50, price_cents: 700 },
      { variant_id: store.variants[1].id, price_cents: 1900 },
    ]);
    const items = Array.from({ length: 100 }, (_, i) => ({ variant_id: store.variants[i % 2].id, quantity: i + 1 }));
    const res = await call("POST", `/stores/${store.id}/prices/resolve`, { token: store.token, body: { currency: "EUR", items } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toHaveLength(100);
    expect(res.body.data.map((d: any) => d.quantity)).toEqual(items.map((i) => i.quantity));
    expect(res.body.data[0]).toMatchObject({ price_cents: 900, lowest_price_30d_cents: 900 });
    expect(res.body.data[1]).toMatchObject({ price_cents: 1900, lowest_price_30d_cents: 1900 });
    expect(res.body.data[98]).toMatchObject({ quantity: 99, price_cents: 700, source: { min_quantity: 50 }, lowest_price_30d_cents: 700 });
    const tooMany = await call("POST", `/stores/${store.id}/prices/resolve`, { token: store.token, body: { currency: "EUR", items: [...items, items[0]] } });
    expect(tooMany.status).toBe(422);
  });
});

describe("bits 22 pricing.read and 23 pricing.write; naming a customer also needs customers.read", () => {
  it("a member without the bits is 403 naming them; owners hold them", async () => {
    const store = await pricingStore(1);
    const reader = await addMember(store, ["products.read", "pricing.read"]);
    const list = await priceList(store, { currency: "EUR" });
    expect((await call("GET", lists(store.id), { token: reader.jwt })).status).toBe(200);
    const write = await call("POST", lists(store.id), { token: reader.jwt, body: { name: "L", code: "l", currency: "EUR" } });
    expect(write.status).toBe(403);
    expect(write.body.missing_permission).toBe("pricing.write");
    const bulk = await call("POST", `${lists(store.id)}/${list.id}/prices/bulk`, {
      token: reader.jwt,
      body: { upsert: [{ variant_id: store.variants[0].id, price_cents: 1 }] },
    });
    expect(bulk.body.missing_permission).toBe("pricing.write");
    const c = await customer(store);
    const forCustomer = await call("POST", `/stores/${store.id}/prices/resolve`, {
      token: reader.jwt,
      body: { currency: "EUR", customer_id: c.id, items: [{ variant_id: store.variants[0].id }] },
    });
    expect(forCustomer.status).toBe(403);
    expect(forCustomer.body.missing_permission).toBe("customers.read");
    const none = await addMember(store, ["products.read"]);
    expect(
      (await call("POST", `/stores/${store.id}/prices/resolve`, { token: none.jwt, body: { currency: "EUR", items: [{ variant_id: store.variants[0].id }] } }))
        .body.missing_permission,
    ).toBe("pricing.read");
    const me = await call("GET", `/stores/${store.id}`, { token: store.owner.jwt });
    expect(me.status).toBe(200);
    const pat = await newToken(store.id, store.owner.jwt, ["pricing.read", "pricing.write"]);
    expect((await call("GET", lists(store.id), { token: pat.token })).status).toBe(200);
  });

  it("a product read with customer_id needs customers.read; without currency the answer is exactly as before", async () => {
    const store = await pricingStore(1);
    const reader = await addMember(store, ["products.read"]);
    const c = await customer(store);
    const plain = await call("GET", `/stores/${store.id}/products/${store.productId}`, { token: reader.jwt });
    expect(plain.body.variants[0]).not.toHaveProperty("calculated_price");
    const denied = await call("GET", `/stores/${store.id}/products/${store.productId}?currency=USD&customer_id=${c.id}`, { token: reader.jwt });
    expect(denied.status).toBe(403);
    expect(denied.body.missing_permission).toBe("customers.read");
    const priced = await call("GET", `/stores/${store.id}/products?currency=USD&country=DE`, { token: reader.jwt });
    expect(priced.body.data[0].variants[0].calculated_price).toEqual({
      currency: "USD",
      price_cents: 1000,
      compare_at_price_cents: null,
      source: { type: "base", price_list_id: null, min_quantity: null },
    });
    const none = await call("GET", `/stores/${store.id}/products?currency=JPY`, { token: reader.jwt });
    expect(none.body.data[0].variants[0].calculated_price).toBeNull();
  });
});
