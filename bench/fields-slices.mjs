// The slice size of a custom field's backfill and removal (src/fields/slices.ts, docs/performance.md "Custom fields"):
// on the real store schema (every migration applied), in one SQLite file with node:sqlite (no Worker, no network: the
// SQLite time, which is what holds the store database), a store of BENCH_FIELDS_PRODUCTS (100,000) products with 20
// values each and 2 variants each (200,000) with a variant value, beside BENCH_NEIGHBOURS (5) other stores of 5,000
// products (their rows interleave in the tables, as on a shared database). Then, for a product field and for the
// variant field:
// * the old way: one INSERT ... SELECT over the store (the backfill), one UPDATE ... json_remove (the removal);
// * slices of BENCH_SLICE_SIZES (500,1000,2000,5000) products, each the statements of one slice's D1 batch, as
//   src/fields/slices.ts sends them (the change over the slice's ids, then the slice's keys): time per slice
//   (median and max) and in all.
//   npx node bench/fields-slices.mjs     (Node 24: node:sqlite)
import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";

const PRODUCTS = Number(process.env.BENCH_FIELDS_PRODUCTS ?? 100_000);
const NEIGHBOURS = Number(process.env.BENCH_NEIGHBOURS ?? 5);
const SIZES = (process.env.BENCH_SLICE_SIZES ?? "500,1000,2000,5000").split(",").map(Number);
const root = path.resolve(import.meta.dirname, "..");
const dir = mkdtempSync(path.join(tmpdir(), "bench-fields-slices-"));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (n, d = 1) => n.toFixed(d);

const db = new DatabaseSync(path.join(dir, "store.sqlite"));
db.exec("PRAGMA foreign_keys = ON");
db.exec("PRAGMA journal_mode = WAL");
db.exec("PRAGMA synchronous = OFF");
for (const file of readdirSync(path.join(root, "migrations/store"))
  .filter((f) => f.endsWith(".sql"))
  .sort()) {
  db.exec(readFileSync(path.join(root, "migrations/store", file), "utf8").replaceAll("--> statement-breakpoint", ""));
}

const now = "2026-01-01T00:00:00.000Z";
const valuesOf = (n) => Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`f${i}`, i % 2 ? `value ${(n + i) % 50}` : (n * (i + 1)) % 1000]));

function seedStore(storeId) {
  db.prepare("INSERT INTO users (id, email, email_lower, name, password_hash, created_at) VALUES (?, ?, ?, 'Bench', 'x', ?)").run(
    storeId,
    `${storeId}@b.test`,
    `${storeId}@b.test`,
    now,
  );
  db.prepare("INSERT INTO stores (id, name, owner_id, created_at) VALUES (?, 'Bench', ?, ?)").run(storeId, storeId, now);
  const def = db.prepare(
    "INSERT INTO field_definitions (id, store_id, owner, key, name, type, filterable, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, 0, ?, ?)",
  );
  const defs = { product: randomUUID(), variant: randomUUID() };
  def.run(defs.product, storeId, "product", "f0", "f0", "integer", now, now);
  def.run(defs.variant, storeId, "variant", "size", "size", "integer", now, now);
  for (let i = 1; i < 20; i++) def.run(randomUUID(), storeId, "product", `f${i}`, `f${i}`, "text", now, now);
  return defs;
}

function seedRows(stores) {
  const insertProduct = db.prepare(
    `INSERT INTO products (id, store_id, slug, title, product_type, status, created_at, updated_at, fields) VALUES (?, ?, ?, ?, 'variable', 'live', ?, ?, ?)`,
  );
  const insertVariant = db.prepare(
    `INSERT INTO product_variants (id, store_id, product_id, title, price_cents, option_key, created_at, updated_at, fields) VALUES (?, ?, ?, ?, 100, ?, ?, ?, ?)`,
  );
  // Interleaved: product n of every store at about the same time.
  const most = Math.max(...stores.map((s) => s.products));
  db.exec("BEGIN");
  for (let n = 0; n < most; n++) {
    const at = new Date(Date.parse(now) + n * 1000).toISOString();
    for (const s of stores) {
      if (n >= s.products) continue;
      const id = randomUUID();
      insertProduct.run(id, s.id, `p-${n}`, `Product ${n}`, at, at, JSON.stringify(valuesOf(n)));
      for (let k = 0; k < 2; k++) insertVariant.run(randomUUID(), s.id, id, `V${k}`, `k${k}`, at, at, JSON.stringify({ size: 30 + ((n + k) % 20) }));
    }
    if (n % 10_000 === 9_999) {
      db.exec("COMMIT");
      db.exec("BEGIN");
    }
  }
  db.exec("COMMIT");
}

