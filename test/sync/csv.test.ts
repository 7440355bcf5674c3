// CSV export and import (docs/api/15-sync-and-bulk.md).
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { call, newToken } from "../helpers/api";
import { type CatalogStore, catalogStore, catalogStoreIds, liveVariable, makeProduct, makeVariant } from "../products/fixtures";
import { storeShardNames } from "../helpers/databases";
import { EXPORT_HEADER, HEADER, exportCsv, finished, importCsv } from "./csv-helpers";
import { refusing, steadyLaneClosed } from "../helpers/write-lanes";
import { itSpreadsStoresOverDatabases, onDatabase, onSameDatabase, storeFirst, storeRun } from "../products/store-databases";

describe("GET /products/export.csv", () => {
  it("streams text/csv with the exact header, one row per variant, price in major units, RFC 4180 quoting", async () => {
    const store = await catalogStore();
    await makeProduct(store, { title: 'Tee, "classic"', description: "Soft\nand warm", slug: "tee", default_price_cents: 1250 });
    await liveVariable(store, "Hoodie", [
      {
        sku: "H-S",
        price_cents: 4000,
        stock: 3,
        option_values: [{ name: "Size", value: "S" }],
        shipping_box: { length_mm: 300, width_mm: 200, height_mm: 50, weight_g: 450 },
      },
      { sku: "H-M", price_cents: 4005, stock: 0, option_values: [{ name: "Size", value: "M" }] },
    ]);
    const res = await exportCsv(store);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    const lines = res.text.split("\r\n");
    expect(lines[0]).toBe(EXPORT_HEADER);
    expect(res.text).toContain('tee,"Tee, ""classic""","Soft\nand warm",,single,draft,,,,Default,,,,,,,12.50,0,stocked,,,,,,,\r\n');
    expect(res.text).toContain("hoodie,Hoodie,,,variable,live,,,H-S,S,Size,S,,,,,40.00,3,stocked,300,200,50,450,,,\r\n");
    expect(res.text).toContain("hoodie,,,,,,,,H-M,M,Size,M,,,,,40.05,0,stocked,,,,,,,\r\n");
  });

  it("needs products.read", async () => {
    const store = await catalogStore();
    const { token } = await newToken(store.id, store.owner.jwt, ["orders.read"]);
    expect((await exportCsv(store, token)).status).toBe(403);
  });
});

describe("an export imported into an empty store gives the same catalog", () => {
  it("titles, slugs, status, variants, prices, stock, options and boxes survive the round trip", async () => {
    const source = await catalogStore();
    await makeProduct(source, { title: "Mug", slug: "mug", default_price_cents: 899, brand: "Acme", seo_title: "A mug", status: "live" });
    await liveVariable(source, "Hoodie, zipped", [
      {
        sku: "HZ-S-RED",
        price_cents: 4999,
        stock: 7,
        option_values: [
          { name: "Size", value: "S" },
          { name: "Colour", value: "Red" },
        ],
        shipping_box: { length_mm: 1, width_mm: 2, height_mm: 3, weight_g: 4 },
      },
      {
        sku: "HZ-M-RED",
        price_cents: 5001,
        stock: 0,
        fulfillment_mode: "on_demand",
        option_values: [
          { name: "Size", value: "M" },
          { name: "Colour", value: "Red" },
        ],
      },
    ]);
    const draft = await makeProduct(source, {
      title: 'Poster "A"',
      product_type: "variable",
      default_price_cents: undefined,
      description: "Line 1\r\nLine, 2",
    });
    await makeVariant(source, draft.id, { price_cents: 100, option_values: [{ name: "Paper", value: "Matte" }] });
    await makeVariant(source, draft.id, { price_cents: 150, title: "Glossy finish", option_values: [{ name: "Paper", value: "Gloss" }] });
    await makeProduct(source, { title: "No variants yet", product_type: "variable", default_price_cents: undefined });
    const csv = (await exportCsv(source)).text;

    const target = await catalogStore();
    const started = await importCsv(target, csv);
    expect(started.status).toBe(202);
    expect(started.body).toEqual({ id: expect.any(String), state: "queued" });
    const done = await finished(target, started.body.id);
    expect(done).toMatchObject({ state: "done", rows_total: 6, rows_done: 6, products_created: 4, variants_created: 5, errors: [] });
    // The uploaded file is not kept once the import has ended.
    expect((await env.MEDIA.list({ prefix: `imports/${target.id}/` })).objects).toEqual([]);
    expect((await exportCsv(target)).text.split("\r\n").sort()).toEqual(csv.split("\r\n").sort());

    const shape = async (store: CatalogStore) =>
      (await call("GET", store.path("?include_drafts=true&limit=100"), { token: store.token })).body.data
        .map((p: any) => ({
          slug: p.slug,
          title: p.title,
          description: p.description,
          brand: p.brand,
          status: p.status,
          type: p.product_type,
          seo: p.seo_title,
          variants: p.variants.map((v: any) => [v.sku, v.title, v.price_cents, v.stock, v.fulfillment_mode, v.option_values, v.shipping_box, v.is_default]),
        }))
        .sort((x: any, y: any) => x.slug.localeCompare(y.slug));
    expect(await shape(target)).toEqual(await shape(source));
  });
});

