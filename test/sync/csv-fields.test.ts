// CSV columns of custom fields (docs/api/15-sync-and-bulk.md and docs/api/21-custom-fields.md): `field:<key>` (product fields, on a product's first row)
// and `variant_field:<key>` after section 18's columns; lists and json as JSON text, money in minor units, booleans
// true/false, dates as in JSON; the import checks cells with the API's own rules (a bad cell is its row's error), and
// the export → import round trip into an empty store with the same definitions stays identical.
import { describe, expect, it } from "vitest";
import { call } from "../helpers/api";
import { type FieldStore, define, fieldStore } from "../fields/support";
import { EXPORT_HEADER, exportCsv, finished, importCsv } from "./csv-helpers";

const PRODUCT_FIELDS: Array<[string, string]> = [
  ["material", "text"],
  ["notes", "multiline_text"],
  ["weight_g", "integer"],
  ["ratio", "decimal"],
  ["organic", "boolean"],
  ["launch", "date"],
  ["launch_at", "date_time"],
  ["care_url", "url"],
  ["cost", "money"],
  ["swatch", "color"],
  ["spec", "json"],
  ["sizes", "list.text"],
  ["scores", "list.integer"],
];
const VARIANT_FIELDS: Array<[string, string]> = [
  ["gtin", "text"],
  ["depth", "decimal"],
  ["flags", "list.boolean"],
];

async function withDefinitions(): Promise<FieldStore> {
  const store = await fieldStore();
  // The scalar ones filterable: the import keeps the index too.
  for (const [key, type] of PRODUCT_FIELDS) await define(store, { owner: "product", key, type, filterable: !type.startsWith("list.") && type !== "json" });
  for (const [key, type] of VARIANT_FIELDS) await define(store, { owner: "variant", key, type });
  return store;
}

const VALUES = {
  material: '=cotton, "combed"',
  notes: "Line one\nLine two",
  weight_g: -180,
  ratio: 0.1,
  organic: false,
  launch: "2026-03-01",
  launch_at: "2026-03-01T09:30:00.000Z",
  care_url: "https://example.com/care?a=1&b=2",
  cost: 1299,
  swatch: "#a1b2c3",
  spec: { gsm: 180, blend: ["cotton", "elastane"], note: null },
  sizes: ["S", "M, L"],
  scores: [1, 2, 3],
};

const shape = async (store: FieldStore) =>
  (await call("GET", store.path("?include_drafts=true&limit=100&sort=title"), { token: store.token })).body.data.map((p: any) => ({
    slug: p.slug,
    fields: p.fields,
    variants: p.variants.map((v: any) => [v.sku, v.fields]),
  }));

describe("the export carries field: and variant_field: columns after section 18's", () => {
  it("one column per definition (product fields, then variant fields, oldest first), cells as the section says; the round trip is identical", async () => {
    const source = await withDefinitions();
    const tee = await call("POST", source.path(), {
      token: source.token,
      body: { title: "Tee", product_type: "single", default_price_cents: 100, fields: VALUES },
    });
    expect(tee.status, tee.text).toBe(201);
    await call("PATCH", source.path(`/${tee.body.id}/variants/${tee.body.variants[0].id}`), {
      token: source.token,
      body: { sku: "TEE-1", fields: { gtin: "0001", depth: 2.5, flags: [true, false] } },
    });
    const hoodie = await call("POST", source.path(), {
      token: source.token,
      body: { title: "Hoodie", product_type: "variable", fields: { material: "wool" } },
    });
    for (const [i, gtin] of ["0002", "0003"].entries()) {
      await call("POST", source.path(`/${hoodie.body.id}/variants`), {
        token: source.token,
        body: { price_cents: 100, sku: `H-${i}`, option_values: [{ name: "Size", value: String(i) }], fields: { gtin } },
      });
    }
    await call("POST", source.path(), { token: source.token, body: { title: "Plain", product_type: "single" } });

    const csv = (await exportCsv(source)).text;
    const lines = csv.split("\r\n");
    const custom = [...PRODUCT_FIELDS.map(([k]) => `field:${k}`), ...VARIANT_FIELDS.map(([k]) => `variant_field:${k}`)];
    expect(lines[0]).toBe(`${EXPORT_HEADER},${custom.join(",")}`);
    const teeLine = lines.find((l) => l.startsWith("tee,"))!;
    // Money in minor units, booleans true/false, a negative integer escaped like any formula-like cell, JSON for lists and json.
    expect(teeLine).toContain(',"\'=cotton, ""combed""",');
    expect(teeLine).toContain(",'-180,0.1,false,2026-03-01,2026-03-01T09:30:00.000Z,");
    expect(teeLine).toContain(
      ',1299,#a1b2c3,"{""gsm"":180,""blend"":[""cotton"",""elastane""],""note"":null}","[""S"",""M, L""]","[1,2,3]",0001,2.5,"[true,false]"',
    );
    // A variant's later rows carry only its variant fields.
    const hoodieRows = lines.filter((l) => l.startsWith("hoodie,"));
    expect(hoodieRows[1]).toMatch(/,,,,,,,,,,,,,0003,,$/);

    const target = await withDefinitions();
    const started = await importCsv(target, csv);
    expect(started.status, started.text).toBe(202);
    expect(await finished(target, started.body.id)).toMatchObject({ state: "done", errors: [] });
    expect((await exportCsv(target)).text.split("\r\n").sort()).toEqual(lines.sort());
    expect(await shape(target)).toEqual(await shape(source));
  });
});

