// The measurement behind the storage of custom field values (docs/decisions.md "Custom fields"): the chosen design
// (a `fields` JSON column on each owner row, plus field_index for filterable values only, kept by the triggers of
// migrations/store/0029) against the alternative of a values table for every value (EAV: one row per resource and
// field, read back with json_group_object). Both on the real store schema (every migration applied), in one SQLite
// file with node:sqlite, so what differs is the storage alone (no Worker, no network): a store of BENCH_FIELDS_PRODUCTS
// (100,000) products with 30 values each (20 filterable), then the SQLite time of the operations a request makes.
//   npx node bench/fields-storage.mjs     (Node 24: node:sqlite)
import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";

const PRODUCTS = Number(process.env.BENCH_FIELDS_PRODUCTS ?? 100_000);
const FILTERABLE = 20;
const PLAIN = 10;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const root = path.resolve(import.meta.dirname, "..");
const dir = mkdtempSync(path.join(tmpdir(), "bench-fields-storage-"));

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (n, d = 3) => n.toFixed(d);

function openStore(name) {
  const db = new DatabaseSync(path.join(dir, `${name}.sqlite`));
  db.exec("PRAGMA foreign_keys = ON");
  // No fsync per commit: the comparison is of the work SQLite does, not of this machine's disk.
  db.exec("PRAGMA journal_mode = WAL");
  db.exec("PRAGMA synchronous = OFF");
  for (const file of readdirSync(path.join(root, "migrations/store"))
    .filter((f) => f.endsWith(".sql"))
    .sort()) {
    db.exec(readFileSync(path.join(root, "migrations/store", file), "utf8").replaceAll("--> statement-breakpoint", ""));
  }
  return db;
}

const keys = [...Array.from({ length: FILTERABLE }, (_, i) => `f${i}`), ...Array.from({ length: PLAIN }, (_, i) => `p${i}`)];
/** Product n's values: 20 filterable (integers, texts, dates), 10 plain texts. */
const valuesOf = (n) =>
  Object.fromEntries(
    keys.map((k, i) => [k, i % 3 === 0 ? (n * (i + 1)) % 1000 : i % 3 === 1 ? `value ${(n + i) % 50}` : `2026-0${1 + ((n + i) % 9)}-1${(n + i) % 9}`]),
  );

function seed(db, storeId, eav) {
  const now = "2026-01-01T00:00:00.000Z";
  db.prepare("INSERT INTO users (id, email, email_lower, name, password_hash, created_at) VALUES (?, ?, ?, 'Bench', 'x', ?)").run(
    storeId,
    `${storeId}@b.test`,
    `${storeId}@b.test`,
    now,
  );
  db.prepare("INSERT INTO stores (id, name, owner_id, created_at) VALUES (?, 'Bench', ?, ?)").run(storeId, storeId, now);
  const defs = keys.map((key, i) => ({ id: randomUUID(), key, filterable: i < FILTERABLE }));
  const insertDef = db.prepare(
    "INSERT INTO field_definitions (id, store_id, owner, key, name, type, filterable, created_at, updated_at) VALUES (?, ?, 'product', ?, ?, 'text', ?, ?, ?)",
  );
  for (const d of defs) insertDef.run(d.id, storeId, d.key, d.key, d.filterable ? 1 : 0, now, now);
  const insertProduct = db.prepare(
    `INSERT INTO products (id, store_id, slug, title, product_type, status, created_at, updated_at, fields) VALUES (?, ?, ?, ?, 'single', 'live', ?, ?, ?)`,
  );
  const insertValue = eav
    ? db.prepare("INSERT INTO eav_values (store_id, definition_id, resource_id, product_id, value, status, updated_at) VALUES (?, ?, ?, ?, ?, 'live', ?)")
    : null;
  db.exec("BEGIN");
  for (let n = 0; n < PRODUCTS; n++) {
    const id = randomUUID();
    const at = new Date(Date.parse(now) + n * 1000).toISOString();
    const values = valuesOf(n);
    insertProduct.run(id, storeId, `p-${n}`, `Product ${n}`, at, at, eav ? "{}" : JSON.stringify(values));
    if (eav) for (const d of defs) insertValue.run(storeId, d.id, id, id, values[d.key], at);
  }
  db.exec("COMMIT");
  return defs;
}

/** The EAV alternative: every value a row, indexed for filters and for reading a product's values back. */
function addEav(db) {
  db.exec(`CREATE TABLE eav_values (store_id text NOT NULL, definition_id text NOT NULL, resource_id text NOT NULL, product_id text NOT NULL,
    value, status text NOT NULL, updated_at text NOT NULL, PRIMARY KEY (resource_id, definition_id));
    CREATE INDEX eav_values_walk_idx ON eav_values (store_id, definition_id, value, updated_at, product_id, status);`);
}

/** Median ms of `fn` over `n` calls, after a warm-up. */
function time(fn, n = 200) {
  for (let i = 0; i < 20; i++) fn(i);
  const runs = [];
  for (let r = 0; r < ROUNDS; r++) {
    const t0 = performance.now();
    for (let i = 0; i < n; i++) fn(r * n + i);
    runs.push((performance.now() - t0) / n);
  }
  return median(runs);
}

function bytesOf(db, tables) {
  const rows = db.prepare("SELECT name, sum(pgsize) AS bytes FROM dbstat GROUP BY name").all();
  const index = db.prepare("SELECT name, tbl_name FROM sqlite_schema WHERE type = 'index'").all();
  const owner = (name) => index.find((i) => i.name === name)?.tbl_name ?? name;
  return rows.filter((r) => tables.includes(owner(r.name))).reduce((sum, r) => sum + r.bytes, 0);
}

