// npm run bench:d1-parallel: does the local simulation (wrangler dev / workerd) run writes to two D1 databases side
// by side? Two writers (think: two stores), each a closed loop of CONCURRENCY requests, each request one batch of 20
// inserts (bench/d1-parallel-worker.ts). Layout "one database": both writers on DB_A; "two databases": writer 1 on
// DB_A, writer 2 on DB_B. Alternating rounds; medians of writes/s and per-request latency; the ratio is of the same
// run. This answers the local half of docs/scale.md's question; production D1 runs each database on its own.
// Runs wrangler dev on 127.0.0.1:BENCH_PORT (default 8805) with a throwaway state directory, and stops it by pid.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { wranglerEnv } from "../scripts/wrangler-env.mjs";

const PORT = Number(process.env.BENCH_PORT ?? 8805);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const base = `http://127.0.0.1:${PORT}`;
const persistDir = mkdtempSync(path.join(tmpdir(), "bench-d1-parallel-"));

const child = spawn(
  "npx",
  [
    "wrangler",
    "dev",
    "-c",
    path.join(import.meta.dirname, "d1-parallel.toml"),
    "--ip",
    "127.0.0.1",
    "--port",
    String(PORT),
    "--inspector-port",
    "0",
    "--persist-to",
    persistDir,
    "--show-interactive-dev-session=false",
  ],
  { env: { ...wranglerEnv, WRANGLER_LOG: "warn", CI: "true" }, stdio: ["ignore", "ignore", "inherit"], detached: true },
);
const stop = () => {
  try {
    process.kill(-child.pid, "SIGTERM");
  } catch {}
};
process.on("exit", () => {
  stop();
  rmSync(persistDir, { recursive: true, force: true });
});

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** One writer: REQUESTS writes to `pathName`, CONCURRENCY at a time; returns the latencies. */
async function writer(pathName) {
  const latencies = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next++ < REQUESTS) {
        const started = performance.now();
        const res = await fetch(base + pathName, { method: "POST" });
        if (!res.ok) throw new Error(`${pathName}: ${res.status}`);
        await res.arrayBuffer();
        latencies.push(performance.now() - started);
      }
    }),
  );
  return latencies;
}

async function round(paths) {
  const started = performance.now();
  const latencies = (await Promise.all(paths.map(writer))).flat();
  return { perSecond: latencies.length / ((performance.now() - started) / 1000), p50: median(latencies) };
}

for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${base}/setup`)).ok) break;
  } catch {}
  if (i > 480) throw new Error("server did not start");
  await new Promise((r) => setTimeout(r, 250));
}
await round(["/a", "/b"]); // warm-up
const results = { one: [], two: [] };
for (let r = 0; r < ROUNDS; r++) {
  results.one.push(await round(["/a", "/a"]));
  results.two.push(await round(["/a", "/b"]));
}
const summary = (rs) => ({ perSecond: median(rs.map((r) => r.perSecond)), p50: median(rs.map((r) => r.p50)) });
const one = summary(results.one);
const two = summary(results.two);
console.log(
  `two writers x ${REQUESTS} writes (batches of 20 inserts), ${CONCURRENCY} in flight each, ${ROUNDS} rounds, load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`,
);
console.log(`one database:  ${one.perSecond.toFixed(0)} writes/s, p50 ${one.p50.toFixed(1)} ms`);
console.log(`two databases: ${two.perSecond.toFixed(0)} writes/s, p50 ${two.p50.toFixed(1)} ms`);
console.log(`ratio two/one: ${(two.perSecond / one.perSecond).toFixed(2)}x writes/s`);
process.exit(0);
