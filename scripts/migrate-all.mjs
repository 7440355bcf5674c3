// `npm run migrate` (and `npm run dev`): applies D1 migrations to every database the Worker binds, each from its
// own `migrations_dir` in wrangler.toml (docs/scale.md section 3): `DIRECTORY` first (when there is one), then the
// others 4 at a time (one at a time locally). Locally by default; `--remote` for the deployed databases. At the first failure it starts
// no further database and exits 1. Each database records what it has applied (its `d1_migrations` table), so
// running the command again resumes: a database already up to date is a no-op, and the one that failed continues
// from the migration that failed. Ends with a table: database -> last migration applied (or why not).
//
// Flags: --remote | --local (default), --persist-to <dir> (local state), --config <wrangler.toml>,
// --concurrency <n> (default 4 remotely, 1 locally: two local `wrangler d1 migrations apply` on one state directory
// can fail with SQLITE_BUSY_RECOVERY, seen 2026-11-25 in bench:shards).
import { spawn } from "node:child_process";
import { readdirSync } from "node:fs";
import path from "node:path";
import { unstable_readConfig } from "wrangler";
import { wranglerEnv } from "./wrangler-env.mjs";

const args = process.argv.slice(2);
const flag = (name) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const remote = args.includes("--remote");
const configPath = path.resolve(flag("config") ?? "wrangler.toml");
const persistTo = flag("persist-to");
const concurrency = Number(flag("concurrency") ?? (remote ? 4 : 1));
const npx = process.platform === "win32" ? "npx.cmd" : "npx";

const config = unstable_readConfig({ config: configPath });
const databases = config.d1_databases.map((d) => ({
  binding: d.binding,
  name: d.database_name,
  dir: path.resolve(path.dirname(configPath), d.migrations_dir ?? "migrations"),
}));
if (databases.length === 0) {
  console.error(`migrate-all: no [[d1_databases]] in ${configPath}`);
  process.exit(2);
}

/** The migration files of a directory in the order wrangler applies them. */
const migrationFiles = (dir) => readdirSync(dir).filter((f) => f.endsWith(".sql")).sort();

/** One `wrangler d1 migrations apply`; resolves with its exit code and output (printed only on failure). */
function apply(db) {
  const cmd = ["wrangler", "d1", "migrations", "apply", db.binding, remote ? "--remote" : "--local", "--config", configPath];
  if (persistTo && !remote) cmd.push("--persist-to", persistTo);
  return new Promise((resolve) => {
    // CI=true: no confirmation prompt (wrangler asks before applying remotely in a terminal).
    const child = spawn(npx, cmd, { env: { ...wranglerEnv, CI: "true" }, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("exit", (code) => resolve({ code: code ?? 1, output }));
  });
}

const results = new Map();
let failed = false;
let queue = [];
async function worker() {
  while (queue.length > 0 && !failed) {
    const db = queue.shift();
    const { code, output } = await apply(db);
    if (code === 0) {
      results.set(db.binding, migrationFiles(db.dir).at(-1) ?? "(none)");
    } else {
      failed = true;
      results.set(db.binding, "FAILED (run again to resume)");
      console.error(`migrate-all: ${db.binding} (${db.name}) failed:\n${output.trim()}`);
    }
  }
}
/** Runs `dbs` through `concurrency` workers. */
async function applyAll(dbs) {
  queue = [...dbs];
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, dbs.length)) }, worker));
}
// The directory first (docs/scale.md section 3), then the store databases.
await applyAll(databases.filter((db) => db.binding === "DIRECTORY"));
await applyAll(databases.filter((db) => db.binding !== "DIRECTORY"));

const rows = databases.map((db) => [db.binding, db.name, path.relative(process.cwd(), db.dir), results.get(db.binding) ?? "not started"]);
const widths = [0, 1, 2].map((i) => Math.max(...rows.map((r) => r[i].length), ["database", "name", "migrations"][i].length));
const line = (r) => r.map((cell, i) => (i < 3 ? cell.padEnd(widths[i]) : cell)).join("  ");
console.log(`D1 migrations (${remote ? "remote" : "local"}):`);
console.log(line(["database", "name", "migrations", "last applied"]));
for (const row of rows) console.log(line(row));
process.exit(failed ? 1 : 0);
