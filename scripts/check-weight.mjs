// `npm run check:weight` (CI runs it after check:config): the Worker's bundle as `wrangler deploy` would upload it,
// against its budget (issue 50, docs/performance.md "The deployed Worker"). Runs `wrangler deploy --dry-run` into a
// temporary directory (offline, no account: the same bundle CI's dry run builds), measures `index.js` and prints what
// makes it up, by package or src/ folder and by file, from esbuild's metafile of that build (the bytes each input
// leaves in the output, which add up to the bundle less wrangler's few glue lines).
//
// Exit 1 when index.js is over the budget: something that grew it has to be weighed (what it brings, whether the
// Worker runs it) before the budget is raised here, with the reason in docs/performance.md.
// The console and the /docs scripts are static assets served by the ASSETS binding, not part of the bundle: the dry
// run is pointed at an empty assets directory and skips the console build (BOD_CONSOLE_BUILT=1).
//
// Flags: --budget <bytes> (default BUDGET below), --top <n> rows per table (default 15), --keep <dir> (bundle there,
// kept; otherwise a temporary directory, removed).
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { wranglerEnv } from "./wrangler-env.mjs";

/** The budget: 1 MiB (issue 50), minified as wrangler.toml builds it. */
export const BUDGET = 1024 * 1024;

const args = process.argv.slice(2);
const flag = (name) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const budget = Number(flag("budget") ?? BUDGET);
const top = Number(flag("top") ?? 15);
const root = path.join(import.meta.dirname, "..");
const work = flag("keep") ? path.resolve(flag("keep")) : mkdtempSync(path.join(tmpdir(), "bod-weight-"));
const outdir = path.join(work, "out");
const assets = path.join(work, "no-assets");
mkdirSync(outdir, { recursive: true });
mkdirSync(assets, { recursive: true });

const npx = process.platform === "win32" ? "npx.cmd" : "npx";
const metafile = path.join(outdir, "meta.json");
const run = spawnSync(npx, ["wrangler", "deploy", "--dry-run", "--outdir", outdir, "--metafile", metafile, "--assets", assets], {
  cwd: root,
  env: { ...wranglerEnv, BOD_CONSOLE_BUILT: "1" },
  encoding: "utf8",
});
if (run.status !== 0) {
  process.stdout.write(run.stdout ?? "");
  process.stderr.write(run.stderr ?? "");
  console.error("check:weight: FAILED: wrangler deploy --dry-run did not build the Worker.");
  process.exit(1);
}

const bundle = path.join(outdir, "index.js");
const bytes = statSync(bundle).size;
const gzipped = gzipSync(readFileSync(bundle)).length;
const meta = JSON.parse(readFileSync(metafile, "utf8"));
const output = Object.entries(meta.outputs).find(([file]) => file.endsWith("index.js"))?.[1];
if (!output) throw new Error(`no index.js in ${metafile}`);

/** What a bundled file counts towards: its npm package (zod's locales apart, should they come back), or its src/ folder. */
function owner(file) {
  const pkg = file.match(/node_modules\/((?:@[^/]+\/)?[^/]+)\/(.*)$/);
  if (pkg) return pkg[1] === "zod" && pkg[2].startsWith("v4/locales/") ? "zod (locales)" : pkg[1];
  const parts = file.split("/");
  if (parts[0] === "src") return parts.length > 2 ? `src/${parts[1]}/` : "src/ (top level)";
  return file.includes("wrangler") ? "wrangler" : parts.slice(0, 2).join("/");
}

const groups = new Map();
const files = [];
for (const [file, { bytesInOutput }] of Object.entries(output.inputs)) {
  groups.set(owner(file), (groups.get(owner(file)) ?? 0) + bytesInOutput);
  files.push([file, bytesInOutput]);
}
const kib = (n) => `${(n / 1024).toLocaleString("en-US", { minimumFractionDigits: 1, maximumFractionDigits: 1 })} KiB`;
const share = (n) => `${((100 * n) / bytes).toFixed(1)} %`;
function table(title, rows) {
  console.log(`\n${title}`);
  for (const [name, n] of rows.sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${kib(n).padStart(10)}  ${share(n).padStart(6)}  ${name}`);
}

const app = [...groups].filter(([g]) => g.startsWith("src/")).reduce((sum, [, n]) => sum + n, 0);
console.log(`Worker bundle (index.js of \`wrangler deploy --dry-run\`): ${bytes.toLocaleString("en-US")} bytes = ${kib(bytes)} (gzip ${kib(gzipped)})`);
console.log(
  `budget: ${budget.toLocaleString("en-US")} bytes = ${kib(budget)}; ${bytes <= budget ? `${kib(budget - bytes)} left` : `${kib(bytes - budget)} OVER`}`,
);
console.log(`the app's own code (src/): ${kib(app)} (${share(app)}); packages and wrangler's glue: ${kib(bytes - app)}`);
table(`largest contributors, by package or src/ folder (top ${top}):`, [...groups]);
table(`largest files (top ${top}):`, files);

if (!flag("keep")) rmSync(work, { recursive: true, force: true });
if (bytes > budget) {
  console.error(`\ncheck:weight: FAILED: the Worker bundle is ${kib(bytes)}, over its budget of ${kib(budget)} (scripts/check-weight.mjs).`);
  process.exit(1);
}
console.log(`\ncheck:weight: ok (${kib(bytes)} of ${kib(budget)}).`);
