// `npm run migrate` (and `npm run dev`): applies D1 migrations to every database the Worker binds, each from its
// own `migrations_dir` in wrangler.toml (docs/scale.md sections 3 and 7.11): `DIRECTORY` first (when there is one),
// then the others 4 at a time (one at a time locally). Locally by default; `--remote` for the deployed databases.
// Each database records what it has applied (its `d1_migrations` table), so running the command again resumes: a
// database already up to date is a no-op, and the one that failed continues from the migration that failed. Ends
// with a table: database -> last migration applied (or why not).
//
// Remotely, every call goes to the Cloudflare API, which allows 1,200 requests per five minutes per user and
// blocks the whole account's API (deploys included) for five minutes past it. So `--remote`:
// - counts every request: `wrangler d1 migrations apply` makes 2 per database (create the migrations table if
//   missing, list what is applied) plus 1 per migration it applies (checked against a stand-in for the API in
//   test/scripts/migrate-all.test.mjs); before starting a database it reserves 2 + the migrations it may lack, and
//   starts only when that fits a budget of `--api-budget` requests (default 1,000: 200 left for deploys and people)
//   per `--api-window` seconds (default 300; scripts/lib/api-budget.mjs);
// - is resumable without asking: a state file (`--state`, default .wrangler/migrate-remote-state.json beside the
//   config) records each database brought to its directory's newest migration, and a rerun skips those with no
//   request at all (`--recheck` asks every database again, for one restored from Time Travel or migrated by hand);
// - prints a line per database with the requests it made and the budget's use, and waits visibly when the budget
//   is spent;
// - stops cleanly on a 429: starts no further database, lets the running ones end, records what finished, and says
//   how to resume (exit 75). Any other failure stops the same way with exit 1.
//
// Flags: --remote | --local (default), --persist-to <dir> (local state), --config <wrangler.toml>, --concurrency <n>
// (default 4 remotely, 1 locally: two local `wrangler d1 migrations apply` on one state directory can fail with
// SQLITE_BUSY_RECOVERY, seen 2026-11-25 in bench:shards), --state <file>, --recheck, --api-budget <n>,
// --api-window <seconds>. Wrangler reads CLOUDFLARE_API_BASE_URL, CLOUDFLARE_API_TOKEN and CLOUDFLARE_ACCOUNT_ID
// from the environment as usual.
import { spawn } from "node:child_process";
import { readdirSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { unstable_readConfig } from "wrangler";
import { ApiBudget } from "./lib/api-budget.mjs";
import { MigrateState } from "./lib/migrate-state.mjs";
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

/** Requests `wrangler d1 migrations apply` makes on a database besides one per migration applied. */
const REQUESTS_PER_DATABASE = 2;
const state = remote ? new MigrateState(path.resolve(flag("state") ?? path.join(path.dirname(configPath), ".wrangler", "migrate-remote-state.json"))) : null;
// What earlier runs spent in the window counts against this one's budget (a rerun right after a run).
const budget = new ApiBudget(Number(flag("api-budget") ?? 1000), Number(flag("api-window") ?? 300) * 1000, state?.spent ?? []);
const recheck = args.includes("--recheck");

const config = unstable_readConfig({ config: configPath });
/** The migration files of a directory in the order wrangler applies them. */
const migrationFiles = (dir) =>
  readdirSync(dir)
    .filter((f) => f.endsWith(".sql"))
    .sort();
const databases = config.d1_databases.map((d) => {
  const dir = path.resolve(path.dirname(configPath), d.migrations_dir ?? "migrations");
  return { binding: d.binding, name: d.database_name, id: d.database_id ?? d.database_name, dir, files: migrationFiles(dir) };
});
if (databases.length === 0) {
  console.error(`migrate-all: no [[d1_databases]] in ${configPath}`);
  process.exit(2);
}

/** The migrations `db` may still lack, as far as the state file knows (all of them when it knows nothing). */
function pendingOf(db) {
  const last = state?.last(db.id);
  return last && db.files.includes(last) ? db.files.filter((f) => f > last) : db.files;
}

/** Wrangler's words for the API's 429 (it prints the error body's message, not the status). */
const RATE_LIMITED = /\[code: 971\]|throttling your request speed|Too Many Requests|\b429\b/i;

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
/** Why the run stopped starting databases: "failed" or "rate-limited". */
let stopped = null;
let done = 0;
let toVisit = databases.length;
const progress = (db, text) => console.log(`[${++done}/${toVisit}] ${db.binding} (${db.name}): ${text}`);

/** Waits until `requests` fit the budget, saying so when it has to wait; false if they never can. */
async function awaitBudget(requests, running) {
  for (;;) {
    const wait = budget.waitFor(requests);
    if (wait === 0) return true;
    if (wait === Infinity) return false;
    if (wait === null) await Promise.race(running);
    else {
      console.log(
        `migrate-all: waiting ${Math.ceil(wait / 1000)} s for the API budget (${budget.used()} of ${budget.limit} requests in the last ${budget.windowMs / 1000} s)`,
      );
      await sleep(wait);
    }
    if (stopped) return false;
  }
}

async function migrate(db) {
  const requests = REQUESTS_PER_DATABASE + pendingOf(db).length;
  const handle = remote ? budget.reserve(requests) : null;
  const { code, output } = await apply(db);
  // Every migration wrangler ran printed "Executed"; a failed request was one more.
  const made = REQUESTS_PER_DATABASE + (output.match(/Executed \d+ commands?/g) ?? []).length + (code === 0 ? 0 : 1);
  if (handle) {
    budget.settle(handle, made);
    state.save();
  }
  const usage = remote ? ` (${made} API requests; ${budget.spentInWindow()} in the last ${budget.windowMs / 1000} s, budget ${budget.limit})` : "";
  if (code === 0) {
    const newest = db.files.at(-1) ?? "(none)";
    results.set(db.binding, newest);
    if (db.files.length > 0) state?.record(db, newest);
    progress(db, `${/No migrations to apply/.test(output) ? "up to date" : "migrated"}, at ${newest}${usage}`);
    return;
  }
  const limited = remote && RATE_LIMITED.test(output);
  stopped ??= limited ? "rate-limited" : "failed";
  if (limited) {
    // The API refuses every call for a window after a 429: the next run waits that out rather than meet it again.
    state.blockedUntil = Date.now() + budget.windowMs;
    state.save();
  }
  results.set(db.binding, limited ? "STOPPED: API rate limit (run again to resume)" : "FAILED (run again to resume)");
  progress(db, limited ? `the Cloudflare API answered 429${usage}` : "failed");
  if (!limited) console.error(`migrate-all: ${db.binding} (${db.name}) failed:\n${output.trim()}`);
}

/** Runs `dbs` at most `concurrency` at a time, each started only when the API budget has room for it. */
async function applyAll(dbs) {
  const running = new Set();
  for (const db of dbs) {
    if (stopped) break;
    while (running.size >= Math.max(1, concurrency)) await Promise.race(running);
    if (remote && !(await awaitBudget(REQUESTS_PER_DATABASE + pendingOf(db).length, running))) {
      if (!stopped) {
        stopped = "failed";
        console.error(`migrate-all: ${db.binding} needs more API requests than the whole budget (--api-budget ${budget.limit})`);
      }
      break;
    }
    if (stopped) break;
    const job = migrate(db).finally(() => running.delete(job));
    running.add(job);
  }
  await Promise.all(running);
}

// What the state file says is done needs no request.
const todo = databases.filter((db) => {
  const upToDate = state && !recheck && db.files.length > 0 && state.last(db.id) === db.files.at(-1);
  if (upToDate) results.set(db.binding, `${db.files.at(-1)} (already)`);
  return !upToDate;
});
toVisit = todo.length;
if (remote) {
  const worst = todo.reduce((n, db) => n + REQUESTS_PER_DATABASE + pendingOf(db).length, 0);
  const windows = Math.max(0, Math.ceil(worst / budget.limit) - 1);
  console.log(
    `migrate-all: ${databases.length} databases, ${databases.length - todo.length} already at their newest migration (${state.file}), ` +
      `${todo.length} to visit: at most ${worst} API requests at ${budget.limit} per ${budget.windowMs / 1000} s` +
      (windows > 0 ? ` (about ${Math.round((windows * budget.windowMs) / 60000)} minutes of waiting)` : ""),
  );
}
if (remote && state.blockedUntil > Date.now()) {
  const wait = state.blockedUntil - Date.now();
  console.log(
    `migrate-all: the last run met a 429; the API refuses this account until ${new Date(state.blockedUntil).toISOString()}: waiting ${Math.ceil(wait / 1000)} s`,
  );
  await sleep(wait);
}
// The directory first (docs/scale.md section 3), then the store databases.
await applyAll(todo.filter((db) => db.binding === "DIRECTORY"));
await applyAll(todo.filter((db) => db.binding !== "DIRECTORY"));

const rows = databases.map((db) => [db.binding, db.name, path.relative(process.cwd(), db.dir), results.get(db.binding) ?? "not started"]);
const widths = [0, 1, 2].map((i) => Math.max(...rows.map((r) => r[i].length), ["database", "name", "migrations"][i].length));
const line = (r) => r.map((cell, i) => (i < 3 ? cell.padEnd(widths[i]) : cell)).join("  ");
console.log(`D1 migrations (${remote ? "remote" : "local"}):`);
console.log(line(["database", "name", "migrations", "last applied"]));
for (const row of rows) console.log(line(row));
if (stopped === "rate-limited") {
  const finished = [...results.values()].filter((r) => !/^(STOPPED|FAILED)/.test(r)).length;
  console.error(
    `migrate-all: stopped: the Cloudflare API answered 429 Too Many Requests (1,200 requests per 5 minutes per user, ` +
      `counted across every tool and person on the account; past it every API call is refused for 5 minutes, deploys ` +
      `included). ${finished} of ${databases.length} databases are at their newest migration and recorded in ${state.file}; ` +
      `no further database was started. Wait 5 minutes, then run the same command again: it skips those, and each ` +
      `stopped database continues from its own d1_migrations table. If something else on the account uses the API ` +
      `heavily, lower --api-budget (now ${budget.limit}).`,
  );
  process.exit(75);
}
process.exit(stopped ? 1 : 0);
