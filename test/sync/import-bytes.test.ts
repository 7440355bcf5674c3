// Imports read by bytes (docs/api/16-integrations.md, "Imports you can trust"): a file that is not UTF-8 is refused at upload
// naming its line and byte offset; a byte-order mark is allowed and never shifts a slice; `errors[].line` is the
// physical line a row starts on, and blank lines are not rows.
import { describe, expect, it } from "vitest";
import { call } from "../helpers/api";
import { type CatalogStore, catalogStore, catalogStoreIds, makeProduct } from "../products/fixtures";
import { itSpreadsStoresOverDatabases } from "../products/store-databases";
import { HEADER, bytesOf, finished, importCount, importCsv, importFilesLeft } from "./csv-helpers";

const row = (handle: string, rest = "") => `${handle},${rest}`;
const single = (handle: string, price = "1.00") => row(handle, `${handle},,,single,draft,,,${handle.toUpperCase()},,,,,,,,${price},1,,,,,`);

/** Item 1 of issue 23: row 1 holds non-UTF-8 bytes, row 101 creates `zzzzevil` while a product `evil` exists. */
function poisoned(badBytes: number[]) {
  const head = `${HEADER}\r\nfill-0,Fill 0,caf`;
  const fill = Array.from({ length: 99 }, (_, i) => `${single(`fill-${i + 1}`)}\r\n`).join("");
  const file = bytesOf(
    head,
    badBytes,
    ` cr`,
    [0xe8],
    `me,,single,draft,,,F-0,,,,,,,,1.00,1,,,,,\r\n`,
    fill,
    "zzzzevil,PWNED by row 101,,,single,draft,,,,,,,,,,,66.00,77,,,,,\r\n",
  );
  return { file, offset: new TextEncoder().encode(head).length };
}

async function expectRefused(store: CatalogStore, file: Uint8Array, line: number, offset: number) {
  const res = await importCsv(store, file);
  expect(res.status).toBe(422);
  expect(res.body.code).toBe("validation_failed");
  expect(res.body.errors).toEqual([{ path: "file", message: expect.stringContaining(`line ${line}, byte offset ${offset} `) }]);
  // Nothing queued, nothing stored.
  expect(await importCount(store)).toBe(0);
  expect(await importFilesLeft(store)).toEqual([]);
}

describe("a file that is not UTF-8 is refused at upload with its line and byte offset; nothing is queued", () => {
  it("one Windows-1252 byte in row 1: 422, and the product `evil` is never touched by row 101", async () => {
    const store = await catalogStore();
    const evil = await makeProduct(store, { title: "Evil", slug: "evil", default_price_cents: 100 });
    const { file, offset } = poisoned([0xe9]);
    await expectRefused(store, file, 2, offset);
    const after = (await call("GET", store.path(`/${evil.id}`), { token: store.token })).body;
    expect(after).toMatchObject({ title: "Evil", updated_at: evil.updated_at });
    expect(after.variants.map((v: any) => [v.price_cents, v.stock])).toEqual([[100, 0]]);
    const listed = await call("GET", store.path("?include_drafts=true&limit=100"), { token: store.token });
    expect(listed.body.data.map((p: any) => p.slug)).toEqual(["evil"]);
  });

  it("ten 0xFF bytes in row 1: 422 at the first of them", async () => {
    const store = await catalogStore();
    const { file, offset } = poisoned(Array(10).fill(0xff));
    await expectRefused(store, file, 2, offset);
  });

  it("counts lines as rows do (breaks inside quoted cells, CR LF once) and offsets from the file's first byte, BOM included", async () => {
    const store = await catalogStore();
    const before = `\uFEFF${HEADER}\r\n${row("a", 'A,"one\r\ntwo\nthree",,single,draft,,,A,,,,,,,,1.00,1,,,,,')}\r\nb,B,x`;
    // An overlong "/" (C0 AF) on line 5.
    await expectRefused(store, bytesOf(before, [0xc0, 0xaf], ",,single,,,,,,,,,,,,1.00,,,,,,\r\n"), 5, new TextEncoder().encode(before).length);
    // A UTF-16 surrogate written as UTF-8 (ED A0 80), and a sequence cut short by the end of the file.
    await expectRefused(store, bytesOf(`${HEADER}\n`, [0xed, 0xa0, 0x80]), 2, HEADER.length + 1);
    await expectRefused(store, bytesOf(`${HEADER}\nx,\u20ac`, [0xe2, 0x82]), 2, HEADER.length + 6);
  });

  it("valid UTF-8 of every length is accepted, U+FFFD written in the file included", async () => {
    const store = await catalogStore();
    const csv = `${HEADER}\n${row("cafe", "Café crème \u{1F36E} \uFFFD ✓,,,single,draft,,,C-1,,,,,,,,1.00,1,,,,,")}\n`;
    const started = await importCsv(store, csv);
    expect(started.status).toBe(202);
    expect(await finished(store, started.body.id)).toMatchObject({ state: "done", rows_total: 1, rows_done: 1, errors: [] });
    const product = (await call("GET", store.path("?include_drafts=true&search=C-1"), { token: store.token })).body.data[0];
    expect(product.title).toBe("Café crème \u{1F36E} \uFFFD ✓");
  });
});

