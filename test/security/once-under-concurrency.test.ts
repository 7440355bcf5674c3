// Every delete and state change takes effect once under concurrency (docs/api/13-security.md; issue 15, hole 4): the
// existence or state check is part of the change's own D1 batch, so of several concurrent requests one wins and the
// others get 404 or 409 and write no audit row and no event.
import { describe, expect, it } from "vitest";
import { call } from "../helpers/api";
import { sqlAll, storeRun } from "../helpers/support";
import { catalogStore, liveVariable, makeProduct, makeVariant } from "../products/fixtures";
import { imagesPath, storeWithProduct, uploadImage } from "../media/gallery-helpers";

const audits = (storeId: string, action: string) => sqlAll("SELECT id FROM audit_log WHERE store_id = ? AND action = ?", storeId, action);
const events = (storeId: string, name: string) => sqlAll("SELECT id, payload FROM events WHERE store_id = ? AND name = ?", storeId, name);
const statusesOf = async (requests: Array<Promise<{ status: number }>>) => (await Promise.all(requests)).map((r) => r.status).sort();

describe("a product is deleted once", () => {
  it("reproduction: four concurrent DELETEs, eight trials: one 204 and three 404 each time, one audit row and one products.deleted event per product", async () => {
    const store = await catalogStore();
    const ids: string[] = [];
    for (let trial = 0; trial < 8; trial++) {
      const product = await makeProduct(store, { title: `Doomed ${trial}` });
      ids.push(product.id);
      const statuses = await statusesOf([1, 2, 3, 4].map(() => call("DELETE", store.path(`/${product.id}`), { token: store.token })));
      expect(statuses).toEqual([204, 404, 404, 404]);
    }
    expect(await audits(store.id, "product.delete")).toHaveLength(8);
    const deleted = await events(store.id, "products.deleted");
    expect(deleted).toHaveLength(8);
    expect(new Set(deleted.map((e) => JSON.parse(e.payload as string).data.id))).toEqual(new Set(ids));
  });

  it("an update, a publish, a variant, a spec or a review racing the delete either lands before it or is a 404 that wrote nothing", async () => {
    const store = await catalogStore();
    const product = await makeProduct(store, { product_type: "variable", default_price_cents: undefined });
    await makeVariant(store, product.id, { sku: `R-${crypto.randomUUID().slice(0, 6)}` });
    const results = await Promise.all([
      call("DELETE", store.path(`/${product.id}`), { token: store.token }),
      call("PATCH", store.path(`/${product.id}`), { token: store.token, body: { title: "Renamed" } }),
      call("POST", store.path(`/${product.id}/variants`), { token: store.token, body: { price_cents: 5 } }),
      call("PUT", store.path(`/${product.id}/specs`), { token: store.token, body: { specs: [{ key: "Material", value: "Cotton" }] } }),
      call("POST", store.path(`/${product.id}/reviews`), { token: store.token, body: { author_name: "A", rating: 5 } }),
    ]);
    expect(results[0].status).toBe(204);
    for (const res of results.slice(1)) expect([200, 201, 404]).toContain(res.status);
    const landed = results.slice(1).filter((r) => r.status !== 404).length;
    // Every products.updated event belongs to a change that answered 2xx; nothing is recorded after the delete.
    const updated = await events(store.id, "products.updated");
    expect(updated).toHaveLength(landed + 1); // + the variant made before the race
    const afterDelete = await sqlAll(
      "SELECT id FROM events WHERE store_id = ? AND id > (SELECT id FROM events WHERE store_id = ? AND name = 'products.deleted')",
      store.id,
      store.id,
    );
    expect(afterDelete).toHaveLength(0);
  });
});

describe("a publish takes effect once", () => {
  it("concurrent publishes: all answer 200 live, one product.publish audit row and one products.updated event", async () => {
    const store = await catalogStore();
    const product = await makeProduct(store);
    const before = (await events(store.id, "products.updated")).length;
    const results = await Promise.all([1, 2, 3, 4].map(() => call("POST", store.path(`/${product.id}/publish`), { token: store.token })));
    for (const res of results) {
      expect(res.status).toBe(200);
      expect(res.body.status).toBe("live");
    }
    expect(await audits(store.id, "product.publish")).toHaveLength(1);
    expect(await events(store.id, "products.updated")).toHaveLength(before + 1);
  });
});

