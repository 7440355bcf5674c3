// npm run bench:sync (issue 17): a 10,000-product store with 15,000 variants, against `npm run dev` (started here
// on BENCH_SYNC_PORT, default 8804, with a throwaway state directory, and stopped by its process group at the end).
//   1. stock for every variant: POST /variants/bulk (60 requests of 250) against one PATCH per variant. The PATCH
//      path is timed on a sample (BENCH_PATCH_SAMPLE, default 600) at the same concurrency and extrapolated to
//      15,000; the report says so.
//   2. a full cursor walk (limit 100, drafts included) while a writer changes 10% of the catalog: time, and that
//      no product was read twice and no product the writer left alone was skipped.
//   3. the export: time, size, and the dev server's peak memory while it streams (workerd's RSS, sampled).
//   4. the import of that file into an empty store: rows per second from POST to state done.
//   5. (issue 37) a Shopify product CSV of 5,000 variants naming 2,000 images served by a local Node HTTP server
//      (small real PNGs), imported into an empty store: rows/s and images/s (bench/lib/shopify-csv.mjs).
//   6. (issue 37) 1,000 products pushed by PUT /products/by-external-id/{key}: new, unchanged, 10% changed;
//      requests/s and the events each pass emitted (the unchanged pass must emit none; bench/lib/put-push.mjs).
// BENCH_SYNC_ONLY=shopify runs part 5 alone, BENCH_SYNC_ONLY=put part 6 alone (no 10,000-product seed).
import { execSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { randomUUID } from "node:crypto";
import { api, setupAccount, workerdRss } from "./lib/harness.mjs";
import { startDev as startDevServer } from "./lib/dev-server.mjs";
import { storeFile } from "./lib/local-d1.mjs";
import { shopifyPart } from "./lib/shopify-csv.mjs";
import { putPart } from "./lib/put-push.mjs";

const PORT = Number(process.env.BENCH_SYNC_PORT ?? 8804);
const PRODUCTS = 10_000;
const PATCH_SAMPLE = Number(process.env.BENCH_PATCH_SAMPLE ?? 600);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const ONLY = process.env.BENCH_SYNC_ONLY;
if (ONLY !== undefined && !["shopify", "put"].includes(ONLY)) throw new Error(`BENCH_SYNC_ONLY: shopify or put, not ${ONLY}`);
const base = `http://127.0.0.1:${PORT}`;
const persistDir = mkdtempSync(path.join(tmpdir(), "bench-sync-"));

const startDev = () => startDevServer({ port: PORT, persistDir });

/** 10,000 products (5,000 single, 5,000 variable with 2 variants): 15,000 variants, every one with an SKU. */
function seed(file, storeId) {
  const db = new DatabaseSync(file);
  // The stopped server's workerd may hold the file a moment longer.
  db.exec("PRAGMA busy_timeout = 60000");
  const at = (n) => new Date(Date.parse("2026-01-01T00:00:00.000Z") + n * 1000).toISOString();
  const variants = [];
  db.exec("BEGIN IMMEDIATE");
  // Stock is a level at the default location with its ledger entry; the triggers read why from this row.
  db.prepare(`INSERT INTO inventory_context (singleton, store_id, reason, reference, seq_from)
    VALUES (1, ?, 'stock_write', 'bench.seed', (SELECT coalesce(max(seq), 0) + 1 FROM inventory_ledger WHERE store_id = ?))`).run(storeId, storeId);
  const product = db.prepare(`INSERT INTO products (id, store_id, slug, title, description, product_type, status, created_at, updated_at, published_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const variant = db.prepare(`INSERT INTO product_variants (id, store_id, product_id, title, is_default, sku, sku_lower, price_cents, stock,
    fulfillment_mode, option_values, option_key, position, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'stocked', ?, ?, ?, ?, ?)`);
  for (let n = 0; n < PRODUCTS; n++) {
    const id = randomUUID();
    const single = n % 2 === 0;
    const live = n % 10 !== 0;
    product.run(
      id,
      storeId,
      `p-${n}`,
      `Product ${n}, "seeded"`,
      "Seeded for bench:sync",
      single ? "single" : "variable",
      live ? "live" : "draft",
      at(n),
      at(n),
      live ? at(n) : null,
    );
    const sizes = single ? [null] : ["S", "M"];
    sizes.forEach((size, i) => {
      const vid = randomUUID();
      const sku = `SKU-${n}-${i}`;
      const options = size ? JSON.stringify([{ name: "Size", value: size }]) : "[]";
      const key = size ? JSON.stringify([["size", size.toLowerCase()]]) : "[]";
      variant.run(vid, storeId, id, size ?? "Default", single ? 1 : 0, sku, sku.toLowerCase(), 1000 + n, 5, options, key, i, at(n), at(n));
      variants.push({ id: vid, productId: id, sku });
    });
  }
  db.exec("DELETE FROM inventory_context");
  db.exec("COMMIT");
  db.close();
  return variants;
}

/** Runs `tasks` with `CONCURRENCY` workers; returns elapsed ms. */
async function pool(tasks) {
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < tasks.length) await tasks[next++]();
    }),
  );
  return performance.now() - started;
}

/** KiB, the whole workerd process group of the dev server (bench/lib/harness.mjs). */
const workerdRssKib = () => workerdRss(Number(process.env.BENCH_PGID)).total * 1024;

const must = (res, status, what) => {
  if (res.status !== status) throw new Error(`${what}: ${res.status} ${res.text.slice(0, 300)}`);
  return res;
};

const report = {};
let dev = await startDev();
const account = await setupAccount(base);
let variants = [];
if (ONLY === undefined) {
  await dev.stop();
  // The store's own database file: npm run dev spreads stores over several, beside the directory.
  variants = seed(await storeFile(persistDir, account.storeId), account.storeId);
  dev = await startDev();
}
process.env.BENCH_PGID = String(dev.child.pid);
const { pat, storeId } = account;
const store = `/stores/${storeId}`;

/** Parts 1 to 4, on the seeded 10,000-product store. */
async function catalogParts() {
  // 1. Bulk against one PATCH per variant.
  const batches = [];
  for (let i = 0; i < variants.length; i += 250) batches.push(variants.slice(i, i + 250));
  const bulkMs = await pool(
    batches.map((batch) => async () => {
      must(await api(base, "POST", `${store}/variants/bulk`, { token: pat, body: { updates: batch.map((v) => ({ sku: v.sku, stock: 7 })) } }), 200, "bulk");
    }),
  );
  const sample = variants.slice(0, PATCH_SAMPLE);
  const patchMs = await pool(
    sample.map((v) => async () => {
      must(await api(base, "PATCH", `${store}/products/${v.productId}/variants/${v.id}`, { token: pat, body: { stock: 8 } }), 200, "patch");
    }),
  );
  const patchAllMs = (patchMs / sample.length) * variants.length;
  report.bulk = {
    variants: variants.length,
    requests: batches.length,
    bulk_s: bulkMs / 1000,
    patch_sample: sample.length,
    patch_sample_s: patchMs / 1000,
    patch_extrapolated_s: patchAllMs / 1000,
    ratio: patchAllMs / bulkMs,
  };
  console.log("bulk", report.bulk);

  // 2. Cursor walk while a writer changes 10% of the catalog.
  const all = [];
  {
    let cursor = null;
    do {
      const res = must(
        await api(base, "GET", `${store}/products?include_drafts=true&limit=100${cursor ? `&cursor=${cursor}` : ""}`, { token: pat }),
        200,
        "list",
      );
      all.push(...res.body.data.map((p) => p.id));
      cursor = res.body.pagination.next_cursor;
    } while (cursor);
  }
  const changed = new Set(all.filter((_, i) => i % 10 === 5));
  const toChange = [...changed];
  let writing = true;
  let written = 0;
  const writer = (async () => {
    for (const id of toChange) {
      if (!writing) break;
      written++;
      must(await api(base, "PATCH", `${store}/products/${id}`, { token: pat, body: { title: `Changed ${id.slice(0, 8)}` } }), 200, "writer");
    }
  })();
  const seen = [];
  const walkStarted = performance.now();
  let pages = 0;
  let cursor = null;
  do {
    const res = must(
      await api(base, "GET", `${store}/products?include_drafts=true&limit=100${cursor ? `&cursor=${cursor}` : ""}`, { token: pat }),
      200,
      "walk",
    );
    seen.push(...res.body.data.map((p) => p.id));
    cursor = res.body.pagination.next_cursor;
    pages++;
  } while (cursor);
  const walkMs = performance.now() - walkStarted;
  const writtenDuringWalk = written;
  writing = false;
  await writer;
  const counts = new Map();
  for (const id of seen) counts.set(id, (counts.get(id) ?? 0) + 1);
  const repeated = [...counts.values()].filter((n) => n > 1).length;
  const skipped = all.filter((id) => !changed.has(id) && !counts.has(id)).length;
  const changedDuringWalk = toChange.length;
  // The same walk paced so that the writer's whole 10% lands during it: page k waits for k x 10 more changes.
  const changed2 = new Set(all.filter((_, i) => i % 10 === 7));
  const toChange2 = [...changed2];
  let written2 = 0;
  const writer2 = pool(
    toChange2.map((id) => async () => {
      must(await api(base, "PATCH", `${store}/products/${id}`, { token: pat, body: { title: `Again ${id.slice(0, 8)}` } }), 200, "writer");
      written2++;
    }),
  );
  const seen2 = [];
  const pacedStarted = performance.now();
  let page2 = 0;
  cursor = null;
  do {
    while (written2 < Math.min(toChange2.length, page2 * (toChange2.length / 100))) await new Promise((r) => setTimeout(r, 20));
    const res = must(
      await api(base, "GET", `${store}/products?include_drafts=true&limit=100${cursor ? `&cursor=${cursor}` : ""}`, { token: pat }),
      200,
      "walk",
    );
    seen2.push(...res.body.data.map((p) => p.id));
    cursor = res.body.pagination.next_cursor;
    page2++;
  } while (cursor);
  const pacedMs = performance.now() - pacedStarted;
  const writtenDuringPaced = written2;
  await writer2;
  const counts2 = new Map();
  for (const id of seen2) counts2.set(id, (counts2.get(id) ?? 0) + 1);
  // The walk started after the first writer ended: "unchanged" means not changed by either writer.
  const current = new Set(all);
  report.paced_walk = {
    walk_s: pacedMs / 1000,
    read: seen2.length,
    writer_changes_during_walk: writtenDuringPaced,
    repeated: [...counts2.values()].filter((n) => n > 1).length,
    skipped_unchanged: [...current].filter((id) => !changed2.has(id) && !counts2.has(id)).length,
  };
  console.log("paced walk", report.paced_walk);
  report.walk = {
    products: all.length,
    pages,
    walk_s: walkMs / 1000,
    read: seen.length,
    repeated,
    skipped_unchanged: skipped,
    writer_changes_planned: changedDuringWalk,
    writer_changes_during_walk: writtenDuringWalk,
  };
  console.log("walk", report.walk);

  // 3. Export, with workerd's memory sampled while it streams.
  const rssBefore = workerdRssKib();
  let rssPeak = rssBefore;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, workerdRssKib())), 50);
  const exportStarted = performance.now();
  const response = await fetch(`${base}${store}/products/export.csv`, { headers: { Authorization: `Bearer ${pat}` } });
  const csv = await response.text();
  const exportMs = performance.now() - exportStarted;
  clearInterval(sampler);
  const rows = csv.split("\r\n").filter(Boolean).length - 1;
  report.export = {
    status: response.status,
    rows,
    bytes: Buffer.byteLength(csv),
    export_s: exportMs / 1000,
    workerd_rss_before_mb: rssBefore / 1024,
    workerd_rss_peak_mb: rssPeak / 1024,
  };
  console.log("export", report.export);

  // 4. Import that file into an empty store.
  const target = await setupAccount(base);
  const form = new FormData();
  form.append("file", new File([csv], "products.csv", { type: "text/csv" }));
  const importStarted = performance.now();
  const started = await fetch(`${base}/stores/${target.storeId}/imports`, { method: "POST", headers: { Authorization: `Bearer ${target.pat}` }, body: form });
  const { id } = await started.json();
  let state;
  for (;;) {
    state = (await api(base, "GET", `/stores/${target.storeId}/imports/${id}`, { token: target.pat })).body;
    if (state.state === "done" || state.state === "failed") break;
    await new Promise((r) => setTimeout(r, 500));
  }
  const importMs = performance.now() - importStarted;
  report.import = {
    accepted_status: started.status,
    state: state.state,
    rows_total: state.rows_total,
    rows_done: state.rows_done,
    errors: state.errors.length,
    products_created: state.products_created,
    variants_created: state.variants_created,
    import_s: importMs / 1000,
    rows_per_s: state.rows_done / (importMs / 1000),
  };
  console.log("import", report.import);
  const again = await fetch(`${base}/stores/${target.storeId}/products/export.csv`, { headers: { Authorization: `Bearer ${target.pat}` } });
  const sameCatalog = (await again.text()).split("\r\n").sort().join("\n") === csv.split("\r\n").sort().join("\n");
  report.import.round_trip_identical = sameCatalog;
  console.log("round trip identical:", sameCatalog);
}

try {
  if (ONLY === undefined) await catalogParts();
  // 5. A Shopify CSV with images from a local server.
  if (ONLY !== "put") {
    report.shopify = await shopifyPart(base);
    console.log("shopify", report.shopify);
  }
  // 6. Whole products pushed by PUT.
  if (ONLY !== "shopify") report.put = await putPart(base);
} finally {
  await dev.stop();
}
console.log(JSON.stringify({ load_average: execSync("uptime").toString().trim(), ...report }, null, 2));
