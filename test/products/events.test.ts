// Outbox events and audit rows for every catalog change, and the cascading hard delete.
import { describe, expect, it } from "vitest";
import { call } from "../helpers/api";
import { catalogStore, catalogStoreIds, getProduct, makeProduct, makeVariant, storeEvents } from "./fixtures";
import { itSpreadsStoresOverDatabases, onSameDatabase, storeFirst } from "./store-databases";

/** The products.* events (a stock change also records inventory.updated, docs/api/20-inventory.md; tested in test/inventory). */
const productEvents = async (storeId: string) => (await storeEvents(storeId)).filter((e) => e.name.startsWith("products."));

describe("outbox events carry the product as GET returns it", () => {
  it("products.created (drafts included), products.updated after each kind of change, products.deleted with the id", async () => {
    const store = await catalogStore();
    const p = await makeProduct(store, { product_type: "variable", default_price_cents: undefined });
    let events = await productEvents(store.id);
    expect(events.map((e) => e.name)).toEqual(["products.created"]);
    expect(events[0].data).toEqual((await getProduct(store, p.id)).body);

    const changes: Array<() => Promise<unknown>> = [
      () => call("PATCH", store.path(`/${p.id}`), { token: store.token, body: { title: "Renamed" } }),
      () => makeVariant(store, p.id, { sku: "EV-1", stock: 3 }),
      () => call("PUT", store.path(`/${p.id}/specs`), { token: store.token, body: { specs: [{ key: "k", value: "v" }] } }),
      () => call("POST", store.path(`/${p.id}/reviews`), { token: store.token, body: { author_name: "A", rating: 5 } }),
      () => call("POST", store.path(`/${p.id}/publish`), { token: store.token }),
      () => call("POST", store.path(`/${p.id}/unpublish`), { token: store.token }),
    ];
    for (const [i, change] of changes.entries()) {
      await change();
      events = await productEvents(store.id);
      expect(events).toHaveLength(i + 2);
      const last = events[events.length - 1];
      expect(last.name).toBe("products.updated");
      expect(last.data).toEqual((await getProduct(store, p.id)).body);
    }
    const variantId = events[events.length - 1].data.variants[0].id;
    await call("PATCH", store.path(`/${p.id}/variants/${variantId}`), { token: store.token, body: { stock: 0 } });
    expect((await productEvents(store.id)).at(-1)!.data.variants[0].availability).toBe("out_of_stock");
    await call("DELETE", store.path(`/${p.id}/variants/${variantId}`), { token: store.token });
    expect((await productEvents(store.id)).at(-1)!.data.variants).toEqual([]);

    await call("DELETE", store.path(`/${p.id}`), { token: store.token });
    const deleted = (await productEvents(store.id)).at(-1)!;
    expect(deleted).toEqual({ name: "products.deleted", data: { id: p.id } });
  });

  it("a request that changes nothing (or fails) records no event", async () => {
    const store = await catalogStore();
    const p = await makeProduct(store, { status: "live" });
    await call("POST", store.path(`/${p.id}/publish`), { token: store.token });
    await call("PATCH", store.path(`/${p.id}`), { token: store.token, body: {} });
    await call("PATCH", store.path(`/${p.id}`), { token: store.token, body: { product_type: "variable" } });
    expect((await storeEvents(store.id)).map((e) => e.name)).toEqual(["products.created"]);
  });
});

