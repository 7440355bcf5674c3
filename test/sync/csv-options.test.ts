// The export carries every option a variant has (docs/api/16-integrations.md): after option3_value come option4_name,
// option4_value ... up to the highest option any variant of the store uses, and the import reads them.
import { describe, expect, it } from "vitest";
import { call } from "../helpers/api";
import { type CatalogStore, catalogStore, catalogStoreIds, liveVariable } from "../products/fixtures";
import { itSpreadsStoresOverDatabases } from "../products/store-databases";
import { EXPORT_HEADER, exportCsv, finished, importCsv } from "./csv-helpers";

const options = (n: number, suffix = "") => Array.from({ length: n }, (_, i) => ({ name: `Opt${i + 1}`, value: `v${i + 1}${suffix}` }));

const variantsOf = async (store: CatalogStore) =>
  (await call("GET", store.path("?include_drafts=true&limit=100"), { token: store.token })).body.data
    .flatMap((p: any) => p.variants.map((v: any) => [p.slug, v.sku, v.title, v.option_values]))
    .sort((a: any, b: any) => a[1].localeCompare(b[1]));

describe("the export adds option4_name, option4_value ... up to the highest option the store uses", () => {
  it("a variant with 5 options: the header gains options 4 and 5 after option3_value, and the round trip keeps all five", async () => {
    const source = await catalogStore();
    await liveVariable(source, "Kit", [
      { sku: "K-5", price_cents: 100, option_values: options(5) },
      { sku: "K-2", price_cents: 100, option_values: options(2, "b") },
    ]);
    const text = (await exportCsv(source)).text;
    const header = EXPORT_HEADER.replace("option3_value,", "option3_value,option4_name,option4_value,option5_name,option5_value,");
    expect(text.split("\r\n")[0]).toBe(header);
    expect(text).toContain("kit,Kit,,,variable,live,,,K-5,v1 / v2 / v3 / v4 / v5,Opt1,v1,Opt2,v2,Opt3,v3,Opt4,v4,Opt5,v5,1.00,0,stocked,,,,,,,\r\n");
    expect(text).toContain("kit,,,,,,,,K-2,v1b / v2b,Opt1,v1b,Opt2,v2b,,,,,,,1.00,0,stocked,,,,,,,\r\n");

    const target = await catalogStore();
    const done = await finished(target, (await importCsv(target, text)).body.id);
    expect(done).toMatchObject({ state: "done", products_created: 1, variants_created: 2, errors: [] });
    expect(await variantsOf(target)).toEqual(await variantsOf(source));
    expect((await exportCsv(target)).text).toBe(text); // the same file again
  });

  it("a store whose variants use three options or fewer keeps section 15's header exactly (with section 18's three columns at the end)", async () => {
    const store = await catalogStore();
    await liveVariable(store, "Tee", [{ sku: "T-3", price_cents: 100, option_values: options(3) }]);
    expect((await exportCsv(store)).text.split("\r\n")[0]).toBe(EXPORT_HEADER);
  });

  it("the import reads options up to option10 in any column order; option11 is an unknown column (422)", async () => {
    const store = await catalogStore();
    const names = Array.from({ length: 10 }, (_, i) => `option${10 - i}_name,option${10 - i}_value`).join(",");
    const values = Array.from({ length: 10 }, (_, i) => `O${10 - i},x${10 - i}`).join(",");
    const csv = `handle,title,product_type,variant_sku,price,${names}\nten,Ten,variable,TEN,1.00,${values}\n`;
    const done = await finished(store, (await importCsv(store, csv)).body.id);
    expect(done).toMatchObject({ state: "done", variants_created: 1, errors: [] });
    expect((await variantsOf(store))[0][3]).toEqual(Array.from({ length: 10 }, (_, i) => ({ name: `O${i + 1}`, value: `x${i + 1}` })));
    const bad = await importCsv(store, "handle,option11_name,option11_value\nten,a,b\n");
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].message).toContain("option11_name");
  });
});

itSpreadsStoresOverDatabases(() => catalogStoreIds);
