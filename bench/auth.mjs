// `npm run bench:auth`: the cost of authentication, measured against wrangler dev on loopback. In one run and one
// server, interleaved round by round: an authenticated GET /stores/{store_id} with a PAT, the same with a session
// JWT, and the unauthenticated trivial GET /permissions (no D1). Prints requests/s, p50 and p99 per scenario
// (medians over the rounds) and ratios against the unauthenticated route.
// The rate-limit budget check (per credential and per store, two Rate Limiting binding calls; the failed-
// authentication budget is only spent by 401s): the catalog's list, search and get-one, and GET /stores/{id}, each
// again with `X-Bench-Budgets: off`, which the benchmark-only Worker (bench/auth-bench-worker.ts) answers with the
// bindings swapped for an always-admit stub (spend() admits at once); printed as "with ÷ without" ratios (issue
// 19's target: within 1.25x). The store holds BENCH_PRODUCTS live products (200), created through the API.
//
// Environment: BENCH_PORT (default 8790), BENCH_ROUNDS (3), BENCH_REQUESTS (per scenario and round, 1500),
// BENCH_CONCURRENCY (8), BENCH_PRODUCTS (200).
// D1 queries per request are counted in test/access/d1-queries.test.ts (a Proxy around the D1 binding), not
// here: the Worker ships no debug counter.
import { loadavg } from "node:os";
import { fmt, load, median, seedProducts, setupAccount, startServer } from "./lib/harness.mjs";

const port = Number(process.env.BENCH_PORT ?? 8790);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const requests = Number(process.env.BENCH_REQUESTS ?? 1500);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 8);
const productCount = Number(process.env.BENCH_PRODUCTS ?? 200);

const loadBefore = loadavg()[0];
const server = await startServer({ port, config: "bench/auth-bench.toml" });
const stop = () => server.stop();
process.on("SIGINT", () => {
  stop();
  process.exit(130);
});

try {
  const { jwt, pat, storeId } = await setupAccount(server.base);
  // A catalog to read: live products, every 10th titled "Zephyr" (the search term).
  const productIds = await seedProducts(server.base, storeId, pat, productCount);
  const oneProduct = productIds[Math.floor(productIds.length / 2)];
  const get =
    (path, token, extra = {}) =>
    () =>
      fetch(`${server.base}${path}`, { headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...extra } });
  const off = { "X-Bench-Budgets": "off" };
  const scenarios = [
    { name: "GET /permissions (no auth, no D1)", request: get("/permissions") },
    { name: "GET /stores/{id} with a PAT", request: get(`/stores/${storeId}`, pat) },
    { name: "GET /stores/{id} with a JWT", request: get(`/stores/${storeId}`, jwt) },
    { name: "GET /stores/{id} with a PAT, no budget check", request: get(`/stores/${storeId}`, pat, off) },
    { name: "GET /stores/{id} with a JWT, no budget check", request: get(`/stores/${storeId}`, jwt, off) },
    { name: "list: GET /stores/{id}/products?limit=20 with a PAT", request: get(`/stores/${storeId}/products?limit=20`, pat) },
    { name: "list: GET /stores/{id}/products?limit=20 with a PAT, no budget check", request: get(`/stores/${storeId}/products?limit=20`, pat, off) },
    { name: "search: GET /stores/{id}/products?search=zephyr with a PAT", request: get(`/stores/${storeId}/products?search=zephyr`, pat) },
    {
      name: "search: GET /stores/{id}/products?search=zephyr with a PAT, no budget check",
      request: get(`/stores/${storeId}/products?search=zephyr`, pat, off),
    },
    { name: "get one: GET /stores/{id}/products/{product_id} with a PAT", request: get(`/stores/${storeId}/products/${oneProduct}`, pat) },
    {
      name: "get one: GET /stores/{id}/products/{product_id} with a PAT, no budget check",
      request: get(`/stores/${storeId}/products/${oneProduct}`, pat, off),
    },
    { name: "list: GET /stores/{id}/products?limit=20 with a JWT", request: get(`/stores/${storeId}/products?limit=20`, jwt) },
    { name: "list: GET /stores/{id}/products?limit=20 with a JWT, no budget check", request: get(`/stores/${storeId}/products?limit=20`, jwt, off) },
  ];

  // Sanity: every scenario answers 200 before anything is measured.
  for (const s of scenarios) {
    const res = await s.request();
    if (res.status !== 200) throw new Error(`${s.name}: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
  }
  // Warm-up (JIT, SQLite page cache, connection pool).
  for (const s of scenarios) await load(s.request, { requests: 200, concurrency });

  const results = new Map(scenarios.map((s) => [s.name, []]));
  for (let round = 0; round < rounds; round++) {
    // Rotate the order so that no scenario always runs first or last.
    const order = scenarios.map((_, i) => scenarios[(i + round) % scenarios.length]);
    for (const s of order) {
      const r = await load(s.request, { requests, concurrency, maxSeconds: 60 });
      if (r.errors > 0) throw new Error(`${s.name}: ${r.errors} failed requests`);
      results.get(s.name).push(r);
      console.error(`round ${round + 1}: ${s.name}: ${fmt(r.rps, 0)} req/s, p50 ${fmt(r.p50, 2)} ms, p99 ${fmt(r.p99, 2)} ms`);
    }
  }

  const summary = scenarios.map((s) => {
    const runs = results.get(s.name);
    return {
      name: s.name,
      rps: median(runs.map((r) => r.rps)),
      p50: median(runs.map((r) => r.p50)),
      p99: median(runs.map((r) => r.p99)),
    };
  });
  const base = summary[0];
  console.log(`\nbench:auth: ${rounds} rounds x ${requests} requests per scenario, concurrency ${concurrency}, medians over rounds`);
  // The machine is shared: the 1-minute load average says how much else was running.
  console.log(`load average (1 min): ${fmt(loadBefore, 2)} before, ${fmt(loadavg()[0], 2)} after\n`);
  console.log("| Scenario | req/s | p50 ms | p99 ms | req/s vs no auth | p50 vs no auth |");
  console.log("|---|---|---|---|---|---|");
  for (const s of summary) {
    console.log(`| ${s.name} | ${fmt(s.rps, 0)} | ${fmt(s.p50, 2)} | ${fmt(s.p99, 2)} | ${fmt(s.rps / base.rps, 2)}x | ${fmt(s.p50 / base.p50, 2)}x |`);
  }
  const [, viaPat, viaJwt] = summary;
  console.log(`\nPAT vs JWT: req/s ${fmt(viaPat.rps / viaJwt.rps, 2)}x, p50 ${fmt(viaPat.p50 / viaJwt.p50, 2)}x`);
  // The budget check's cost: each route with it ÷ the same route without it, measured in this run.
  const byName = new Map(summary.map((s) => [s.name, s]));
  console.log("\n| Budget check (per credential + per store) | p50 with ÷ without | req/s with ÷ without |");
  console.log("|---|---|---|");
  const budgeted = summary.filter((s) => !s.name.endsWith(", no budget check") && byName.has(`${s.name}, no budget check`));
  for (const { name } of budgeted) {
    const withIt = byName.get(name);
    const without = byName.get(`${name}, no budget check`);
    console.log(`| ${name} | ${fmt(withIt.p50 / without.p50, 2)}x | ${fmt(withIt.rps / without.rps, 2)}x |`);
  }
} finally {
  stop();
}
