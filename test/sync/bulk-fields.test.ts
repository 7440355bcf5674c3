// Bulk variant changes with custom field values (docs/api/15-sync-and-bulk.md and docs/api/21-custom-fields.md): an item may change a variant's `fields`
// (merged as PATCH merges, null removes a key), alone or with price and stock; every bad value of every item in one
// 422 at updates.<index>.fields.<key>, and nothing changes.
import { describe, expect, it } from "vitest";
import { call } from "../helpers/api";
import { define, fieldStore } from "../fields/support";
import { liveVariable } from "../products/fixtures";

describe("bulk items take `fields`", () => {
  it("sets and removes values by SKU and id, with a price; the variants come back with them", async () => {
    const store = await fieldStore();
    await define(store, { owner: "variant", key: "gtin", type: "text" });
    await define(store, { owner: "variant", key: "dims", type: "json" });
    const product = await liveVariable(store, "Alpha", [{ sku: "A-1" }, { sku: "A-2", option_values: [{ name: "Size", value: "M" }] }]);
    const [v1, v2] = product.variants;
    const first = await call("POST", store.at("/variants/bulk"), {
      token: store.token,
      body: {
        updates: [
          { sku: "a-1", fields: { gtin: "111", dims: { w: 1, h: 2 } } },
          { variant_id: v2.id, price_cents: 900, fields: { gtin: "222" } },
        ],
      },
    });
    expect(first.status, first.text).toBe(200);
    expect(first.body.data.map((v: { fields: unknown }) => v.fields)).toEqual([{ gtin: "111", dims: { w: 1, h: 2 } }, { gtin: "222" }]);
    const second = await call("POST", store.at("/variants/bulk"), {
      token: store.token,
      body: { updates: [{ variant_id: v1.id, fields: { gtin: null, dims: { d: 3 } } }] },
    });
    expect(second.body.data[0].fields).toEqual({ dims: { d: 3 } });
    const read = await call("GET", store.path(`/${product.id}`), { token: store.token });
    expect(read.body.variants.map((v: { fields: unknown }) => v.fields)).toEqual([{ dims: { d: 3 } }, { gtin: "222" }]);
  });

  it("every bad value of every item at once, with the items' other errors; nothing changes", async () => {
    const store = await fieldStore();
    await define(store, { owner: "variant", key: "gtin", type: "text", validations: { regex: "^\\d{8,14}$" } });
    const product = await liveVariable(store, "Alpha", [{ sku: "A-1" }, { sku: "A-2", option_values: [{ name: "Size", value: "M" }] }]);
    const res = await call("POST", store.at("/variants/bulk"), {
      token: store.token,
      body: {
        updates: [
          { sku: "A-1", fields: { gtin: "12" } },
          { sku: "NOPE", price_cents: 1 },
          { sku: "A-2", fields: { unknown: 1 } },
        ],
      },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors.map((e: { path: string }) => e.path)).toEqual(["updates.0.fields.gtin", "updates.1.sku", "updates.2.fields.unknown"]);
    const read = await call("GET", store.path(`/${product.id}`), { token: store.token });
    expect(read.body.variants.map((v: { fields: unknown }) => v.fields)).toEqual([{}, {}]);
  });
});
