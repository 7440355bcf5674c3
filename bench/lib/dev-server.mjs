// `npm run dev` (scripts/dev.mjs: the real wrangler.toml, directory and store databases, migrations applied) for a
// benchmark that drives the server a user starts: its own port and state directory, no demo banner, started in a
// process group of its own so `stop()` ends wrangler and workerd together.
import { spawn } from "node:child_process";
import path from "node:path";

const repoRoot = path.resolve(import.meta.dirname, "../..");

/**
 * Starts `npm run dev` on `port` with `persistDir` and resolves once `/permissions` answers (up to `minutes`: the
 * console build and the migrations take minutes on a loaded machine). `args`: extra arguments for wrangler (e.g.
 * `--var NAME:value`). `build`: build the console first (wrangler's assets directory must exist; later starts reuse
 * that build). Resolves to `{ child, stop }`; `stop()` waits until the port no longer answers.
 */
export function startDev({ port, persistDir, args = [], build = false, minutes = 10 }) {
  const base = `http://127.0.0.1:${port}`;
  const child = spawn("node", ["scripts/dev.mjs", ...args], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), PERSIST_DIR: persistDir, DEV_QUIET: "1", DEV_SKIP_BUILD: build ? "0" : "1", WRANGLER_LOG: "warn", CI: "true" },
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  });
  const stop = async () => {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {}
    for (let i = 0; i < 80; i++) {
      try {
        await fetch(`${base}/permissions`);
      } catch {
        return;
      }
      await new Promise((r) => setTimeout(r, 250));
    }
  };
  return (async () => {
    for (let i = 0; i < minutes * 240; i++) {
      try {
        if ((await fetch(`${base}/permissions`)).ok) return { child, stop };
      } catch {}
      await new Promise((r) => setTimeout(r, 250));
    }
    await stop();
    throw new Error(`npm run dev on ${base} did not start`);
  })();
}
