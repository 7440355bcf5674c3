// `npm run dev`: applies local D1 migrations, starts wrangler dev on 127.0.0.1 with every binding simulated,
// fires the webhook sweep every minute (wrangler does not run crons locally), and prints a ready demo account.
//
// Environment: PORT (default 8787), PERSIST_DIR (default .wrangler/state), DEV_QUIET=1 (no demo account banner),
// DEV_SKIP_BUILD=1 (serve the console as last built).
import { spawn, spawnSync } from "node:child_process";
import { wranglerEnv } from "./wrangler-env.mjs";

const port = Number(process.env.PORT ?? 8787);
const persist = process.env.PERSIST_DIR ? ["--persist-to", process.env.PERSIST_DIR] : [];
const base = `http://127.0.0.1:${port}`;
const npx = process.platform === "win32" ? "npx.cmd" : "npx";

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

const migrate = spawnSync(npx, ["wrangler", "d1", "migrations", "apply", "DB", "--local", ...persist], {
  env: { ...wranglerEnv, CI: "true" },
  stdio: ["ignore", "inherit", "inherit"],
});
if (migrate.status !== 0) process.exit(migrate.status ?? 1);
const buildStatus = await built;
if (buildStatus !== 0) process.exit(buildStatus ?? 1);

const wrangler = spawn(
  npx,
  ["wrangler", "dev", "--ip", "127.0.0.1", "--port", String(port), "--inspector-port", "0", "--test-scheduled", "--show-interactive-dev-session=false", ...persist],
  { env: wranglerEnv, stdio: ["ignore", "inherit", "inherit"] },
);

let stopping = false;
const stop = (code = 0) => {
  if (stopping) return;
  stopping = true;
  wrangler.kill("SIGTERM");
  setTimeout(() => process.exit(code), 2000).unref();
};
process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));
wrangler.on("exit", (code) => {
  if (!stopping) process.exit(code ?? 1);
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

/** Creates the demo user and store once; issues a fresh demo token on every start. */
async function demoAccount() {
  const email = "demo@example.com";
  const password = "demo-password-123";
  await post("/users", { email, password, name: "Demo Admin" });
  const login = await post("/login", { email, password });
  const jwt = login.body.token;
  const me = await (await fetch(`${base}/me`, { headers: { Authorization: `Bearer ${jwt}` } })).json();
  const storeId = me.stores[0]?.id ?? (await post("/stores", { name: "Demo store" }, jwt)).body.id;
  const allBits = (await (await fetch(`${base}/permissions`)).json()).data.map((p) => p.name);
  const pat = await post(`/stores/${storeId}/api-tokens`, { name: `demo ${new Date().toISOString()}`, scopes: allBits }, jwt);
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
      "",
    ].join("\n"),
  );
}

async function sweepForever() {
  // The cron trigger ("* * * * *") in production; here a timer calls wrangler's scheduled test endpoint.
  setInterval(() => {
    fetch(`${base}/__scheduled?cron=${encodeURIComponent("* * * * *")}`).catch(() => {});
  }, 60_000).unref();
}

await waitForServer();
await sweepForever();
if (process.env.DEV_QUIET !== "1") await demoAccount().catch((e) => console.error("demo account:", e));
