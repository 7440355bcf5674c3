// Console benchmark (`npm run bench:console`): first-load JavaScript of /admin/ (gzipped), time to the products
// list on loopback, and paging a 10k-product store, in Debian's Chromium against wrangler dev. Two consoles in one
// run, against the same API and data: "before" (the console of BENCH_BASE, default `main`, exported with git
// archive and built beside this one) and "after" (this working tree's console).
//   BENCH_PORT (default 8847), CHROMIUM_PATH (default /usr/bin/chromium), BENCH_ROUNDS (default 5),
//   BENCH_BASE (default main; "none" measures this tree's console only).
import { execSync, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { seedStore } from "./catalog-seed.mjs";
import { api, fmt, median, startServer } from "./lib/harness.mjs";

const PORT = Number(process.env.BENCH_PORT ?? 8847);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const PRODUCTS = 10_000;

/** The local SQLite file of the store database that holds `storeId` (npm run dev spreads stores over several). */
function d1File(persistDir, storeId) {
  const dir = path.join(persistDir, "v3", "d1", "miniflare-D1DatabaseObject");
  const files = readdirSync(dir).filter((f) => f.endsWith(".sqlite") && f !== "metadata.sqlite");
  const holds = (file) => {
    const db = new DatabaseSync(path.join(dir, file), { readOnly: true });
    try {
      return (
        Boolean(db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'stores'").get()) && Boolean(db.prepare("SELECT 1 FROM stores WHERE id = ?").get(storeId))
      );
    } finally {
      db.close();
    }
  };
  // workerd may hold a lock for a moment after the server stops answering.
  for (let attempt = 0; ; attempt++) {
    try {
      const file = files.find(holds);
      if (!file) throw new Error(`no local database holds store ${storeId}`);
      return path.join(dir, file);
    } catch (error) {
      if (attempt >= 40 || !/locked|busy/i.test(String(error))) throw error;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 250);
    }
  }
}

async function stopAndWait(server) {
  server.stop();
  for (let i = 0; i < 80; i++) {
    try {
      await fetch(`${server.base}/permissions`);
    } catch {
      return;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

const BASE = process.env.BENCH_BASE ?? "main";
const viteBuild = (config) => {
  const run = spawnSync("npx", ["vite", "build", "--config", config, "--logLevel", "warn"], { stdio: "inherit" });
  if (run.status !== 0) process.exit(1);
};
// build/ is ignored by git; the base's copy sits inside the repository so its imports find node_modules.
const consoles = {};
if (BASE !== "none") {
  const dir = path.resolve("build/bench-base");
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  execSync(`git archive ${BASE} admin | tar -x -C ${dir}`);
  viteBuild(path.join(dir, "admin/vite.config.ts"));
  consoles.before = path.join(dir, "build/admin");
}
viteBuild("admin/vite.config.ts");
consoles.after = path.resolve("build/bench-after");
rmSync(consoles.after, { recursive: true, force: true });
cpSync("build/admin", consoles.after, { recursive: true });
/** Serves `label`'s console at /admin/ (the Worker's assets directory is build/admin). */
const install = (label) => {
  rmSync("build/admin", { recursive: true, force: true });
  cpSync(consoles[label], "build/admin", { recursive: true });
};

const persistDir = mkdtempSync(path.join(tmpdir(), "bench-console-"));
let server = await startServer({ port: PORT, persistDir });
const email = `console-${Date.now()}@example.test`;
const password = "bench-password-123";
await api(server.base, "POST", "/users", { body: { email, password, name: "Bench" } });
let login = (await api(server.base, "POST", "/login", { body: { email, password } })).body;
const store = (await api(server.base, "POST", "/stores", { token: login.token, body: { name: "10k store" } })).body;
await stopAndWait(server);
seedStore(d1File(persistDir, store.id), store.id, PRODUCTS);
server = await startServer({ port: PORT, persistDir });
login = (await api(server.base, "POST", "/login", { body: { email, password } })).body;

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" });

/** ROUNDS cold loads of /admin/products in fresh contexts, each paging 10 times. */
async function measure() {
  const firstLoad = [];
  const nextPage = [];
  let jsBytes = 0;
  let jsGzip = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const context = await browser.newContext();
    // A signed-in tab: the session as the sign-in page stores it (sessionStorage), so the products list is the
    // first screen of a cold load.
    await context.addInitScript(
      ([session, storeId]) => {
        sessionStorage.setItem("bod.session", session);
        sessionStorage.setItem("bod.store", storeId);
      },
      [JSON.stringify({ token: login.token, expiresAt: login.expires_at, user: login.user }), JSON.stringify(store.id)],
    );
    const page = await context.newPage();
    const scripts = [];
    page.on("response", async (response) => {
      if (response.request().resourceType() === "script") scripts.push(await response.body().catch(() => Buffer.alloc(0)));
    });
    const t0 = Date.now();
    await page.goto(`${server.base}/admin/products`);
    await page.getByRole("row").nth(1).waitFor();
    firstLoad.push(Date.now() - t0);
    if (round === 0) {
      jsBytes = scripts.reduce((n, s) => n + s.length, 0);
      jsGzip = scripts.reduce((n, s) => n + gzipSync(s).length, 0);
    }
    for (let i = 1; i <= 10; i++) {
      const t1 = Date.now();
      await page.getByRole("button", { name: "Next page" }).click();
      await page.getByText(`${i * 20 + 1}–${i * 20 + 20} of ${PRODUCTS}`).waitFor();
      await page.locator("table:not([aria-busy='true'])").waitFor();
      nextPage.push(Date.now() - t1);
    }
    await context.close();
  }
  return { firstLoad, nextPage, jsBytes, jsGzip };
}

try {
  const results = {};
  for (const label of Object.keys(consoles)) {
    // The assets are read when the server starts: a fresh server per console, on the same state directory.
    await stopAndWait(server);
    install(label);
    server = await startServer({ port: PORT, persistDir });
    results[label] = await measure();
  }
  const deep = [];
  for (let i = 0; i < 10; i++) {
    const t = performance.now();
    const res = await fetch(`${server.base}/stores/${store.id}/products?include_drafts=true&offset=${PRODUCTS - 20}`, {
      headers: { Authorization: `Bearer ${login.token}` },
    });
    await res.arrayBuffer();
    deep.push(performance.now() - t);
  }
  for (const [label, r] of Object.entries(results)) {
    const name = label === "before" ? `before (${BASE})` : "after (this tree)";
    console.log(`${name}: first-load JavaScript: ${fmt(r.jsBytes / 1024)} KB, ${fmt(r.jsGzip / 1024)} KB gzipped`);
    console.log(
      `${name}: cold load of /admin/products to the first row (${PRODUCTS} products): median ${median(r.firstLoad)} ms over ${ROUNDS} (${r.firstLoad.join(", ")})`,
    );
    console.log(`${name}: "Next page" to the next rows shown: median ${median(r.nextPage)} ms over ${r.nextPage.length}, max ${Math.max(...r.nextPage)} ms`);
  }
  console.log(`API: last page (offset ${PRODUCTS - 20}) of the list: median ${fmt(median(deep))} ms over 10`);
} finally {
  await browser.close();
  await stopAndWait(server);
  // This tree's console stays built in build/admin.
  if (existsSync(consoles.after)) install("after");
}
