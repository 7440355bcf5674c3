// Specs (PUT replaces the list) and reviews (newest first; the product's counters follow every change).
import { describe, expect, it } from "vitest";
import { call } from "../helpers/api";
import { catalogStore, catalogStoreIds, getProduct, makeProduct } from "./fixtures";
import { itSpreadsStoresOverDatabases } from "./store-databases";

describe("PUT specs replaces the list, and GET product returns it", () => {
  it("replaces, orders by position, and an empty list clears", async () => {
    const store = await catalogStore();
    const p = await makeProduct(store);
    const path = store.path(`/${p.id}/specs`);
    const first = await call("PUT", path, {
      token: store.token,
      body: {
        specs: [
          { group: "Fabric", key: "Material", value: "Cotton", position: 1 },
          { key: "Fit", value: "Slim", position: 0 },
        ],
      },
    });
    expect(first.status).toBe(200);
    expect(first.body.specs).toEqual([
      { group: null, key: "Fit", value: "Slim", position: 0 },
      { group: "Fabric", key: "Material", value: "Cotton", position: 1 },
    ]);
    const second = await call("PUT", path, { token: store.token, body: { specs: [{ group: "Care", key: "Wash", value: "30°C" }] } });
    expect(second.body.specs).toEqual([{ group: "Care", key: "Wash", value: "30°C", position: 0 }]);
    expect((await getProduct(store, p.id)).body.specs).toEqual(second.body.specs);
    expect((await call("PUT", path, { token: store.token, body: { specs: [] } })).body.specs).toEqual([]);
  });

  it("validates the specs", async () => {
    const store = await catalogStore();
    const p = await makeProduct(store);
    const path = store.path(`/${p.id}/specs`);
    for (const [body, errorPath] of [
      [{}, "specs"],
      [{ specs: [{ key: "", value: "x" }] }, "specs.0.key"],
      [{ specs: [{ key: "k", value: "x", position: -1 }] }, "specs.0.position"],
      [
        {
          specs: [
            { key: "k", value: "x" },
            { key: "K", value: "y" },
          ],
        },
        "specs.1.key",
      ],
      [{ specs: [{ key: "k", value: "x", colour: "red" }] }, "specs.0"],
    ] as const) {
      const res = await call("PUT", path, { token: store.token, body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.errors.map((e: { path: string }) => e.path)).toContain(errorPath);
    }
  });
});

describe("reviews: newest first; review_count and rating_average follow every change", () => {
  it("creates, lists newest first, deletes, and keeps the counters exact", async () => {
    const store = await catalogStore();
    const p = await makeProduct(store);
    const path = store.path(`/${p.id}/reviews`);
    const made = [];
    for (const [author_name, rating] of [
      ["Ann", 5],
      ["Bob", 4],
      ["Cy", 4],
    ] as const) {
      const res = await call("POST", path, { token: store.token, body: { author_name, rating, title: `by ${author_name}` } });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ product_id: p.id, author_name, rating, title: `by ${author_name}`, body: null });
      made.push(res.body);
    }
    const list = await call("GET", path, { token: store.token });
    expect(list.body.data.map((r: { author_name: string }) => r.author_name)).toEqual(["Cy", "Bob", "Ann"]);
    expect(list.body.pagination).toEqual({ limit: 20, offset: 0, total: 3 });
    expect((await getProduct(store, p.id)).body).toMatchObject({ review_count: 3, rating_average: 4.3 });
    expect((await call("DELETE", `${path}/${made[0].id}`, { token: store.token })).status).toBe(204);
    expect((await getProduct(store, p.id)).body).toMatchObject({ review_count: 2, rating_average: 4 });
    for (const r of made.slice(1)) await call("DELETE", `${path}/${r.id}`, { token: store.token });
    expect((await getProduct(store, p.id)).body).toMatchObject({ review_count: 0, rating_average: null });
    expect((await call("DELETE", `${path}/${made[0].id}`, { token: store.token })).status).toBe(404);
  });

  it("rating is an integer 1..5 and the body is strict", async () => {
    const store = await catalogStore();
    const p = await makeProduct(store);
    for (const body of [
      { author_name: "A", rating: 0 },
      { author_name: "A", rating: 6 },
      { author_name: "A", rating: 4.5 },
      { author_name: "", rating: 3 },
      { rating: 3 },
      { author_name: "A", rating: 3, stars: 3 },
    ]) {
      expect((await call("POST", store.path(`/${p.id}/reviews`), { token: store.token, body })).status, JSON.stringify(body)).toBe(422);
    }
  });

  it("a review of another product cannot be deleted through this one", async () => {
    const store = await catalogStore();
    const p = await makeProduct(store);
    const q = await makeProduct(store);
    const r = await call("POST", store.path(`/${p.id}/reviews`), { token: store.token, body: { author_name: "A", rating: 3 } });
    expect((await call("DELETE", store.path(`/${q.id}/reviews/${r.body.id}`), { token: store.token })).status).toBe(404);
    expect((await getProduct(store, p.id)).body.review_count).toBe(1);
  });
});

describe("a full specs list (200 rows) is stored in one batch of small inserts", () => {
  it("stores and returns all 200 specs in order", async () => {
    const store = await catalogStore();
    const p = await makeProduct(store);
    const specs = Array.from({ length: 200 }, (_, i) => ({ group: `G${i % 3}`, key: `k${i}`, value: `v${i}` }));
    const res = await call("PUT", store.path(`/${p.id}/specs`), { token: store.token, body: { specs } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.specs).toHaveLength(200);
    expect(res.body.specs[199]).toEqual({ group: "G1", key: "k199", value: "v199", position: 199 });
    const tooMany = await call("PUT", store.path(`/${p.id}/specs`), { token: store.token, body: { specs: [...specs, { key: "x", value: "y" }] } });
    expect(tooMany.status).toBe(422);
  });
});

itSpreadsStoresOverDatabases(() => catalogStoreIds);
