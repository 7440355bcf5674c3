// `npm run check:config` (CI runs it after typecheck): what the Worker's configuration spends of Cloudflare's
// per-script limits (scripts/lib/config-limits.mjs cites them), for the current wrangler.toml and for the same
// configuration with 5,000 store databases (`--databases`), and the most store databases one Worker script can bind.
// docs/scale.md 7.11 has the findings.
//
// Exit 1 when the current configuration is past a limit, or when the ceiling of store databases falls below
// `--min-ceiling` (default 4,900: what docs/scale.md 7.8 plans with; a per-database variable, as SHARD_LOCATIONS was,
// brings it to about 230). The projection itself is reported, limit by limit, and does not fail the run unless
// `--require-projection` is given: that 5,000 store databases do not fit one script is a known ceiling
// (docs/scale.md 7.8), and CI guards that it does not come nearer. Flags: --config <wrangler.toml>, --databases <n>,
// --min-ceiling <n>, --require-projection.
import { readFileSync } from "node:fs";
import path from "node:path";
import { unstable_readConfig } from "wrangler";
import { LIMITS, isStoreDatabase, measure, storeDatabaseCeiling, verdicts, withStoreDatabases } from "./lib/config-limits.mjs";

const args = process.argv.slice(2);
const flag = (name) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const configPath = path.resolve(flag("config") ?? "wrangler.toml");
const projected = Number(flag("databases") ?? 5000);
const minCeiling = Number(flag("min-ceiling") ?? 4900);
const requireProjection = args.includes("--require-projection");

const config = unstable_readConfig({ config: configPath });
// Secrets are set with `wrangler secret put`, not in the config: src/env.d.ts declares the ones the Worker reads.
const declared = readFileSync(path.join(import.meta.dirname, "../src/env.d.ts"), "utf8");
const secrets = [...new Set([...declared.matchAll(/^\s+([A-Z][A-Z0-9_]*)\?: string;/gm)].map((m) => m[1]))];

const number = (n) => n.toLocaleString("en-US");
function report(title, m) {
  const checks = verdicts(m);
  console.log(`\n${title}`);
  console.log(`  bindings: ${number(m.bindings)} (${number(m.d1)} D1, ${number(m.variables)} variables and secrets)`);
  console.log(`  largest variable: ${m.largestVariable.name}, ${number(m.largestVariable.bytes)} bytes`);
  console.log(`  script metadata (estimate): ${number(m.metadata)} bytes (docs' rule ${number(m.metadataByRule)}; as JSON ${number(m.metadataAsJson)})`);
  for (const c of checks) {
    console.log(`  ${c.ok ? "ok  " : "OVER"} ${number(c.value)} ${c.what}${c.detail ? ` (${c.detail})` : ""} / limit ${number(c.limit)}: ${c.source}`);
  }
  return checks;
}

const storeCount = (config.d1_databases ?? []).filter(isStoreDatabase).length;
const current = report(`${path.relative(process.cwd(), configPath)} (${storeCount} store databases, secrets: ${secrets.join(", ")})`, measure(config, secrets));
const projection = report(`the same with ${number(projected)} store databases (generated)`, measure(withStoreDatabases(config, projected), secrets));
const ceiling = storeDatabaseCeiling(config, secrets);
const limiting = verdicts(measure(withStoreDatabases(config, ceiling + 1), secrets)).filter((v) => !v.ok);

console.log(
  `\nOne Worker script can bind at most ${number(ceiling)} store databases: one more is past ${limiting.map((v) => `${v.what} (${v.source})`).join(" and ")}.`,
);
const over = projection.filter((c) => !c.ok);
/** What lifts each limit once it is what stops the fleet. */
const room = LIMITS.bindings.limit - measure(withStoreDatabases(config, 0), secrets).bindings;
const REMEDY = {
  [LIMITS.bindings.what]:
    `split the store databases over several Worker scripts of at most ${number(room)} each (what the other bindings leave), behind the ` +
    `Worker that owns the routes, which sends each store's requests to the script binding its database (a service ` +
    `binding per script, or a Workers for Platforms dispatch namespace), found through the directory as today; or ` +
    `leave bindings behind with a SQLite Durable Object per store (docs/scale.md 7.9)`,
  [LIMITS.metadata.what]: "the same split over several scripts (each script's metadata holds only its own bindings)",
  [LIMITS.variables.what]: "fewer variables: settings that grow with the fleet belong in the directory",
  [LIMITS.variableSize.what]: "keep per-database settings out of variables: they belong in the directory's `shards` rows (PATCH /ops/shards/{name})",
};
if (over.length > 0) {
  console.log(`${number(projected)} store databases do NOT fit one Worker script:`);
  for (const c of over) console.log(`  ${number(c.value)} ${c.what} against ${number(c.limit)} (${c.source}). What lifts it: ${REMEDY[c.what]}.`);
  console.log("  docs/scale.md 7.8 has the ceilings in the order they arrive.");
}

const failures = [];
if (current.some((c) => !c.ok)) failures.push("the current configuration is past a limit");
if (ceiling < minCeiling)
  failures.push(`the store-database ceiling (${number(ceiling)}) is below ${number(minCeiling)}: something grows with the number of databases`);
if (requireProjection && over.length > 0) failures.push(`${number(projected)} store databases do not fit (--require-projection)`);
if (failures.length > 0) {
  console.error(`\ncheck:config: FAILED: ${failures.join("; ")}.`);
  process.exit(1);
}
console.log(
  `\ncheck:config: ok (limits: ${Object.values(LIMITS)
    .map((l) => `${number(l.limit)} ${l.what}`)
    .join(", ")}).`,
);
