// `npm run migrate:remote` within the Cloudflare API's limit (docs/api/14b-thousands-of-databases.md, docs/scale.md 7.11): it runs
// the real wrangler against a local stand-in for the API (./cloudflare-api-stand-in.mjs, reached through
// CLOUDFLARE_API_BASE_URL), which answers 429 past its limit as the API does past 1,200 requests in 5 minutes. The
// limit and window are scaled down (tens of requests per few seconds) so the test takes tens of seconds, not minutes;
// the script is given the same proportion of headroom it has in production (its budget below the API's limit).
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { startStandIn } from "./cloudflare-api-stand-in.mjs";

const repo = path.resolve(import.meta.dirname, "../..");
const roots = [];
const standIns = [];
afterEach(async () => {
  for (const s of standIns.splice(0)) await s.close();
});
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

const STORES = ["STORE_DB_001", "STORE_DB_002", "STORE_DB_003"];
const idOf = (binding) => `00000000-0000-0000-0000-${binding === "DIRECTORY" ? "0000000000d1" : binding.slice(-3).padStart(12, "0")}`;

/** The names of `n` migrations: 0000_a.sql, 0001_b.sql, ... */
const names = (n) => Array.from({ length: n }, (_, i) => `000${i}_${String.fromCharCode(97 + i)}.sql`);

/** A wrangler config with the directory and three store databases, each migrations directory with `n` files. */
function project(n = 3) {
  const root = mkdtempSync(path.join(tmpdir(), "migrate-remote-"));
  roots.push(root);
  for (const dir of ["directory", "store"]) {
    mkdirSync(path.join(root, dir));
    for (const name of names(n)) writeFileSync(path.join(root, dir, name), `CREATE TABLE ${dir}_${name.slice(5, -4)} (id TEXT);\n`);
  }
  writeFileSync(path.join(root, "w.js"), "export default {};\n");
  const db = (binding, dir) =>
    `[[d1_databases]]\nbinding = "${binding}"\ndatabase_name = "${binding.toLowerCase()}"\ndatabase_id = "${idOf(binding)}"\nmigrations_dir = "${dir}"\n`;
  const config = path.join(root, "wrangler.toml");
  writeFileSync(
    config,
    `name = "t"\nmain = "w.js"\ncompatibility_date = "2026-11-09"\n${db("DIRECTORY", "directory")}${STORES.map((b) => db(b, "store")).join("")}`,
  );
  return { root, config, state: path.join(root, "migrate-state.json") };
}

/** `npm run migrate:remote`'s script against the stand-in; resolves with its exit code and output. */
function migrateRemote(p, standIn, ...flags) {
  const env = {
    ...process.env,
    CLOUDFLARE_API_BASE_URL: standIn.baseUrl,
    CLOUDFLARE_API_TOKEN: "stand-in-token",
    CLOUDFLARE_ACCOUNT_ID: "stand-in-account",
    WRANGLER_SEND_METRICS: "false",
    CLOUDFLARE_CF_FETCH_ENABLED: "false",
  };
  const args = ["scripts/migrate-all.mjs", "--remote", "--config", p.config, "--state", p.state, ...flags];
  return new Promise((resolve) => {
    // Asynchronous: the stand-in answers from this process while the script runs.
    const child = spawn(process.execPath, args, { cwd: repo, env });
    let out = "";
    child.stdout.on("data", (c) => (out += c));
    child.stderr.on("data", (c) => (out += c));
    child.on("exit", (code) => resolve({ status: code, out }));
  });
}

/** Requests the stand-in got for one database since request number `from`. */
const requestsOf = (standIn, binding, from = 0) => standIn.requests.slice(from).filter((r) => r.database === idOf(binding));

