// npm run bench:catalog: list, search and get-one latency, throughput and D1 rows read for a 10k-product and a
// 100k-product store, each against a baseline route that runs the same SQL directly on D1 (no framework layers).
// Runs wrangler dev on 127.0.0.1:8792 with a throwaway state directory under /tmp, and stops it at the end.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { wranglerEnv } from "../scripts/wrangler-env.mjs";
import { api, fmt, load, median } from "./lib/harness.mjs";
import { seedStore } from "./catalog-seed.mjs";

const PORT = Number(process.env.BENCH_CATALOG_PORT ?? 8792);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const CONFIG = path.join(import.meta.dirname, "catalog-bench.toml");
const env = { ...wranglerEnv, WRANGLER_LOG: "warn", CI: "true" };

function startServer(persistDir) {
  const child = spawn(
    "npx",
    ["wrangler", "dev", "-c", CONFIG, "--ip", "127.0.0.1", "--port", String(PORT), "--inspector-port", "0",
      "--persist-to", persistDir, "--show-interactive-dev-session=false"],
    { env, stdio: ["ignore", "ignore", "inherit"], detached: true },
  );
  const base = `http://127.0.0.1:${PORT}`;
  const stop = () => {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {}
  };
  return (async () => {
    for (let i = 0; i < 240; i++) {
      try {
        if ((await fetch(`${base}/permissions`)).ok) return { base, stop };
      } catch {}
      await new Promise((r) => setTimeout(r, 250));
    }
    stop();
    throw new Error(`server on ${base} did not start`);
  })();
}

