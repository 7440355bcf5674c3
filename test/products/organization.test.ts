// Catalog organization fields (docs/catalog.md "Tags, external ids and compare-at prices"): product tags and
// external_id, variant compare_at_price_cents and external_id.
import { describe, expect, it } from "vitest";
import { call } from "../helpers/api";
import { catalogStore, getProduct, makeProduct, makeVariant, storeEvents } from "./fixtures";
import { storeAll } from "./store-databases";

describe("products carry tags: 0..50, each 1..64 characters after trimming, unique case-insensitively, kept as given", () => {
  it("keeps tags as given (trimmed), in the product JSON, the list and the event", async () => {
    const store = await catalogStore();
    const product = await makeProduct(store, { tags: [" Summer Sale ", "Shoes"], status: "live" });
    expect(product.tags).toEqual(["Summer Sale", "Shoes"]);
    expect((await getProduct(store, product.id)).body.tags).toEqual(["Summer Sale", "Shoes"]);
    const listed = await call("GET", store.path(), { token: store.token });
    expect(listed.body.data[0].tags).toEqual(["Summer Sale", "Shoes"]);
    const [created] = (await storeEvents(store.id)).filter((e) => e.name === "products.created");
    expect(created.data.tags).toEqual(["Summer Sale", "Shoes"]);
    expect(await storeAll(store.id, "SELECT tag_lower FROM product_tags WHERE product_id = ? ORDER BY tag_lower", product.id)).toEqual([
      { tag_lower: "shoes" },
      { tag_lower: "summer sale" },
    ]);
  });

  it("PATCH replaces the whole set", async () => {
    const store = await catalogStore();
    const product = await makeProduct(store, { tags: ["a", "b"] });
    const res = await call("PATCH", store.path(`/${product.id}`), { token: store.token, body: { tags: ["C"] } });
    expect(res.status).toBe(200);
    expect(res.body.tags).toEqual(["C"]);
    expect(await storeAll(store.id, "SELECT tag_lower FROM product_tags WHERE product_id = ?", product.id)).toEqual([{ tag_lower: "c" }]);
    const cleared = await call("PATCH", store.path(`/${product.id}`), { token: store.token, body: { tags: [] } });
    expect(cleared.body.tags).toEqual([]);
  });

  it.each([
    [["a", "A"], "tags.1"],
    [["   "], "tags.0"],
    [["x".repeat(65)], "tags.0"],
    [["a,b"], "tags.0"],
    [Array.from({ length: 51 }, (_, i) => `t${i}`), "tags"],
  ])("rejects %j with 422 at %s", async (tags, path) => {
    const store = await catalogStore();
    const res = await call("POST", store.path(), { token: store.token, body: { title: "T", product_type: "single", tags } });
    expect(res.status).toBe(422);
    expect(res.body.errors.map((e: { path: string }) => e.path)).toContain(path);
  });

  it("accepts exactly 50 tags of 64 characters", async () => {
    const store = await catalogStore();
    const tags = Array.from({ length: 50 }, (_, i) => `${i}`.padEnd(64, "x"));
    expect((await makeProduct(store, { tags })).tags).toEqual(tags);
  });
});

describe("products carry external_id: up to 255 printable characters, unique per store (409)", () => {
  it("stores, returns and clears it; a second product with the same value is 409, another store may reuse it", async () => {
    const store = await catalogStore();
    const product = await makeProduct(store, { external_id: "erp-1" });
    expect(product.external_id).toBe("erp-1");
    const dup = await call("POST", store.path(), { token: store.token, body: { title: "B", product_type: "single", external_id: "erp-1" } });
    expect(dup.status).toBe(409);
    expect(dup.body.code).toBe("conflict");
    const other = await makeProduct(store, { title: "Other" });
    const patchDup = await call("PATCH", store.path(`/${other.id}`), { token: store.token, body: { external_id: "erp-1" } });
    expect(patchDup.status).toBe(409);
    expect((await makeProduct(await catalogStore(), { external_id: "erp-1" })).external_id).toBe("erp-1");
    const cleared = await call("PATCH", store.path(`/${product.id}`), { token: store.token, body: { external_id: "" } });
    expect(cleared.body.external_id).toBeNull();
    expect((await makeProduct(store, { title: "Again", external_id: "erp-1" })).external_id).toBe("erp-1");
  });

  it.each(["x".repeat(256), "a\u0001b"])("rejects %j with 422", async (externalId) => {
    const store = await catalogStore();
    const res = await call("POST", store.path(), { token: store.token, body: { title: "T", product_type: "single", external_id: externalId } });
    expect(res.status).toBe(422);
    expect(res.body.errors[0].path).toBe("external_id");
  });
});

describe("variants carry compare_at_price_cents: null, or at least price_cents (422 otherwise)", () => {
  it("stores it on create and PATCH, and refuses one below the price", async () => {
    const store = await catalogStore();
    const product = await makeProduct(store, { product_type: "variable", default_price_cents: undefined });
    const variant = await makeVariant(store, product.id, { price_cents: 1000, compare_at_price_cents: 1500 });
    expect(variant.compare_at_price_cents).toBe(1500);
    const low = await call("POST", store.path(`/${product.id}/variants`), {
      token: store.token,
      body: { price_cents: 1000, compare_at_price_cents: 999, sku: "LOW" },
    });
    expect(low.status).toBe(422);
    expect(low.body.errors[0].path).toBe("compare_at_price_cents");
    const vPath = store.path(`/${product.id}/variants/${variant.id}`);
    // Raising the price above the stored compare-at price breaks the rule too.
    const raise = await call("PATCH", vPath, { token: store.token, body: { price_cents: 1600 } });
    expect(raise.status).toBe(422);
    expect(raise.body.errors[0].path).toBe("price_cents");
    const cleared = await call("PATCH", vPath, { token: store.token, body: { compare_at_price_cents: null, price_cents: 1600 } });
    expect(cleared.status).toBe(200);
    expect(cleared.body.compare_at_price_cents).toBeNull();
    expect((await getProduct(store, product.id)).body.variants[0].compare_at_price_cents).toBeNull();
  });

  it("a bulk price above the compare-at price is a 422 on that item, and nothing changes", async () => {
    const store = await catalogStore();
    const product = await makeProduct(store, { product_type: "variable", default_price_cents: undefined });
    const variant = await makeVariant(store, product.id, { price_cents: 1000, compare_at_price_cents: 1500, sku: "CMP-1" });
    const res = await call("POST", `/stores/${store.id}/variants/bulk`, { token: store.token, body: { updates: [{ sku: "CMP-1", price_cents: 2000 }] } });
    expect(res.status).toBe(422);
    expect(res.body.errors[0].path).toBe("updates.0.price_cents");
    expect((await getProduct(store, product.id)).body.variants[0].price_cents).toBe(variant.price_cents);
  });
});

describe("variants carry external_id, unique per store (409)", () => {
  it("stores it and refuses a duplicate in the store", async () => {
    const store = await catalogStore();
    const product = await makeProduct(store, { product_type: "variable", default_price_cents: undefined });
    const variant = await makeVariant(store, product.id, { external_id: "v-1", sku: "S1" });
    expect(variant.external_id).toBe("v-1");
    const dup = await call("POST", store.path(`/${product.id}/variants`), { token: store.token, body: { price_cents: 1, external_id: "v-1", sku: "S2" } });
    expect(dup.status).toBe(409);
    expect(dup.body.detail).toContain("external_id");
  });
});
