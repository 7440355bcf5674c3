// A write that changes nothing changes nothing (docs/api/23-one-call-sync-and-imports.md): a PATCH of a product or a variant, and a bulk
// item, whose values are already stored emit no event, write no audit row and leave updated_at as it was; a write
// that changes one thing still does all three.
import { describe, expect, it } from "vitest";
import { call } from "../helpers/api";
import { type CatalogStore, catalogStore, getProduct, makeProduct, makeVariant } from "./fixtures";
import { storeFirst } from "./store-databases";

/** What a no-op must leave alone: the store's product events and audit rows, and the product's JSON. */
async function trail(store: CatalogStore, productId: string) {
  const count = async (sql: string) => (await storeFirst<{ n: number }>(store.id, sql, store.id))!.n;
  return {
    events: await count("SELECT count(*) AS n FROM events WHERE store_id = ? AND name LIKE 'products.%'"),
    audit: await count("SELECT count(*) AS n FROM audit_log WHERE store_id = ?"),
    product: (await getProduct(store, productId)).body,
  };
}

describe("PATCH of a product with the values it already has", () => {
  it("every field restated: 200 with the product as it was, no event, no audit row, the same updated_at", async () => {
    const store = await catalogStore();
    const p = await makeProduct(store, {
      title: "Mug",
      description: "Stoneware",
      brand: "Acme",
      seo_title: "Mug",
      tags: ["kitchen", "gift"],
      external_id: "erp-1",
    });
    const before = await trail(store, p.id);
    const body = {
      title: "Mug",
      description: "Stoneware",
      brand: "Acme",
      seo_title: "Mug",
      tags: ["kitchen", "gift"],
      external_id: "erp-1",
      slug: p.slug,
      status: "draft",
    };
    const res = await call("PATCH", store.path(`/${p.id}`), { token: store.token, body });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(before.product);
    expect(await trail(store, p.id)).toEqual(before);
  });

  it("one field changed among restated ones: written, with its event, audit row and a new updated_at", async () => {
    const store = await catalogStore();
    const p = await makeProduct(store, { title: "Mug", brand: "Acme" });
    const before = await trail(store, p.id);
    await new Promise((r) => setTimeout(r, 5));
    const res = await call("PATCH", store.path(`/${p.id}`), { token: store.token, body: { title: "Mug", brand: "Acme Co" } });
    expect(res.status).toBe(200);
    const after = await trail(store, p.id);
    expect(after.events).toBe(before.events + 1);
    expect(after.audit).toBe(before.audit + 1);
    expect(after.product.updated_at > before.product.updated_at).toBe(true);
  });
});

describe("PATCH of a variant with the values it already has", () => {
  it("price, stock, SKU, options and box restated: no event, no audit row, the same updated_at; a new price is written", async () => {
    const store = await catalogStore();
    const p = await makeProduct(store, { title: "Tee", product_type: "variable", default_price_cents: undefined });
    const sku = `T-${crypto.randomUUID().slice(0, 8)}`;
    const v = await makeVariant(store, p.id, {
      sku,
      price_cents: 1200,
      stock: 4,
      option_values: [{ name: "Size", value: "M" }],
      shipping_box: { length_mm: 10, width_mm: 10, height_mm: 10, weight_g: 100 },
    });
    const before = await trail(store, p.id);
    const restated = { sku, price_cents: 1200, stock: 4, option_values: [{ name: "Size", value: "M" }], shipping_box: v.shipping_box, title: v.title };
    const same = await call("PATCH", store.path(`/${p.id}/variants/${v.id}`), { token: store.token, body: restated });
    expect(same.status).toBe(200);
    expect(same.body).toEqual(v);
    expect(await trail(store, p.id)).toEqual(before);
    const changed = await call("PATCH", store.path(`/${p.id}/variants/${v.id}`), { token: store.token, body: { ...restated, price_cents: 1300 } });
    expect(changed.body.price_cents).toBe(1300);
    expect((await trail(store, p.id)).events).toBe(before.events + 1);
  });
});

describe("bulk items whose values are already stored", () => {
  it("all unchanged: 200 with the variants, nothing written; one changed: only its product gets an event and an audit row", async () => {
    const store = await catalogStore();
    const a = await makeProduct(store, { title: "A", default_price_cents: 500 });
    const b = await makeProduct(store, { title: "B", default_price_cents: 700 });
    const [va, vb] = [a.variants[0], b.variants[0]];
    const bulk = (updates: unknown[]) => call("POST", `/stores/${store.id}/variants/bulk`, { token: store.token, body: { updates } });
    const before = { a: await trail(store, a.id), b: await trail(store, b.id) };
    const same = await bulk([
      { variant_id: va.id, price_cents: 500, stock: va.stock },
      { variant_id: vb.id, price_cents: 700, stock_delta: 0 },
    ]);
    expect(same.status).toBe(200);
    expect(same.body.data.map((v: { id: string }) => v.id)).toEqual([va.id, vb.id]);
    expect({ a: await trail(store, a.id), b: await trail(store, b.id) }).toEqual(before);
    const one = await bulk([
      { variant_id: va.id, price_cents: 500 },
      { variant_id: vb.id, price_cents: 750 },
    ]);
    expect(one.status).toBe(200);
    expect(one.body.data.map((v: { price_cents: number }) => v.price_cents)).toEqual([500, 750]);
    const after = { a: await trail(store, a.id), b: await trail(store, b.id) };
    expect(after.a.product).toEqual(before.a.product);
    expect(after.b.product.updated_at > before.b.product.updated_at).toBe(true);
    // One products.updated (B's) and one audit row, for the one product that changed.
    expect(after.b.events).toBe(before.b.events + 1);
    expect(after.b.audit).toBe(before.b.audit + 1);
  });
});
