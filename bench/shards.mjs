// npm run bench:shards: the directory and store databases (docs/scale.md step 2) against the single-database code,
// in one run, on loopback:
//   a. catalog reads (list limit 20, search, get one), each through a PAT and a session JWT, on this checkout
//      ("new") and on BENCH_BASELINE_REF (default 83bcf69, today's single-database path: "old"), served side by
//      side from a temporary `git worktree` of that commit (node_modules symlinked). Same data in both: one store of
//      BENCH_PRODUCTS (200) products created through the API. Each round runs every scenario on both servers back
//      to back, the first of the two alternating by round; warm-up rounds are discarded. Ratios are new ÷ old.
//   b. writes (PATCH of a product's description) from two writers, each on its own store: two stores on two store
//      databases against two stores on one (stores are created until two share a database: placement alternates).
//   c. a 10,000-product store's move (bench/shards-move.mjs), when GET /ops/shards exists; else a printed note.
//   d. the RSS of each server's workerd processes: after seeding, after part a, and at the end.
//   e. three stores flooding writes beside a neighbour on the same database writing about once a second, on a third
//      server with the production write budgets (bench/shards-flood.mjs): each store's answers counted by status.
// Environment: BENCH_PORT (new server, default 8880; old: +1), BENCH_ROUNDS (5), BENCH_REQUESTS (per scenario and
// round, 400), BENCH_CONCURRENCY (4), BENCH_WRITES (per writer and round, 200), BENCH_PRODUCTS (200),
// BENCH_BASELINE_REF (83bcf69), BENCH_PARTS (default "abce"; d always: e.g. BENCH_PARTS=c for the move alone);
// part e: BENCH_FLOOD_SECONDS (30), BENCH_FLOOD_STORES (3), BENCH_FLOOD_CONCURRENCY (8 per flooder),
// BENCH_NEIGHBOUR_INTERVAL_MS (1000).
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { api, fmt, load, median, seedProducts, setupAccount, startServer, workerdRss } from "./lib/harness.mjs";
import { localShardOf } from "./lib/local-d1.mjs";
import { measureMove } from "./shards-move.mjs";
import { FLOOD_VARS, measureFlood } from "./shards-flood.mjs";

const PORT = Number(process.env.BENCH_PORT ?? 8880);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 400);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const WRITES = Number(process.env.BENCH_WRITES ?? 200);
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 200);
const BASELINE_REF = process.env.BENCH_BASELINE_REF ?? "83bcf69";
const PARTS = new Set((process.env.BENCH_PARTS ?? "abce").split(""));
const root = path.resolve(import.meta.dirname, "..");
const loads = [];
const rssAt = [];
const noteLoad = (when) =>
  loads.push(
    `${when} ${loadavg()
      .map((l) => fmt(l, 2))
      .join(" ")}`,
  );

