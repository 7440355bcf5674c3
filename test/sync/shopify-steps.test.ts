// A Shopify import's image step in the queue's at-least-once world (docs/sync.md "Images"): slice n's rows, then
// slice n's images, then slice n+1; each step guarded by where the import's progress says it is, so a redelivered
// or duplicated step places nothing twice, and the cron's sweep resumes an import whose image step was lost.
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { call } from "../helpers/api";
import { type CatalogStore, catalogStore } from "../products/fixtures";
import { storeAll } from "../products/store-databases";
import { driveQueue, finished, importCsv } from "./csv-helpers";
import { type ShopifyRow, galleryOf, hits, img, productsBySlug, shopifyCsv, tagOf } from "./shopify-helpers";
import { SHOPIFY_SLICE_ROWS } from "../../src/sync/import-runner";

/** Products of one row each: a first slice of SHOPIFY_SLICE_ROWS rows, a second of five. */
const N = SHOPIFY_SLICE_ROWS + 5;

afterEach(() => vi.restoreAllMocks());

const single = (handle: string, extra: ShopifyRow = {}): ShopifyRow => ({
  Handle: handle,
  Title: handle.toUpperCase(),
  "Option1 Name": "Title",
  "Option1 Value": "Default Title",
  "Variant Price": "1.00",
  ...extra,
});

const imageEvents = async (store: CatalogStore) =>
  (await storeAll<{ n: number }>(store.id, "SELECT count(*) AS n FROM events WHERE store_id = ? AND name LIKE 'product.image.%'", store.id))[0].n;

const importRow = async (store: CatalogStore, id: string) =>
  (
    await storeAll<{ rows_done: number; images_done: number; state: string }>(
      store.id,
      "SELECT rows_done, images_done, state FROM product_imports WHERE id = ?",
      id,
    )
  )[0];

describe("slice n's rows, then its images, then slice n+1", () => {
  it("the steps run in that order; the next slice waits for the images before it", async () => {
    const store = await catalogStore();
    const tag = tagOf();
    const queue = driveQueue();
    const rows = Array.from({ length: N }, (_, i) => single(`p-${i}`, i === 0 || i === N - 1 ? { "Image Src": img(20 + i, tag) } : {}));
    const started = await importCsv(store, shopifyCsv(rows));
    await queue.step(); // split
    expect(queue.sent).toEqual([expect.objectContaining({ step: "slice", index: 0 })]);
    await queue.step(); // slice 0's rows
    expect(queue.sent).toEqual([expect.objectContaining({ step: "images", index: 0 })]);
    expect(await importRow(store, started.body.id)).toEqual({ rows_done: SHOPIFY_SLICE_ROWS, images_done: 0, state: "running" });
    // Slice 1 delivered out of turn (before slice 0's images): it does nothing.
    const { handleImportBatch } = await import("../../src/sync/import-runner");
    const { createMessageBatch } = await import("cloudflare:test");
    const early = { import_id: started.body.id, store_id: store.id, step: "slice" as const, index: 1 };
    await handleImportBatch(createMessageBatch("product-imports", [{ id: "early", timestamp: new Date(), attempts: 1, body: early }]) as never, env);
    expect(await importRow(store, started.body.id)).toEqual({ rows_done: SHOPIFY_SLICE_ROWS, images_done: 0, state: "running" });
    await queue.step(); // slice 0's images
    expect(queue.sent).toEqual([expect.objectContaining({ step: "slice", index: 1 })]);
    await queue.step(); // slice 1's rows
    await queue.step(); // slice 1's images: the end
    expect(queue.sent).toEqual([]);
    const done = await finished(store, started.body.id);
    expect(done).toMatchObject({ state: "done", rows_done: N, products_created: N, errors: [], warnings: [] });
    const products = await productsBySlug(store);
    expect((await galleryOf(store, products[`p-${N - 1}`].id)).map((g) => g.image_variants[0].width)).toEqual([20 + N - 1]);
    // The uploaded file is deleted at the end.
    expect((await env.MEDIA.list({ prefix: `imports/${store.id}/` })).objects).toEqual([]);
  });
});

