// Benchmark harness: starts `wrangler dev` on loopback (its own port and state directory), measures request
// latencies with a bounded closed loop, and stops the server by pid. Used by every bench/*.mjs.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { wranglerEnv } from "../../scripts/wrangler-env.mjs";

/** Starts wrangler dev with WRANGLER_LOG=warn (per-request logging costs throughput). */
/** `config`: another wrangler configuration file (a benchmark-only Worker), else ../../wrangler.toml. */
export async function startServer({ port, persistDir = mkdtempSync(path.join(tmpdir(), "bench-")), vars = {}, config } = {}) {
  const env = { ...wranglerEnv, WRANGLER_LOG: "warn", CI: "true" };
  const configArgs = config ? ["-c", config] : [];
  const migrate = spawnSync("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", "--persist-to", persistDir, ...configArgs], {
    env,
    stdio: "ignore",
  });
  if (migrate.status !== 0) throw new Error("migrations failed");
  const varArgs = Object.entries(vars).flatMap(([k, v]) => ["--var", `${k}:${v}`]);
  const child = spawn(
    "npx",
    ["wrangler", "dev", ...configArgs, "--ip", "127.0.0.1", "--port", String(port), "--inspector-port", "0", "--persist-to", persistDir, "--show-interactive-dev-session=false", ...varArgs],
    { env, stdio: ["ignore", "ignore", "inherit"], detached: true },
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
    stop() {
      try {
        process.kill(-child.pid, "SIGTERM");
      } catch {}
    },
  };
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
