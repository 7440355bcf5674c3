// Benchmark harness: starts `wrangler dev` on loopback (its own port and state directory), seeds a catalog through
// the API, measures request latencies with a bounded closed loop and workerd's memory, and stops the server by pid.
// Used by the bench/*.mjs scripts and test/e2e/harness.mjs.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, openSync, readFileSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { wranglerEnv } from "../../scripts/wrangler-env.mjs";

const repoRoot = path.resolve(import.meta.dirname, "../..");

/**
 * Starts wrangler dev with WRANGLER_LOG=warn (per-request logging costs throughput), after applying every D1
 * database's migrations with the checkout's own `npm run migrate` (scripts/migrate-all.mjs: each binding from its
 * `migrations_dir`, so the directory and every store database, or a single `DB` on an older checkout).
 * `config`: another wrangler configuration file (a benchmark-only Worker), else the checkout's wrangler.toml.
 * `cwd`: the checkout to serve (default: this one); an older commit's worktree serves that commit's code.
 * The console build of wrangler.toml's [build] is skipped (BOD_CONSOLE_BUILT=1): benchmarks do not load /admin.
 */
export async function startServer({
  port,
  persistDir = mkdtempSync(path.join(tmpdir(), "bench-")),
  vars = {},
  config,
  cwd = repoRoot,
  inspectorPort = 0,
  logFile,
} = {}) {
  // With a `logFile`, wrangler also prints the Worker's console.log lines (level "log"), which "warn" hides.
  const env = { ...wranglerEnv, WRANGLER_LOG: logFile ? "log" : "warn", CI: "true", BOD_CONSOLE_BUILT: "1" };
  const configArgs = config ? ["-c", config] : [];
  const migrate = spawnSync(process.execPath, ["scripts/migrate-all.mjs", "--local", "--persist-to", persistDir, ...(config ? ["--config", config] : [])], {
    cwd,
    env,
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (migrate.status !== 0) throw new Error(`migrations failed in ${cwd}`);
  const varArgs = Object.entries(vars).flatMap(([k, v]) => ["--var", `${k}:${v}`]);
  const child = spawn(
    "npx",
    [
      "wrangler",
      "dev",
      ...configArgs,
      "--ip",
      "127.0.0.1",
      "--port",
      String(port),
      "--inspector-port",
      String(inspectorPort),
      "--persist-to",
      persistDir,
      "--show-interactive-dev-session=false",
      ...varArgs,
    ],
    // `logFile`: the Worker's console output (wrangler dev's stdout) is kept there, for a bench that reads its logs.
    { cwd, env, stdio: ["ignore", logFile ? openSync(logFile, "a") : "ignore", "inherit"], detached: true },
  );
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/permissions`)).ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
    if (i === 239) throw new Error(`server on ${base} did not start`);
  }
  return {
    base,
    persistDir,
    /** The process group of wrangler and its workerd (for workerdRss). */
    pgid: child.pid,
    stop() {
      try {
        process.kill(-child.pid, "SIGTERM");
      } catch {}
    },
  };
}

/**
 * Resident memory (MiB) of the workerd processes in a server's process group (`server.pgid`), read from /proc:
 * `{ total, processes }`. Linux only; 0 when none is found.
 */
export function workerdRss(pgid) {
  const processes = [];
  for (const pid of readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
    try {
      // Fields after the command name (which may hold spaces): state, ppid, pgrp, ...
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const pgrp = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[2]);
      if (pgrp !== pgid || !/\(workerd\)/.test(stat)) continue;
      const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
      processes.push({ pid: Number(pid), mib: kb / 1024 });
    } catch {} // the process ended meanwhile
  }
  return { total: processes.reduce((sum, p) => sum + p.mib, 0), processes };
}

export async function api(base, method, pathname, { token, body } = {}) {
  const res = await fetch(`${base}${pathname}`, {
    method,
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { "Content-Type": "application/json" } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  let json = null;
  try {
    json = JSON.parse(text);
  } catch {}
  return { status: res.status, body: json, text, headers: res.headers };
}

/** A user, a store and an all-permission PAT on a running server. */
export async function setupAccount(base) {
  const email = `bench-${Date.now()}-${Math.random().toString(36).slice(2)}@example.test`;
  const password = "bench-password-123";
  await api(base, "POST", "/users", { body: { email, password, name: "Bench" } });
  const jwt = (await api(base, "POST", "/login", { body: { email, password } })).body.token;
  const store = (await api(base, "POST", "/stores", { token: jwt, body: { name: "Bench store" } })).body;
  const names = (await api(base, "GET", "/permissions")).body.data.map((p) => p.name);
  const pat = (await api(base, "POST", `/stores/${store.id}/api-tokens`, { token: jwt, body: { name: "bench", scopes: names } })).body.token;
  return { jwt, pat, storeId: store.id };
}

/**
 * `count` live single products in a store, created through the API 8 at a time: "<Zephyr|Classic> Cotton Shirt <n>"
 * (every 10th is "Zephyr", the search term: count / 10 matches). Returns their ids in creation order.
 */
export async function seedProducts(base, storeId, token, count) {
  const ids = [];
  for (let i = 0; i < count; i += 8) {
    const created = await Promise.all(
      Array.from({ length: Math.min(8, count - i) }, (_, k) =>
        api(base, "POST", `/stores/${storeId}/products`, {
          token,
          body: {
            title: `${(i + k) % 10 === 0 ? "Zephyr" : "Classic"} Cotton Shirt ${i + k}`,
            product_type: "single",
            status: "live",
            default_price_cents: 1000 + i + k,
          },
        }),
      ),
    );
    for (const res of created) {
      if (res.status !== 201) throw new Error(`seeding: ${res.status} ${JSON.stringify(res.body)}`);
      ids.push(res.body.id);
    }
  }
  return ids;
}

export const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/**
 * Closed-loop load: `concurrency` workers issue `makeRequest()` until `requests` are done (or `maxSeconds`).
 * Returns requests/s and latency percentiles in ms. Non-2xx answers are counted as errors.
 */
export async function load(makeRequest, { requests = 2000, concurrency = 8, maxSeconds = 60 } = {}) {
  const latencies = [];
  let errors = 0;
  let issued = 0;
  const deadline = performance.now() + maxSeconds * 1000;
  const started = performance.now();
  async function worker() {
    while (issued < requests && performance.now() < deadline) {
      issued++;
      const t0 = performance.now();
      const res = await makeRequest();
      latencies.push(performance.now() - t0);
      if (!res.ok && res.status >= 300) errors++;
      await res.arrayBuffer();
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    errors,
    rps: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

export const median = (values) => {
  const s = [...values].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

export const fmt = (n, digits = 1) => Number(n).toFixed(digits);
