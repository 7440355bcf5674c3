// The product list filtered by custom fields (docs/api/21-custom-fields.md): `field.<key>=<value>` (repeatable across keys, all
// must match) for a filterable product field, or a variant field (products with a matching variant); `.min` / `.max`
// (inclusive) for integer, decimal, money and date; text matches exactly (case-sensitive); a key defined for both
// filters by the product's field; a key that is not filterable is 422. Cursors, drafts, other filters and sorts apply.
import { describe, expect, it } from "vitest";
import { call } from "../helpers/api";
import { type FieldStore, define, errorsOf, fieldStore } from "../fields/support";

async function product(store: FieldStore, title: string, fields: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  const res = await call("POST", store.path(), {
    token: store.token,
    body: { title, product_type: "single", default_price_cents: 100, status: "live", fields, ...extra },
  });
  if (res.status !== 201) throw new Error(`${title}: ${res.status} ${res.text}`);
  return res.body as { id: string; variants: Array<{ id: string }> };
}

const list = (store: FieldStore, query: string) => call("GET", store.path(`?${query}`), { token: store.token });
const titles = (res: { body: { data: Array<{ title: string }> } }) => res.body.data.map((p) => p.title);

describe("field.<key>=<value> filters by each filterable type's value", () => {
  it.each([
    ["text", ["Cotton", "cotton", "Cotton "], "Cotton", ["A"]],
    ["multiline_text", ["a\nb", "a b"], "a%0Ab", ["A"]],
    ["integer", [5, 50, -5], "-5", ["C"]],
    ["decimal", [0.5, 1, 1.25], "1.0", ["B"]],
    ["boolean", [true, false, true], "true", ["C", "A"]],
    ["date", ["2026-03-01", "2026-03-02"], "2026-03-02", ["B"]],
    ["date_time", ["2026-03-01T10:00:00Z", "2026-03-01T11:00:00+02:00"], "2026-03-01T09:00:00.000Z", ["B"]],
    ["url", ["https://a.example/x", "https://a.example/X"], "https://a.example/X", ["B"]],
    ["money", [1999, 2000], "1999", ["A"]],
    ["color", ["#AABBCC", "#000000"], "%23aabbcc", ["A"]],
  ] as const)("%s", async (type, values, query, expected) => {
    const store = await fieldStore();
    await define(store, { owner: "product", key: "f", type, filterable: true });
    for (const [i, value] of values.entries()) await product(store, "ABC"[i], { f: value });
    await product(store, "None", {});
    const res = await list(store, `field.f=${query}`);
    expect(res.status, res.text).toBe(200);
    expect(titles(res)).toEqual(expected);
    expect(res.body.pagination.total).toBe(expected.length);
  });

  it("a reference filters by the id", async () => {
    const store = await fieldStore();
    await define(store, { owner: "product", key: "related", type: "product_reference", filterable: true });
    const target = await product(store, "Target", {});
    await product(store, "Points", { related: target.id });
    expect(titles(await list(store, `field.related=${target.id}`))).toEqual(["Points"]);
  });
});

describe("ranges: field.<key>.min / .max, inclusive, for integer, decimal, money and date", () => {
  it.each([
    ["integer", [1, 5, 10], "field.f.min=5&field.f.max=10", ["C", "B"]],
    ["decimal", [0.5, 1.5, 2.5], "field.f.max=1.5", ["B", "A"]],
    ["money", [100, 200, 300], "field.f.min=200", ["C", "B"]],
    ["date", ["2026-01-01", "2026-06-01", "2026-12-31"], "field.f.min=2026-01-01&field.f.max=2026-06-01", ["B", "A"]],
  ] as const)("%s", async (type, values, query, expected) => {
    const store = await fieldStore();
    await define(store, { owner: "product", key: "f", type, filterable: true });
    for (const [i, value] of values.entries()) await product(store, "ABC"[i], { f: value });
    const res = await list(store, query);
    expect(res.status, res.text).toBe(200);
    expect(titles(res)).toEqual(expected);
  });

  it("a range on another type, min above max, a bad value: 422 at field.<key>[.min|.max]", async () => {
    const store = await fieldStore();
    await define(store, { owner: "product", key: "t", type: "text", filterable: true });
    await define(store, { owner: "product", key: "n", type: "integer", filterable: true });
    await define(store, { owner: "product", key: "d", type: "date", filterable: true });
    const res = await list(store, "field.t.min=a&field.n.min=5&field.n.max=4&field.d=tomorrow");
    expect(res.status).toBe(422);
    expect(Object.keys(errorsOf(res)).sort()).toEqual(["field.d", "field.n.max", "field.t.min"]);
  });
});

