// npm run bench:catalog: the product list's filters and sorts (issue 25), its searches and GET one product (issue 35),
// each against the default list in the same run, on a 10,000- and a 100,000-product store; p50 ratio (targets: within
// 2x for filters and sorts, 1.8x for searches). Then a store's searches with 50 other stores of 10,000 products each
// in its database, all matching the term, against the same store alone (bench/catalog-neighbours.mjs; within 1.5x).
// Runs `npm run dev` (scripts/dev.mjs, the real wrangler.toml: directory + store databases) on BENCH_CATALOG_PORT
// (default 8792) with a throwaway state directory under /tmp, seeds the stores straight into the local D1 file of
// the store database that holds them (bench/catalog-seed.mjs), and stops the server by its process group at the end.
// Rounds interleave each scenario with the default list, so both see the same machine load.
// The floor (issue 50): `GET /stores/{store_id}`, the cheapest authenticated store-scoped request (the PAT's lookup
// with the store access check, then one store row by primary key; no catalog read). When it is selected (always,
// unless BENCH_SCENARIOS names parts without "floor"), every round also measures it, and each row reports its p50
// against the floor's in the same rounds, as does the default list (targets: GET one product within 1.6x the floor,
// the list of 20 within 3x).
//   BENCH_ROUNDS (3), BENCH_REQUESTS (100 per scenario per round), BENCH_CONCURRENCY (4), BENCH_SIZES ("10k,100k";
//   "" for none), BENCH_SCENARIOS (comma-separated parts of scenario names; default all), BENCH_NEIGHBOURS (50 other
//   stores; 0 skips that part), BENCH_NEIGHBOUR_PRODUCTS (10000 each).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fmt, load, median, setupAccount } from "./lib/harness.mjs";
import { startDev } from "./lib/dev-server.mjs";
import { storeFile } from "./lib/local-d1.mjs";
import { seedStore } from "./catalog-seed.mjs";
import { measureNeighbours } from "./catalog-neighbours.mjs";

const PORT = Number(process.env.BENCH_CATALOG_PORT ?? 8792);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 100);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const SIZES = (process.env.BENCH_SIZES ?? "10k,100k").split(",").filter(Boolean);
const ONLY = process.env.BENCH_SCENARIOS?.split(",");
const NEIGHBOURS = Number(process.env.BENCH_NEIGHBOURS ?? 50);
const NEIGHBOUR_PRODUCTS = Number(process.env.BENCH_NEIGHBOUR_PRODUCTS ?? 10_000);
const COUNTS = { "10k": 10_000, "100k": 100_000 };
const base = `http://127.0.0.1:${PORT}`;
const FLOOR_LABEL = "floor: GET /stores/{store_id}";
const WITH_FLOOR = !ONLY || ONLY.some((o) => FLOOR_LABEL.includes(o));
const stateDirs = [];
// The benchmark measures the catalog, not the per-credential budgets (section 11): raised for this server only.
const VARS = ["RATE_LIMIT_PER_CREDENTIAL", "RATE_LIMIT_PER_STORE", "RATE_LIMIT_PER_IP"].flatMap((v) => ["--var", `${v}:100000000`]);

/** A throwaway state directory for a server (deleted at the end). */
function stateDir() {
  const dir = mkdtempSync(path.join(tmpdir(), "bench-catalog-"));
  stateDirs.push(dir);
  return dir;
}

/** The scenarios of one store: [label, path and query] (the default list is the reference). */
function scenarios(storeId, seeded) {
  const list = (q) => `/stores/${storeId}/products?limit=20${q}`;
  return [
    ["filter status=draft", list("&status=draft")],
    ["filter product_type=variable", list("&product_type=variable")],
    ["filter brand (10%)", list("&brand=brand%203")],
    ["filter tag (5%)", list("&tag=t7")],
    ["filter tag (25 products)", list("&tag=rare")],
    ["filter two tags (t7 and odd: 5%)", list("&tag=t7&tag=odd")],
    ["filter collection_id (manual, 100)", list(`&collection_id=${seeded.collections.manual}`)],
    ["filter collection_id (automatic, tag 5%)", list(`&collection_id=${seeded.collections.automatic}`)],
    ["filter price range (~2%)", list("&price_min_cents=2000&price_max_cents=2100")],
    ["filter in_stock=true", list("&in_stock=true")],
    ["filter in_stock=false", list("&in_stock=false")],
    ["filter sku", list("&sku=SKU-000123-0")],
    ["filter external_id", list("&external_id=ext-4242")],
    ...["updated_at", "-created_at", "created_at", "title", "-title", "price", "-price", "stock", "-stock"].map((s) => [`sort=${s}`, list(`&sort=${s}`)]),
    ["sort=price, drafts included", list("&sort=price&include_drafts=true")],
    ["search: rare title word (25 matches)", list("&search=zephyr")],
    ['search: common title word "leather" (10%)', list("&search=leather")],
    ['search: common title word "vintage" (5%)', list("&search=vintage")],
    [`search: SKU prefix "${seeded.skuPrefix}" (10 products, 9 live)`, list(`&search=${seeded.skuPrefix}`)],
    ['search: two characters "ea" (no trigram)', list("&search=ea")],
    ["GET one product", `/stores/${storeId}/products/${seeded.sampleIds[Math.floor(seeded.sampleIds.length / 2)]}`],
    ["GET one product (3 variants, 2 images, 6 specs, 2 reviews)", `/stores/${storeId}/products/${seeded.richId}`],
    [FLOOR_LABEL, `/stores/${storeId}`],
    ["collection products (manual, position order)", `/stores/${storeId}/collections/${seeded.collections.manual}/products?limit=20`],
    ["collection products (automatic, tag 5%)", `/stores/${storeId}/collections/${seeded.collections.automatic}/products?limit=20`],
  ].filter(([label]) => !ONLY || ONLY.some((o) => label.includes(o)));
}

