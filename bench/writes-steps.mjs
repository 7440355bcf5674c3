// npm run bench:writes -- --steps (issue 50): what each step of a product create's D1 batch costs in SQLite. The
// batches are captured from a copy of this checkout's committed files (`git archive HEAD` into a temporary directory,
// outside the repository) whose `commit` (src/events/outbox.ts) also prints each batch's statements; that copy
// serves one PUT /products/by-external-id/{key} (a live variable product, three variants with stock) and one POST
// /products (a single product). Its store database is then copied, 10,000 products are seeded into the store
// (bench/catalog-seed.mjs), and each batch is replayed there in node:sqlite, every replay in a transaction that is
// rolled back: whole, and without one piece at a time (a group of triggers dropped inside the transaction, which the
// rollback restores, or statements left out), the configurations interleaved replay by replay. Also each statement's
// own time and what preparing it costs. Nothing in src/ changes; only the temporary copy prints.
//   BENCH_STEPS_PORT (8819), BENCH_STEPS_REPLAYS (300).
import { execSync } from "node:child_process";
import { copyFileSync, cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { api, setupAccount, startServer } from "./lib/harness.mjs";
import { storeFile } from "./lib/local-d1.mjs";
import { seedStore } from "./catalog-seed.mjs";

const PORT = Number(process.env.BENCH_STEPS_PORT ?? 8819);
const REPLAYS = Number(process.env.BENCH_STEPS_REPLAYS ?? 300);
const root = path.resolve(import.meta.dirname, "..");
const SIZES = ["S", "M", "L"];

/** The committed files with `commit` printing each batch's statements (`BATCHLOG <json>`). */
function printingCopy(dir) {
  execSync(`git archive HEAD | tar -x -C ${dir}`, { cwd: root, shell: "/bin/bash" });
  symlinkSync(path.join(root, "node_modules"), path.join(dir, "node_modules"));
  if (existsSync(path.join(root, ".dev.vars"))) copyFileSync(path.join(root, ".dev.vars"), path.join(dir, ".dev.vars"));
  if (existsSync(path.join(root, "build"))) cpSync(path.join(root, "build"), path.join(dir, "build"), { recursive: true });
  const file = path.join(dir, "src/events/outbox.ts");
  const text = readFileSync(file, "utf8");
  const anchor = "  const batch = ctx.db.batch([...key, ...open, ...statements, ...close] as [Statement, ...Statement[]])";
  if (!text.includes(anchor)) throw new Error("src/events/outbox.ts: commit() no longer has the line this bench prints beside");
  const print =
    '  console.log("BATCHLOG " + JSON.stringify([...key, ...open, ...statements, ...close].map((st) => (st as unknown as { toSQL: () => unknown }).toSQL())));\n';
  writeFileSync(file, text.replace(anchor, print + anchor));
}

/** The batches of one PUT create and one POST create (after three of each to warm up), and the store's database copy. */
async function capture(work) {
  const copy = path.join(work, "copy");
  execSync(`mkdir -p ${copy}`);
  printingCopy(copy);
  const persistDir = path.join(work, "state");
  const logFile = path.join(work, "worker.log");
  writeFileSync(logFile, "");
  const server = await startServer({ port: PORT, persistDir, cwd: copy, logFile });
  const batches = () =>
    readFileSync(logFile, "utf8")
      .split("\n")
      .filter((l) => l.includes("BATCHLOG "))
      .map((l) => JSON.parse(l.slice(l.indexOf("BATCHLOG ") + 9)));
  let storeId;
  const taken = {};
  try {
    const account = await setupAccount(server.base);
    storeId = account.storeId;
    const s = `/stores/${storeId}`;
    const put = (n) =>
      api(server.base, "PUT", `${s}/products/by-external-id/w-${n}`, {
        token: account.pat,
        body: {
          title: `Written product ${n}`,
          product_type: "variable",
          status: "live",
          description: "Written by bench:writes",
          tags: ["bench", `t${n % 20}`],
          variants: SIZES.map((size, i) => ({
            external_id: `w-${n}-${size}`,
            sku: `W-${n}-${size}`,
            price_cents: 1500 + 100 * i,
            stock: 5 + i,
            option_values: [{ name: "Size", value: size }],
          })),
        },
      });
    const post = (n) =>
      api(server.base, "POST", `${s}/products`, {
        token: account.pat,
        body: { title: `Posted product ${n}`, product_type: "single", status: "live", default_price_cents: 1500, tags: ["bench"] },
      });
    for (let n = 0; n < 3; n++) {
      await put(n);
      await post(n);
    }
    for (const [name, write] of [
      ["PUT create (live, 3 variants with stock)", put],
      ["POST /products (single, live)", post],
    ]) {
      const before = batches().length;
      const res = await write(100);
      if (res.status !== 201) throw new Error(`${name}: ${res.status} ${res.text.slice(0, 300)}`);
      await new Promise((r) => setTimeout(r, 500));
      const made = batches().slice(before);
      if (made.length !== 1) throw new Error(`${name}: ${made.length} batches, expected one`);
      taken[name] = made[0];
    }
  } finally {
    server.stop();
  }
  const dbFile = path.join(work, "replay.sqlite");
  const source = await storeFile(persistDir, storeId);
  for (const ext of ["", "-wal", "-shm"]) if (existsSync(source + ext)) copyFileSync(source + ext, dbFile + ext);
  const db = new DatabaseSync(dbFile);
  db.exec("PRAGMA busy_timeout = 60000");
  db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  db.close();
  seedStore(dbFile, storeId, 10_000);
  return { dbFile, taken };
}

const med = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
};
const us = (ms) => (ms * 1000).toFixed(0);