describe("every change writes an audit row", () => {
  it("records product, variant, specs and review actions with the token that made them", async () => {
    const store = await catalogStore();
    const p = await makeProduct(store, { product_type: "variable", default_price_cents: undefined });
    const v = await makeVariant(store, p.id);
    await call("PATCH", store.path(`/${p.id}/variants/${v.id}`), { token: store.token, body: { stock: 1 } });
    await call("PATCH", store.path(`/${p.id}`), { token: store.token, body: { title: "T2" } });
    await call("POST", store.path(`/${p.id}/publish`), { token: store.token });
    await call("POST", store.path(`/${p.id}/unpublish`), { token: store.token });
    await call("PUT", store.path(`/${p.id}/specs`), { token: store.token, body: { specs: [] } });
    const r = await call("POST", store.path(`/${p.id}/reviews`), { token: store.token, body: { author_name: "A", rating: 2 } });
    await call("DELETE", store.path(`/${p.id}/reviews/${r.body.id}`), { token: store.token });
    await call("DELETE", store.path(`/${p.id}/variants/${v.id}`), { token: store.token });
    await call("DELETE", store.path(`/${p.id}`), { token: store.token });
    const log = await call("GET", `/stores/${store.id}/audit-log?limit=100`, { token: store.token });
    const actions = log.body.data.filter((e: { action: string }) => !e.action.startsWith("token.") && e.action !== "store.create").reverse();
    expect(actions.map((e: { action: string }) => e.action)).toEqual([
      "product.create",
      "variant.create",
      "variant.update",
      "product.update",
      "product.publish",
      "product.unpublish",
      "specs.update",
      "review.create",
      "review.delete",
      "variant.delete",
      "product.delete",
    ]);
    expect(actions[0]).toMatchObject({ resource_type: "product", resource_id: p.id, token_id: expect.any(String) });
    expect(actions[1]).toMatchObject({ resource_type: "variant", resource_id: v.id });
  });
});

describe("DELETE product is a hard delete cascading to variants, specs and reviews", () => {
  it("removes the product and every child row; the product and its children answer 404", async () => {
    const store = await catalogStore();
    const p = await makeProduct(store, { product_type: "variable", default_price_cents: undefined });
    const v = await makeVariant(store, p.id, { sku: "CASCADE-1" });
    await call("PUT", store.path(`/${p.id}/specs`), { token: store.token, body: { specs: [{ key: "k", value: "v" }] } });
    await call("POST", store.path(`/${p.id}/reviews`), { token: store.token, body: { author_name: "A", rating: 5 } });
    expect((await call("DELETE", store.path(`/${p.id}`), { token: store.token })).status).toBe(204);
    for (const table of ["product_variants", "product_specs", "product_reviews"]) {
      const row = await storeFirst<{ n: number }>(store.id, `SELECT count(*) AS n FROM ${table} WHERE product_id = ?`, p.id);
      expect(row!.n, table).toBe(0);
    }
    expect((await getProduct(store, p.id)).status).toBe(404);
    expect((await call("GET", store.path(`/${p.id}/variants/${v.id}`), { token: store.token })).status).toBe(404);
    expect((await call("DELETE", store.path(`/${p.id}`), { token: store.token })).status).toBe(404);
    // The SKU is free again.
    const q = await makeProduct(store, { product_type: "variable", default_price_cents: undefined });
    expect((await makeVariant(store, q.id, { sku: "CASCADE-1" })).sku).toBe("CASCADE-1");
  });
});

describe("ids from other stores, and malformed ids, are 404", () => {
  it("answers 404 on every product path for another store's product", async () => {
    const store = await catalogStore();
    const other = await onSameDatabase(store.id, catalogStore);
    const theirs = await makeProduct(other, { product_type: "variable", default_price_cents: undefined });
    const v = await makeVariant(other, theirs.id);
    const requests: Array<[string, string, unknown?]> = [
      ["GET", `/${theirs.id}`],
      ["PATCH", `/${theirs.id}`, { title: "x" }],
      ["DELETE", `/${theirs.id}`],
      ["POST", `/${theirs.id}/publish`],
      ["POST", `/${theirs.id}/unpublish`],
      ["PUT", `/${theirs.id}/specs`, { specs: [] }],
      ["GET", `/${theirs.id}/variants`],
      ["POST", `/${theirs.id}/variants`, { price_cents: 1 }],
      ["GET", `/${theirs.id}/variants/${v.id}`],
      ["PATCH", `/${theirs.id}/variants/${v.id}`, { stock: 1 }],
      ["DELETE", `/${theirs.id}/variants/${v.id}`],
      ["GET", `/${theirs.id}/reviews`],
      ["POST", `/${theirs.id}/reviews`, { author_name: "A", rating: 1 }],
      ["GET", "/not-a-uuid"],
      ["GET", `/${theirs.id.toUpperCase()}`],
    ];
    for (const [method, path, body] of requests) {
      const res = await call(method, store.path(path), { token: store.token, body });
      expect(res.status, `${method} ${path}: ${res.text}`).toBe(404);
      expect(res.body.code).toBe("not_found");
    }
    expect((await getProduct(other, theirs.id)).body.title).toBe(theirs.title);
  });
});

itSpreadsStoresOverDatabases(() => catalogStoreIds);
