// Orders are priced by the one rule (docs/api/24-prices.md "Orders"), and the change that breaks an old call is
// behind API versions (docs/api-versions.md): under 2026-12-07 a line with no price is 409 no_price naming each such
// line; a credential pinned to 2026-11-27 (or a request asking for it) keeps the base price in any currency.
import { describe, expect, it } from "vitest";
import { call, newToken } from "../helpers/api";
import { customer, group, priceList, pricingStore, setPrices } from "./support";

const order = (storeId: string, token: string, body: Record<string, unknown>, headers?: Record<string, string>) =>
  call("POST", `/stores/${storeId}/orders`, { token, headers, body: { email: "buyer@example.test", ...body } });

describe("orders: every line priced at creation; no_price; prices never change afterwards", () => {
  it("a foreign currency with no list: 409 no_price naming each such line, nothing created or committed", async () => {
    const store = await pricingStore(3);
    const list = await priceList(store, { currency: "EUR" });
    await setPrices(store, list.id, [{ variant_id: store.variants[1].id, price_cents: 1500 }]);
    const lines = store.variants.map((v) => ({ variant_id: v.id, quantity: 2 }));
    const res = await order(store.id, store.token, { currency: "EUR", line_items: lines });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: "no_price", errors: [{ path: "line_items.0.variant_id" }, { path: "line_items.2.variant_id" }] });
    expect((await call("GET", `/stores/${store.id}/orders`, { token: store.token })).body.data).toEqual([]);
    const stock = (await call("GET", `/stores/${store.id}/products/${store.productId}`, { token: store.token })).body.variants.map((v: any) => v.stock);
    expect(stock).toEqual([100, 100, 100]);
  });

  it("a customer's group price, the country and the quantity tier decide; price_source says where; a later change leaves the order as it was", async () => {
    const store = await pricingStore(1);
    const c = await customer(store);
    const g = await group(store, [c.id]);
    const trade = await priceList(store, { currency: "EUR", customer_group_ids: [g.id], countries: ["DE"] });
    await setPrices(store, trade.id, [
      { variant_id: store.variants[0].id, price_cents: 700 },
      { variant_id: store.variants[0].id, min_quantity: 5, price_cents: 600 },
    ]);
    const placed = await order(store.id, store.token, {
      customer_id: c.id,
      email: undefined,
      currency: "EUR",
      country: "DE",
      line_items: [{ variant_id: store.variants[0].id, quantity: 5 }],
    });
    expect(placed.status).toBe(201);
    expect(placed.body).toMatchObject({ currency: "EUR", country: "DE", total_cents: 3000 });
    expect(placed.body.line_items[0]).toMatchObject({ unit_price_cents: 600, price_source: { type: "price_list", price_list_id: trade.id, min_quantity: 5 } });
    await setPrices(store, trade.id, [{ variant_id: store.variants[0].id, min_quantity: 5, price_cents: 1 }]);
    await call("PATCH", `/stores/${store.id}/price-lists/${trade.id}`, { token: store.token, body: { status: "draft" } });
    const again = await call("GET", `/stores/${store.id}/orders/${placed.body.id}`, { token: store.token });
    expect(again.body).toMatchObject({ total_cents: 3000, line_items: [{ unit_price_cents: 600 }] });
    // The same customer in FR: the DE list does not apply, and EUR is not the store's currency.
    const fr = await order(store.id, store.token, {
      customer_id: c.id,
      email: undefined,
      currency: "EUR",
      country: "FR",
      line_items: [{ variant_id: store.variants[0].id, quantity: 1 }],
    });
    expect(fr.status).toBe(409);
  });

  it("the store's currency with no list: the base price, source base", async () => {
    const store = await pricingStore(1);
    const res = await order(store.id, store.token, { currency: "USD", line_items: [{ variant_id: store.variants[0].id, quantity: 1 }] });
    expect(res.status).toBe(201);
    expect(res.body.line_items[0]).toMatchObject({ unit_price_cents: 1000, price_source: { type: "base", price_list_id: null, min_quantity: null } });
  });
});

describe("API version 2026-11-27 keeps base prices in any currency", () => {
  it("a PAT pinned to 2026-11-27: charged the base price, with Deprecation; the same PAT asking for 2026-12-07: 409", async () => {
    const store = await pricingStore(1);
    const pat = await newToken(store.id, store.owner.jwt, ["products.read", "orders.read", "orders.write"]);
    expect((await call("PATCH", `/stores/${store.id}/api-tokens/${pat.id}`, { token: store.owner.jwt, body: { api_version: "2026-11-27" } })).status).toBe(200);
    const line = { currency: "JPY", line_items: [{ variant_id: store.variants[0].id, quantity: 1 }] };
    const old = await order(store.id, pat.token, line);
    expect(old.status).toBe(201);
    expect(old.headers.get("Api-Version")).toBe("2026-11-27");
    expect(old.headers.get("Deprecation")).toMatch(/^@\d+$/);
    expect(old.body.line_items[0]).toMatchObject({ unit_price_cents: 1000, price_source: { type: "base" } });
    const current = await order(store.id, pat.token, line, { "Api-Version": "2026-12-07" });
    expect(current.status).toBe(409);
    expect(current.body.code).toBe("no_price");
    // A session asking for the old version by header gets it too; a list in that currency still wins over the base.
    const list = await priceList(store, { currency: "JPY" });
    await setPrices(store, list.id, [{ variant_id: store.variants[0].id, price_cents: 1200 }]);
    const session = await order(store.id, store.owner.jwt, line, { "Api-Version": "2026-11-27" });
    expect(session.body.line_items[0]).toMatchObject({ unit_price_cents: 1200, price_source: { type: "price_list" } });
  });
});