describe("imports run in slices on the queue, one after another", () => {
  it("250 rows (3 slices) with multi-line fields: every row applied, errors name the file's own line numbers", async () => {
    const store = await catalogStore();
    const rows = [HEADER];
    for (let i = 0; i < 249; i++) rows.push(`p-${i},"Product ${i}","line one\nline two",,single,draft,,,SKU-${i},,,,,,,,${i}.99,${i},,,,,`);
    rows.push("p-last,Last,,,single,draft,,,SKU-0,,,,,,,,1.00,1,,,,,"); // SKU-0 belongs to p-0
    const started = await importCsv(store, rows.join("\r\n"));
    const done = await finished(store, started.body.id);
    expect(done).toMatchObject({ state: "done", rows_total: 250, rows_done: 250, products_created: 249 });
    // Each product row spans two physical lines: row n (0-based, after the header) starts on line 2 + 2n.
    expect(done.errors).toEqual([{ line: 2 + 2 * 249, message: expect.stringContaining("variant_sku") }]);
    const list = await call("GET", store.path("?include_drafts=true&search=SKU-248"), { token: store.token });
    expect(list.body.data[0]).toMatchObject({ slug: "p-248", description: "line one\nline two" });
    expect(list.body.data[0].variants[0]).toMatchObject({ price_cents: 24899, stock: 248 });
  });

  it("a redelivered slice message changes nothing (the progress guard)", async () => {
    const store = await catalogStore();
    const started = await importCsv(store, `${HEADER}\nmug,Mug,,,single,draft,,,M-1,,,,,,,,1.00,1,,,,,`);
    const before = await finished(store, started.body.id);
    const { createMessageBatch, createExecutionContext, getQueueResult } = await import("cloudflare:test");
    const { handleImportBatch } = await import("../../src/sync/import-runner");
    await storeRun(store.id, "UPDATE product_imports SET state = 'running' WHERE id = ?", started.body.id);
    const body = { import_id: started.body.id, store_id: store.id, step: "slice", index: 0 };
    const batch = createMessageBatch("product-imports", [{ id: "m1", timestamp: new Date(), attempts: 1, body }]);
    const ctx = createExecutionContext();
    await handleImportBatch(batch as never, env);
    await getQueueResult(batch, ctx);
    const after = (await call("GET", `/stores/${store.id}/imports/${started.body.id}`, { token: store.token })).body;
    expect({ ...after, state: "done", updated_at: null }).toEqual({ ...before, updated_at: null });
    const count = await storeFirst(store.id, "SELECT count(*) AS n FROM products WHERE store_id = ?", store.id);
    expect(count).toEqual({ n: 1 });
  });
});