const summary = (runs) => ({ p50: median(runs.map((r) => r.p50)), p99: median(runs.map((r) => r.p99)), errors: runs.reduce((n, r) => n + r.errors, 0) });

let dev;
try {
  const persistDir = stateDir();
  dev = await startDev({ port: PORT, persistDir, args: VARS, build: true });
  const stores = {};
  for (const size of SIZES) stores[size] = await setupAccount(base);
  await dev.stop();
  for (const size of SIZES) {
    const t0 = performance.now();
    Object.assign(stores[size], seedStore(await storeFile(persistDir, stores[size].storeId), stores[size].storeId, COUNTS[size]));
    console.log(`seeded ${size}: ${COUNTS[size]} products in ${fmt((performance.now() - t0) / 1000)} s`);
  }
  dev = await startDev({ port: PORT, persistDir, args: VARS });
  const rows = [];
  for (const size of SIZES) {
    const { storeId, pat } = stores[size];
    const get = (p) => () => fetch(`${base}${p}`, { headers: { Authorization: `Bearer ${pat}` } });
    const reference = `/stores/${storeId}/products?limit=20`;
    for (const [label, p] of scenarios(storeId, stores[size])) {
      const first = await (await get(p)()).json();
      if (!first.pagination && !first.variants && first.id !== storeId) throw new Error(`${label}: ${JSON.stringify(first).slice(0, 300)}`);
      const app = [];
      const def = [];
      const floor = [];
      const isFloor = label === FLOOR_LABEL;
      // Each round measures the default list, the floor and the scenario, starting one later each round (no one of
      // them always runs first, after the other's load).
      const parts = [[def, reference], ...(WITH_FLOOR && !isFloor ? [[floor, `/stores/${storeId}`]] : []), [app, p]];
      for (let round = 0; round < ROUNDS; round++) {
        for (let k = 0; k < parts.length; k++) {
          const [into, target] = parts[(round + k) % parts.length];
          into.push(await load(get(target), { requests: REQUESTS, concurrency: CONCURRENCY }));
        }
      }
      const row = { size, label, app: summary(app), reference: summary(def), total: first.pagination?.total ?? "" };
      row.ratio = row.app.p50 / row.reference.p50;
      if (WITH_FLOOR) {
        row.floor = isFloor ? row.app : summary(floor);
        row.floorRatio = row.app.p50 / row.floor.p50;
        row.referenceFloorRatio = row.reference.p50 / row.floor.p50;
      }
      rows.push(row);
      console.log(JSON.stringify(row));
    }
  }
  await dev.stop();
  dev = undefined;
  console.log(`\n${ROUNDS} rounds x ${REQUESTS} requests per scenario, concurrency ${CONCURRENCY}; medians over rounds; ms\n`);
  const floorHead = WITH_FLOOR ? " floor p50 / p99 (same rounds) | ÷ floor | default list ÷ floor |" : "";
  console.log(`| store | scenario | p50 / p99 | default list p50 / p99 (same rounds) | p50 ratio |${floorHead} total |`);
  console.log(`|---|---|---|---|---|${WITH_FLOOR ? "---|---|---|" : ""}---|`);
  for (const r of rows) {
    const errors = r.app.errors + r.reference.errors + (r.floor && r.floor !== r.app ? r.floor.errors : 0);
    const floorCells = r.floor ? ` ${fmt(r.floor.p50)} / ${fmt(r.floor.p99)} | ${fmt(r.floorRatio, 2)}x | ${fmt(r.referenceFloorRatio, 2)}x |` : "";
    console.log(
      `| ${r.size} | ${r.label} | ${fmt(r.app.p50)} / ${fmt(r.app.p99)} | ${fmt(r.reference.p50)} / ${fmt(r.reference.p99)} | ${fmt(r.ratio, 2)}x |${floorCells} ${r.total} |${errors ? ` errors: ${errors}` : ""}`,
    );
  }
  if (NEIGHBOURS > 0) {
    const neighbourDir = stateDir();
    const server = {
      start: async () => {
        dev = await startDev({ port: PORT, persistDir: neighbourDir, args: VARS });
      },
      stop: async () => {
        await dev.stop();
        dev = undefined;
      },
    };
    await measureNeighbours({
      base,
      persistDir: neighbourDir,
      server,
      rounds: ROUNDS,
      requests: REQUESTS,
      concurrency: CONCURRENCY,
      neighbours: NEIGHBOURS,
      perNeighbour: NEIGHBOUR_PRODUCTS,
    });
  }
} finally {
  if (dev) await dev.stop();
  for (const dir of stateDirs) rmSync(dir, { recursive: true, force: true });
}
