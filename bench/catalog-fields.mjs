// npm run bench:catalog (second part): custom fields (docs/api/21-custom-fields.md, issue 35) at 100,000 products with 20
// filterable product fields. The product list filtered by one field and by two fields, each against the default list
// in the same rounds (p50 ratio; target within 2x), a range and a variant field for information; and a product
// write (POST) with 20 field values against one with none, interleaved the same way (target within 1.5x).
// Same approach as bench/catalog.mjs (not shared: that file is another issue's): `npm run dev` with a throwaway state
// directory, one store with an all-permission PAT, the server stopped, the store seeded straight into its D1 file
// (seedCatalog below, after bench/catalog-seed.mjs: 1-3 variants per product, 90% live; stock 0, so that no level or
// ledger entry is needed), restarted, then measured.
//   BENCH_FIELDS_PORT (8793), BENCH_ROUNDS (3), BENCH_REQUESTS (100 per scenario per round), BENCH_CONCURRENCY (4),
//   BENCH_FIELDS_PRODUCTS (100000).
// Seeding the values: the store's 20 definitions are inserted not yet filterable, every product's `fields` written
// by one UPDATE, then each definition made filterable and backfilled by one INSERT ... SELECT, as PATCH filterable
// does (its time, per definition, is printed: the backfill's cost at this size).
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { randomUUID } from "node:crypto";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { startDev } from "./lib/dev-server.mjs";
import { fmt, load, median, setupAccount } from "./lib/harness.mjs";

const PORT = Number(process.env.BENCH_FIELDS_PORT ?? 8793);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 100);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const PRODUCTS = Number(process.env.BENCH_FIELDS_PRODUCTS ?? 100_000);
const FIELDS = 20;
const base = `http://127.0.0.1:${PORT}`;
const root = path.resolve(import.meta.dirname, "..");
const persistDir = mkdtempSync(path.join(tmpdir(), "bench-catalog-fields-"));
const VARS = ["RATE_LIMIT_PER_CREDENTIAL", "RATE_LIMIT_PER_STORE", "RATE_LIMIT_PER_IP", "RATE_LIMIT_STORE_WRITES", "RATE_LIMIT_DATABASE_WRITES"].flatMap(
  (v) => ["--var", `${v}:100000000`],
);

/** The 20 product fields: text (50 values, 2% each), integer (0..99, 1% each) and date, in turn. */
const TYPES = ["text", "integer", "date"];
const typeOf = (i) => TYPES[i % 3];
/** Field i's value for product n, as SQL over the product's seeded number (slug "p-<n>"). */
const valueSql = (i) =>
  typeOf(i) === "text"
    ? `'v' || ((n * 7 + ${i}) % 50)`
    : typeOf(i) === "integer"
      ? `(n * 13 + ${i}) % 100`
      : `printf('2026-%02d-%02d', 1 + (n + ${i}) % 12, 1 + (n + ${i}) % 28)`;
/** The same value in JS, for the write bench's bodies. */
const fieldValue = (i, n) =>
  typeOf(i) === "text"
    ? `v${(n * 7 + i) % 50}`
    : typeOf(i) === "integer"
      ? (n * 13 + i) % 100
      : `2026-${String(1 + ((n + i) % 12)).padStart(2, "0")}-${String(1 + ((n + i) % 28)).padStart(2, "0")}`;

