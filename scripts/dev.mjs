// `npm run dev`: applies local D1 migrations (every database), starts wrangler dev on 127.0.0.1 with every binding simulated,
// fires the webhook sweep every minute (wrangler does not run crons locally), and prints a ready demo account.
//
// Arguments after `--` go to `wrangler dev` as given (`npm run dev -- --port 9000 --persist-to /tmp/x`); the port,
// address and state directory they name are also the ones used for the migrations, the demo account and the sweep.
// Environment: PORT (default 8787), PERSIST_DIR (default .wrangler/state), DEV_QUIET=1 (no demo account, no demo
// store, no banner), DEV_SKIP_BUILD=1 (serve the console as last built);
// a flag wins over its variable.
//
// The first start of a state directory also fills the demo store (scripts/demo/: products with pictures through the
// Shopify CSV import, collections, customers, orders, a webhook subscription to a receiver on loopback that runs as
// long as this script). `demo-store.json` in the state directory records it; later starts seed nothing.
import { spawn, spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { seedDemoStore } from "./demo/seed.mjs";
import { startReceiver } from "./demo/servers.mjs";
import { wranglerEnv } from "./wrangler-env.mjs";

const args = process.argv.slice(2);

/** The value of `--name value` or `--name=value` in the arguments (the last one, as wrangler reads them). */
function flagValue(name) {
  let value;
  args.forEach((arg, i) => {
    if (arg === `--${name}` && i + 1 < args.length) value = args[i + 1];
    else if (arg.startsWith(`--${name}=`)) value = arg.slice(name.length + 3);
  });
  return value;
}

const given = (name) => flagValue(name) !== undefined || args.includes(`--${name}`);

const port = Number(flagValue("port") ?? process.env.PORT ?? 8787);
const ip = flagValue("ip") ?? "127.0.0.1";
const persistDir = flagValue("persist-to") ?? process.env.PERSIST_DIR;
const persist = persistDir ? ["--persist-to", persistDir] : [];
// Listening on every address still answers on loopback.
const host = ip === "0.0.0.0" || ip === "::" || ip === "*" ? "127.0.0.1" : ip.includes(":") ? `[${ip}]` : ip;
const base = `http://${host}:${port}`;
const npx = process.platform === "win32" ? "npx.cmd" : "npx";

if (!Number.isInteger(port) || port <= 0 || port > 65535) {
  console.error(`npm run dev: invalid port ${flagValue("port") ?? process.env.PORT}`);
  process.exit(2);
}

// The admin console and the /docs script are static assets: build them (a few seconds, beside the migrations)
// before wrangler starts, so that /admin/ and /docs work on a fresh clone. DEV_SKIP_BUILD=1 serves the last build.
const built =
  process.env.DEV_SKIP_BUILD === "1"
    ? Promise.resolve(0)
    : new Promise((resolve) =>
        spawn(npx, ["vite", "build", "--config", "admin/vite.config.ts", "--logLevel", "warn"], {
          stdio: ["ignore", "inherit", "inherit"],
        }).on("exit", resolve),
      );

// Every D1 database in wrangler.toml, each from its own migrations directory (scripts/migrate-all.mjs).
const migrate = spawnSync(process.execPath, ["scripts/migrate-all.mjs", "--local", ...persist], { stdio: ["ignore", "inherit", "inherit"] });
if (migrate.status !== 0) process.exit(migrate.status ?? 1);
const buildStatus = await built;
if (buildStatus !== 0) process.exit(buildStatus ?? 1);

// Our defaults only for what the arguments leave unset; the arguments themselves pass through untouched.
const defaults = [
  ...(given("ip") ? [] : ["--ip", ip]),
  ...(given("port") ? [] : ["--port", String(port)]),
  ...(given("persist-to") ? [] : persist),
  ...(given("inspector-port") ? [] : ["--inspector-port", "0"]),
  ...(given("test-scheduled") ? [] : ["--test-scheduled"]),
  ...(args.some((a) => a.startsWith("--show-interactive-dev-session")) ? [] : ["--show-interactive-dev-session=false"]),
];
// Built above: wrangler.toml's [build] command (scripts/build-console.mjs) need not build it again.
// wrangler's own bin, run by this Node (not through npx, which does not pass SIGTERM on: wrangler kept serving
// after this script had gone). wrangler passes SIGINT and SIGTERM on to its CLI, which stops workerd. It stays in
// this script's process group, so whatever stops the group (Ctrl-C, a test runner's kill) stops all of it.
const wranglerBin = path.join(path.dirname(createRequire(import.meta.url).resolve("wrangler/package.json")), "bin", "wrangler.js");
const wrangler = spawn(process.execPath, [wranglerBin, "dev", ...defaults, ...args], {
  env: { ...wranglerEnv, BOD_CONSOLE_BUILT: "1" },
  stdio: ["ignore", "inherit", "inherit"],
});

let stopping = false;
const stop = (code = 0) => {
  if (stopping) return;
  stopping = true;
  wrangler.kill("SIGTERM");
  // wrangler stops workerd on SIGTERM; if it has not exited after 5 s, it is killed.
  setTimeout(() => {
    wrangler.kill("SIGKILL");
    process.exit(code);
  }, 5000).unref();
};
process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));
process.on("SIGHUP", () => stop(0));
wrangler.on("exit", (code) => {
  process.exit(stopping ? 0 : (code ?? 1));
});