const results = {};
for (const design of ["json", "eav"]) {
  const db = openStore(design);
  const eav = design === "eav";
  if (eav) addEav(db);
  const storeId = randomUUID();
  const t0 = performance.now();
  const defs = seed(db, storeId, eav);
  const seconds = (performance.now() - t0) / 1000;
  const values = JSON.stringify(valuesOf(7));
  const insert = db.prepare(
    `INSERT INTO products (id, store_id, slug, title, product_type, status, created_at, updated_at, fields) VALUES (?, ?, ?, 'New', 'single', 'live', ?, ?, ?)`,
  );
  const insertValue = eav
    ? db.prepare("INSERT INTO eav_values (store_id, definition_id, resource_id, product_id, value, status, updated_at) VALUES (?, ?, ?, ?, ?, 'live', ?)")
    : null;
  const at = "2027-01-01T00:00:00.000Z";
  const write = time((i) => {
    const id = randomUUID();
    db.exec("BEGIN");
    insert.run(id, storeId, `w-${design}-${i}-${id}`, at, at, eav ? "{}" : values);
    if (eav) for (const d of defs) insertValue.run(storeId, d.id, id, id, valuesOf(7)[d.key], at);
    db.exec("COMMIT");
  });
  const writePlain = time((i) => {
    const id = randomUUID();
    db.exec("BEGIN");
    insert.run(id, storeId, `n-${design}-${i}-${id}`, at, at, "{}");
    db.exec("COMMIT");
  });
  const ids = db
    .prepare("SELECT id FROM products WHERE store_id = ? ORDER BY id LIMIT 1000")
    .all(storeId)
    .map((r) => r.id);
  // A change of one filterable value (PATCH fields: {f3: ...}).
  const setJson = db.prepare(`UPDATE products SET fields = json_patch(fields, ?) WHERE id = ?`);
  const setEav = !eav
    ? null
    : db.prepare(
        "INSERT INTO eav_values (store_id, definition_id, resource_id, product_id, value, status, updated_at) VALUES (?, ?, ?, ?, ?, 'live', ?) ON CONFLICT (resource_id, definition_id) DO UPDATE SET value = excluded.value",
      );
  const update = time((i) => {
    db.exec("BEGIN");
    if (eav) setEav.run(storeId, defs[3].id, ids[i % 1000], ids[i % 1000], `changed ${i}`, at);
    else setJson.run(JSON.stringify({ f3: `changed ${i}` }), ids[i % 1000]);
    db.exec("COMMIT");
  });
  // Reading: one product's values (GET), and a list page of 20 with theirs.
  const valuesSql = eav
    ? "(SELECT json_group_object(d.key, v.value) FROM eav_values v JOIN field_definitions d ON d.id = v.definition_id WHERE v.resource_id = p.id)"
    : "json(p.fields)";
  const getOne = db.prepare(`SELECT json_object('id', p.id, 'title', p.title, 'fields', ${valuesSql}) AS j FROM products p WHERE p.id = ?`);
  const page = db.prepare(`SELECT json_group_array(json(j)) AS page FROM (SELECT json_object('id', p.id, 'title', p.title, 'fields', ${valuesSql}) AS j
    FROM products p WHERE p.store_id = ? AND p.status = 'live' ORDER BY p.updated_at DESC, p.id DESC LIMIT 20)`);
  const get = time((i) => getOne.get(ids[i % 1000]), 1000);
  const list = time(() => page.get(storeId), 200);
  // A filter's candidates (the index both designs have for filterable values): one value of f1 (2% of products).
  const table = eav ? "eav_values" : "field_index";
  const filter = db.prepare(`SELECT count(*) AS n FROM ${table} WHERE store_id = ? AND definition_id = ? AND value = ?`);
  const matches = filter.get(storeId, defs[1].id, "value 10").n;
  const plan = db
    .prepare(`EXPLAIN QUERY PLAN SELECT count(*) AS n FROM ${table} WHERE store_id = ? AND definition_id = ? AND value = ?`)
    .all(storeId, defs[1].id, "value 10");
  console.log(design, "filter plan:", plan.map((r) => r.detail).join("; "));
  const filterMs = time(() => filter.get(storeId, defs[1].id, "value 10"), 200);
  const bytes = bytesOf(db, eav ? ["products", "eav_values"] : ["products", "field_index"]);
  const productRows = db.prepare("SELECT count(*) AS n FROM products").get().n;
  results[design] = { seedSeconds: seconds, write, writePlain, update, get, list, filterMs, matches, bytesPerProduct: bytes / productRows };
  console.log(design, JSON.stringify(results[design]));
  db.close();
}

const j = results.json;
const e = results.eav;
console.log(`\n${PRODUCTS} products x ${keys.length} values (${FILTERABLE} filterable); SQLite time per operation, median of ${ROUNDS} rounds; ms\n`);
console.log("| operation | JSON column + filterable index | EAV (all values) | EAV / JSON |");
console.log("|---|---|---|---|");
for (const [label, key] of [
  ["create a product with 30 values", "write"],
  ["create a product with none", "writePlain"],
  ["change one filterable value", "update"],
  ["GET one product's values", "get"],
  ["list page of 20 with values", "list"],
  [`filter candidates (count of ${j.matches})`, "filterMs"],
]) {
  console.log(`| ${label} | ${fmt(j[key])} | ${fmt(e[key])} | ${fmt(e[key] / j[key], 2)}x |`);
}
console.log(
  `| bytes per product (products + values/index) | ${Math.round(j.bytesPerProduct)} | ${Math.round(e.bytesPerProduct)} | ${fmt(e.bytesPerProduct / j.bytesPerProduct, 2)}x |`,
);
rmSync(dir, { recursive: true, force: true });