/** The local D1 file of the store database that holds `storeId`. */
async function storeFile(storeId) {
  const dir = path.join(persistDir, "v3", "d1", "miniflare-D1DatabaseObject");
  for (let attempt = 0; attempt < 30; attempt++) {
    for (const name of readdirSync(dir).filter((f) => f.endsWith(".sqlite") && f !== "metadata.sqlite")) {
      const db = new DatabaseSync(path.join(dir, name));
      try {
        if (db.prepare("SELECT 1 AS x FROM sqlite_master WHERE name = 'products'").get() && db.prepare("SELECT 1 AS x FROM stores WHERE id = ?").get(storeId))
          return path.join(dir, name);
      } catch {
      } finally {
        db.close();
      }
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error(`no store database holds ${storeId}`);
}

const BATCH = 250;
function insertMany(db, table, columns, rows) {
  for (let i = 0; i < rows.length; i += BATCH) {
    const chunk = rows.slice(i, i + BATCH);
    db.prepare(`INSERT INTO ${table} (${columns.join(",")}) VALUES ${chunk.map(() => `(${columns.map(() => "?").join(",")})`).join(",")}`).run(...chunk.flat());
  }
}

/** `count` products ("Product <n>", slug "p-<n>", 90% live) with 1-3 variants each, in one transaction. */
function seedCatalog(file, storeId, count) {
  const db = new DatabaseSync(file);
  db.exec("PRAGMA busy_timeout = 60000");
  db.exec("PRAGMA foreign_keys = ON");
  const start = Date.parse("2026-01-01T00:00:00.000Z");
  const productCols = ["id", "store_id", "slug", "title", "description", "product_type", "status", "created_at", "updated_at", "published_at"];
  const variantCols = [
    "id",
    "store_id",
    "product_id",
    "title",
    "is_default",
    "sku",
    "sku_lower",
    "price_cents",
    "stock",
    "option_values",
    "option_key",
    "position",
    "created_at",
    "updated_at",
  ];
  db.exec("BEGIN");
  for (let from = 0; from < count; from += 5000) {
    const products = [];
    const variants = [];
    for (let n = from; n < Math.min(count, from + 5000); n++) {
      const id = randomUUID();
      const at = new Date(start + n * 1000).toISOString();
      const live = n % 10 !== 0;
      const variantCount = 1 + (n % 3);
      products.push([
        id,
        storeId,
        `p-${n}`,
        `Product ${n}`,
        "Seeded for the custom fields benchmark",
        variantCount === 1 ? "single" : "variable",
        live ? "live" : "draft",
        at,
        at,
        live ? at : null,
      ]);
      for (let v = 0; v < variantCount; v++) {
        const single = variantCount === 1;
        const options = single ? [] : [{ name: "Size", value: ["S", "M", "L"][v] }];
        const sku = `SKU-${String(n).padStart(6, "0")}-${v}`;
        variants.push([
          randomUUID(),
          storeId,
          id,
          single ? "Default" : options[0].value,
          single ? 1 : 0,
          sku,
          sku.toLowerCase(),
          1000 + (n % 5000) + 500 * v,
          0,
          JSON.stringify(options),
          JSON.stringify(options.map((o) => [o.name.toLowerCase(), o.value.toLowerCase()])),
          v,
          at,
          at,
        ]);
      }
    }
    insertMany(db, "products", productCols, products);
    insertMany(db, "product_variants", variantCols, variants);
  }
  db.exec("COMMIT");
  db.close();
}

/** The definitions and every product's values; then each definition made filterable and backfilled (timed). */
function seedFields(file, storeId) {
  const db = new DatabaseSync(file);
  db.exec("PRAGMA busy_timeout = 60000");
  db.exec("PRAGMA foreign_keys = ON");
  const now = new Date().toISOString();
  const defs = Array.from({ length: FIELDS }, (_, i) => ({ id: randomUUID(), key: `f${i}`, type: typeOf(i) }));
  const t0 = performance.now();
  db.exec("BEGIN");
  const insert = db.prepare(
    "INSERT INTO field_definitions (id, store_id, owner, key, name, type, filterable, created_at, updated_at) VALUES (?, ?, 'product', ?, ?, ?, 0, ?, ?)",
  );
  for (const d of defs) insert.run(d.id, storeId, d.key, d.key, d.type, now, now);
  insert.run(randomUUID(), storeId, "note", "note", "text", now, now);
  db.prepare(`UPDATE products SET fields = (SELECT json_object(${defs.map((d, i) => `'${d.key}', ${valueSql(i)}`).join(", ")})
    FROM (SELECT CAST(substr(products.slug, 3) AS INTEGER) AS n)) WHERE store_id = ?`).run(storeId);
  // A variant field on every variant: its position (0, 1, 2).
  const variantDef = randomUUID();
  db.prepare(
    "INSERT INTO field_definitions (id, store_id, owner, key, name, type, filterable, created_at, updated_at) VALUES (?, ?, 'variant', 'slot', 'Slot', 'integer', 0, ?, ?)",
  ).run(variantDef, storeId, now, now);
  db.prepare("UPDATE product_variants SET fields = json_object('slot', position) WHERE store_id = ?").run(storeId);
  db.exec("COMMIT");
  console.log(`values written: ${PRODUCTS} products x ${FIELDS} fields in ${fmt((performance.now() - t0) / 1000)} s`);
  const backfills = [];
  for (const d of [...defs, { id: variantDef, owner: "variant" }]) {
    const t1 = performance.now();
    db.exec("BEGIN");
    db.prepare("UPDATE field_definitions SET filterable = 1 WHERE id = ?").run(d.id);
    const path = `$.${d.key ?? "slot"}`;
    if (d.owner === "variant") {
      db.prepare(`INSERT INTO field_index (store_id, definition_id, resource_id, product_id, value, status, updated_at)
        SELECT v.store_id, ?, v.id, v.product_id, json_extract(v.fields, ?), p.status, p.updated_at FROM product_variants v JOIN products p ON p.id = v.product_id
        WHERE v.store_id = ? AND json_type(v.fields, ?) IS NOT NULL ON CONFLICT (definition_id, resource_id) DO NOTHING`).run(d.id, path, storeId, path);
    } else {
      db.prepare(`INSERT INTO field_index (store_id, definition_id, resource_id, product_id, value, status, updated_at)
        SELECT p.store_id, ?, p.id, p.id, json_extract(p.fields, ?), p.status, p.updated_at FROM products p
        WHERE p.store_id = ? AND json_type(p.fields, ?) IS NOT NULL ON CONFLICT (definition_id, resource_id) DO NOTHING`).run(d.id, path, storeId, path);
    }
    db.exec("COMMIT");
    backfills.push(performance.now() - t1);
  }
  console.log(
    `backfill (PATCH filterable: true), one definition over ${PRODUCTS} products: median ${fmt(median(backfills.slice(0, FIELDS)))} ms, variant field over its variants: ${fmt(backfills.at(-1))} ms`,
  );
  db.close();
  return { backfillMs: median(backfills.slice(0, FIELDS)) };
}

const summary = (runs) => ({ p50: median(runs.map((r) => r.p50)), p99: median(runs.map((r) => r.p99)), errors: runs.reduce((n, r) => n + r.errors, 0) });

let dev;
const rows = [];
try {
  dev = await startDev({ port: PORT, persistDir, args: VARS, build: !existsSync(path.join(root, "build")) });
  const store = await setupAccount(base);
  await dev.stop();
  const file = await storeFile(store.storeId);
  const t0 = performance.now();
  seedCatalog(file, store.storeId, PRODUCTS);
  console.log(`seeded ${PRODUCTS} products in ${fmt((performance.now() - t0) / 1000)} s`);
  const { backfillMs } = seedFields(file, store.storeId);
  dev = await startDev({ port: PORT, persistDir, args: VARS, build: !existsSync(path.join(root, "build")) });
  const { storeId, pat } = store;
  const headers = { Authorization: `Bearer ${pat}`, "Content-Type": "application/json" };
  const get = (p) => () => fetch(`${base}${p}`, { headers });
  const list = (q) => `/stores/${storeId}/products?limit=20${q}`;
  const reference = list("");
  const reads = [
    ["filter one field (text, 2%)", list("&field.f0=v7")],
    ["filter two fields (text 2% and integer: 1% together)", list("&field.f0=v7&field.f1=14")],
    ["filter one field (integer, 1%), drafts included", list("&field.f1=50&include_drafts=true")],
    ["filter range (date, one month)", list("&field.f2.min=2026-03-01&field.f2.max=2026-03-31")],
    ["filter variant field (slot=2: a third of products)", list("&field.slot=2")],
    ["filter one field, sort=title", list("&field.f0=v7&sort=title")],
  ];
  for (const [label, p] of reads) {
    const first = await (await get(p)()).json();
    if (!first.pagination) throw new Error(`${label}: ${JSON.stringify(first).slice(0, 300)}`);
    const app = [];
    const def = [];
    for (let round = 0; round < ROUNDS; round++) {
      def.push(await load(get(reference), { requests: REQUESTS, concurrency: CONCURRENCY }));
      app.push(await load(get(p), { requests: REQUESTS, concurrency: CONCURRENCY }));
    }
    const row = { label, app: summary(app), reference: summary(def), total: first.pagination.total, against: "default list" };
    row.ratio = row.app.p50 / row.reference.p50;
    rows.push(row);
    console.log(JSON.stringify(row));
  }
  // Writes: POST a single product with 20 field values against one with none (explicit slugs: no slug look-ups).
  let n = 0;
  const post = (withFields) => () => {
    const i = n++;
    const body = { title: `Written ${i}`, slug: `written-${i}-${withFields ? "f" : "n"}`, product_type: "single", default_price_cents: 100 };
    if (withFields) body.fields = Object.fromEntries(Array.from({ length: FIELDS }, (_, k) => [`f${k}`, fieldValue(k, i)]));
    return fetch(`${base}/stores/${storeId}/products`, { method: "POST", headers, body: JSON.stringify(body) });
  };
  const probe = await post(true)();
  if (probe.status !== 201) throw new Error(`POST with fields: ${probe.status} ${await probe.text()}`);
  const plain = [];
  const withFields = [];
  for (let round = 0; round < ROUNDS; round++) {
    plain.push(await load(post(false), { requests: REQUESTS, concurrency: CONCURRENCY }));
    withFields.push(await load(post(true), { requests: REQUESTS, concurrency: CONCURRENCY }));
  }
  const row = { label: "POST a product with 20 field values", app: summary(withFields), reference: summary(plain), total: "", against: "POST with none" };
  row.ratio = row.app.p50 / row.reference.p50;
  rows.push(row);
  console.log(JSON.stringify(row));
  console.log(
    `\n${PRODUCTS} products, ${FIELDS} filterable product fields (and a filterable variant field); ${ROUNDS} rounds x ${REQUESTS} requests, concurrency ${CONCURRENCY}; medians over rounds; ms`,
  );
  console.log(`backfill of one definition (PATCH filterable: true) at ${PRODUCTS} products: ${fmt(backfillMs)} ms (SQLite, the server stopped)\n`);
  console.log("| scenario | p50 / p99 | reference p50 / p99 (same rounds) | reference | p50 ratio | total |");
  console.log("|---|---|---|---|---|---|");
  for (const r of rows) {
    const errors = r.app.errors + r.reference.errors;
    console.log(
      `| ${r.label} | ${fmt(r.app.p50)} / ${fmt(r.app.p99)} | ${fmt(r.reference.p50)} / ${fmt(r.reference.p99)} | ${r.against} | ${fmt(r.ratio, 2)}x | ${r.total} |${errors ? ` errors: ${errors}` : ""}`,
    );
  }
} finally {
  if (dev) await dev.stop();
  rmSync(persistDir, { recursive: true, force: true });
}
