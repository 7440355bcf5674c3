// The index of filterable values (migration 0029, docs/decisions.md "Custom fields"): kept by triggers from the
// products' and variants' `fields`, so every write path keeps it (API, bulk, import, a direct UPDATE); one row per
// (definition, product or variant) of a filterable field only, carrying the product's id, status and updated_at;
// made filterable: backfilled; made unfilterable, deleted: its rows go; so do a deleted variant's and product's.
import { describe, expect, it } from "vitest";
import { call } from "../helpers/api";
import { storeRun } from "../products/store-databases";
import { defs, define, fieldStore, indexRows } from "./support";

describe("field_index follows the owners' `fields` (filterable keys only)", () => {
  it("a product's values: one row per filterable key with its typed value; only changed keys are rewritten; status and updated_at follow", async () => {
    const store = await fieldStore();
    await define(store, { owner: "product", key: "material", type: "text", filterable: true });
    await define(store, { owner: "product", key: "weight", type: "decimal", filterable: true });
    await define(store, { owner: "product", key: "organic", type: "boolean", filterable: true });
    await define(store, { owner: "product", key: "note", type: "text" });
    const made = await call("POST", store.path(), {
      token: store.token,
      body: {
        title: "Tee",
        product_type: "single",
        default_price_cents: 100,
        fields: { material: "Cotton", weight: 0.25, organic: true, note: "not indexed" },
      },
    });
    const rows = await indexRows(store.id);
    expect(rows.map((r) => [r.key, r.value, r.product_id, r.status, r.updated_at])).toEqual([
      ["material", "Cotton", made.body.id, "draft", made.body.updated_at],
      ["organic", 1, made.body.id, "draft", made.body.updated_at],
      ["weight", 0.25, made.body.id, "draft", made.body.updated_at],
    ]);
    await storeRun(
      store.id,
      "UPDATE field_index SET updated_at = 'untouched' WHERE resource_id = ? AND definition_id IN (SELECT id FROM field_definitions WHERE key = 'organic')",
      made.body.id,
    );
    const patched = await call("PATCH", store.path(`/${made.body.id}`), {
      token: store.token,
      body: { status: "live", fields: { material: "Wool", weight: null } },
    });
    expect(patched.status, patched.text).toBe(200);
    const after = await indexRows(store.id);
    expect(after.map((r) => [r.key, r.value, r.status, r.updated_at])).toEqual([
      ["material", "Wool", "live", patched.body.updated_at],
      ["organic", 1, "live", patched.body.updated_at],
    ]);
    // A direct write of the column (any code path) is indexed too.
    await storeRun(store.id, `UPDATE products SET fields = json_set(fields, '$.weight', 2) WHERE id = ?`, made.body.id);
    expect((await indexRows(store.id)).find((r) => r.key === "weight")?.value).toBe(2);
    expect((await call("DELETE", store.path(`/${made.body.id}`), { token: store.token })).status).toBe(204);
    expect(await indexRows(store.id)).toEqual([]);
  });

  it("a variant's values carry its product's id, status and updated_at; a deleted variant's rows go", async () => {
    const store = await fieldStore();
    await define(store, { owner: "variant", key: "size_cm", type: "integer", filterable: true });
    const product = await call("POST", store.path(), { token: store.token, body: { title: "Hoodie", product_type: "variable" } });
    const a = await call("POST", store.path(`/${product.body.id}/variants`), { token: store.token, body: { price_cents: 1, fields: { size_cm: 50 } } });
    const b = await call("POST", store.path(`/${product.body.id}/variants`), {
      token: store.token,
      body: { price_cents: 1, option_values: [{ name: "S", value: "L" }], fields: { size_cm: 60 } },
    });
    const current = (await call("GET", store.path(`/${product.body.id}`), { token: store.token })).body;
    expect((await indexRows(store.id)).map((r) => [r.resource_id, r.product_id, r.value, r.status, r.updated_at]).sort()).toEqual(
      [
        [a.body.id, product.body.id, 50, "draft", current.updated_at],
        [b.body.id, product.body.id, 60, "draft", current.updated_at],
      ].sort(),
    );
    expect((await call("DELETE", store.path(`/${product.body.id}/variants/${a.body.id}`), { token: store.token })).status).toBe(204);
    expect((await indexRows(store.id)).map((r) => r.resource_id)).toEqual([b.body.id]);
  });

  it("made filterable: the stored values are indexed (products and variants); made unfilterable: the rows go", async () => {
    const store = await fieldStore();
    const p = await define(store, { owner: "product", key: "material", type: "text" });
    const v = await define(store, { owner: "variant", key: "color", type: "color" });
    const made = await call("POST", store.path(), { token: store.token, body: { title: "Tee", product_type: "single", fields: { material: "Linen" } } });
    const variantId = made.body.variants[0].id;
    await call("PATCH", store.path(`/${made.body.id}/variants/${variantId}`), { token: store.token, body: { fields: { color: "#112233" } } });
    await call("POST", store.path(), { token: store.token, body: { title: "No value", product_type: "single" } });
    expect(await indexRows(store.id)).toEqual([]);
    for (const d of [p, v]) expect((await call("PATCH", defs(store, `/${d.id}`), { token: store.token, body: { filterable: true } })).status).toBe(200);
    expect((await indexRows(store.id)).map((r) => [r.key, r.resource_id, r.product_id, r.value])).toEqual([
      ["color", variantId, made.body.id, "#112233"],
      ["material", made.body.id, made.body.id, "Linen"],
    ]);
    expect((await call("PATCH", defs(store, `/${p.id}`), { token: store.token, body: { filterable: false } })).body.filterable).toBe(false);
    expect((await indexRows(store.id)).map((r) => r.key)).toEqual(["color"]);
  });

  it("another store's writes never touch this store's rows", async () => {
    const store = await fieldStore();
    const other = await fieldStore();
    await define(store, { owner: "product", key: "material", type: "text", filterable: true });
    await define(other, { owner: "product", key: "material", type: "text", filterable: true });
    await call("POST", store.path(), { token: store.token, body: { title: "Mine", product_type: "single", fields: { material: "Silk" } } });
    await call("POST", other.path(), { token: other.token, body: { title: "Theirs", product_type: "single", fields: { material: "Silk" } } });
    expect(await indexRows(store.id)).toHaveLength(1);
    expect(await indexRows(other.id)).toHaveLength(1);
  });
});