/** Replays one captured batch, whole and without each piece; prints the tables (µs). */
function replay(dbFile, name, batch) {
  const db = new DatabaseSync(dbFile);
  db.exec("PRAGMA foreign_keys = ON");
  // The captured rows were committed by the capture: removed for good, so that every replay inserts them afresh.
  const productId = batch.find((s) => /^insert into "products"/.test(s.sql)).params[0];
  db.prepare("DELETE FROM products WHERE id = ?").run(productId);
  for (const s of batch.filter((s) => /^insert into "events" .* SELECT \?/.test(s.sql))) db.prepare("DELETE FROM events WHERE id = ?").run(s.params[0]);
  for (const s of batch.filter((s) => /^insert into "audit_log"/.test(s.sql))) db.prepare("DELETE FROM audit_log WHERE id = ?").run(s.params[0]);
  const triggers = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'trigger'")
    .all()
    .map((r) => r.name);
  const named = (re) => triggers.filter((t) => re.test(t));
  const isEvent = (s) => /^insert into "(events|webhook_deliveries)"/.test(s.sql);
  const isRead = (s) => /^select /.test(s.sql);
  const label = (s) => {
    if (/^insert into "events"/.test(s.sql))
      return /'inventory\.updated'/.test(s.sql) ? "insert events (inventory.updated, from the ledger)" : "insert events (the product's event, its JSON)";
    if (/^select json_object/.test(s.sql)) return "select the product JSON (the response)";
    const m = /^(insert into|delete from|select) "?([a-z_]+)"?/.exec(s.sql);
    return m ? `${m[1]} ${m[2]}` : s.sql.slice(0, 40);
  };
  const configs = [
    ["nothing left out", {}],
    ["FTS: products_fts_by_store_* triggers", { drop: named(/^products_fts_by_store_/) }],
    ["sequence: the events_sequence trigger", { drop: named(/^events_sequence$/) }],
    ["events: the events inserts and their webhook fan-out", { skip: isEvent }],
    ["audit: the audit_log insert", { skip: (s) => /^insert into "audit_log"/.test(s.sql) }],
    ["the response: the product JSON read", { skip: isRead }],
    [
      "catalog triggers: tags, variant summaries, store stats, field index, variant product copy",
      {
        drop: named(
          /^(product_tags_(insert|update|follow)|products_variant_summary_|store_catalog_stats_(insert|delete|status)|field_index_(product|variant|follow)|product_variants_product_(copy|follow))/,
        ),
      },
    ],
    ["inventory triggers: levels and ledger", { drop: named(/^(inventory_variant_|inventory_level_|inventory_location_active)/) }],
    ["price history triggers", { drop: named(/^price_history_variant_/) }],
    ["move guards: every *_paused_* and *_capture_* trigger", { drop: named(/_paused_|_capture_/) }],
    [
      "all but the product and variant inserts (no trigger, event, audit or read)",
      { drop: triggers, skip: (s) => !/^insert into "(products|product_variants)"/.test(s.sql) },
    ],
  ];
  const once = ({ drop = [], skip = () => false }, per) => {
    db.exec("BEGIN");
    for (const t of drop) db.exec(`DROP TRIGGER "${t}"`);
    const statements = batch.map((s) => (skip(s) ? null : db.prepare(s.sql)));
    const t0 = performance.now();
    statements.forEach((st, k) => {
      if (!st) return;
      const a = performance.now();
      if (isRead(batch[k])) st.all(...batch[k].params);
      else st.run(...batch[k].params);
      if (per) per[k].push(performance.now() - a);
    });
    const total = performance.now() - t0;
    db.exec("ROLLBACK");
    return total;
  };
  for (let i = 0; i < 30; i++) for (const [, c] of configs) once(c);
  const per = batch.map(() => []);
  const totals = configs.map(() => []);
  for (let i = 0; i < REPLAYS; i++) for (const [k, [, c]] of configs.entries()) totals[k].push(once(c, k === 0 ? per : null));
  const prepare = batch.map(() => []);
  for (let i = 0; i < REPLAYS; i++)
    batch.forEach((s, k) => {
      const a = performance.now();
      db.prepare(s.sql);
      prepare[k].push(performance.now() - a);
    });
  db.close();
  const whole = med(totals[0]);
  console.log(`\n${name}: ${batch.length} statements, medians of ${REPLAYS} replays (configurations interleaved), µs\n`);
  console.log("| # | statement | run (all triggers on) | prepare | SQL length |");
  console.log("|---|---|---|---|---|");
  for (const [k, s] of batch.entries()) console.log(`| ${k} | ${label(s)} | ${us(med(per[k]))} | ${us(med(prepare[k]))} | ${s.sql.length} |`);
  console.log(`| | whole batch | ${us(whole)} | ${us(prepare.reduce((n, p) => n + med(p), 0))} | |`);
  console.log("\n| left out | whole batch | difference (the piece's cost) |");
  console.log("|---|---|---|");
  for (const [k, [g, c]] of configs.entries()) {
    console.log(`| ${g}${c.drop ? ` (${c.drop.length} triggers)` : ""} | ${us(med(totals[k]))} | ${us(whole - med(totals[k]))} |`);
  }
}

export async function measureSteps() {
  const work = mkdtempSync(path.join(tmpdir(), "bench-writes-steps-"));
  try {
    const { dbFile, taken } = await capture(work);
    for (const [name, batch] of Object.entries(taken)) replay(dbFile, name, batch);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await measureSteps();