describe("variant fields: the products with a matching variant", () => {
  it("each product once, however many of its variants match; a range is met by one variant", async () => {
    const store = await fieldStore();
    await define(store, { owner: "variant", key: "size_cm", type: "integer", filterable: true });
    const made = async (title: string, sizes: number[]) => {
      const p = await call("POST", store.path(), { token: store.token, body: { title, product_type: "variable" } });
      for (const [i, size] of sizes.entries()) {
        await call("POST", store.path(`/${p.body.id}/variants`), {
          token: store.token,
          body: { price_cents: 1, option_values: [{ name: "S", value: String(i) }], fields: { size_cm: size } },
        });
      }
      await call("POST", store.path(`/${p.body.id}/publish`), { token: store.token });
    };
    await made("Two matches", [50, 50]);
    await made("One match", [40, 50]);
    await made("Range only by two", [10, 90]);
    const eq = await list(store, "field.size_cm=50");
    expect(titles(eq)).toEqual(["One match", "Two matches"]);
    expect(eq.body.pagination.total).toBe(2);
    expect(titles(await list(store, "field.size_cm.min=45&field.size_cm.max=55"))).toEqual(["One match", "Two matches"]);
  });

  it("a key defined for products and for variants filters by the product's field", async () => {
    const store = await fieldStore();
    await define(store, { owner: "product", key: "color", type: "text", filterable: true });
    await define(store, { owner: "variant", key: "color", type: "text", filterable: true });
    const a = await product(store, "Product red", { color: "red" });
    const b = await product(store, "Variant red", { color: "blue" });
    await call("PATCH", store.path(`/${b.id}/variants/${b.variants[0].id}`), { token: store.token, body: { fields: { color: "red" } } });
    expect(titles(await list(store, "field.color=red"))).toEqual(["Product red"]);
    expect(a.id).toBeTruthy();
  });
});

describe("several keys: all must match (product and variant fields together), with the other filters and sorts", () => {
  it("intersects, honours status/include_drafts, tags, brand, sorts and search", async () => {
    const store = await fieldStore();
    await define(store, { owner: "product", key: "material", type: "text", filterable: true });
    await define(store, { owner: "product", key: "organic", type: "boolean", filterable: true });
    await define(store, { owner: "variant", key: "gtin", type: "text", filterable: true });
    const a = await product(store, "Alpha shirt", { material: "cotton", organic: true }, { tags: ["sale"], brand: "Acme" });
    await product(store, "Beta shirt", { material: "cotton", organic: false }, { brand: "Acme" });
    await product(store, "Gamma shirt", { material: "cotton", organic: true }, { status: "draft" });
    await call("PATCH", store.path(`/${a.id}/variants/${a.variants[0].id}`), { token: store.token, body: { fields: { gtin: "0001" } } });
    expect(titles(await list(store, "field.material=cotton&field.organic=true"))).toEqual(["Alpha shirt"]);
    expect(titles(await list(store, "field.material=cotton&field.organic=true&include_drafts=true"))).toEqual(["Alpha shirt", "Gamma shirt"]);
    expect(titles(await list(store, "field.material=cotton&status=draft"))).toEqual(["Gamma shirt"]);
    expect(titles(await list(store, "field.material=cotton&field.gtin=0001"))).toEqual(["Alpha shirt"]);
    expect(titles(await list(store, "field.material=cotton&tag=sale"))).toEqual(["Alpha shirt"]);
    expect(titles(await list(store, "field.material=cotton&brand=acme&sort=title"))).toEqual(["Alpha shirt", "Beta shirt"]);
    expect(titles(await list(store, "field.material=cotton&sort=-title"))).toEqual(["Beta shirt", "Alpha shirt"]);
    expect(titles(await list(store, "field.material=cotton&search=beta"))).toEqual(["Beta shirt"]);
    expect(titles(await list(store, "field.material=wool"))).toEqual([]);
  });
});