describe("a UTF-8 byte-order mark is allowed and never shifts a slice", () => {
  it("240 rows (3 slices) of multi-byte text after a BOM: every row applied once, exact counts, no false errors", async () => {
    const store = await catalogStore();
    const rows: string[] = [];
    for (let k = 0; k < 120; k++) {
      rows.push(`v-${k},"Crème brûlée \u{1F36E} ${k}",,,variable,draft,,,V-${k}-S,,Size,S,,,,,1.50,${k},,,,,`);
      rows.push(`v-${k},,,,,,,,V-${k}-M,,Size,M,,,,,2.50,${k},,,,,`);
    }
    const started = await importCsv(store, `\uFEFF${HEADER}\r\n${rows.join("\r\n")}\r\n`);
    expect(started.status).toBe(202);
    const done = await finished(store, started.body.id);
    expect(done).toMatchObject({ state: "done", rows_total: 240, rows_done: 240, products_created: 120, variants_created: 240, errors: [] });
    expect(await importFilesLeft(store)).toEqual([]);
    const last = (await call("GET", store.path("?include_drafts=true&search=V-119-"), { token: store.token })).body.data[0];
    expect(last.title).toBe("Crème brûlée \u{1F36E} 119");
    expect(last.variants.map((v: any) => [v.sku, v.price_cents, v.stock])).toEqual([
      ["V-119-S", 150, 119],
      ["V-119-M", 250, 119],
    ]);
  });

  it("2 rows after a BOM: done with rows_done 2 of rows_total 2", async () => {
    const store = await catalogStore();
    const started = await importCsv(store, `\uFEFF${HEADER}\r\n${single("one")}\r\n${single("two")}\r\n`);
    const done = await finished(store, started.body.id);
    expect(done).toMatchObject({ state: "done", rows_total: 2, rows_done: 2, products_created: 2, errors: [] });
    expect(await importFilesLeft(store)).toEqual([]);
  });
});

describe("errors[].line is the physical line a row starts on; blank lines are not rows", () => {
  it("CR LF once, line breaks inside quoted cells counted, empty, whitespace-only and comma-only lines skipped", async () => {
    const store = await catalogStore();
    const lines = [
      HEADER, // 1
      single("a"), // 2
      "", // 3
      ",,,,", // 4
      "   ", // 5
      row("b", 'B,"two\r\nlines\nthree",,single,draft,,,B,,,,,,,,bad,1,,,,,'), // 6-8
      single("c"), // 9
      single("d", "x"), // 10
    ];
    const done = await finished(store, (await importCsv(store, `${lines.join("\r\n")}\r\n`)).body.id);
    expect(done).toMatchObject({ state: "done", rows_total: 4, rows_done: 4, products_created: 2 });
    expect(done.errors.map((e: { line: number }) => e.line)).toEqual([6, 10]);
  });

  it("a file whose lines end with a lone CR (classic Mac) numbers its lines the same way", async () => {
    const store = await catalogStore();
    const done = await finished(store, (await importCsv(store, [HEADER, single("a"), "", single("b", "x")].join("\r"))).body.id);
    expect(done).toMatchObject({ state: "done", rows_total: 2, rows_done: 2, products_created: 1 });
    expect(done.errors.map((e: { line: number }) => e.line)).toEqual([4]);
  });

  it("across slices: 150 rows each followed by a blank line, the bad row 121 is reported on line 242", async () => {
    const store = await catalogStore();
    const rows = Array.from({ length: 150 }, (_, i) => `${single(`p-${i}`, i === 120 ? "1.999" : "1.00")}\n`);
    const done = await finished(store, (await importCsv(store, `${HEADER}\n${rows.join("\n")}`)).body.id);
    expect(done).toMatchObject({ state: "done", rows_total: 150, rows_done: 150, products_created: 149 });
    expect(done.errors).toEqual([{ line: 2 + 2 * 120, message: expect.stringMatching(/^price/) }]);
  });
});

itSpreadsStoresOverDatabases(() => catalogStoreIds);