describe("npm run migrate:remote stays within the API's rate limit, counting every request wrangler makes", () => {
  it("4 databases x (2 + 8 migrations) = 40 requests against a limit of 24 per 15 s: paced by a budget of 20, no 429, all applied", async () => {
    const p = project(8);
    const api = await startStandIn({ limit: 24, windowMs: 15_000 });
    standIns.push(api);
    // Four at a time, as by default: unpaced, the three store databases' 30 requests come within a few seconds.
    const run = await migrateRemote(p, api, "--api-budget", "20", "--api-window", "15", "--concurrency", "4");
    expect(run.status, run.out).toBe(0);
    expect(api.requests.filter((r) => r.status === 429)).toEqual([]);
    expect(api.maxInWindow(15_000)).toBeLessThanOrEqual(20);
    // What wrangler makes per database: create the migrations table, list it, then one request per migration.
    for (const binding of ["DIRECTORY", ...STORES]) {
      expect(
        requestsOf(api, binding).map((r) => r.sql),
        binding,
      ).toEqual(["create", "list", ...Array(8).fill("migration")]);
      expect(api.applied.get(idOf(binding)), binding).toEqual(names(8));
    }
    expect(run.out).toMatch(/waiting \d+ s for the API budget/);
    expect(run.out).toMatch(/\[4\/4\] STORE_DB_00\d \(store_db_00\d\): migrated, at 0007_h\.sql \(10 API requests; \d+ in the last 15 s, budget 20\)/);
    expect(JSON.parse(readFileSync(p.state, "utf8")).databases[idOf("STORE_DB_002")]).toMatchObject({ binding: "STORE_DB_002", last: "0007_h.sql" });

    // A rerun: every database is at its newest migration in the state file, so not one request.
    const before = api.requests.length;
    const again = await migrateRemote(p, api, "--api-budget", "20", "--api-window", "15");
    expect(again.status, again.out).toBe(0);
    expect(api.requests.length).toBe(before);
    expect(again.out).toMatch(/4 databases, 4 already at their newest migration/);
    expect(again.out).toMatch(/STORE_DB_003\s+store_db_003\s+\S+\s+0007_h\.sql \(already\)/);

    // A new store migration: the three store databases are visited for it alone (2 + 1 requests each), the
    // directory not at all.
    writeFileSync(path.join(p.root, "store", "0008_i.sql"), "CREATE TABLE store_i (id TEXT);\n");
    const next = await migrateRemote(p, api, "--api-budget", "20", "--api-window", "15", "--concurrency", "3");
    expect(next.status, next.out).toBe(0);
    expect(requestsOf(api, "DIRECTORY", before)).toEqual([]);
    for (const binding of STORES) {
      expect(
        requestsOf(api, binding, before).map((r) => r.sql),
        binding,
      ).toEqual(["create", "list", "migration"]);
      expect(api.applied.get(idOf(binding)).at(-1)).toBe("0008_i.sql");
    }
    expect(api.requests.filter((r) => r.status === 429)).toEqual([]);
    expect(api.maxInWindow(15_000)).toBeLessThanOrEqual(20);
  });
});

describe("npm run migrate:remote stops cleanly on a 429 and a rerun resumes where it stopped", () => {
  it("the API refuses request 9 (other traffic used the rest): exit 75 with how to resume; the rerun skips the finished databases", async () => {
    const p = project();
    // A limit the script's budget does not know about (as when people or deploys share the account's API).
    const api = await startStandIn({ limit: 8, windowMs: 60_000 });
    standIns.push(api);
    // A window of 10 s stands for the API's 5 minutes (of counting, and of the block after a 429).
    const run = await migrateRemote(p, api, "--concurrency", "1", "--api-window", "10");
    expect(run.status, run.out).toBe(75);
    // DIRECTORY: 5 requests; STORE_DB_001: create, list, its first migration, then the 429 on the second.
    expect(api.applied.get(idOf("DIRECTORY"))).toEqual(["0000_a.sql", "0001_b.sql", "0002_c.sql"]);
    expect(api.applied.get(idOf("STORE_DB_001"))).toEqual(["0000_a.sql"]);
    expect(api.requests.filter((r) => r.status === 429)).toHaveLength(1);
    // Nothing was started after the 429.
    expect(requestsOf(api, "STORE_DB_002")).toEqual([]);
    expect(requestsOf(api, "STORE_DB_003")).toEqual([]);
    expect(run.out).toMatch(/the Cloudflare API answered 429 Too Many Requests/);
    expect(run.out).toMatch(/1 of 4 databases are at their newest migration and recorded in .*migrate-state\.json/);
    expect(run.out).toMatch(/Wait 5 minutes, then run the same command again/);
    expect(run.out).toMatch(/STORE_DB_001\s+store_db_001\s+\S+\s+STOPPED: API rate limit \(run again to resume\)/);
    expect(run.out).toMatch(/STORE_DB_002\s+store_db_002\s+\S+\s+not started/);

    // The rerun first waits out the block the 429 began (the state file knows when), then, the API having its whole
    // limit again, asks nothing of DIRECTORY, finishes STORE_DB_001 from its own d1_migrations (2 + its 2 missing
    // migrations) and migrates the other two.
    api.resetLimit(1200);
    const before = api.requests.length;
    const resumed = await migrateRemote(p, api, "--concurrency", "1", "--api-window", "10");
    expect(resumed.status, resumed.out).toBe(0);
    expect(resumed.out).toMatch(/the last run met a 429; the API refuses this account until .*: waiting \d+ s/);
    expect(requestsOf(api, "DIRECTORY", before)).toEqual([]);
    expect(requestsOf(api, "STORE_DB_001", before).map((r) => r.sql)).toEqual(["create", "list", "migration", "migration"]);
    for (const binding of ["DIRECTORY", ...STORES]) {
      expect(api.applied.get(idOf(binding)), binding).toEqual(names(3));
    }
    expect(api.requests.slice(before).filter((r) => r.status === 429)).toEqual([]);
  });
});
