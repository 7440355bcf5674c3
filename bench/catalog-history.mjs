// node bench/catalog-history.mjs: the catalog's search and get-one against the default list, on this checkout and on
// older commits served side by side in the same run, so that a slip of one of them shows against its earlier self
// (issue 35: search went from 1.8x to 2.8x the default list's p50 between two runs nobody compared).
// Each ref is exported (`git archive`, no worktree registered) to a directory under /tmp with this checkout's
// node_modules, and served by its own `wrangler dev` (bench/lib/harness.mjs startServer, its own migrations and
// state directory). Each server gets one store of BENCH_PRODUCTS products seeded straight into its store database
// (bench/catalog-seed.mjs of that ref, or this checkout's where the ref's own no longer fits its schema: the same
// titles either way, "Leather" in 10% of them and "Zephyr" in 25). Every round runs each scenario on every server,
// servers in rotating order; ratios are within a server (scenario p50 ÷ its default list p50 in the same rounds).
//   BENCH_REFS ("32153d8": before the list rewrite of docs/api/18-catalog-organization.md), BENCH_ROUNDS (5), BENCH_REQUESTS (100),
//   BENCH_CONCURRENCY (4), BENCH_PRODUCTS (10000), BENCH_PORT (8950; one port per server from there),
//   BENCH_SCENARIOS (comma-separated parts of scenario names to run besides the default list; default all).
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { fmt, load, median, setupAccount, startServer } from "./lib/harness.mjs";
import { storeFile } from "./lib/local-d1.mjs";
import { seedStore as seedHere } from "./catalog-seed.mjs";

const REFS = (process.env.BENCH_REFS ?? "32153d8").split(",").filter(Boolean);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 100);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const PORT = Number(process.env.BENCH_PORT ?? 8950);
const root = path.resolve(import.meta.dirname, "..");
const VARS = { RATE_LIMIT_PER_CREDENTIAL: 100_000_000, RATE_LIMIT_PER_STORE: 100_000_000, RATE_LIMIT_PER_IP: 100_000_000 };

