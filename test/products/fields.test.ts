// Custom field values on products and variants (docs/api/21-custom-fields.md): `fields` in every response (GET, list items,
// variants) and in the events' data; create bodies set them, PATCH merges (null removes a key), concurrent changes of
// other keys are kept; a definition deleted while a write runs fails it (409, nothing written).
import { afterEach, describe, expect, it, vi } from "vitest";
import { call, newToken } from "../helpers/api";
import { defs, define, errorsOf, fieldStore } from "../fields/support";
import { storeEvents } from "./fixtures";
import { writeBeforeStoreBatches } from "./store-databases";

afterEach(() => vi.restoreAllMocks());

async function productStore() {
  const store = await fieldStore();
  await define(store, { owner: "product", key: "material", type: "text" });
  await define(store, { owner: "product", key: "care", type: "list.text" });
  await define(store, { owner: "product", key: "spec", type: "json" });
  await define(store, { owner: "variant", key: "gtin", type: "text" });
  await define(store, { owner: "variant", key: "weight", type: "decimal" });
  return store;
}

describe("products carry `fields` in every response and in their events' data (keys with a value only)", () => {
  it("create with fields: 201 with them; GET, the list and products.created carry them; a product without any has {}", async () => {
    const store = await productStore();
    const made = await call("POST", store.path(), {
      token: store.token,
      body: { title: "Tee", product_type: "single", default_price_cents: 100, fields: { material: "cotton", care: ["wash cold"], spec: { gsm: 180 } } },
    });
    expect(made.status, made.text).toBe(201);
    const fields = { material: "cotton", care: ["wash cold"], spec: { gsm: 180 } };
    expect(made.body.fields).toEqual(fields);
    expect(made.body.variants[0].fields).toEqual({});
    expect((await call("GET", store.path(`/${made.body.id}`), { token: store.token })).body.fields).toEqual(fields);
    const plain = await call("POST", store.path(), { token: store.token, body: { title: "Plain", product_type: "single", fields: { material: null } } });
    expect(plain.body.fields).toEqual({});
    const list = await call("GET", store.path("?include_drafts=true"), { token: store.token });
    expect(list.body.data.map((p: { fields: unknown }) => p.fields)).toEqual([{}, fields]);
    const created = (await storeEvents(store.id)).filter((e) => e.name === "products.created");
    expect(created.map((e) => e.data.fields)).toEqual([fields, {}]);
  });

  it("PATCH merges: keys given are set (a json value replaced whole), null removes, others stay; products.updated carries the result", async () => {
    const store = await productStore();
    const made = await call("POST", store.path(), {
      token: store.token,
      body: { title: "Tee", product_type: "single", fields: { material: "cotton", spec: { a: 1, b: 2 } } },
    });
    const res = await call("PATCH", store.path(`/${made.body.id}`), {
      token: store.token,
      body: { fields: { care: ["dry flat"], spec: { c: 3 }, material: null } },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.fields).toEqual({ spec: { c: 3 }, care: ["dry flat"] });
    expect(res.headers.get("ETag")).not.toBe(made.headers.get("ETag"));
    const updated = (await storeEvents(store.id)).filter((e) => e.name === "products.updated");
    expect(updated.at(-1)!.data.fields).toEqual({ spec: { c: 3 }, care: ["dry flat"] });
    // An empty list removes the key too.
    const cleared = await call("PATCH", store.path(`/${made.body.id}`), { token: store.token, body: { fields: { care: [] } } });
    expect(cleared.body.fields).toEqual({ spec: { c: 3 } });
  });

  it("a PATCH whose fields are already stored changes nothing: no event, same updated_at", async () => {
    const store = await productStore();
    const made = await call("POST", store.path(), { token: store.token, body: { title: "Tee", product_type: "single", fields: { material: "cotton" } } });
    const before = (await storeEvents(store.id)).length;
    const res = await call("PATCH", store.path(`/${made.body.id}`), { token: store.token, body: { fields: { material: "cotton", care: null } } });
    expect(res.status).toBe(200);
    expect(res.body.updated_at).toBe(made.body.updated_at);
    expect((await storeEvents(store.id)).length).toBe(before);
  });

  it("a concurrent change of another key is kept: the merge is made from the row as the batch sees it", async () => {
    const store = await productStore();
    const made = await call("POST", store.path(), { token: store.token, body: { title: "Tee", product_type: "single", fields: { material: "cotton" } } });
    await writeBeforeStoreBatches(
      store.id,
      `UPDATE products SET fields = json_set(fields, '$.care', json('["by another writer"]')) WHERE id = ?`,
      made.body.id,
    );
    const res = await call("PATCH", store.path(`/${made.body.id}`), { token: store.token, body: { fields: { material: "wool" } } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.fields).toEqual({ material: "wool", care: ["by another writer"] });
  });

  it("a definition deleted between the check and the write: 409, nothing written", async () => {
    const store = await productStore();
    const made = await call("POST", store.path(), { token: store.token, body: { title: "Tee", product_type: "single" } });
    const { id } = (await call("GET", defs(store, "?owner=product"), { token: store.token })).body.data[0];
    await writeBeforeStoreBatches(store.id, "DELETE FROM field_definitions WHERE id = ?", id);
    const res = await call("PATCH", store.path(`/${made.body.id}`), { token: store.token, body: { title: "Renamed", fields: { material: "wool" } } });
    expect(res.status, res.text).toBe(409);
    vi.restoreAllMocks();
    const after = await call("GET", store.path(`/${made.body.id}`), { token: store.token });
    expect(after.body).toMatchObject({ title: "Tee", fields: {} });
  });

  it("bad values are 422 at fields.<key> along with the body's other rules; nothing is written", async () => {
    const store = await productStore();
    const made = await call("POST", store.path(), { token: store.token, body: { title: "Tee", product_type: "single", fields: { material: "cotton" } } });
    const res = await call("PATCH", store.path(`/${made.body.id}`), { token: store.token, body: { fields: { material: "", gtin: "x" } } });
    expect(res.status).toBe(422);
    expect(Object.keys(errorsOf(res)).sort()).toEqual(["fields.gtin", "fields.material"]);
    expect((await call("GET", store.path(`/${made.body.id}`), { token: store.token })).body.fields).toEqual({ material: "cotton" });
  });

  it("writing values needs the write's own bit: products.write to create, products.edit to change", async () => {
    const store = await productStore();
    const writer = await newToken(store.id, store.owner.jwt, ["products.read", "products.write"]);
    const made = await call("POST", store.path(), { token: writer.token, body: { title: "Tee", product_type: "single", fields: { material: "cotton" } } });
    expect(made.status).toBe(201);
    const patch = await call("PATCH", store.path(`/${made.body.id}`), { token: writer.token, body: { fields: { material: "wool" } } });
    expect(patch.status).toBe(403);
    expect(patch.body.missing_permission).toBe("products.edit");
  });
});

describe("variants carry `fields`: create and PATCH (merge) them; the product's events carry them", () => {
  it("create, PATCH merge and null removal, list and GET", async () => {
    const store = await productStore();
    const product = await call("POST", store.path(), { token: store.token, body: { title: "Hoodie", product_type: "variable" } });
    const v = await call("POST", store.path(`/${product.body.id}/variants`), {
      token: store.token,
      body: { price_cents: 100, fields: { gtin: "0012345678905", weight: 0.45 } },
    });
    expect(v.status, v.text).toBe(201);
    expect(v.body.fields).toEqual({ gtin: "0012345678905", weight: 0.45 });
    const patched = await call("PATCH", store.path(`/${product.body.id}/variants/${v.body.id}`), { token: store.token, body: { fields: { weight: null } } });
    expect(patched.body.fields).toEqual({ gtin: "0012345678905" });
    expect((await call("GET", store.path(`/${product.body.id}/variants/${v.body.id}`), { token: store.token })).body.fields).toEqual({ gtin: "0012345678905" });
    expect((await call("GET", store.path(`/${product.body.id}`), { token: store.token })).body.variants[0].fields).toEqual({ gtin: "0012345678905" });
    const events = (await storeEvents(store.id)).filter((e) => e.name === "products.updated");
    expect(events.at(-1)!.data.variants[0].fields).toEqual({ gtin: "0012345678905" });
    const bad = await call("POST", store.path(`/${product.body.id}/variants`), {
      token: store.token,
      body: { price_cents: 100, fields: { material: "product field", weight: "heavy" } },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(errorsOf(bad)).sort()).toEqual(["fields.material", "fields.weight"]);
  });
});
