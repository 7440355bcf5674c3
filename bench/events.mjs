// npm run bench:events (issue 36): the cost of `sequence` on the write path. The same product PATCH (a title
// change: the product's update, its products.updated event, the event's sequence from the store's counter by the
// trigger of migrations/store/0028) timed against this checkout and against the commit before the events log (the
// merge base with main, BENCH_EVENTS_BASE to choose another), each served by its own `wrangler dev` with its own
// state directory. One run is ROUNDS (default 2) rounds, each the base then this checkout (a fresh server each time:
// the first server of a run is the slowest, so one round alone favours the second side); the ratio is of the
// medians over the rounds. Also GET /events?after= on this checkout.
import { execSync } from "node:child_process";
import { mkdirSync, mkdtempSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { api, fmt, load, median, seedProducts, setupAccount, startServer } from "./lib/harness.mjs";

const root = path.resolve(import.meta.dirname, "..");
const PORT = Number(process.env.BENCH_EVENTS_PORT ?? 8806);
const REQUESTS = Number(process.env.BENCH_EVENTS_REQUESTS ?? 600);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const baseCommit = process.env.BENCH_EVENTS_BASE ?? execSync("git merge-base HEAD main", { cwd: root }).toString().trim();

/** The base commit's files, exported (no worktree, nothing written to the repository), with this node_modules. */
function checkoutOf(commit) {
  const dir = mkdtempSync(path.join(tmpdir(), "bench-events-base-"));
  execSync(`git archive ${commit} | tar -x -C ${dir}`, { cwd: root, shell: "/bin/bash" });
  symlinkSync(path.join(root, "node_modules"), path.join(dir, "node_modules"));
  mkdirSync(path.join(dir, "build"), { recursive: true });
  return dir;
}

async function measure(label, cwd) {
  const server = await startServer({ port: PORT, cwd });
  try {
    const { pat, storeId } = await setupAccount(server.base);
    const ids = await seedProducts(server.base, storeId, pat, 40);
    let n = 0;
    const patch = () => {
      const id = ids[n % ids.length];
      n++;
      return fetch(`${server.base}/stores/${storeId}/products/${id}`, {
        method: "PATCH",
        headers: { Authorization: `Bearer ${pat}`, "Content-Type": "application/json" },
        body: JSON.stringify({ title: `Renamed ${n}` }),
      });
    };
    await load(patch, { requests: 100, concurrency: CONCURRENCY }); // warm-up
    const result = await load(patch, { requests: REQUESTS, concurrency: CONCURRENCY, maxSeconds: 300 });
    let log = null;
    if (cwd === root) {
      const last = (await api(server.base, "GET", `/stores/${storeId}/events?limit=1&type=products.created`, { token: pat })).body;
      const newest = (await api(server.base, "GET", `/stores/${storeId}/products?limit=1`, { token: pat })).status;
      if (!last || newest !== 200) throw new Error("events log not readable");
      const total = 40 + 100 + REQUESTS; // created + warm-up + timed PATCHes (one event each)
      log = await load(() => fetch(`${server.base}/stores/${storeId}/events?after=${total - 20}&limit=100`, { headers: { Authorization: `Bearer ${pat}` } }), {
        requests: 300,
        concurrency: CONCURRENCY,
      });
    }
    console.log(
      `${label}: PATCH p50 ${fmt(result.p50)} ms, p99 ${fmt(result.p99)} ms, ${fmt(result.rps)} req/s, ${result.errors} errors` +
        (log ? `; GET /events?after= p50 ${fmt(log.p50)} ms, p99 ${fmt(log.p99)} ms, ${log.errors} errors` : ""),
    );
    return result;
  } finally {
    server.stop();
    await new Promise((r) => setTimeout(r, 2000));
  }
}

const baseDir = checkoutOf(baseCommit);
// wrangler.toml serves ./build as assets; benchmarks do not load the console, an empty directory will do.
mkdirSync(path.join(root, "build"), { recursive: true });
console.log(`bench:events: ${REQUESTS} product PATCHes at concurrency ${CONCURRENCY}; base ${baseCommit.slice(0, 7)} vs this checkout`);
const ROUNDS = Number(process.env.BENCH_EVENTS_ROUNDS ?? 2);
const before = [];
const after = [];
for (let round = 1; round <= ROUNDS; round++) {
  before.push(await measure(`round ${round}, without sequence (${baseCommit.slice(0, 7)})`, baseDir));
  after.push(await measure(`round ${round}, with sequence (this checkout)`, root));
}
const m = (results, key) => median(results.map((r) => r[key]));
console.log(`medians over ${ROUNDS} rounds: without p50 ${fmt(m(before, "p50"))} ms, with p50 ${fmt(m(after, "p50"))} ms`);
console.log(
  `ratio p50 with/without: ${fmt(m(after, "p50") / m(before, "p50"), 2)}x; p99: ${fmt(m(after, "p99") / m(before, "p99"), 2)}x; req/s: ${fmt(m(after, "rps") / m(before, "rps"), 2)}x`,
);