async function stopAndWait(server) {
  server.stop();
  for (let i = 0; i < 80; i++) {
    try {
      await fetch(`${server.base}/permissions`);
    } catch {
      return;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function account(base, name) {
  const email = `bench-${name}-${Date.now()}@example.test`;
  const password = "bench-password-123";
  await api(base, "POST", "/users", { body: { email, password, name } });
  const jwt = (await api(base, "POST", "/login", { body: { email, password } })).body.token;
  const store = (await api(base, "POST", "/stores", { token: jwt, body: { name } })).body;
  const pat = (await api(base, "POST", `/stores/${store.id}/api-tokens`, { token: jwt, body: { name: "bench", scopes: ["products.read"] } })).body.token;
  return { storeId: store.id, pat };
}

function d1File(persistDir) {
  const dir = path.join(persistDir, "v3", "d1", "miniflare-D1DatabaseObject");
  const file = readdirSync(dir).find((f) => f.endsWith(".sqlite") && f !== "metadata.sqlite");
  return path.join(dir, file);
}

/** Median over rounds of p50/p99/rps, app and baseline interleaved so both see the same machine load. */
async function measure(label, appRequest, baseRequest, baseAuthRequest) {
  const app = [];
  const baseline = [];
  const baselineAuth = [];
  const options = { requests: REQUESTS, concurrency: CONCURRENCY };
  for (let round = 0; round < ROUNDS; round++) {
    app.push(await load(appRequest, options));
    baseline.push(await load(baseRequest, options));
    baselineAuth.push(await load(baseAuthRequest, options));
  }
  const summary = (runs) => ({
    p50: median(runs.map((r) => r.p50)),
    p99: median(runs.map((r) => r.p99)),
    rps: median(runs.map((r) => r.rps)),
    errors: runs.reduce((n, r) => n + r.errors, 0),
  });
  return { label, app: summary(app), baseline: summary(baseline), baselineAuth: summary(baselineAuth) };
}

async function rowsRead(url, headers = {}) {
  const res = await fetch(url, { headers });
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return Number(res.headers.get("X-D1-Rows-Read"));
}

const persistDir = mkdtempSync(path.join(tmpdir(), "bench-catalog-"));
let server;
try {
  const migrate = spawnSync("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", "-c", CONFIG, "--persist-to", persistDir], { env, stdio: "ignore" });
  if (migrate.status !== 0) throw new Error("migrations failed");
  server = await startServer(persistDir);
  const stores = { "10k": await account(server.base, "10k"), "100k": await account(server.base, "100k") };
  await stopAndWait(server);

  const file = d1File(persistDir);
  for (const [size, count] of [["10k", 10_000], ["100k", 100_000]]) {
    const t0 = performance.now();
    Object.assign(stores[size], seedStore(file, stores[size].storeId, count));
    console.log(`seeded ${size}: ${count} products in ${fmt((performance.now() - t0) / 1000)} s`);
  }
  server = await startServer(persistDir);
  const { base } = server;

  const results = [];
  for (const size of ["10k", "100k"]) {
    const { storeId, pat, sampleIds, skuPrefix } = stores[size];
    const auth = { Authorization: `Bearer ${pat}` };
    const scenarios = [
      ["list (limit 20)", "?limit=20", "limit=20"],
      ["list, include_drafts, offset 200", "?limit=20&offset=200&include_drafts=true", "limit=20&offset=200&include_drafts=true"],
      ["search: rare title word (25 matches)", "?search=zephyr", "search=zephyr"],
      [`search: SKU prefix "${skuPrefix}" (10 matches)`, `?search=${skuPrefix}`, `search=${skuPrefix}`],
      ["search: common title word (5% of store)", "?search=vintage", "search=vintage"],
    ];
    for (const [label, appQuery, baseQuery] of scenarios) {
      const appUrl = `${base}/stores/${storeId}/products${appQuery}`;
      const baseUrl = `${base}/__baseline/list?store=${storeId}&${baseQuery}`;
      const result = await measure(
        `${size} ${label}`,
        () => fetch(appUrl, { headers: auth }),
        () => fetch(baseUrl),
        () => fetch(`${baseUrl}&auth=1`, { headers: auth }),
      );
      result.rowsRead = { app: await rowsRead(appUrl, auth), baseline: await rowsRead(baseUrl) };
      const sample = await (await fetch(appUrl, { headers: auth })).json();
      result.total = sample.pagination.total;
      results.push(result);
      console.log(JSON.stringify(result));
    }
    let i = 0;
    const nextId = () => sampleIds[i++ % sampleIds.length];
    const one = await measure(
      `${size} GET one product`,
      () => fetch(`${base}/stores/${storeId}/products/${nextId()}`, { headers: auth }),
      () => fetch(`${base}/__baseline/product?store=${storeId}&id=${nextId()}`),
      () => fetch(`${base}/__baseline/product?store=${storeId}&id=${nextId()}&auth=1`, { headers: auth }),
    );
    one.rowsRead = {
      app: median(await Promise.all(sampleIds.slice(0, 9).map((id) => rowsRead(`${base}/stores/${storeId}/products/${id}`, auth)))),
      baseline: median(await Promise.all(sampleIds.slice(0, 9).map((id) => rowsRead(`${base}/__baseline/product?store=${storeId}&id=${id}`)))),
    };
    results.push(one);
    console.log(JSON.stringify(one));
    const countRows = await rowsRead(`${base}/__baseline/count?store=${storeId}`);
    results.push({ label: `${size} count(*) of live products (what total would cost without counters)`, rowsRead: { baseline: countRows } });
  }

  console.log(`\n${ROUNDS} rounds x ${REQUESTS} requests, concurrency ${CONCURRENCY}; medians over rounds; ms\n`);
  console.log("| scenario | app p50 / p99 | app req/s | baseline p50 / p99 | baseline req/s | app ÷ baseline (p50) | baseline+auth batch p50 | app ÷ baseline+auth batch (p50) | rows read app / baseline | total |");
  console.log("|---|---|---|---|---|---|---|---|---|---|");
  for (const r of results) {
    if (!r.app) {
      console.log(`| ${r.label} | | | | | | | | ${r.rowsRead.baseline} (one query) | |`);
      continue;
    }
    const errors = r.app.errors + r.baseline.errors + r.baselineAuth.errors;
    console.log(
      `| ${r.label} | ${fmt(r.app.p50)} / ${fmt(r.app.p99)} | ${fmt(r.app.rps, 0)} | ${fmt(r.baseline.p50)} / ${fmt(r.baseline.p99)} | ${fmt(r.baseline.rps, 0)} | ` +
        `${fmt(r.app.p50 / r.baseline.p50, 2)}x | ${fmt(r.baselineAuth.p50)} | ${fmt(r.app.p50 / r.baselineAuth.p50, 2)}x | ` +
        `${r.rowsRead.app} / ${r.rowsRead.baseline} | ${r.total ?? ""} |` + (errors ? ` errors: ${errors}` : ""),
    );
  }
} finally {
  if (server) await stopAndWait(server);
  rmSync(persistDir, { recursive: true, force: true });
}
