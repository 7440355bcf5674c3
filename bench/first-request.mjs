// `npm run bench:first-request` (issue 50): what a cold isolate costs its first request. Each round starts a fresh
// local runtime (workerd, through Miniflare, with wrangler.toml's bindings and .dev.vars) on the Worker's bundle,
// waits for it to be ready (the script loaded: its startup work done), sends one request and reads the answer, then
// disposes of it; so "ready + first request" is everything a cold isolate does before its first answer, wherever
// the Worker does its work (at startup, or on the request that needs it: src/routes.ts). Scenarios, each its own
// fresh runtime: GET /stores/{id}/products with a PAT (the catalog's list), POST /login (a session JWT for a real
// user), GET /openapi.json (every route group). Bundles and scenarios are interleaved round by round, so load on the
// machine falls on all alike; prints the medians of ready, first request and their sum, and each bundle's sums
// against the first's.
//
// The bundle of this checkout is built as `wrangler deploy --dry-run --outdir` builds it (an empty assets
// directory, no console build). `--bundle <name>=<index.js>` (repeatable) adds a prebuilt one: the index.js of
// `npx wrangler deploy --dry-run --outdir <dir>` run in another checkout (for instance main before a change). The
// state (migrations, one user, a store with BENCH_PRODUCTS products, a PAT) is made once through this checkout's
// bundle and shared by every run.
//
// Last, the lazy app's rebuilds: a walk of one GET per route group in a fresh runtime, against the same walk again.
//
// Environment: BENCH_ROUNDS (default 11), BENCH_PRODUCTS (default 20).
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { createRequire } from "node:module";
import { unstable_getMiniflareWorkerOptions } from "wrangler";
import { wranglerEnv } from "../scripts/wrangler-env.mjs";

const rounds = Number(process.env.BENCH_ROUNDS ?? 11);
const productCount = Number(process.env.BENCH_PRODUCTS ?? 20);
const root = path.join(import.meta.dirname, "..");
const work = mkdtempSync(path.join(tmpdir(), "bod-first-request-"));
const persist = path.join(work, "state");
const env = { ...wranglerEnv, BOD_CONSOLE_BUILT: "1" };
const npx = process.platform === "win32" ? "npx.cmd" : "npx";
// wrangler's own Miniflare: the one its worker options are written for.
const { Miniflare, convertV4MiniflareOptions } = createRequire(createRequire(import.meta.url).resolve("wrangler"))("miniflare");

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, env, encoding: "utf8" });
  if (result.status !== 0) {
    process.stdout.write(result.stdout ?? "");
    process.stderr.write(result.stderr ?? "");
    throw new Error(`${command} ${args.join(" ")} failed`);
  }
}

// This checkout's bundle, then the prebuilt ones.
const noAssets = path.join(work, "no-assets");
mkdirSync(noAssets);
const own = path.join(work, "out");
run(npx, ["wrangler", "deploy", "--dry-run", "--outdir", own, "--assets", noAssets]);
const bundles = [{ name: "this checkout", file: path.join(own, "index.js") }];
for (const [name, file] of process.argv.slice(2).flatMap((a, i, all) => (all[i - 1] === "--bundle" ? [a.split("=")] : []))) {
  bundles.push({ name, file: path.resolve(file) });
}

// wrangler.toml's bindings as `wrangler dev` makes them, .dev.vars' variables over its [vars], the state on disk.
const { workerOptions } = unstable_getMiniflareWorkerOptions(path.join(root, "wrangler.toml"));
const devVars = Object.fromEntries(
  readFileSync(path.join(root, ".dev.vars"), "utf8")
    .split("\n")
    .filter((line) => /^[A-Z_]+=/.test(line))
    .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1).replace(/^"(.*)"$/, "$1")]),
);
const options = (file) =>
  convertV4MiniflareOptions({
    ...workerOptions,
    name: "bench-first-request",
    modules: [{ type: "ESModule", path: file, contents: readFileSync(file) }],
    modulesRoot: path.dirname(file),
    bindings: { ...workerOptions.bindings, ...devVars },
    assets: undefined,
    resourcePersistencePath: path.join(persist, "v3"),
  });

run(process.execPath, ["scripts/migrate-all.mjs", "--local", "--persist-to", persist]);

