// `npm run dev -- <wrangler flags>`: the flags reach wrangler dev, and the port and state directory they name are
// the ones the migrations, the demo account and the sweep use (a flag wins over PORT / PERSIST_DIR).
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startDev } from "./harness.mjs";

const PORT = Number(process.env.DEV_ARGS_E2E_PORT ?? 8796);
const DECOY_PORT = PORT + 1;
const dirs = [];
let server;

afterAll(async () => {
  await server?.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** Whether `base` still answers after up to 30 s of asking every 250 ms (false as soon as it stops). */
async function stillAnswering(base) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const answering = await fetch(`${base}/permissions`).then(
      () => true,
      () => false,
    );
    if (!answering) return false;
    await new Promise((r) => setTimeout(r, 250));
  }
  return true;
}

describe("npm run dev passes its arguments through to wrangler", () => {
  it("--port and --persist-to are used for the server, the migrations and the demo account, over PORT / PERSIST_DIR", async () => {
    const persistDir = mkdtempSync(path.join(tmpdir(), "dev-args-"));
    const decoyDir = mkdtempSync(path.join(tmpdir(), "dev-args-decoy-"));
    dirs.push(persistDir, decoyDir);
    const output = [];
    server = await startDev({
      port: PORT,
      args: ["--port", String(PORT), `--persist-to=${persistDir}`],
      env: { PORT: String(DECOY_PORT), PERSIST_DIR: decoyDir, DEV_QUIET: "0" },
      stdout: "pipe",
    });
    server.child.stdout.on("data", (chunk) => output.push(String(chunk)));
    // The server answers on the flag's port, and the migrated database lives in the flag's directory.
    expect((await fetch(`${server.base}/permissions`)).status).toBe(200);
    await expect(fetch(`http://127.0.0.1:${DECOY_PORT}/permissions`)).rejects.toThrow();
    expect(existsSync(path.join(persistDir, "v3", "d1"))).toBe(true);
    expect(readdirSync(decoyDir)).toEqual([]);
    // The demo account was made through the flag's port (its banner names it) and can sign in there. The banner
    // follows the first start's demo store (scripts/demo/seed.mjs: an import with pictures, orders, deliveries).
    const deadline = Date.now() + 240_000;
    while (!output.join("").includes("PAT:") && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
    const banner = output.join("");
    expect(banner).toContain(`API:       http://127.0.0.1:${PORT}`);
    const login = await fetch(`${server.base}/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: "demo@example.com", password: "demo-password-123" }),
    });
    expect(login.status).toBe(200);
  }, 420_000);

  it("a SIGTERM to npm run dev's own process (not its group) stops wrangler and workerd too", async () => {
    await server?.stop();
    const persistDir = mkdtempSync(path.join(tmpdir(), "dev-stop-"));
    dirs.push(persistDir);
    server = await startDev({ port: PORT, persistDir });
    process.kill(server.child.pid, "SIGTERM");
    // The port stops answering: nothing of the server is left behind (before, npx swallowed the signal and wrangler
    // kept serving after dev.mjs had exited).
    expect(await stillAnswering(server.base)).toBe(false);
    expect(server.child.exitCode ?? (await new Promise((r) => server.child.once("exit", r)))).toBe(0);
  }, 300_000);

  it("a SIGKILL to npm run dev's process group (as Playwright stops its web server) leaves nothing serving", async () => {
    await server?.stop();
    const persistDir = mkdtempSync(path.join(tmpdir(), "dev-kill-"));
    dirs.push(persistDir);
    server = await startDev({ port: PORT, persistDir });
    process.kill(-server.child.pid, "SIGKILL");
    expect(await stillAnswering(server.base)).toBe(false);
  }, 300_000);
});