/** A detached worktree of `ref` in a temporary directory, with this checkout's node_modules and an empty build/. */
function baselineCheckout(ref) {
  const tmp = mkdtempSync(path.join(tmpdir(), "bench-shards-old-"));
  const dir = path.join(tmp, "checkout");
  const add = spawnSync("git", ["worktree", "add", "--detach", dir, ref], { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
  if (add.status !== 0) throw new Error(`git worktree add ${ref} failed`);
  symlinkSync(realpathSync(path.join(root, "node_modules")), path.join(dir, "node_modules"));
  mkdirSync(path.join(dir, "build")); // wrangler.toml's [assets] directory
  const commit = spawnSync("git", ["rev-parse", "--short", "HEAD"], { cwd: dir, encoding: "utf8" }).stdout.trim();
  return {
    dir,
    commit,
    remove() {
      spawnSync("git", ["worktree", "remove", "--force", dir], { cwd: root, stdio: "ignore" });
      rmSync(tmp, { recursive: true, force: true });
    },
  };
}

/** A user, a store of PRODUCTS products and the catalog scenarios on one server. */
async function catalogOn(server) {
  const { jwt, pat, storeId } = await setupAccount(server.base);
  const ids = await seedProducts(server.base, storeId, pat, PRODUCTS);
  const one = ids[Math.floor(ids.length / 2)];
  const get = (p, token) => () => fetch(`${server.base}${p}`, { headers: { Authorization: `Bearer ${token}` } });
  const routes = {
    list: `/stores/${storeId}/products?limit=20`,
    search: `/stores/${storeId}/products?search=zephyr`,
    "get one": `/stores/${storeId}/products/${one}`,
  };
  const scenarios = {};
  for (const [route, p] of Object.entries(routes)) {
    scenarios[`${route}, PAT`] = get(p, pat);
    scenarios[`${route}, JWT`] = get(p, jwt);
  }
  for (const [name, request] of Object.entries(scenarios)) {
    const res = await request();
    if (res.status !== 200) throw new Error(`${server.base} ${name}: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
  }
  return { jwt, scenarios };
}

/** Part a: every scenario on both servers, round by round; medians and ratios. */
async function compareReads(newSide, oldSide) {
  const names = Object.keys(newSide.scenarios);
  const options = { requests: REQUESTS, concurrency: CONCURRENCY, maxSeconds: 120 };
  for (const name of names) for (const side of [newSide, oldSide]) await load(side.scenarios[name], { ...options, requests: 200 }); // warm-up
  const runs = Object.fromEntries(names.map((n) => [n, { new: [], old: [] }]));
  for (let round = 0; round < ROUNDS; round++) {
    const order = names.map((_, i) => names[(i + round) % names.length]);
    for (const name of order) {
      const sides =
        round % 2 === 0
          ? [
              ["new", newSide],
              ["old", oldSide],
            ]
          : [
              ["old", oldSide],
              ["new", newSide],
            ];
      for (const [label, side] of sides) {
        const r = await load(side.scenarios[name], options);
        if (r.errors > 0) throw new Error(`${label} ${name}: ${r.errors} failed requests`);
        runs[name][label].push(r);
      }
    }
    console.error(`reads: round ${round + 1} of ${ROUNDS} done (load ${fmt(loadavg()[0], 2)})`);
  }
  return names.map((name) => {
    const { new: n, old: o } = runs[name];
    const paired = n.map((r, i) => r.p50 / o[i].p50);
    return {
      name,
      newP50: median(n.map((r) => r.p50)),
      oldP50: median(o.map((r) => r.p50)),
      newRps: median(n.map((r) => r.rps)),
      oldRps: median(o.map((r) => r.rps)),
      pairedMedian: median(paired),
      pairedMin: Math.min(...paired),
      pairedMax: Math.max(...paired),
    };
  });
}

/** Part b's stores: A and B on different store databases, C on A's. Each with 20 products and an all-bits PAT. */
async function writeStores(server, jwt) {
  const names = (await api(server.base, "GET", "/permissions")).body.data.map((p) => p.name);
  const stores = [];
  const pick = () => {
    const a = stores[0];
    const b = stores.find((s) => s.shard !== a.shard);
    const c = stores.find((s) => s !== a && s.shard === a.shard);
    return b && c ? { a, b, c } : null;
  };
  while (stores.length < 2 || !pick()) {
    if (stores.length >= 8) throw new Error(`8 stores and still no pair on one database: ${stores.map((s) => s.shard)}`);
    const store = (await api(server.base, "POST", "/stores", { token: jwt, body: { name: `Writer ${stores.length}` } })).body;
    const pat = (await api(server.base, "POST", `/stores/${store.id}/api-tokens`, { token: jwt, body: { name: "w", scopes: names } })).body.token;
    const ids = await seedProducts(server.base, store.id, pat, 20);
    stores.push({ id: store.id, pat, ids, shard: localShardOf(server.persistDir, store.id) });
  }
  return pick();
}

/** One writer: WRITES PATCHes spread over its store's products, CONCURRENCY in flight. */
function writer(base, store) {
  let n = 0;
  const headers = { Authorization: `Bearer ${store.pat}`, "Content-Type": "application/json" };
  return load(
    () =>
      fetch(`${base}/stores/${store.id}/products/${store.ids[n % store.ids.length]}`, {
        method: "PATCH",
        headers,
        body: JSON.stringify({ description: `rev ${n++}` }),
      }),
    { requests: WRITES, concurrency: CONCURRENCY, maxSeconds: 120 },
  );
}

async function twoWriters(base, first, second) {
  const started = performance.now();
  const [x, y] = await Promise.all([writer(base, first), writer(base, second)]);
  if (x.errors + y.errors > 0) throw new Error(`writes failed: ${x.errors + y.errors}`);
  return { rps: (x.requests + y.requests) / ((performance.now() - started) / 1000), p50: median([x.p50, y.p50]) };
}

/** Part b: "two databases" (A + B) against "one database" (A + C), alternating which goes first. */
async function compareWrites(server, jwt) {
  const { a, b, c } = await writeStores(server, jwt);
  await twoWriters(server.base, a, b); // warm-up
  await twoWriters(server.base, a, c);
  const runs = { two: [], one: [] };
  for (let round = 0; round < ROUNDS; round++) {
    const layouts =
      round % 2 === 0
        ? [
            ["two", b],
            ["one", c],
          ]
        : [
            ["one", c],
            ["two", b],
          ];
    for (const [layout, other] of layouts) runs[layout].push(await twoWriters(server.base, a, other));
  }
  const summary = (rs) => ({ rps: median(rs.map((r) => r.rps)), p50: median(rs.map((r) => r.p50)) });
  return { shards: `A ${a.shard}, B ${b.shard}, C ${c.shard}`, two: summary(runs.two), one: summary(runs.one) };
}

// The new server's output: part c reads the job's "store move paused" line from it.
const logFile = path.join(mkdtempSync(path.join(tmpdir(), "bench-shards-log-")), "worker.log");
const opsToken = /^OPS_TOKEN=(.*)$/m.exec(readFileSync(path.join(root, ".dev.vars"), "utf8"))?.[1]?.trim();
const baseline = PARTS.has("a") ? baselineCheckout(BASELINE_REF) : null;
const servers = [];
const stopAll = () => {
  for (const s of servers) s.stop();
};
process.on("SIGINT", () => {
  stopAll();
  baseline?.remove();
  process.exit(130);
});

const cell = (x) => (x ? `${fmt(x.total, 1)} (${x.processes.map((p) => fmt(p.mib, 0)).join(" + ")})` : "");

try {
  noteLoad("start");
  const newServer = await startServer({ port: PORT, logFile });
  servers.push(newServer);
  const oldServer = baseline && (await startServer({ port: PORT + 1, cwd: baseline.dir }));
  if (oldServer) servers.push(oldServer);
  const newSide = await catalogOn(newServer);
  const oldSide = oldServer && (await catalogOn(oldServer));
  const rss = (label) => rssAt.push({ label, new: workerdRss(newServer.pgid), old: oldServer && workerdRss(oldServer.pgid) });
  rss("after seeding");

  noteLoad("a");
  const reads = PARTS.has("a") ? await compareReads(newSide, oldSide) : null;
  if (reads) rss("after a (the same reads on both)");
  noteLoad("b");
  const writes = PARTS.has("b") ? await compareWrites(newServer, newSide.jwt) : null;
  noteLoad("c");
  const move = PARTS.has("c") ? await measureMove({ base: newServer.base, jwt: newSide.jwt, opsToken, logFile }) : { skipped: "not in BENCH_PARTS" };
  noteLoad("e");
  let flood = null;
  if (PARTS.has("e")) {
    const floodServer = await startServer({ port: PORT + 2, vars: FLOOD_VARS });
    servers.push(floodServer);
    flood = await measureFlood({ server: floodServer, jwt: (await setupAccount(floodServer.base)).jwt });
  }
  noteLoad("end");
  rss("at the end (b and c ran on new only)");

  const head = spawnSync("git", ["rev-parse", "--short", "HEAD"], { cwd: root, encoding: "utf8" }).stdout.trim();
  console.log(`\nbench:shards, ${new Date().toISOString()}: new = this checkout (${head})${baseline ? `, old = ${baseline.commit}` : ""}`);
  console.log(`load average (1/5/15 min) before each part: ${loads.join("; ")}`);
  if (reads) {
    console.log(
      `\na. Catalog reads, ${PRODUCTS} products: ${ROUNDS} rounds x ${REQUESTS} requests per scenario and server, concurrency ${CONCURRENCY}; medians over rounds\n`,
    );
    console.log("| scenario | new p50 ms | old p50 ms | p50 new ÷ old | per-round p50 ratios: median (min-max) | new req/s | old req/s | req/s new ÷ old |");
    console.log("|---|---|---|---|---|---|---|---|");
    for (const r of reads) {
      console.log(
        `| ${r.name} | ${fmt(r.newP50, 2)} | ${fmt(r.oldP50, 2)} | ${fmt(r.newP50 / r.oldP50, 3)}x | ${fmt(r.pairedMedian, 2)}x (${fmt(r.pairedMin, 2)}-${fmt(r.pairedMax, 2)}) | ` +
          `${fmt(r.newRps, 0)} | ${fmt(r.oldRps, 0)} | ${fmt(r.newRps / r.oldRps, 3)}x |`,
      );
    }
  }
  if (writes) {
    console.log(`\nb. Writes: two writers x ${WRITES} PATCHes per round, ${CONCURRENCY} in flight each, ${ROUNDS} rounds (${writes.shards})\n`);
    console.log("| layout | writes/s | p50 ms |");
    console.log("|---|---|---|");
    console.log(`| two stores on two databases (A + B) | ${fmt(writes.two.rps, 0)} | ${fmt(writes.two.p50, 1)} |`);
    console.log(`| two stores on one database (A + C) | ${fmt(writes.one.rps, 0)} | ${fmt(writes.one.p50, 1)} |`);
    console.log(`| two ÷ one | ${fmt(writes.two.rps / writes.one.rps, 2)}x | ${fmt(writes.two.p50 / writes.one.p50, 2)}x |`);
  }
  console.log("\nc. Moving a 10,000-product store\n");
  if (move.skipped) console.log(`skipped: ${move.skipped}`);
  else console.log(JSON.stringify(move, null, 2));
  if (flood) {
    console.log(
      `\ne. ${flood.flooders.length} stores flooding writes beside a steady neighbour on ${flood.database}, ${flood.seconds} s, production write budgets\n`,
    );
    console.log("| store | load | answers by status | admitted writes/s |");
    console.log("|---|---|---|---|");
    for (const [i, f] of flood.flooders.entries()) {
      console.log(`| flooder ${i + 1} | ${f.concurrency} in flight | ${JSON.stringify(f.answers)} | ${fmt(f.admittedPerSecond, 1)} |`);
    }
    console.log(`| neighbour | one every ${flood.neighbour.intervalMs} ms | ${JSON.stringify(flood.neighbour.answers)} | |`);
  }
  console.log("\nd. workerd RSS (all workerd processes of each server), MiB\n");
  console.log("| when | new | old |");
  console.log("|---|---|---|");
  for (const r of rssAt) console.log(`| ${r.label} | ${cell(r.new)} | ${cell(r.old)} |`);
} finally {
  stopAll();
  await new Promise((r) => setTimeout(r, 2000)); // workerd lets go of the old worktree's and the state's files
  baseline?.remove();
  for (const s of servers) rmSync(s.persistDir, { recursive: true, force: true });
  rmSync(path.dirname(logFile), { recursive: true, force: true });
}