describe("the import reads the cells with the API's rules", () => {
  it("an empty product cell removes the value; an empty variant cell leaves it; a bad cell is that row's error", async () => {
    const store = await withDefinitions();
    const made = await call("POST", store.path(), {
      token: store.token,
      body: { title: "Tee", product_type: "single", slug: "tee", default_price_cents: 100, fields: { material: "cotton", cost: 5 } },
    });
    await call("PATCH", store.path(`/${made.body.id}/variants/${made.body.variants[0].id}`), {
      token: store.token,
      body: { sku: "TEE-1", fields: { gtin: "0001" } },
    });
    const csv = [
      "handle,title,product_type,variant_sku,price,field:material,field:cost,variant_field:gtin",
      "tee,Tee,single,TEE-1,1.00,,7,",
      "bad,Bad,single,BAD-1,1.00,ok,-1,",
      "worse,Worse,single,W-1,1.00,,12.5,",
      "json,Json,single,J-1,1.00,,,",
    ].join("\r\n");
    const started = await importCsv(store, `${csv}\r\n`);
    expect(started.status, started.text).toBe(202);
    const done = await finished(store, started.body.id);
    expect(done.errors).toEqual([
      { line: 3, message: expect.stringContaining("field:cost: must be a whole number of minor units") },
      { line: 4, message: expect.stringContaining("field:cost") },
    ]);
    const tee = (await call("GET", store.path(`/${made.body.id}`), { token: store.token })).body;
    expect(tee.fields).toEqual({ cost: 7 });
    expect(tee.variants[0].fields).toEqual({ gtin: "0001" });
  });

  it("bad JSON, a bad list item, another store's reference: row errors naming the column", async () => {
    const store = await withDefinitions();
    const other = await fieldStore();
    await define(store, { owner: "product", key: "related", type: "product_reference" });
    const stranger = await call("POST", other.path(), { token: other.token, body: { title: "X", product_type: "single" } });
    const csv = [
      "handle,title,product_type,field:spec,field:scores,field:related,variant_field:flags",
      "a,A,single,{not json,,,",
      'b,B,single,,"[1,""two""]",,',
      `c,C,single,,,${stranger.body.id},`,
      'd,D,single,,,,"[true,1]"',
    ].join("\r\n");
    const done = await finished(store, (await importCsv(store, `${csv}\r\n`)).body.id);
    expect(done.errors).toEqual([
      { line: 2, message: "field:spec: must be JSON text" },
      { line: 3, message: "field:scores.1: must be a number" },
      { line: 4, message: "field:related: is not a product of this store" },
      { line: 5, message: "variant_field:flags.1: must be true or false" },
    ]);
    expect(done.products_created).toBe(0);
  });

  it("a column of a field the store does not define is refused at upload (422)", async () => {
    const store = await withDefinitions();
    const res = await importCsv(store, "handle,title,product_type,field:nope,variant_field:material\r\na,A,single,,\r\n");
    expect(res.status).toBe(422);
    expect(res.body.errors[0].message).toMatch(/field:nope, variant_field:material/);
    const malformed = await importCsv(store, "handle,title,product_type,field:Bad Key\r\n");
    expect(malformed.status).toBe(422);
  });
});