describe("POST /imports: rows matched by handle and variant_sku, bad rows skipped and reported by line", () => {
  it("updates existing products and variants, creates new ones, reports each bad row, applies the rest", async () => {
    const store = await catalogStore();
    const hoodie = await liveVariable(store, "Hoodie", [{ sku: "H-S", price_cents: 4000, stock: 1, option_values: [{ name: "Size", value: "S" }] }]);
    const csv = [
      HEADER,
      "hoodie,Hoodie v2,,,variable,,,,H-S,,Size,S,,,,,45.00,9,,,,,",
      "hoodie,,,,,,,,H-L,,Size,L,,,,,46.00,2,,,,,",
      "hoodie,,,,,,,,H-X,,Size,X,,,,,12.345,2,,,,,", // line 4: bad price
      "ghost,,,,,,,,G-1,,,,,,,,1.00,1,,,,,", // line 5: no such product and no title
      "new-one,New one,,,single,draft,,,N-1,,,,,,,,3.00,4,,,,,",
      "bad handle!,Bad,,,single,,,,,,,,,,,,1.00,,,,,,", // line 7
      "hoodie,,,,,,,,H-B,,Size,B,,,,,1.00,1,,10,,,", // line 8: a partial box
      "new-one,,,,,,,,N-2,,,,,,,,3.00,4,,,,,", // line 9: a second variant of a single product
    ].join("\r\n");
    const started = await importCsv(store, csv);
    expect(started.status).toBe(202);
    const done = await finished(store, started.body.id);
    expect(done).toMatchObject({
      state: "done",
      rows_total: 8,
      rows_done: 8,
      products_created: 1,
      products_updated: 1,
      variants_created: 2,
      variants_updated: 1,
    });
    expect(done.errors.map((e: { line: number }) => e.line)).toEqual([4, 5, 7, 8, 9]);
    expect(done.errors[0].message).toMatch(/^price/);
    const updated = (await call("GET", store.path(`/${hoodie.id}`), { token: store.token })).body;
    expect(updated.title).toBe("Hoodie v2");
    expect(updated.status).toBe("live");
    expect(updated.variants.map((v: any) => [v.sku, v.price_cents, v.stock])).toEqual([
      ["H-S", 4500, 9],
      ["H-L", 4600, 2],
    ]);
  });

  it("status live needs products.publish: without it the row is an error", async () => {
    const store = await catalogStore();
    const { token } = await newToken(store.id, store.owner.jwt, ["products.read", "products.write", "products.edit"]);
    const csv = [HEADER, "a,A,,,single,live,,,,,,,,,,,1.00,1,,,,,", "b,B,,,single,draft,,,,,,,,,,,1.00,1,,,,,"].join("\n");
    const started = await importCsv(store, csv, token);
    const done = await finished(store, started.body.id);
    expect(done.errors).toEqual([{ line: 2, message: expect.stringContaining("products.publish") }]);
    expect(done.products_created).toBe(1);
  });

  it("needs products.write and products.edit; a file over 20 MiB is 413; a bad header or no file is 422", async () => {
    const store = await catalogStore();
    const { token: writeOnly } = await newToken(store.id, store.owner.jwt, ["products.read", "products.write"]);
    const res = await importCsv(store, `${HEADER}\n`, writeOnly);
    expect(res.status).toBe(403);
    expect(res.body.missing_permission).toBe("products.edit");
    const big = await importCsv(store, `${HEADER}\n${"x".repeat(20 * 1024 * 1024)}`);
    expect(big.status).toBe(413);
    expect((await importCsv(store, "name,price\nx,1")).status).toBe(422);
    expect((await call("POST", `/stores/${store.id}/imports`, { token: store.token, body: new FormData() })).status).toBe(422);
    expect((await call("GET", `/stores/${store.id}/imports/${crypto.randomUUID()}`, { token: store.token })).status).toBe(404);
  });

  it("Idempotency-Key: the same upload again replays the 202 and starts no second import", async () => {
    const store = await catalogStore();
    const csv = `${HEADER}\nmug,Mug,,,single,draft,,,M-1,,,,,,,,1.00,1,,,,,`;
    const send = () => {
      const form = new FormData();
      form.append("file", new File([csv], "products.csv", { type: "text/csv" }));
      return call("POST", `/stores/${store.id}/imports`, { token: store.token, body: form, headers: { "Idempotency-Key": "import-1" } });
    };
    const first = await send();
    const again = await send();
    expect(first.status).toBe(202);
    expect(again.status).toBe(202);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(again.body).toEqual(first.body);
    await finished(store, first.body.id);
    const imports = await storeFirst(store.id, "SELECT count(*) AS n FROM product_imports WHERE store_id = ?", store.id);
    expect(imports).toEqual({ n: 1 });
  });

  it("another store's import is not found", async () => {
    const store = await catalogStore();
    const started = await importCsv(store, `${HEADER}\n`);
    const other = await onSameDatabase(store.id, catalogStore);
    expect((await call("GET", `/stores/${other.id}/imports/${started.body.id}`, { token: other.token })).status).toBe(404);
    await finished(store, started.body.id);
    const row = await storeFirst(store.id, "SELECT store_id FROM product_imports WHERE id = ?", started.body.id);
    expect(row).toEqual({ store_id: store.id });
  });
});

