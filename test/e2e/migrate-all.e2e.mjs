// `npm run migrate` (scripts/migrate-all.mjs): every D1 database of a wrangler config gets the migrations of its own
// directory; a failure stops the run with exit 1, and running it again resumes where the failure stopped.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const root = mkdtempSync(path.join(tmpdir(), "migrate-all-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const env = { ...process.env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_HIDE_BANNER: "true" };
const config = path.join(root, "wrangler.toml");
const state = path.join(root, "state");

function migrateAll() {
  const run = spawnSync(process.execPath, ["scripts/migrate-all.mjs", "--config", config, "--persist-to", state], { env, encoding: "utf8" });
  return { status: run.status, out: run.stdout + run.stderr };
}

/** The migrations a local database has recorded as applied. */
function applied(binding) {
  const run = spawnSync(
    "npx",
    [
      "wrangler",
      "d1",
      "execute",
      binding,
      "--local",
      "--config",
      config,
      "--persist-to",
      state,
      "--json",
      "--command",
      "SELECT name FROM d1_migrations ORDER BY id",
    ],
    { env, encoding: "utf8" },
  );
  return JSON.parse(run.stdout)[0].results.map((r) => r.name);
}

describe("npm run migrate applies every database and resumes after a failure", () => {
  it("stops at a failing migration (exit 1), and a second run continues from it", () => {
    for (const dir of ["directory", "store"]) mkdirSync(path.join(root, dir));
    writeFileSync(path.join(root, "w.js"), "export default {};\n");
    const db = (binding, dir, n) =>
      `[[d1_databases]]\nbinding = "${binding}"\ndatabase_name = "${binding.toLowerCase()}"\ndatabase_id = "00000000-0000-0000-0000-00000000000${n}"\nmigrations_dir = "${dir}"\n`;
    writeFileSync(
      config,
      `name = "t"\nmain = "w.js"\ncompatibility_date = "2026-11-09"\n${db("DIRECTORY", "directory", 1)}${db("STORE_A", "store", 2)}${db("STORE_B", "store", 3)}`,
    );
    writeFileSync(path.join(root, "directory", "0000_users.sql"), "CREATE TABLE users (id TEXT PRIMARY KEY);\n");
    writeFileSync(path.join(root, "store", "0000_products.sql"), "CREATE TABLE products (id TEXT PRIMARY KEY);\n");
    writeFileSync(path.join(root, "store", "0001_broken.sql"), "INSERT INTO no_such_table VALUES (1);\n");

    const first = migrateAll();
    expect(first.status).toBe(1);
    expect(first.out).toMatch(/FAILED \(run again to resume\)/);
    expect(applied("DIRECTORY")).toEqual(["0000_users.sql"]);

    writeFileSync(path.join(root, "store", "0001_broken.sql"), "CREATE TABLE variants (id TEXT PRIMARY KEY);\n");
    const second = migrateAll();
    expect(second.status).toBe(0);
    expect(second.out).toMatch(/DIRECTORY\s+directory\s+\S+\s+0000_users\.sql/);
    expect(second.out).toMatch(/STORE_A\s+store_a\s+\S+\s+0001_broken\.sql/);
    expect(second.out).toMatch(/STORE_B\s+store_b\s+\S+\s+0001_broken\.sql/);
    // 0000 was applied by the first run and not again (it would fail: the table exists), 0001 by the second.
    expect(applied("STORE_B")).toEqual(["0000_products.sql", "0001_broken.sql"]);
  }, 240_000);
});