async function call(mf, method, pathname, { token, body } = {}) {
  const response = await mf.dispatchFetch(`http://api.test${pathname}`, {
    method,
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(body ? { "Content-Type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  return { status: response.status, body: text.startsWith("{") ? JSON.parse(text) : text };
}

// The state every run reads: a user, a store with products, a PAT.
const email = `bench-${Date.now()}@example.test`;
const password = "bench-password-123";
let storeId;
let pat;
{
  const mf = new Miniflare(options(bundles[0].file));
  await mf.ready;
  await call(mf, "POST", "/users", { body: { email, password, name: "Bench" } });
  const jwt = (await call(mf, "POST", "/login", { body: { email, password } })).body.token;
  storeId = (await call(mf, "POST", "/stores", { token: jwt, body: { name: "Bench store" } })).body.id;
  const names = (await call(mf, "GET", "/permissions")).body.data.map((p) => p.name);
  pat = (await call(mf, "POST", `/stores/${storeId}/api-tokens`, { token: jwt, body: { name: "bench", scopes: names } })).body.token;
  for (let i = 0; i < productCount; i++) {
    const created = await call(mf, "POST", `/stores/${storeId}/products`, {
      token: pat,
      body: { title: `Cotton Shirt ${i}`, product_type: "single", status: "live", default_price_cents: 1000 + i },
    });
    if (created.status !== 201) throw new Error(`seeding a product answered ${created.status}: ${JSON.stringify(created.body)}`);
  }
  await mf.dispose();
}

const scenarios = [
  {
    name: `GET /stores/{id}/products (a PAT, ${productCount} products)`,
    request: (mf) => call(mf, "GET", `/stores/${storeId}/products`, { token: pat }),
    status: 200,
  },
  { name: "POST /login", request: (mf) => call(mf, "POST", "/login", { body: { email, password } }), status: 200 },
  { name: "GET /openapi.json", request: (mf) => call(mf, "GET", "/openapi.json"), status: 200 },
];
const results = new Map(); // `${bundle}|${scenario}` -> { ready: [], first: [], total: [] }

const loadBefore = loadavg()[0];
for (let round = 1; round <= rounds; round++) {
  for (const scenario of scenarios) {
    for (const bundle of bundles) {
      const start = performance.now();
      const mf = new Miniflare(options(bundle.file));
      await mf.ready;
      const ready = performance.now();
      const answer = await scenario.request(mf);
      const done = performance.now();
      await mf.dispose();
      if (answer.status !== scenario.status) throw new Error(`${bundle.name}: ${scenario.name} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
      const key = `${bundle.name}|${scenario.name}`;
      if (!results.has(key)) results.set(key, { ready: [], first: [], total: [] });
      const r = results.get(key);
      r.ready.push(ready - start);
      r.first.push(done - ready);
      r.total.push(done - start);
      console.log(`round ${round}: ${bundle.name}: ${scenario.name}: ready ${(ready - start).toFixed(0)} ms + first request ${(done - ready).toFixed(0)} ms`);
    }
  }
}

// The lazy app's rebuilds: one fresh runtime per round walks one GET per route group (each new group is loaded and
// the app rebuilt with every group so far), then walks the same GETs again (nothing left to load or build). The
// first walk's extra time over the second is what loading the groups and the up to 18 rebuilds cost an isolate.
const walk = [
  `/stores/${storeId}/members`,
  `/stores/${storeId}/api-tokens`,
  `/stores/${storeId}/integrations`,
  `/stores/${storeId}/audit-log`,
  `/stores/${storeId}/media`,
  `/stores/${storeId}/webhooks`,
  `/stores/${storeId}/customers`,
  `/stores/${storeId}/orders`,
  `/stores/${storeId}/events`,
  `/stores/${storeId}/products`,
  `/stores/${storeId}/collections`,
  `/stores/${storeId}/locations`,
  `/stores/${storeId}/field-definitions`,
  "/ops/shards",
  "/versions",
  `/stores/${storeId}/price-lists`,
];
const walks = { first: [], again: [] };
for (let round = 1; round <= rounds; round++) {
  const mf = new Miniflare(options(bundles[0].file));
  await mf.ready;
  await call(mf, "GET", "/permissions"); // the app's core, as any first request loads it
  for (const pass of ["first", "again"]) {
    const start = performance.now();
    for (const pathname of walk) {
      const answer = await call(mf, "GET", pathname, { token: pat });
      if (answer.status >= 500) throw new Error(`GET ${pathname} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    }
    walks[pass].push(performance.now() - start);
  }
  await mf.dispose();
  console.log(`round ${round}: a walk over every group: first ${walks.first.at(-1).toFixed(0)} ms, again ${walks.again.at(-1).toFixed(0)} ms`);
}
rmSync(work, { recursive: true, force: true });

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
console.log(
  `\nA fresh runtime's ready + first request, medians of ${rounds} runs; load average ${loadBefore.toFixed(1)} before, ${loadavg()[0].toFixed(1)} after:`,
);
for (const scenario of scenarios) {
  console.log(`  ${scenario.name}:`);
  const base = median(results.get(`${bundles[0].name}|${scenario.name}`).total);
  for (const bundle of bundles) {
    const r = results.get(`${bundle.name}|${scenario.name}`);
    const total = median(r.total);
    console.log(
      `    ${bundle.name}: ready ${median(r.ready).toFixed(0)} ms, first request ${median(r.first).toFixed(0)} ms (min ${Math.min(...r.first).toFixed(0)}), ` +
        `ready + first ${total.toFixed(0)} ms (min ${Math.min(...r.total).toFixed(0)})${bundle === bundles[0] ? "" : `; this checkout's is ${(base / total).toFixed(2)}x this`}`,
    );
  }
}
const first = median(walks.first);
const again = median(walks.again);
// The first walk loads groups and builds apps the second never does: if it is not slower, the walk loaded nothing.
if (first <= again) throw new Error(`the first walk (${first.toFixed(0)} ms) is not slower than the second (${again.toFixed(0)} ms): it measured no loading`);
console.log(
  `  ${walk.length} GETs, one per route group, in one runtime (this checkout): first walk ${first.toFixed(0)} ms, again ${again.toFixed(0)} ms ` +
    `(${(first / again).toFixed(2)}x): loading the groups and rebuilding the app cost ${(first - again).toFixed(0)} ms, ` +
    `${((first - again) / walk.length).toFixed(1)} ms per GET`,
);