describe("cursors walk the matches once each, in order, on both paths", () => {
  it.each([
    ["the index walk (default order)", "field.n=1"],
    ["the candidates (another sort)", "field.n=1&sort=title"],
    ["a range", "field.n.min=1"],
    ["the change feed", "field.n=1&updated_since=2020-01-01T00:00:00.000Z"],
  ])("%s", async (_name, query) => {
    const store = await fieldStore();
    await define(store, { owner: "product", key: "n", type: "integer", filterable: true });
    const made: string[] = [];
    for (let i = 0; i < 7; i++) made.push((await product(store, `P${i}`, { n: i % 3 === 2 ? 0 : 1 })).id);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await list(store, `${query}&limit=2${cursor ? `&cursor=${cursor}` : ""}`);
      expect(res.status, res.text).toBe(200);
      expect(res.body.pagination.total).toBe(5);
      seen.push(...res.body.data.map((p: { id: string }) => p.id));
      cursor = res.body.pagination.next_cursor;
    } while (cursor);
    expect(seen.sort()).toEqual(made.filter((_, i) => i % 3 !== 2).sort());
  });
});

describe("not filterable, unknown or malformed: 422 at field.<key>", () => {
  it("names each problem", async () => {
    const store = await fieldStore();
    await define(store, { owner: "product", key: "plain", type: "text" });
    const res = await list(store, "field.plain=x&field.nope=y&field.Bad=z");
    expect(res.status).toBe(422);
    expect(errorsOf(res)).toMatchObject({
      "field.plain": expect.stringMatching(/not filterable/),
      "field.nope": expect.stringMatching(/not a product or variant field/),
      "field.Bad": expect.stringMatching(/not a field filter/),
    });
    const twice = await list(store, "field.plain=x&field.plain=y");
    expect(twice.status).toBe(422);
    const tooMany = await list(store, Array.from({ length: 11 }, (_, i) => `field.k${i}=1`).join("&"));
    expect(tooMany.status).toBe(422);
    // A customer field of the same key is not a product list filter.
    await define(store, { owner: "customer", key: "tier", type: "text" });
    expect(errorsOf(await list(store, "field.tier=gold"))["field.tier"]).toMatch(/not a product or variant field/);
  });

  it("made filterable later: the values already stored are found", async () => {
    const store = await fieldStore();
    const d = await define(store, { owner: "product", key: "plain", type: "text" });
    await product(store, "Old", { plain: "x" });
    expect((await list(store, "field.plain=x")).status).toBe(422);
    await call("PATCH", `/stores/${store.id}/field-definitions/${d.id}`, { token: store.token, body: { filterable: true } });
    expect(titles(await list(store, "field.plain=x"))).toEqual(["Old"]);
  });
});

describe("filter values are text (docs/api/13b-holder-limits.md): a control character is 422 naming the parameter, as for search, sku, tag and brand", () => {
  const CONTROLS = ["%00", "%0A", "%0D", "%09", "%7F", "%1B", "%C2%85"];

  it.each(CONTROLS)("%s in field.<key>, field.<key>.min and field.<key>.max", async (control) => {
    const store = await fieldStore();
    await define(store, { owner: "product", key: "f", type: "text", filterable: true });
    await define(store, { owner: "variant", key: "n", type: "integer", filterable: true });
    await product(store, "A", { f: "ab" });
    // The shape the other parameters answer with (the text type of src/lib/text.ts).
    const search = await list(store, `search=a${control}b`);
    expect([search.status, search.body.errors[0].path]).toEqual([422, "search"]);
    for (const [query, at] of [
      [`field.f=a${control}b`, "field.f"],
      [`field.n.min=1${control}`, "field.n.min"],
      [`field.n.max=${control}9`, "field.n.max"],
    ]) {
      const res = await list(store, query);
      expect(res.status, `${query}: ${res.text}`).toBe(422);
      expect(res.headers.get("Content-Type")).toMatch(/^application\/problem\+json/);
      expect(res.body.code).toBe("validation_failed");
      expect(res.body.errors, query).toEqual([{ path: at, message: search.body.errors[0].message }]);
    }
    // With other problems, all at once.
    const both = await list(store, `field.f=a${control}b&field.nope=x`);
    expect(Object.keys(errorsOf(both)).sort()).toEqual(["field.f", "field.nope"]);
  });

  it("a multiline_text field's filter takes tab and line breaks, as its values do, but no other control character", async () => {
    const store = await fieldStore();
    await define(store, { owner: "product", key: "notes", type: "multiline_text", filterable: true });
    await product(store, "A", { notes: "a\r\n\tb" });
    expect(titles(await list(store, "field.notes=a%0D%0A%09b"))).toEqual(["A"]);
    for (const control of ["%00", "%7F", "%1B", "%0B"]) {
      const res = await list(store, `field.notes=a${control}b`);
      expect([res.status, res.body.errors?.[0]?.path], control).toEqual([422, "field.notes"]);
      expect(res.body.errors[0].message).toMatch(/control characters/);
    }
  });
});