describe("a slice ends between two products (one product's rows are read together)", () => {
  it("a product whose rows cross the slice's size stays in one slice: its option names, given on its first row, name every variant", async () => {
    const store = await catalogStore();
    const queue = driveQueue();
    const rows = Array.from({ length: SHOPIFY_SLICE_ROWS - 2 }, (_, i) => single(`p-${i}`));
    rows.push({ Handle: "tee", Title: "Tee", "Option1 Name": "Size", "Option1 Value": "XS", "Variant Price": "1.00" });
    for (const size of ["S", "M", "L", "XL"]) rows.push({ Handle: "tee", "Option1 Value": size, "Variant Price": "1.00" });
    rows.push(single("last"));
    const started = await importCsv(store, shopifyCsv(rows));
    await queue.step(); // split
    await queue.step(); // slice 0: the 98 products and the tee's 5 rows
    expect(await importRow(store, started.body.id)).toMatchObject({ rows_done: SHOPIFY_SLICE_ROWS + 3 });
    while (queue.sent.length > 0) await queue.step();
    expect(await finished(store, started.body.id)).toMatchObject({ state: "done", errors: [], rows_done: SHOPIFY_SLICE_ROWS + 4 });
    const { tee } = await productsBySlug(store);
    expect(tee.variants.map((v: any) => v.option_values)).toEqual(["XS", "S", "M", "L", "XL"].map((value) => [{ name: "Size", value }]));
  });
});

describe("a slice naming more images than one invocation fetches: the image step runs again for the rest", () => {
  it("it fetches its share, sends itself again, and the next run fetches the rest and places them all", async () => {
    const { MAX_FETCHES_PER_STEP } = await import("../../src/sync/shopify/images-step");
    const store = await catalogStore();
    const tag = tagOf();
    const queue = driveQueue();
    const n = MAX_FETCHES_PER_STEP + 10;
    const base = (await import("./shopify-helpers")).imageServer();
    const url = (i: number) => (i === 3 ? `${base}/missing.png?t=${tag}` : img(10 + i, tag));
    const started = await importCsv(store, shopifyCsv(Array.from({ length: n }, (_, i) => single(`p-${i}`, { "Image Src": url(i) }))));
    await queue.step(); // split
    await queue.step(); // the slice's rows
    await queue.step(); // images: the first share
    expect(queue.sent).toEqual([expect.objectContaining({ step: "images", index: 0 })]);
    expect(await importRow(store, started.body.id)).toMatchObject({ images_done: 0, state: "running" });
    await queue.step(); // images: the rest, then every placement
    expect(queue.sent).toEqual([]);
    const done = await finished(store, started.body.id);
    expect(done).toMatchObject({ state: "done", errors: [] });
    expect(done.warnings).toEqual([{ line: 5, message: expect.stringContaining("(HTTP 404)") }]);
    const products = await productsBySlug(store);
    for (const i of [0, n - 1]) expect((await galleryOf(store, products[`p-${i}`].id)).map((g) => g.image_variants[0].width)).toEqual([10 + i]);
    expect(await imageEvents(store)).toBe(n - 1);
    // Each URL once, the failed one included.
    expect(await hits(url(3))).toBe(1);
    expect(await hits(url(n - 1))).toBe(1);
  });
});

describe("a slice that names no image has no image step", () => {
  it("its progress moves images_done with rows_done; the import ends with its last slice", async () => {
    const store = await catalogStore();
    const queue = driveQueue();
    const started = await importCsv(store, shopifyCsv([single("a"), single("b")]));
    await queue.step(); // split
    await queue.step(); // the only slice
    expect(queue.sent).toEqual([]);
    expect(await importRow(store, started.body.id)).toEqual({ rows_done: 2, images_done: 2, state: "done" });
    expect((await env.MEDIA.list({ prefix: `imports/${store.id}/` })).objects).toEqual([]);
  });
});

