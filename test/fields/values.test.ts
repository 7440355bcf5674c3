// Custom field values (docs/api/21-custom-fields.md): each type's valid and invalid values, the validations, lists, references
// within the store, every bad value at once at `fields.<key>` (`.<index>` inside lists), an unknown key, and the
// removal of values when their definition goes. The values on each owner resource are in the owners' own tests.
import { describe, expect, it } from "vitest";
import { call } from "../helpers/api";
import { storeAll } from "../products/store-databases";
import { finished, importCsv } from "../sync/csv-helpers";
import { type FieldStore, defs, define, errorsOf, fieldStore } from "./support";

/** A product created with `fields` on `key` (a field of `type` with `validations`): the response. */
async function productWith(store: FieldStore, fields: Record<string, unknown>) {
  return call("POST", store.path(), { token: store.token, body: { title: "T", product_type: "single", default_price_cents: 100, fields } });
}

async function storeWithField(type: string, validations?: object) {
  const store = await fieldStore();
  await define(store, { owner: "product", key: "f", type, ...(validations ? { validations } : {}) });
  return store;
}

const ID = "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b";

describe("each type: its valid values are stored and returned (normalized where the section says), the wrong ones are 422 at fields.<key>", () => {
  it.each([
    ["text", "Organic cotton", "Organic cotton"],
    ["text", "x".repeat(1000), "x".repeat(1000)],
    ["multiline_text", "Line one\nLine two\ttabbed", "Line one\nLine two\ttabbed"],
    ["integer", -42, -42],
    ["integer", 9007199254740991, 9007199254740991],
    ["decimal", 12.5, 12.5],
    ["decimal", 0.1, 0.1],
    ["decimal", 123456789012345, 123456789012345],
    ["boolean", false, false],
    ["date", "2026-02-28", "2026-02-28"],
    ["date", "2024-02-29", "2024-02-29"],
    ["date_time", "2026-11-21T11:00:00+01:00", "2026-11-21T10:00:00.000Z"],
    ["date_time", "2026-11-21T10:00Z", "2026-11-21T10:00:00.000Z"],
    ["url", "https://example.com/care?x=1", "https://example.com/care?x=1"],
    ["money", 1999, 1999],
    ["money", 0, 0],
    ["color", "#FF8800", "#ff8800"],
    ["json", { a: [1, { b: null }], c: "d" }, { a: [1, { b: null }], c: "d" }],
    ["json", "just a string", "just a string"],
    ["json", 0, 0],
    ["list.text", ["S", "M"], ["S", "M"]],
    ["list.integer", [3, 1, 2], [3, 1, 2]],
    ["list.date_time", ["2026-01-01T00:00:00-05:00"], ["2026-01-01T05:00:00.000Z"]],
    ["list.color", ["#ABCDEF"], ["#abcdef"]],
    ["list.boolean", [true, false], [true, false]],
  ])("%s: %#", async (type, value, stored) => {
    const store = await storeWithField(type);
    const res = await productWith(store, { f: value });
    expect(res.status, res.text).toBe(201);
    expect(res.body.fields).toEqual({ f: stored });
    expect((await call("GET", store.path(`/${res.body.id}`), { token: store.token })).body.fields).toEqual({ f: stored });
  });

  it.each([
    ["text", "", /empty/],
    ["text", 5, /string/],
    ["text", "two\nlines", /single-line/],
    ["text", "x".repeat(1001), /at most 1000/],
    ["text", "\ud800", /surrogate/],
    ["multiline_text", "bell\u0007", /control/],
    ["multiline_text", "x".repeat(65536), /at most 65535/],
    ["integer", 1.5, /integer/],
    ["integer", "1", /number/],
    ["integer", 9007199254740992, /integer/],
    ["decimal", "1.5", /number/],
    ["decimal", 1.2345678901234567, /15 significant/],
    ["boolean", "true", /true or false/],
    ["boolean", 1, /true or false/],
    ["date", "2026-02-29", /date/],
    ["date", "2026-1-1", /date/],
    ["date", "2026-01-01T00:00:00Z", /date/],
    ["date_time", "2026-11-21T10:00:00", /offset/],
    ["date_time", "2026-11-21", /offset/],
    ["date_time", "2026-13-01T00:00:00Z", /offset/],
    ["url", "ftp://example.com/a", /http/],
    ["url", "/relative/path", /http/],
    ["money", -1, /minor units/],
    ["money", 10.5, /minor units/],
    ["color", "#fff", /#rrggbb/],
    ["color", "red", /#rrggbb/],
    ["json", { big: "x".repeat(16 * 1024) }, /16384 bytes/],
    ["list.text", "S", /list/],
    ["list.integer", Array.from({ length: 129 }, (_, i) => i), /at most 128/],
    ["product_reference", "not-an-id", /not a product of this store/],
    ["product_reference", 5, /id of a product/],
  ])("%s: case %# is 422", async (type, value, message) => {
    const store = await storeWithField(type);
    const res = await productWith(store, { f: value });
    expect(res.status, res.text).toBe(422);
    expect(res.body.code).toBe("validation_failed");
    expect(Object.keys(errorsOf(res))).toEqual(["fields.f"]);
    expect(errorsOf(res)["fields.f"]).toMatch(message);
  });

  it("a list item's error names its index: fields.<key>.<index>", async () => {
    const store = await storeWithField("list.integer");
    const res = await productWith(store, { f: [1, "two", 3, 4.5] });
    expect(res.status).toBe(422);
    expect(errorsOf(res)).toEqual({ "fields.f.1": "must be a number", "fields.f.3": "must be an integer within ±9007199254740991" });
  });

  it("an empty list is no value: omitted from fields", async () => {
    const store = await storeWithField("list.text");
    const res = await productWith(store, { f: [] });
    expect(res.status, res.text).toBe(201);
    expect(res.body.fields).toEqual({});
  });
});

/** A json value `depth` deep (docs/decisions.md "Custom fields"): `depth` arrays (or objects) around a number. */
function nested(depth: number, kind: "array" | "object" = "array", inside: unknown = 1): unknown {
  let value = inside;
  for (let i = 0; i < depth; i++) value = kind === "array" ? [value] : { a: value };
  return value;
}

describe("json values: at most 32 levels of nesting, 422 at fields.<key> beyond (never a 500), whichever way they come", () => {
  it("32 nested arrays or objects are stored and returned; 33 are 422", async () => {
    const store = await storeWithField("json");
    for (const kind of ["array", "object"] as const) {
      const ok = await productWith(store, { f: nested(32, kind) });
      expect(ok.status, ok.text).toBe(201);
      expect((await call("GET", store.path(`/${ok.body.id}`), { token: store.token })).body.fields).toEqual({ f: nested(32, kind) });
      const deep = await productWith(store, { f: nested(33, kind) });
      expect(deep.status, deep.text).toBe(422);
      expect(errorsOf(deep)).toEqual({ "fields.f": "must be nested at most 32 levels deep" });
    }
    // An empty array or object is a level too; the deepest member decides, whatever the others.
    expect((await productWith(store, { f: { a: nested(30, "array", {}), b: [1] } })).status).toBe(201);
    expect((await productWith(store, { f: { a: nested(31, "array", {}), b: [1] } })).status).toBe(422);
    expect((await productWith(store, { f: [[], nested(31, "object", [])] })).status).toBe(422);
  });

  it("1,000 levels (2 KB) on every owner, on create and on change, in bulk items, PUT by external id and CSV cells: 422, nothing written", async () => {
    const store = await fieldStore();
    for (const owner of ["product", "variant", "collection", "customer", "order"]) await define(store, { owner, key: "f", type: "json" });
    const deep = nested(1000);
    expect(JSON.stringify(deep).length).toBe(2001);
    const product = await call("POST", store.path(), { token: store.token, body: { title: "T", product_type: "variable", status: "draft" } });
    const variant = await call("POST", store.path(`/${product.body.id}/variants`), { token: store.token, body: { price_cents: 100, sku: "DEEP-1" } });
    const collection = await call("POST", store.at("/collections"), { token: store.token, body: { title: "C", kind: "manual" } });
    const customer = await call("POST", store.at("/customers"), { token: store.token, body: { email: `d-${crypto.randomUUID()}@example.test` } });
    expect([product.status, variant.status, collection.status, customer.status]).toEqual([201, 201, 201, 201]);
    await call("PATCH", store.path(`/${product.body.id}`), { token: store.token, body: { status: "live" } });
    const before = await storeAll(store.id, "SELECT name FROM events WHERE store_id = ?", store.id);
    const refused: Array<[string, string, unknown, string]> = [
      ["POST", store.path(), { title: "T", product_type: "single", fields: { f: deep } }, "fields.f"],
      ["PATCH", store.path(`/${product.body.id}`), { fields: { f: deep } }, "fields.f"],
      ["POST", store.path(`/${product.body.id}/variants`), { price_cents: 100, fields: { f: deep } }, "fields.f"],
      ["PATCH", store.path(`/${product.body.id}/variants/${variant.body.id}`), { fields: { f: deep } }, "fields.f"],
      ["POST", store.at("/collections"), { title: "D", kind: "manual", fields: { f: deep } }, "fields.f"],
      ["PATCH", store.at(`/collections/${collection.body.id}`), { fields: { f: deep } }, "fields.f"],
      ["POST", store.at("/customers"), { email: `e-${crypto.randomUUID()}@example.test`, fields: { f: deep } }, "fields.f"],
      ["PATCH", store.at(`/customers/${customer.body.id}`), { fields: { f: deep } }, "fields.f"],
      [
        "POST",
        store.at("/orders"),
        { customer_id: customer.body.id, currency: "USD", line_items: [{ variant_id: variant.body.id, quantity: 1 }], fields: { f: deep } },
        "fields.f",
      ],
      ["POST", store.at("/variants/bulk"), { updates: [{ variant_id: variant.body.id, fields: { f: deep } }] }, "updates.0.fields.f"],
      ["PUT", store.path("/by-external-id/deep-1"), { title: "T", product_type: "single", fields: { f: deep }, variants: [{ price_cents: 100 }] }, "fields.f"],
      [
        "PUT",
        store.path("/by-external-id/deep-2"),
        { title: "T", product_type: "single", variants: [{ price_cents: 100, fields: { f: deep } }] },
        "variants.0.fields.f",
      ],
    ];
    for (const [method, path, body, at] of refused) {
      const res = await call(method, path, { token: store.token, body });
      expect([res.status, res.body?.code], `${method} ${path}: ${res.text}`).toEqual([422, "validation_failed"]);
      expect(errorsOf(res)[at], `${method} ${path}: ${res.text}`).toBe("must be nested at most 32 levels deep");
    }
    const csv = `handle,title,product_type,field:f\r\ndeep,Deep,single,${JSON.stringify(deep)}\r\n`;
    const done = await finished(store, (await importCsv(store, csv)).body.id);
    expect(done).toMatchObject({ state: "done", products_created: 0, errors: [{ line: 2, message: "field:f: must be nested at most 32 levels deep" }] });
    expect(await storeAll(store.id, "SELECT name FROM events WHERE store_id = ?", store.id)).toEqual(before);
    const read = await call("GET", store.path(`/${product.body.id}`), { token: store.token });
    expect([read.body.fields, read.body.variants[0].fields]).toEqual([{}, {}]);
  });
});

describe("a PATCH of a json field replaces the value with exactly what was sent, null members included; the same PATCH again changes nothing", () => {
  const sent = { a: null, b: { c: null, d: [null, { e: null }] }, f: [] };

  it("on a product, a variant, a collection and a customer", async () => {
    const store = await fieldStore();
    for (const owner of ["product", "variant", "collection", "customer"]) await define(store, { owner, key: "spec", type: "json" });
    const stored = { a: 1, b: { c: 2, x: 3 }, y: 4 };
    const product = await call("POST", store.path(), {
      token: store.token,
      body: { title: "T", product_type: "single", default_price_cents: 100, fields: { spec: stored } },
    });
    const variantId = product.body.variants[0].id;
    const collection = await call("POST", store.at("/collections"), { token: store.token, body: { title: "C", kind: "manual", fields: { spec: stored } } });
    const customer = await call("POST", store.at("/customers"), {
      token: store.token,
      body: { email: `j-${crypto.randomUUID()}@example.test`, fields: { spec: stored } },
    });
    expect([product.status, collection.status, customer.status]).toEqual([201, 201, 201]);
    expect(
      (await call("PATCH", store.path(`/${product.body.id}/variants/${variantId}`), { token: store.token, body: { fields: { spec: stored } } })).status,
    ).toBe(200);
    const owners = [
      { path: store.path(`/${product.body.id}`), fields: (body: any) => body.fields },
      { path: store.path(`/${product.body.id}/variants/${variantId}`), fields: (body: any) => body.fields },
      { path: store.at(`/collections/${collection.body.id}`), fields: (body: any) => body.fields },
      { path: store.at(`/customers/${customer.body.id}`), fields: (body: any) => body.fields },
    ];
    const trail = async () => ({
      events: (await storeAll(store.id, "SELECT id FROM events WHERE store_id = ?", store.id)).length,
      audit: (await storeAll(store.id, "SELECT id FROM audit_log WHERE store_id = ?", store.id)).length,
    });
    for (const { path, fields } of owners) {
      const first = await call("PATCH", path, { token: store.token, body: { fields: { spec: sent } } });
      expect(first.status, `${path}: ${first.text}`).toBe(200);
      expect(fields(first.body), path).toStrictEqual({ spec: sent });
      const read = await call("GET", path, { token: store.token });
      expect(fields(read.body), path).toStrictEqual({ spec: sent });
      const before = await trail();
      await new Promise((r) => setTimeout(r, 5));
      const again = await call("PATCH", path, { token: store.token, body: { fields: { spec: sent } } });
      expect(again.status, path).toBe(200);
      expect(again.body, path).toEqual(read.body);
      expect(await trail(), path).toEqual(before);
    }
  });
});

describe("validations: min/max inclusive (values, lengths, item counts), regex, choices", () => {
  it.each([
    ["integer", { min: 1, max: 10 }, [1, 10], [0, 11]],
    ["decimal", { min: 0.5, max: 1.5 }, [0.5, 1.5], [0.49, 1.51]],
    ["money", { max: 500 }, [0, 500], [501]],
    ["date", { min: "2026-01-01", max: "2026-12-31" }, ["2026-01-01", "2026-12-31"], ["2025-12-31", "2027-01-01"]],
    ["date_time", { min: "2026-01-01T00:00:00Z" }, ["2026-01-01T01:00:00+01:00"], ["2025-12-31T23:59:59Z"]],
    ["text", { min: 2, max: 3 }, ["ab", "abc"], ["a", "abcd"]],
    ["text", { regex: "^[A-Z]{2}-\\d{3}$" }, ["AB-123"], ["ab-123", "AB-1234"]],
    ["text", { choices: ["cotton", "wool"] }, ["cotton", "wool"], ["Cotton", "silk"]],
    ["url", { regex: "^https://" }, ["https://a.example"], ["http://a.example"]],
    [
      "list.text",
      { min: 2, max: 3, choices: ["S", "M", "L"] },
      [
        ["S", "M"],
        ["S", "M", "L"],
      ],
      [["S"], ["S", "M", "L", "S"], ["S", "XL"]],
    ],
    ["list.text", { regex: "^\\d+$" }, [["1", "22"]], [["1", "x"]]],
    ["list.integer", { max: 2 }, [[5, 6]], [[1, 2, 3]]],
  ])("%s %j: %j pass, %j fail", async (type, validations, good, bad) => {
    const store = await storeWithField(type, validations);
    for (const value of good) {
      const res = await productWith(store, { f: value });
      expect(res.status, `${JSON.stringify(value)}: ${res.text}`).toBe(201);
    }
    for (const value of bad) {
      const res = await productWith(store, { f: value });
      expect(res.status, JSON.stringify(value)).toBe(422);
      expect(Object.keys(errorsOf(res))[0]).toMatch(/^fields\.f/);
    }
  });

  it("a catastrophic pattern on the longest value is answered in linear time (no backtracking)", async () => {
    const store = await storeWithField("text", { regex: "^(a+)+$" });
    // JavaScript's own RegExp would not finish this; the test's timeout would end it.
    const res = await productWith(store, { f: `${"a".repeat(999)}!` });
    expect(res.status).toBe(422);
    expect(errorsOf(res)["fields.f"]).toMatch(/pattern/);
    expect((await productWith(store, { f: "a".repeat(1000) })).status).toBe(201);
  });

  it("changing validations applies to later writes: a stored value that no longer passes stays", async () => {
    const store = await fieldStore();
    const d = await define(store, { owner: "product", key: "size", type: "integer" });
    const made = await productWith(store, { size: 50 });
    expect(made.status, made.text).toBe(201);
    await call("PATCH", defs(store, `/${d.id}`), { token: store.token, body: { validations: { max: 10 } } });
    expect((await call("GET", store.path(`/${made.body.id}`), { token: store.token })).body.fields).toEqual({ size: 50 });
    const res = await call("PATCH", store.path(`/${made.body.id}`), { token: store.token, body: { fields: { size: 11 } } });
    expect(res.status).toBe(422);
    expect(errorsOf(res)).toEqual({ "fields.size": "must be at most 10" });
    // Another key changes without touching the stored one.
    await define(store, { owner: "product", key: "note", type: "text" });
    const other = await call("PATCH", store.path(`/${made.body.id}`), { token: store.token, body: { fields: { note: "x" } } });
    expect(other.body.fields).toEqual({ size: 50, note: "x" });
  });
});

describe("every bad value at once; an unknown key (or another owner's) is 422; nothing is written", () => {
  it("three bad values and an unknown key: four errors, no product", async () => {
    const store = await fieldStore();
    await define(store, { owner: "product", key: "a", type: "integer" });
    await define(store, { owner: "product", key: "b", type: "date" });
    await define(store, { owner: "product", key: "c", type: "list.text" });
    await define(store, { owner: "variant", key: "v", type: "text" });
    const res = await productWith(store, { a: "x", b: "tomorrow", c: ["ok", ""], v: "variant field", nope: 1 });
    expect(res.status).toBe(422);
    expect(Object.keys(errorsOf(res)).sort()).toEqual(["fields.a", "fields.b", "fields.c.1", "fields.nope", "fields.v"]);
    expect(errorsOf(res)["fields.nope"]).toMatch(/is not a product field of this store/);
    const count = await storeAll(store.id, "SELECT id FROM products WHERE store_id = ?", store.id);
    expect(count).toHaveLength(0);
  });
});

describe("references: an id of that resource in this store; another store's id, or another kind's, is 422", () => {
  it("product, variant, collection and customer references", async () => {
    const store = await fieldStore();
    const other = await fieldStore();
    for (const type of ["product", "variant", "collection", "customer"]) await define(store, { owner: "product", key: type, type: `${type}_reference` });
    await define(store, { owner: "product", key: "related", type: "list.product_reference" });
    const target = (await productWith(store, {})).body;
    const variantId = target.variants[0].id;
    const collection = (await call("POST", store.at("/collections"), { token: store.token, body: { title: "C", kind: "manual" } })).body;
    const customer = (await call("POST", store.at("/customers"), { token: store.token, body: { email: `r-${crypto.randomUUID()}@example.test` } })).body;
    const good = { product: target.id, variant: variantId, collection: collection.id, customer: customer.id, related: [target.id] };
    const res = await productWith(store, good);
    expect(res.status, res.text).toBe(201);
    expect(res.body.fields).toEqual(good);

    const elsewhere = (await call("POST", other.path(), { token: other.token, body: { title: "O", product_type: "single" } })).body;
    const bad = await productWith(store, {
      product: elsewhere.id,
      variant: target.id,
      collection: ID,
      customer: variantId,
      related: [target.id, elsewhere.id],
    });
    expect(bad.status).toBe(422);
    expect(errorsOf(bad)).toEqual({
      "fields.product": "is not a product of this store",
      "fields.variant": "is not a variant of this store",
      "fields.collection": "is not a collection of this store",
      "fields.customer": "is not a customer of this store",
      "fields.related.1": "is not a product of this store",
    });
  });
});

describe("DELETE of a definition removes its values from every resource, without events; a later definition with the same key starts empty", () => {
  it("products, variants, collections, customers and orders lose the key; no event, no updated_at change; the index rows go", async () => {
    const store = await fieldStore();
    const owners = ["product", "variant", "collection", "customer", "order"];
    const ids: Record<string, string> = {};
    for (const owner of owners) ids[owner] = (await define(store, { owner, key: "note", type: "text", filterable: owner === "product" })).id;
    await define(store, { owner: "product", key: "keep", type: "text" });
    const product = await call("POST", store.path(), {
      token: store.token,
      body: { title: "T", product_type: "single", default_price_cents: 100, status: "live", fields: { note: "p", keep: "k" } },
    });
    const variantId = product.body.variants[0].id;
    expect(
      (await call("PATCH", store.path(`/${product.body.id}/variants/${variantId}`), { token: store.token, body: { stock: 5, fields: { note: "v" } } })).status,
    ).toBe(200);
    const collection = await call("POST", store.at("/collections"), { token: store.token, body: { title: "C", kind: "manual", fields: { note: "c" } } });
    const customer = await call("POST", store.at("/customers"), {
      token: store.token,
      body: { email: `c-${crypto.randomUUID()}@example.test`, fields: { note: "u" } },
    });
    const order = await call("POST", store.at("/orders"), {
      token: store.token,
      body: { customer_id: customer.body.id, currency: "USD", line_items: [{ variant_id: variantId, quantity: 1 }], fields: { note: "o" } },
    });
    expect([collection.status, customer.status, order.status], order.text).toEqual([201, 201, 201]);
    const read = async () => ({
      product: (await call("GET", store.path(`/${product.body.id}`), { token: store.token })).body,
      collection: (await call("GET", store.at(`/collections/${collection.body.id}`), { token: store.token })).body,
      customer: (await call("GET", store.at(`/customers/${customer.body.id}`), { token: store.token })).body,
      order: (await call("GET", store.at(`/orders/${order.body.id}`), { token: store.token })).body,
    });
    const before = await read();
    expect(before.product.fields).toEqual({ note: "p", keep: "k" });
    expect(before.product.variants[0].fields).toEqual({ note: "v" });
    expect([before.collection.fields, before.customer.fields, before.order.fields]).toEqual([{ note: "c" }, { note: "u" }, { note: "o" }]);
    expect(await storeAll(store.id, "SELECT resource_id FROM field_index WHERE store_id = ?", store.id)).toHaveLength(1);
    const events = async () => (await storeAll(store.id, "SELECT id FROM events WHERE store_id = ?", store.id)).length;
    const eventCount = await events();
    for (const owner of owners) expect((await call("DELETE", defs(store, `/${ids[owner]}`), { token: store.token })).status).toBe(204);
    const after = await read();
    expect(after.product.fields).toEqual({ keep: "k" });
    expect(after.product.variants[0].fields).toEqual({});
    expect([after.collection.fields, after.customer.fields, after.order.fields]).toEqual([{}, {}, {}]);
    expect(after.product.updated_at).toBe(before.product.updated_at);
    expect(after.customer.updated_at).toBe(before.customer.updated_at);
    expect(await events()).toBe(eventCount);
    expect(await storeAll(store.id, "SELECT resource_id FROM field_index WHERE store_id = ?", store.id)).toHaveLength(0);
    expect(await storeAll(store.id, "SELECT action FROM audit_log WHERE store_id = ? AND action = 'field_definition.delete'", store.id)).toHaveLength(5);
    // The same key again: nothing carries over.
    await define(store, { owner: "product", key: "note", type: "integer" });
    expect((await call("GET", store.path(`/${product.body.id}`), { token: store.token })).body.fields).toEqual({ keep: "k" });
    expect((await call("GET", defs(store, `/${ids.product}`), { token: store.token })).status).toBe(404);
  });
});