async function waitForServer() {
  for (let i = 0; i < 240; i++) {
    try {
      const res = await fetch(`${base}/permissions`);
      if (res.ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`wrangler dev did not answer on ${base} within 60 s`);
}

async function post(path, body, token) {
  const res = await fetch(`${base}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

// Where wrangler keeps the state (its own default when neither --persist-to nor PERSIST_DIR names one).
const stateDir = persistDir ?? path.join(".wrangler", "state");
const markerPath = path.join(stateDir, "demo-store.json");

function readMarker() {
  try {
    return JSON.parse(readFileSync(markerPath, "utf8"));
  } catch {
    return null;
  }
}
const writeMarker = (marker) => writeFileSync(markerPath, `${JSON.stringify(marker, null, 2)}\n`);

/** The receiver of the demo store's subscription, on the port the first start chose (recorded in the marker). */
async function demoReceiver(marker) {
  try {
    return await startReceiver(marker?.receiver_port ?? 0);
  } catch (error) {
    console.error(
      `Demo store: the webhook receiver could not listen on 127.0.0.1:${marker?.receiver_port}: ${error.message}; its deliveries will fail until it can`,
    );
    return null;
  }
}

/**
 * First start of the state directory only (the demo user was just created and no marker exists): fills the demo
 * store. A failure is printed and recorded; the dev server keeps running either way. Returns the banner's line.
 */
async function demoStore({ created, jwt, storeId }) {
  let marker = readMarker();
  if (!created || marker) {
    if (marker?.receiver_port) await demoReceiver(marker);
    if (marker && marker.state !== "done")
      return `  demo store: the first start's seeding did not finish (${marker.error ?? "it was interrupted"}); delete ${stateDir} for a fresh one`;
    return marker ? `  demo store: ${summaryLine(marker.summary)}` : null;
  }
  const receiver = await demoReceiver(null);
  if (!receiver) return null;
  marker = { state: "seeding", store_id: storeId, receiver_port: receiver.port, started_at: new Date().toISOString() };
  writeMarker(marker);
  console.log(
    `Demo store: first start of ${stateDir}, filling the demo store through the API (products, images, collections, customers, orders, a webhook)...`,
  );
  try {
    const summary = await seedDemoStore({ base, token: jwt, storeId, receiverUrl: receiver.url, log: (line) => console.log(line) });
    writeMarker({ ...marker, state: "done", finished_at: new Date().toISOString(), summary });
    return `  demo store: ${summaryLine(summary)}`;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    writeMarker({ ...marker, state: "failed", error: message });
    console.error(`Demo store: seeding failed at ${message}. The server keeps running; delete ${stateDir} and start again for a fresh demo store.`);
    return null;
  }
}

function summaryLine(s) {
  const orders = Object.entries(s.orders)
    .map(([status, n]) => `${n} ${status}`)
    .join(", ");
  return `${s.products} products, ${s.collections} collections, ${s.customers} customers, orders: ${orders}; webhooks to ${s.webhook_url}`;
}

/** Creates the demo user and store once (and, that first time, the demo store's contents); a fresh token each start. */
async function demoAccount() {
  const email = "demo@example.com";
  const password = "demo-password-123";
  const signup = await post("/users", { email, password, name: "Demo Admin" });
  const login = await post("/login", { email, password });
  const jwt = login.body.token;
  const me = await (await fetch(`${base}/me`, { headers: { Authorization: `Bearer ${jwt}` } })).json();
  const storeId = me.stores[0]?.id ?? (await post("/stores", { name: "Demo store" }, jwt)).body.id;
  const allBits = (await (await fetch(`${base}/permissions`)).json()).data.map((p) => p.name);
  const pat = await post(`/stores/${storeId}/api-tokens`, { name: `demo ${new Date().toISOString()}`, scopes: allBits }, jwt);
  const demo = await demoStore({ created: signup.status === 201, jwt, storeId });
  console.log(
    [
      "",
      "Ready. Demo account (created on first start, reused afterwards):",
      `  API:       ${base}   (reference: ${base}/docs)`,
      `  console:   ${base}/admin/`,
      `  login:     ${email} / ${password}`,
      `  store_id:  ${storeId}`,
      `  JWT:       ${jwt}`,
      `  PAT:       ${pat.body.token}`,
      `  try:       curl -H "Authorization: Bearer ${pat.body.token}" ${base}/stores/${storeId}/products`,
      ...(demo ? [demo] : []),
      "",
    ].join("\n"),
  );
}

async function sweepForever() {
  // The cron trigger ("* * * * *") in production; here a timer calls wrangler's scheduled test endpoint.
  const sweep = () => fetch(`${base}/__scheduled?cron=${encodeURIComponent("* * * * *")}`).catch(() => {});
  setInterval(sweep, 60_000).unref();
  // Also once 31 s after start: what a restart lost from the in-memory queue is more than 30 s overdue by then.
  setTimeout(sweep, 31_000).unref();
}

await waitForServer();
await sweepForever();
if (process.env.DEV_QUIET !== "1") await demoAccount().catch((e) => console.error("demo account:", e));