/** `ref` exported to a temporary directory, with this checkout's node_modules and an empty build/ (wrangler's assets). */
function exportRef(ref) {
  const dir = mkdtempSync(path.join(tmpdir(), "bench-history-"));
  const archive = spawnSync("sh", ["-c", `git -C "${root}" archive "${ref}" | tar -x -C "${dir}"`], { stdio: ["ignore", "ignore", "inherit"] });
  if (archive.status !== 0) throw new Error(`git archive ${ref} failed`);
  symlinkSync(path.join(root, "node_modules"), path.join(dir, "node_modules"));
  mkdirSync(path.join(dir, "build"), { recursive: true });
  const commit = spawnSync("git", ["-C", root, "rev-parse", "--short", ref], { encoding: "utf8" }).stdout.trim();
  return { dir, label: commit, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Seeds with the ref's own seed module; this checkout's when the ref's no longer fits its schema (a newer trigger). */
async function seed(side, file, storeId) {
  try {
    const { seedStore } = await import(path.join(side.dir, "bench/catalog-seed.mjs"));
    return seedStore(file, storeId, PRODUCTS);
  } catch (error) {
    if (side.dir === root) throw error;
    console.error(`${side.label}: its own seed failed (${error.message}); seeding with this checkout's`);
    return seedHere(file, storeId, PRODUCTS);
  }
}

/** Stops a server and waits until its port no longer answers (its workerd has let go of the D1 files). */
async function stopped(server) {
  server.stop();
  for (let i = 0; i < 120; i++) {
    try {
      await fetch(`${server.base}/permissions`);
    } catch {
      return;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

mkdirSync(path.join(root, "build"), { recursive: true }); // wrangler.toml's [assets]: the console is not loaded here
const sides = [{ dir: root, label: "this checkout" }, ...REFS.map(exportRef)];
const servers = [];
try {
  for (const [i, side] of sides.entries()) {
    side.persistDir = mkdtempSync(path.join(tmpdir(), "bench-history-state-"));
    side.port = PORT + i;
    let server = await startServer({ port: side.port, cwd: side.dir, persistDir: side.persistDir, vars: VARS });
    servers.push(server);
    Object.assign(side, await setupAccount(server.base));
    await stopped(server);
    const t0 = performance.now();
    Object.assign(side, await seed(side, await storeFile(side.persistDir, side.storeId, 60_000), side.storeId));
    console.error(`${side.label}: ${PRODUCTS} products seeded in ${fmt((performance.now() - t0) / 1000)} s`);
    server = await startServer({ port: side.port, cwd: side.dir, persistDir: side.persistDir, vars: VARS });
    servers.push(server);
    side.base = server.base;
  }
  const scenarios = (side) => {
    const list = `/stores/${side.storeId}/products?limit=20`;
    return {
      "default list": list,
      'search "leather" (10% of titles)': `${list}&search=leather`,
      'search "vintage" (5%)': `${list}&search=vintage`,
      'search "zephyr" (25)': `${list}&search=zephyr`,
      "get one": `/stores/${side.storeId}/products/${side.sampleIds[Math.floor(side.sampleIds.length / 2)]}`,
    };
  };
  const only = process.env.BENCH_SCENARIOS?.split(",");
  const names = Object.keys(scenarios(sides[0])).filter((n) => n === "default list" || !only || only.some((o) => n.includes(o)));
  const request = (side, name) => () => fetch(`${side.base}${scenarios(side)[name]}`, { headers: { Authorization: `Bearer ${side.pat}` } });
  for (const side of sides) for (const name of names) await load(request(side, name), { requests: 50, concurrency: CONCURRENCY }); // warm-up
  const runs = new Map(sides.map((s) => [s, Object.fromEntries(names.map((n) => [n, []]))]));
  const loads = [`before ${fmt(loadavg()[0], 2)}`];
  for (let round = 0; round < ROUNDS; round++) {
    for (const name of names) {
      for (let k = 0; k < sides.length; k++) {
        const side = sides[(k + round) % sides.length];
        const r = await load(request(side, name), { requests: REQUESTS, concurrency: CONCURRENCY });
        if (r.errors) throw new Error(`${side.label} ${name}: ${r.errors} failed requests`);
        runs.get(side)[name].push(r.p50);
      }
    }
    console.error(`round ${round + 1} of ${ROUNDS} (load ${fmt(loadavg()[0], 2)})`);
  }
  loads.push(`after ${fmt(loadavg()[0], 2)}`);
  console.log(
    `\n${ROUNDS} rounds x ${REQUESTS} requests per scenario and server, concurrency ${CONCURRENCY}, ${PRODUCTS} products; p50 ms (median over rounds);`,
  );
  console.log(
    `÷ default: the scenario's p50 over the same server's default list p50 in the same round, median (lowest-highest) of the rounds; 1-minute load ${loads.join(", ")}\n`,
  );
  console.log(`| scenario | ${sides.map((s) => `${s.label} p50 | ÷ default`).join(" | ")} |`);
  console.log(`|---|${sides.map(() => "---|---").join("|")}|`);
  for (const name of names) {
    const cells = sides.map((s) => {
      const mine = runs.get(s)[name];
      const ref = runs.get(s)["default list"];
      const ratios = mine.map((p, i) => p / ref[i]);
      return `${fmt(median(mine))} | ${fmt(median(ratios), 2)}x (${fmt(Math.min(...ratios), 2)}-${fmt(Math.max(...ratios), 2)})`;
    });
    console.log(`| ${name} | ${cells.join(" | ")} |`);
  }
} finally {
  for (const s of servers) s.stop();
  for (const side of sides) {
    side.remove?.();
    if (side.persistDir) rmSync(side.persistDir, { recursive: true, force: true });
  }
}
