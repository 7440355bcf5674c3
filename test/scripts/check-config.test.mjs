// `npm run check:config` (scripts/check-config.mjs, docs/scale.md 7.11): the Worker's configuration against
// Cloudflare's per-script limits, now and with 5,000 store databases. The current configuration passes; 5,000 store
// databases are reported past the bindings limit (the finding, with what lifts it); a per-database variable like the
// former SHARD_LOCATIONS fails the check, as it would have failed the deploy at about 230 databases.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const repo = path.resolve(import.meta.dirname, "../..");
const root = mkdtempSync(path.join(tmpdir(), "check-config-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const check = (...args) => {
  const run = spawnSync(process.execPath, ["scripts/check-config.mjs", ...args], { cwd: repo, encoding: "utf8" });
  return { status: run.status, out: run.stdout + run.stderr };
};
const ceilingOf = (out) => Number(/can bind at most ([\d,]+) store databases/.exec(out)[1].replace(/,/g, ""));

describe("npm run check:config", () => {
  it("the current wrangler.toml fits every limit; 5,000 store databases are plainly over the bindings limit, with the remedy", () => {
    const run = check();
    expect(run.status, run.out).toBe(0);
    expect(run.out).toMatch(/ok +\d+ bindings per Worker script \/ limit 5,000/);
    expect(run.out).toMatch(/the same with 5,000 store databases \(generated\)\n {2}bindings: 5,0\d\d \(5,001 D1/);
    expect(run.out).toMatch(/OVER 5,0\d\d bindings per Worker script \/ limit 5,000/);
    expect(run.out).toMatch(/ok +[\d,]+ bytes of script metadata \/ limit 1,000,000/);
    expect(run.out).toMatch(/5,000 store databases do NOT fit one Worker script/);
    expect(run.out).toMatch(/What lifts it: split the store databases over several Worker scripts/);
    const ceiling = ceilingOf(run.out);
    expect(ceiling).toBeGreaterThanOrEqual(4900);
    expect(ceiling).toBeLessThan(5000);
    expect(run.out).toMatch(/check:config: ok/);
  });

  it("--require-projection makes the 5,000-database finding fail the run", () => {
    const run = check("--require-projection");
    expect(run.status).toBe(1);
    expect(run.out).toMatch(/FAILED: 5,000 store databases do not fit \(--require-projection\)/);
  });

  it("a per-database variable (the former SHARD_LOCATIONS) brings the ceiling to about 230 databases and fails", () => {
    const config = path.join(root, "wrangler.toml");
    const current = readFileSync(path.join(repo, "wrangler.toml"), "utf8");
    writeFileSync(config, current.replace(/^\[vars\]\n/m, `[vars]\nSHARD_LOCATIONS = '{"STORE_DB_001":"weur","STORE_DB_002":"weur"}'\n`));
    const run = check("--config", config);
    expect(run.status, run.out).toBe(1);
    expect(ceilingOf(run.out)).toBeGreaterThan(200);
    expect(ceilingOf(run.out)).toBeLessThan(240);
    expect(run.out).toMatch(/OVER [\d,]+ bytes in one variable \(SHARD_LOCATIONS\) \/ limit 5,000/);
    expect(run.out).toMatch(/FAILED: the store-database ceiling \(\d+\) is below 4,900/);
  });
});
