// `npm run check:weight` (scripts/check-weight.mjs, docs/performance.md "The weight budget"): the Worker's bundle from
// wrangler's dry run against its budget of 1 MiB, with its largest contributors. The current bundle fits, without
// zod's locales; a budget below it fails the run and says by how much.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const repo = path.resolve(import.meta.dirname, "../..");
const root = mkdtempSync(path.join(tmpdir(), "check-weight-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const check = (...args) => {
  const run = spawnSync(process.execPath, ["scripts/check-weight.mjs", ...args], { cwd: repo, encoding: "utf8" });
  return { status: run.status, out: run.stdout + run.stderr };
};
const bytesOf = (out) => Number(/index\.js of `wrangler deploy --dry-run`\): ([\d,]+) bytes/.exec(out)[1].replace(/,/g, ""));

describe("npm run check:weight", () => {
  it("the bundle fits its budget of 1 MiB, and the largest contributors are listed, zod's locales not among them", () => {
    const run = check();
    expect(run.status, run.out).toBe(0);
    expect(run.out).toMatch(/budget: 1,048,576 bytes = 1,024\.0 KiB; [\d,.]+ KiB left/);
    expect(bytesOf(run.out)).toBeLessThanOrEqual(1024 * 1024);
    expect(run.out).toMatch(/largest contributors, by package or src\/ folder \(top 15\):\n(?: +[\d,.]+ KiB +[\d.]+ % +\S.*\n){15}/);
    expect(run.out).toMatch(/KiB +[\d.]+ % +zod\n/);
    expect(run.out).not.toMatch(/zod \(locales\)|zod\/v4\/locales\/(?!en\.js)/);
    expect(run.out).toMatch(/check:weight: ok/);
  });

  it("fails past the budget, saying by how much; --keep leaves the bundle", () => {
    const kept = path.join(root, "kept");
    const run = check("--budget", "100000", "--keep", kept, "--top", "3");
    expect(run.status).toBe(1);
    expect(run.out).toMatch(/budget: 100,000 bytes = 97\.7 KiB; [\d,.]+ KiB OVER/);
    expect(run.out).toMatch(/check:weight: FAILED: the Worker bundle is [\d,.]+ KiB, over its budget of 97\.7 KiB/);
    expect(existsSync(path.join(kept, "out", "index.js"))).toBe(true);
  });
});