describe("variants, gallery items and reviews are deleted once", () => {
  it("concurrent deletes of one variant: one 204, the others 404, one audit row", async () => {
    const store = await catalogStore();
    const product = await makeProduct(store, { product_type: "variable", default_price_cents: undefined });
    const variant = await makeVariant(store, product.id, { sku: `V-${crypto.randomUUID().slice(0, 6)}` });
    const path = store.path(`/${product.id}/variants/${variant.id}`);
    expect(await statusesOf([1, 2, 3, 4].map(() => call("DELETE", path, { token: store.token })))).toEqual([204, 404, 404, 404]);
    expect(await audits(store.id, "variant.delete")).toHaveLength(1);
  });

  it("concurrent deletes of the two variants of a live product: one 204, one 409, the product keeps a variant", async () => {
    const store = await catalogStore();
    const product = await liveVariable(store, "Hoodie", [{ option_values: [{ name: "Size", value: "S" }] }, { option_values: [{ name: "Size", value: "M" }] }]);
    const statuses = await statusesOf(product.variants.map((v: any) => call("DELETE", store.path(`/${product.id}/variants/${v.id}`), { token: store.token })));
    expect(statuses).toEqual([204, 409]);
    expect(await sqlAll("SELECT id FROM product_variants WHERE product_id = ?", product.id)).toHaveLength(1);
  });

  it("concurrent deletes of one gallery item: one 204, the others 404, one product.image.deleted event", async () => {
    const { store, productId } = await storeWithProduct();
    const item = await uploadImage(store, productId);
    expect(item.status).toBe(201);
    const path = imagesPath(store, productId, `/${item.body.id}`);
    expect(await statusesOf([1, 2, 3, 4].map(() => call("DELETE", path, { token: store.token })))).toEqual([204, 404, 404, 404]);
    expect(await events(store.id, "product.image.deleted")).toHaveLength(1);
    expect(await audits(store.id, "product_image.delete")).toHaveLength(1);
  });

  it("un-setting the primary while the only other item is deleted: the gallery keeps exactly one primary", async () => {
    const { store, productId } = await storeWithProduct();
    const first = await uploadImage(store, productId);
    const second = await uploadImage(store, productId);
    const [unset, removed] = await Promise.all([
      call("PATCH", imagesPath(store, productId, `/${first.body.id}`), { token: store.token, body: { is_primary: false } }),
      call("DELETE", imagesPath(store, productId, `/${second.body.id}`), { token: store.token }),
    ]);
    expect(removed.status).toBe(204);
    expect([200, 409]).toContain(unset.status);
    const rows = await sqlAll("SELECT is_primary FROM product_images WHERE product_id = ?", productId);
    expect(rows).toHaveLength(1);
    expect(rows[0].is_primary).toBe(1);
  });

  it("concurrent deletes of one review: one 204, the others 404; review_count counts it once", async () => {
    const store = await catalogStore();
    const product = await makeProduct(store);
    const review = await call("POST", store.path(`/${product.id}/reviews`), { token: store.token, body: { author_name: "A", rating: 4 } });
    const path = store.path(`/${product.id}/reviews/${review.body.id}`);
    expect(await statusesOf([1, 2, 3, 4].map(() => call("DELETE", path, { token: store.token })))).toEqual([204, 404, 404, 404]);
    expect(await audits(store.id, "review.delete")).toHaveLength(1);
    expect((await call("GET", store.path(`/${product.id}`), { token: store.token })).body.review_count).toBe(0);
  });
});

describe("caps: 100 variants and 250 gallery items per product (422 limit_exceeded)", () => {
  it("the 101st variant is refused naming the cap, also when requests race for the last places", async () => {
    const store = await catalogStore();
    const product = await makeProduct(store, { product_type: "variable", default_price_cents: undefined });
    for (let i = 0; i < 97; i++) await makeVariant(store, product.id, { option_values: [{ name: "Size", value: `S${i}` }] });
    const burst = await Promise.all(
      [0, 1, 2, 3, 4].map((i) =>
        call("POST", store.path(`/${product.id}/variants`), {
          token: store.token,
          body: { price_cents: 1, option_values: [{ name: "Size", value: `B${i}` }] },
        }),
      ),
    );
    expect(burst.map((r) => r.status).sort()).toEqual([201, 201, 201, 422, 422]);
    const refused = burst.find((r) => r.status === 422)!;
    expect(refused.body.code).toBe("limit_exceeded");
    expect(refused.body.detail).toMatch(/100 variants/);
    expect(await sqlAll("SELECT id FROM product_variants WHERE product_id = ?", product.id)).toHaveLength(100);
  });

  it("the 251st gallery item is refused naming the cap", async () => {
    const { store, productId } = await storeWithProduct();
    // 249 video items written directly (positions 0..248), then the API adds the 250th and refuses the 251st.
    const now = new Date().toISOString();
    for (let i = 0; i < 249; i += 12) {
      const rows = Array.from({ length: Math.min(12, 249 - i) }, (_, k) => i + k);
      await storeRun(
        store.id,
        `INSERT INTO product_images (id, store_id, product_id, media_type, url, provider, position, is_primary, created_at, updated_at)
         VALUES ${rows.map(() => "(?, ?, ?, 'video', 'https://youtu.be/x', 'youtube', ?, ?, ?, ?)").join(", ")}`,
        ...rows.flatMap((p) => [crypto.randomUUID(), store.id, productId, p, p === 0 ? 1 : 0, now, now]),
      );
    }
    const video = { url: "https://www.youtube.com/watch?v=abc" };
    const last = await call("POST", `/stores/${store.id}/products/${productId}/videos`, { token: store.token, body: video });
    expect(last.status).toBe(201);
    const over = await call("POST", `/stores/${store.id}/products/${productId}/videos`, { token: store.token, body: video });
    expect(over.status).toBe(422);
    expect(over.body.code).toBe("limit_exceeded");
    expect(over.body.detail).toMatch(/250 items/);
    const upload = await uploadImage(store, productId);
    expect(upload.status).toBe(422);
    expect(await sqlAll("SELECT id FROM media_files WHERE store_id = ?", store.id)).toHaveLength(0);
  });
});