const store = randomUUID();
const defs = seedStore(store);
const stores = [{ id: store, products: PRODUCTS }];
for (let i = 0; i < NEIGHBOURS; i++) {
  const id = randomUUID();
  seedStore(id);
  stores.push({ id, products: 5000 });
}
const t0 = performance.now();
seedRows(stores);
db.exec("ANALYZE");
console.log(`seeded ${PRODUCTS} products (+${NEIGHBOURS} stores of 5,000) with 2 variants each in ${fmt((performance.now() - t0) / 1000)} s\n`);

const path_ = { product: "$.f0", variant: "$.size" };
const sliceIds = (limit) => `SELECT id FROM products WHERE store_id = ? AND (created_at, id) > (?, ?) ORDER BY created_at, id LIMIT ${limit}`;
const backfillSql = {
  product: (limit) => `INSERT INTO field_index SELECT p.store_id, d.id, p.id, p.id, json_extract(p.fields, '$.f0'), p.status, p.updated_at
    FROM products p JOIN field_definitions d ON d.id = ? AND d.store_id = ? AND d.filterable = 1
    WHERE p.id IN (${sliceIds(limit)}) AND json_type(p.fields, '$.f0') IS NOT NULL ON CONFLICT DO NOTHING`,
  variant: (limit) => `INSERT INTO field_index SELECT v.store_id, d.id, v.id, v.product_id, json_extract(v.fields, '$.size'), p.status, p.updated_at
    FROM products p JOIN product_variants v ON v.product_id = p.id JOIN field_definitions d ON d.id = ? AND d.store_id = ? AND d.filterable = 1
    WHERE p.id IN (${sliceIds(limit)}) AND v.store_id = p.store_id AND json_type(v.fields, '$.size') IS NOT NULL ON CONFLICT DO NOTHING`,
};
const removeSql = {
  product: (limit) =>
    `UPDATE products SET fields = json_remove(fields, '$.f0') WHERE store_id = ? AND id IN (${sliceIds(limit)}) AND json_type(fields, '$.f0') IS NOT NULL`,
  variant: (limit) =>
    `UPDATE product_variants SET fields = json_remove(fields, '$.size') WHERE store_id = ? AND product_id IN (${sliceIds(limit)}) AND json_type(fields, '$.size') IS NOT NULL`,
};
const keysSql = (limit) => `SELECT created_at, id FROM products WHERE store_id = ? AND (created_at, id) > (?, ?) ORDER BY created_at, id LIMIT ${limit}`;

console.log(
  "plan of a slice's keys:",
  db
    .prepare(`EXPLAIN QUERY PLAN ${keysSql(1000)}`)
    .all(store, "", "")
    .map((r) => r.detail)
    .join("; "),
);
console.log(
  "plan of a variant backfill slice:",
  db
    .prepare(`EXPLAIN QUERY PLAN ${backfillSql.variant(1000)}`)
    .all(defs.variant, store, store, "", "")
    .map((r) => r.detail)
    .join("; "),
  "\n",
);

const setFilterable = (owner, on) => db.prepare("UPDATE field_definitions SET filterable = ? WHERE id = ?").run(on ? 1 : 0, defs[owner]);
const clearIndex = (owner) => db.prepare("DELETE FROM field_index WHERE definition_id = ?").run(defs[owner]);
const indexCount = (owner) => db.prepare("SELECT count(*) AS n FROM field_index WHERE definition_id = ?").get(defs[owner]).n;

