// `npm run bench:startup` (issue 50): the Worker's startup CPU against a bare Hono app's (bench/startup-bare-worker.ts,
// one route, built with the same settings), measured in the same run. Each Worker is bundled once as `wrangler deploy
// --dry-run --outfile` bundles it; then `wrangler check startup --worker <bundle>` profiles each one in turn, round by
// round (interleaved, so load on the machine falls on both alike), and this prints each run's "Active" time (local
// startup CPU, garbage collection included), the medians and their ratio (the target: within 3x of the bare app).
// The figures are local CPU on this machine: Cloudflare's own differ (wrangler says so), the ratio travels better.
//
// Environment: BENCH_ROUNDS (default 5). Flags: --bundle <name>=<file> (repeatable) adds a prebuilt bundle, for
// instance an older commit's, built with `npx wrangler deploy --dry-run --outfile <file>` in its checkout.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { wranglerEnv } from "../scripts/wrangler-env.mjs";

const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const root = path.join(import.meta.dirname, "..");
const work = mkdtempSync(path.join(tmpdir(), "bod-startup-"));
const noAssets = path.join(work, "no-assets");
mkdirSync(noAssets);
const npx = process.platform === "win32" ? "npx.cmd" : "npx";
// The console is a static asset, not part of the Worker: no console build, an empty assets directory.
const env = { ...wranglerEnv, BOD_CONSOLE_BUILT: "1" };

function wrangler(args) {
  const run = spawnSync(npx, ["wrangler", ...args], { cwd: root, env, encoding: "utf8" });
  if (run.status !== 0) {
    process.stdout.write(run.stdout ?? "");
    process.stderr.write(run.stderr ?? "");
    throw new Error(`wrangler ${args.join(" ")} failed`);
  }
  return run.stdout;
}

const workers = [
  { name: "the API (wrangler.toml)", args: ["--assets", noAssets], active: [], gc: [] },
  { name: "bare Hono app (bench/startup-bare.toml)", args: ["--config", "bench/startup-bare.toml"], active: [], gc: [] },
];
for (const [name, file] of process.argv.slice(2).flatMap((a, i, all) => (all[i - 1] === "--bundle" ? [a.split("=")] : []))) {
  workers.push({ name, bundle: path.resolve(file), active: [], gc: [] });
}

for (const [i, w] of workers.entries()) {
  if (w.bundle) continue;
  w.bundle = path.join(work, `worker-${i}.bundle`);
  const out = wrangler(["deploy", "--dry-run", "--outfile", w.bundle, ...w.args]);
  w.size = out.match(/Total Upload: ([^\n]+)/)?.[1];
}

const loadBefore = loadavg()[0];
for (let round = 1; round <= rounds; round++) {
  for (const w of workers) {
    const out = wrangler(["check", "startup", "--worker", w.bundle, "--outfile", path.join(work, "startup.cpuprofile")]);
    const active = out.match(/Active: ([\d.]+) ms \(including ([\d.]+) ms garbage collection\)/);
    if (!active) throw new Error(`no "Active" line in wrangler check startup's output:\n${out}`);
    w.size ??= out.match(/Bundle: ([^\n]+)/)?.[1]?.trim();
    w.active.push(Number(active[1]));
    w.gc.push(Number(active[2]));
    console.log(`round ${round}: ${w.name}: Active ${active[1]} ms (GC ${active[2]} ms)`);
  }
}
rmSync(work, { recursive: true, force: true });

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
const ms = (n) => `${n.toFixed(1)} ms`;
// The bare app does almost nothing when it starts: its profile is a few samples, and its Active time is often 0 (below
// the profiler's resolution) or one sample caught on a busy machine. So the ratio is given on the medians and on the
// means; a median of 0 makes the first unbounded.
const ratio = (a, b) => (b > 0 ? `${(a / b).toFixed(1)}x` : "unbounded (the bare app's is 0)");
const [api, bare] = workers;
console.log(
  `\nStartup CPU, local ("Active" of wrangler check startup), ${rounds} runs each; load average ${loadBefore.toFixed(1)} before, ${loadavg()[0].toFixed(1)} after:`,
);
for (const w of workers) {
  console.log(
    `  ${w.name}, bundle ${w.size ?? "?"}: median ${ms(median(w.active))}, mean ${ms(mean(w.active))}, min ${ms(Math.min(...w.active))} (GC median ${ms(median(w.gc))}; runs ${w.active.join(", ")})`,
  );
}
console.log(
  `\nthe API against the bare Hono app (target: within 3x): medians ${ratio(median(api.active), median(bare.active))}, means ${ratio(mean(api.active), mean(bare.active))}`,
);
for (const w of workers.slice(2)) {
  console.log(
    `the API against ${w.name}: medians ${(median(api.active) / median(w.active)).toFixed(2)}x, mins ${(Math.min(...api.active) / Math.min(...w.active)).toFixed(2)}x`,
  );
}