describe("import messages name the store, so the consumer finds its database (docs/scale.md section 6)", () => {
  it("runs an import to the end on each store database", async () => {
    for (const shard of storeShardNames()) {
      const store = await onDatabase(shard, catalogStore);
      const started = await importCsv(store, `${HEADER}\nmug,Mug,,,single,draft,,,M-1,,,,,,,,1.00,1,,,,,`);
      expect(await finished(store, started.body.id), shard).toMatchObject({ state: "done", products_created: 1 });
      expect(await storeFirst(store.id, "SELECT state FROM product_imports WHERE id = ?", started.body.id), shard).toEqual({ state: "done" });
    }
  });

  it("a message from before store ids (no store_id) is read from the first database, where every import then was", async () => {
    const { createMessageBatch } = await import("cloudflare:test");
    const { handleImportBatch } = await import("../../src/sync/import-runner");
    const store = await onDatabase("STORE_DB_001", catalogStore);
    const started = await importCsv(store, `${HEADER}\nmug,Mug,,,single,draft,,,M-1,,,,,,,,1.00,1,,,,,`);
    await finished(store, started.body.id);
    // Back at queued with a new file, as an import queued before the deploy would be.
    await env.MEDIA.put(`imports/${store.id}/${started.body.id}.csv`, `${HEADER}\nmug,Mug,,,single,draft,,,M-1,,,,,,,,3.00,1,,,,,`);
    await storeRun(store.id, "UPDATE product_imports SET state = 'queued', rows_done = 0, chunks = '[]' WHERE id = ?", started.body.id);
    const legacy = { import_id: started.body.id, step: "split" };
    await handleImportBatch(createMessageBatch("product-imports", [{ id: "old", timestamp: new Date(), attempts: 1, body: legacy }]) as never, env);
    expect((await finished(store, started.body.id)).state).toBe("done");
    const mug = (await call("GET", store.path("?include_drafts=true&search=M-1"), { token: store.token })).body.data[0];
    expect(mug.variants[0].price_cents).toBe(300);
  });
});

describe("the cron re-sends the next step of an import whose message was lost", () => {
  it("a stalled queued import gets its split again and finishes; a fresh or finished one is left alone", async () => {
    const { runImportSweep, STALL_MS } = await import("../../src/sync/import-sweep");
    const { createMessageBatch } = await import("cloudflare:test");
    const { handleImportBatch } = await import("../../src/sync/import-runner");
    const store = await catalogStore();
    const started = await importCsv(store, `${HEADER}\nmug,Mug,,,single,draft,,,M-1,,,,,,,,1.00,1,,,,,`);
    await finished(store, started.body.id);
    // As if the first message had been lost: the import is back at queued, its file still there.
    await env.MEDIA.put(`imports/${store.id}/${started.body.id}.csv`, `${HEADER}\nmug,Mug,,,single,draft,,,M-1,,,,,,,,2.00,1,,,,,`);
    await storeRun(store.id, "UPDATE product_imports SET state = 'queued', rows_done = 0, chunks = '[]' WHERE id = ?", started.body.id);
    const send = vi.spyOn(env.IMPORTS, "sendBatch").mockResolvedValue(undefined as never);
    expect(await runImportSweep(env)).toEqual([]); // not stalled yet
    const messages = await runImportSweep(env, Date.now() + STALL_MS + 1000);
    expect(messages).toContainEqual({ import_id: started.body.id, store_id: store.id, step: "split" });
    expect(send).toHaveBeenCalled();
    send.mockRestore();
    const mine = messages.filter((m) => m.import_id === started.body.id);
    await handleImportBatch(
      createMessageBatch(
        "product-imports",
        mine.map((body, i) => ({ id: `s${i}`, timestamp: new Date(), attempts: 1, body })),
      ) as never,
      env,
    );
    const done = await finished(store, started.body.id);
    expect(done.state).toBe("done");
    const mug = (await call("GET", store.path("?include_drafts=true&search=M-1"), { token: store.token })).body.data[0];
    expect(mug.variants[0].price_cents).toBe(200);
  });
});