describe("a redelivered or duplicated image step places nothing twice", () => {
  it("delivered again after it ran (the import still running): no new gallery item, event or fetch; the next slice is sent again", async () => {
    const store = await catalogStore();
    const tag = tagOf();
    const queue = driveQueue();
    const rows = Array.from({ length: N }, (_, i) => single(`p-${i}`, i === 0 ? { "Image Src": img(11, tag) } : {}));
    rows.splice(1, 0, { Handle: "p-0", "Image Src": img(12, tag) });
    const started = await importCsv(store, shopifyCsv(rows));
    await queue.step(); // split
    await queue.step(); // slice 0
    const imagesStep = { ...queue.sent[0] };
    await queue.step(); // images 0
    expect(queue.sent).toEqual([expect.objectContaining({ step: "slice", index: 1 })]);
    queue.sent.unshift(imagesStep);
    await queue.step(); // images 0 again
    expect(queue.sent).toEqual([expect.objectContaining({ step: "slice", index: 1 }), expect.objectContaining({ step: "slice", index: 1 })]);
    expect(await importRow(store, started.body.id)).toMatchObject({ rows_done: SHOPIFY_SLICE_ROWS, images_done: SHOPIFY_SLICE_ROWS });
    const { "p-0": p0 } = await productsBySlug(store);
    expect((await galleryOf(store, p0.id)).map((g) => g.image_variants[0].width)).toEqual([11, 12]);
    expect(await imageEvents(store)).toBe(2);
    expect([await hits(img(11, tag)), await hits(img(12, tag))]).toEqual([1, 1]);
    while (queue.sent.length > 0) await queue.step(); // slice 1 twice (the second does nothing), images 1
    expect(await finished(store, started.body.id)).toMatchObject({ state: "done", rows_done: N + 1, products_created: N, errors: [], warnings: [] });
    expect(await imageEvents(store)).toBe(2);
  });

  it("two deliveries of the same image step at once: each image once in the gallery", async () => {
    const store = await catalogStore();
    const tag = tagOf();
    const queue = driveQueue();
    const started = await importCsv(store, shopifyCsv([single("a", { "Image Src": img(13, tag) }), { Handle: "a", "Image Src": img(14, tag) }]));
    await queue.step();
    await queue.step();
    const imagesStep = queue.sent[0];
    queue.sent.push(imagesStep);
    await queue.steps();
    expect(await finished(store, started.body.id)).toMatchObject({ state: "done", warnings: [] });
    const { a } = await productsBySlug(store);
    expect((await galleryOf(store, a.id)).map((g) => g.image_variants[0].width)).toEqual([13, 14]);
    expect(await imageEvents(store)).toBe(2);
  });
});

describe("the cron's sweep resumes a Shopify import whose image step was lost", () => {
  it("it re-sends the image step of the slice where images_done is, and the import finishes", async () => {
    const { runImportSweep, STALL_MS } = await import("../../src/sync/import-sweep");
    const store = await catalogStore();
    const tag = tagOf();
    const queue = driveQueue();
    const started = await importCsv(store, shopifyCsv([single("a", { "Image Src": img(15, tag) })]));
    await queue.step();
    await queue.step();
    queue.sent.length = 0; // the image step's message is lost
    const send = vi.spyOn(env.IMPORTS, "sendBatch").mockResolvedValue(undefined as never);
    const messages = (await runImportSweep(env, Date.now() + STALL_MS + 1000)).filter((m) => m.import_id === started.body.id);
    expect(messages).toEqual([{ import_id: started.body.id, store_id: store.id, step: "images", index: 0 }]);
    expect(send).toHaveBeenCalled();
    queue.sent.push(...messages);
    await queue.step();
    expect(await finished(store, started.body.id)).toMatchObject({ state: "done", warnings: [] });
    const { a } = await productsBySlug(store);
    expect((await galleryOf(store, a.id)).map((g) => g.image_variants[0].width)).toEqual([15]);
  });
});

describe("a product deleted between its rows and its images: a warning, the rest placed", () => {
  it("the other product's images are placed; the deleted one's lines are warnings", async () => {
    const store = await catalogStore();
    const tag = tagOf();
    const queue = driveQueue();
    const started = await importCsv(store, shopifyCsv([single("a", { "Image Src": img(16, tag) }), single("b", { "Image Src": img(17, tag) })]));
    await queue.step();
    await queue.step();
    const { a } = await productsBySlug(store);
    // Deleted after the image step looked it up, before its batch.
    const { storeD1 } = await import("../helpers/databases");
    const binding = await storeD1(store.id);
    const batch = binding.batch.bind(binding);
    let deleted = false;
    vi.spyOn(binding, "batch").mockImplementation(async (statements) => {
      if (!deleted && statements.length > 10) (deleted = true), await call("DELETE", store.path(`/${a.id}`), { token: store.token });
      return batch(statements);
    });
    await queue.step();
    vi.restoreAllMocks();
    const done = await finished(store, started.body.id);
    expect(done).toMatchObject({ state: "done", errors: [] });
    expect(done.warnings).toEqual([{ line: 2, message: "Image Src: the product was deleted before its images were placed" }]);
    const { b } = await productsBySlug(store);
    expect((await galleryOf(store, b.id)).map((g) => g.image_variants[0].width)).toEqual([17]);
  });
});