/** One slice's batch, as one transaction; its ms and the next cursor (null: done). */
function slice(change, limit, cursor) {
  const t = performance.now();
  db.exec("BEGIN");
  change(cursor);
  const keys = db.prepare(keysSql(limit)).all(store, cursor.createdAt, cursor.id);
  db.exec("COMMIT");
  const ms = performance.now() - t;
  return { ms, next: keys.length < limit ? null : { createdAt: keys.at(-1).created_at, id: keys.at(-1).id } };
}

function sliced(change, limit) {
  const times = [];
  let cursor = { createdAt: "", id: "" };
  while (cursor) {
    const { ms, next } = slice(change, limit, cursor);
    times.push(ms);
    cursor = next;
  }
  return { slices: times.length, median: median(times), max: Math.max(...times), total: times.reduce((a, b) => a + b, 0) };
}

const rows = [];
const header = () => {
  console.log("| field | work | statement | batches | per batch p50 ms | max ms | total ms |");
  console.log("|---|---|---|---|---|---|---|");
};
header();
const push = (r) => {
  rows.push(r);
  console.log(`| ${r.join(" | ")} |`);
};
for (const owner of ["product", "variant"]) {
  // The old backfill: one statement.
  clearIndex(owner);
  setFilterable(owner, true);
  let t = performance.now();
  db.prepare(backfillSql[owner](1e9).replace(`p.id IN (${sliceIds(1e9)})`, "p.store_id = ?")).run(defs[owner], store, store);
  const one = performance.now() - t;
  const expected = indexCount(owner);
  push([owner, "backfill", "one statement", "1", fmt(one), fmt(one), fmt(one)]);
  for (const limit of SIZES) {
    clearIndex(owner);
    const r = sliced((c) => db.prepare(backfillSql[owner](limit)).run(defs[owner], store, store, c.createdAt, c.id), limit);
    if (indexCount(owner) !== expected) throw new Error(`${owner} backfill in slices of ${limit}: ${indexCount(owner)} rows, one statement made ${expected}`);
    push([owner, "backfill", `${limit} products`, String(r.slices), fmt(r.median), fmt(r.max), fmt(r.total)]);
  }
  // The removal: the values go (the index rows with them, by trigger). Timed on a copy of the values restored after.
  const table = owner === "product" ? "products" : "product_variants";
  const key = owner === "product" ? "f0" : "size";
  db.exec(`CREATE TEMP TABLE saved (id text PRIMARY KEY, fields text NOT NULL)`);
  db.exec(`INSERT INTO saved SELECT id, fields FROM ${table} WHERE store_id = '${store}'`);
  const restore = () => {
    db.exec(`UPDATE ${table} SET fields = saved.fields FROM saved WHERE saved.id = ${table}.id`);
  };
  t = performance.now();
  db.prepare(`UPDATE ${table} SET fields = json_remove(fields, '${path_[owner]}') WHERE store_id = ? AND json_type(fields, '${path_[owner]}') IS NOT NULL`).run(
    store,
  );
  const oneRemove = performance.now() - t;
  push([owner, "removal", "one statement", "1", fmt(oneRemove), fmt(oneRemove), fmt(oneRemove)]);
  for (const limit of SIZES) {
    restore();
    if (indexCount(owner) !== expected) throw new Error("restore");
    const r = sliced((c) => db.prepare(removeSql[owner](limit)).run(store, store, c.createdAt, c.id), limit);
    const left = db.prepare(`SELECT count(*) AS n FROM ${table} WHERE store_id = ? AND json_type(fields, '$.${key}') IS NOT NULL`).get(store).n;
    if (left !== 0 || indexCount(owner) !== 0) throw new Error(`${owner} removal in slices of ${limit}: ${left} values, ${indexCount(owner)} index rows left`);
    push([owner, "removal", `${limit} products`, String(r.slices), fmt(r.median), fmt(r.max), fmt(r.total)]);
  }
  restore();
  db.exec("DROP TABLE temp.saved");
}

db.close();
rmSync(dir, { recursive: true, force: true });