describe("an import step that meets a store's move waits for it instead of failing (docs/api/14-store-databases-and-operators.md)", () => {
  it("while the store's writes are paused the step is retried later, the import stays running, and it finishes after", async () => {
    const { createMessageBatch, createExecutionContext, getQueueResult } = await import("cloudflare:test");
    const { handleImportBatch } = await import("../../src/sync/import-runner");
    const store = await catalogStore();
    const started = await importCsv(store, `${HEADER}\nmug,Mug,,,single,draft,,,M-1,,,,,,,,1.00,1,,,,,`);
    await finished(store, started.body.id);
    // Back at queued with a new file, then the store is paused as a move does (its row says moving).
    await env.MEDIA.put(`imports/${store.id}/${started.body.id}.csv`, `${HEADER}\nmug,Mug,,,single,draft,,,M-1,,,,,,,,4.00,1,,,,,`);
    await storeRun(store.id, "UPDATE product_imports SET state = 'queued', rows_done = 0, chunks = '[]' WHERE id = ?", started.body.id);
    await storeRun(store.id, "UPDATE stores SET state = 'moving' WHERE id = ?", store.id);
    const body = { import_id: started.body.id, store_id: store.id, step: "split" };
    // The last attempt the consumer counts: a failure of the import's own would end it `failed` here.
    const batch = createMessageBatch("product-imports", [{ id: "p1", timestamp: new Date(), attempts: 5, body }]);
    const ctx = createExecutionContext();
    await handleImportBatch(batch as never, env);
    const result = await getQueueResult(batch, ctx);
    expect(result.retryMessages.map((m) => m.msgId)).toEqual(["p1"]);
    expect(result.explicitAcks).toEqual([]);
    expect(await storeFirst(store.id, "SELECT state FROM product_imports WHERE id = ?", started.body.id)).toEqual({ state: "queued" });
    // The move ends (here: the pause is lifted); the retried step runs the import to the end.
    await storeRun(store.id, "UPDATE stores SET state = 'active' WHERE id = ?", store.id);
    await handleImportBatch(createMessageBatch("product-imports", [{ id: "p2", timestamp: new Date(), attempts: 6, body }]) as never, env);
    expect((await finished(store, started.body.id)).state).toBe("done");
    const mug = (await call("GET", store.path("?include_drafts=true&search=M-1"), { token: store.token })).body.data[0];
    expect(mug.variants[0].price_cents).toBe(400);
  });
});

describe("an import slice spends its store's and database's write budgets, and waits when they are spent (docs/scale.md section 7.4)", () => {
  it("refused by the database's budget the slice is retried a window later without counting, the import stays running, and it finishes once admitted", async () => {
    const { createMessageBatch, createExecutionContext, getQueueResult } = await import("cloudflare:test");
    const { handleImportBatch } = await import("../../src/sync/import-runner");
    const store = await catalogStore();
    const started = await importCsv(store, `${HEADER}\nmug,Mug,,,single,draft,,,M-1,,,,,,,,1.00,1,,,,,`);
    await finished(store, started.body.id);
    await env.MEDIA.put(`imports/${store.id}/${started.body.id}.csv`, `${HEADER}\nmug,Mug,,,single,draft,,,M-1,,,,,,,,5.00,1,,,,,`);
    await storeRun(store.id, "UPDATE product_imports SET state = 'queued', rows_done = 0, chunks = '[]' WHERE id = ?", started.body.id);
    // The split (no writes of the store's rows) runs; its first slice message is kept back by the stubbed queue.
    const split = { import_id: started.body.id, store_id: store.id, step: "split" };
    const held = vi.spyOn(env.IMPORTS, "send").mockResolvedValue(undefined as never);
    await handleImportBatch(createMessageBatch("product-imports", [{ id: "s1", timestamp: new Date(), attempts: 1, body: split }]) as never, env);
    held.mockRestore();
    const slice = { import_id: started.body.id, store_id: store.id, step: "slice", index: 0 };
    const spent = { ...env, DATABASE_WRITE_RATE_LIMITER: refusing, RATE_LIMIT_DATABASE_WRITES: "100", ...steadyLaneClosed } as Env;
    // The last attempt the consumer counts: a failure of the import's own would end it `failed` here.
    const batch = createMessageBatch("product-imports", [{ id: "b1", timestamp: new Date(), attempts: 5, body: slice }]);
    const ctx = createExecutionContext();
    await handleImportBatch(batch as never, spent);
    const result = await getQueueResult(batch, ctx);
    expect(result.retryMessages.map((m) => m.msgId)).toEqual(["b1"]);
    expect(result.explicitAcks).toEqual([]);
    expect(await storeFirst(store.id, "SELECT state, rows_done FROM product_imports WHERE id = ?", started.body.id)).toEqual({
      state: "running",
      rows_done: 0,
    });
    await handleImportBatch(createMessageBatch("product-imports", [{ id: "b2", timestamp: new Date(), attempts: 6, body: slice }]) as never, env);
    expect((await finished(store, started.body.id)).state).toBe("done");
    const mug = (await call("GET", store.path("?include_drafts=true&search=M-1"), { token: store.token })).body.data[0];
    expect(mug.variants[0].price_cents).toBe(500);
  });
});

itSpreadsStoresOverDatabases(() => catalogStoreIds);
