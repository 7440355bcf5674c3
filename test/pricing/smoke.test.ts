import { describe, expect, it } from "vitest";
import { call } from "../helpers/api";
import { customer, group, priceList, priceOf, pricingStore, setPrices } from "./support";

describe("smoke", () => {
  it("a list price resolves", async () => {
    const store = await pricingStore();
    const list = await priceList(store, { currency: "EUR" });
    expect(await setPrices(store, list.id, [{ variant_id: store.variants[0].id, price_cents: 900 }])).toEqual({ upserted: 1, deleted: 0 });
    expect(await priceOf(store, store.variants[0].id, { currency: "EUR" })).toMatchObject({ price_cents: 900, source: { type: "price_list", price_list_id: list.id, min_quantity: 1 } });
    expect(await priceOf(store, store.variants[1].id, { currency: "EUR" })).toMatchObject({ price_cents: null, source: null });
    expect(await priceOf(store, store.variants[1].id, { currency: "USD" })).toMatchObject({ price_cents: 2000, source: { type: "base" } });
    const c = await customer(store);
    const g = await group(store, [c.id]);
    expect((await call("GET", `/stores/${store.id}/customers/${c.id}`, { token: store.token })).body.group_ids).toEqual([g.id]);
    const order = await call("POST", `/stores/${store.id}/orders`, { token: store.token, body: { email: "x@example.test", currency: "EUR", line_items: [{ variant_id: store.variants[1].id, quantity: 1 }] } });
    expect(order.status).toBe(409);
    expect(order.body).toMatchObject({ code: "no_price", errors: [{ path: "line_items.0.variant_id" }] });
    const ok = await call("POST", `/stores/${store.id}/orders`, { token: store.token, body: { email: "x@example.test", currency: "EUR", line_items: [{ variant_id: store.variants[0].id, quantity: 1 }] } });
    expect(ok.status).toBe(201);
    expect(ok.body.line_items[0]).toMatchObject({ unit_price_cents: 900, price_source: { type: "price_list", price_list_id: list.id } });
    const product = await call("GET", `/stores/${store.id}/products/${store.productId}?currency=EUR`, { token: store.token });
    expect(product.status).toBe(200);
    expect(product.body.variants.map((v: any) => v.calculated_price?.price_cents ?? null)).toEqual([900, null]);
    const history = await call("GET", `/stores/${store.id}/prices/history?variant_id=${store.variants[0].id}`, { token: store.token });
    expect(history.status).toBe(200);
    expect(history.body.data.length).toBeGreaterThanOrEqual(2);
  });
});
