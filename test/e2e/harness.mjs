// End-to-end harness: `npm run dev` (scripts/dev.mjs: migrations, wrangler dev --test-scheduled) on a port and
// state directory of our own, a real HTTP receiver on 127.0.0.1, and a little API client. Every process is
// started in its own process group and stopped by pid.
import { spawn } from "node:child_process";
import { createHmac, timingSafeEqual } from "node:crypto";
import { once } from "node:events";
import { createServer } from "node:http";
import { createInterface } from "node:readline";
import { api } from "../../bench/lib/harness.mjs";

export { api };

/**
 * `args`: passed to scripts/dev.mjs as `npm run dev -- ...` would; `env`: more environment (PORT, PERSIST_DIR).
 * `onLine` (optional) receives every line the dev server prints on stdout; with `logLevel: "log"` that includes the
 * Worker's console.log lines (the default, "warn", keeps wrangler from printing a line per request).
 */
export async function startDev({
  port,
  persistDir,
  args = [],
  env = { PORT: String(port), PERSIST_DIR: persistDir },
  stdout = "ignore",
  onLine,
  logLevel = "warn",
}) {
  const child = spawn(process.execPath, ["scripts/dev.mjs", ...args], {
    env: { ...process.env, DEV_QUIET: "1", WRANGLER_LOG: logLevel, CI: "true", ...env },
    stdio: ["ignore", onLine ? "pipe" : stdout, "inherit"],
    detached: true,
  });
  if (onLine) createInterface({ input: child.stdout }).on("line", onLine);
  const base = `http://127.0.0.1:${port}`;
  // Generous: on a loaded 2-core machine `npm run dev` has taken 95 s to answer.
  const deadline = Date.now() + 170_000;
  for (;;) {
    try {
      if ((await fetch(`${base}/permissions`)).ok) break;
    } catch {}
    if (Date.now() > deadline || child.exitCode !== null) {
      stopGroup(child);
      throw new Error(`npm run dev did not answer on ${base}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    base,
    child,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = once(child, "exit");
      stopGroup(child);
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      // wrangler's own children (workerd) are in the same group: make sure none outlives the test.
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {}
    },
  };
}

function stopGroup(child) {
  try {
    process.kill(-child.pid, "SIGTERM");
  } catch {}
}

/**
 * A webhook receiver. `script(path)` returns what to do for that path, request after request (the last repeats): an
 * HTTP status, "hang" (accept the request and never answer; the sender's timeout ends it) or "reset" (destroy the
 * connection). Each request is recorded with its raw bytes, headers, arrival time, whether its signature verified,
 * and `endedAt`: when the attempt ended from the sender's side (answer sent, connection reset, or the sender gave up
 * on a hang).
 */
export async function startReceiver({ port, secret, script, decide }) {
  const received = [];
  const server = createServer((req, res) => {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      const path = req.url;
      const mine = received.filter((r) => r.path === path).length;
      const actions = script(path);
      // `decide(request, attempt)` (optional) chooses by the request itself, e.g. per event id and attempt header.
      const action = decide ? decide(req, Number(req.headers["x-webhook-attempt"])) : actions[Math.min(mine, actions.length - 1)];
      const record = {
        path,
        at: Date.now(),
        endedAt: null,
        action,
        headers: req.headers,
        body,
        verified: verify(secret, body, req.headers["x-webhook-signature"]),
      };
      received.push(record);
      if (action === "hang") {
        res.on("close", () => (record.endedAt = Date.now()));
        return;
      }
      if (action === "reset") {
        record.endedAt = Date.now();
        return req.socket.destroy();
      }
      res.writeHead(action, { "Content-Type": "text/plain" });
      res.end(`${action} for attempt ${mine + 1} at ${path}`);
      record.endedAt = Date.now();
    });
  });
  server.listen(port, "127.0.0.1");
  await once(server, "listening");
  return {
    received,
    url: (path) => `http://127.0.0.1:${port}${path}`,
    on: (path) => received.filter((r) => r.path === path),
    close: () => {
      server.closeAllConnections();
      return new Promise((r) => server.close(r));
    },
  };
}

/** What a receiver should do: HMAC the raw bytes, compare in constant time after checking the lengths. */
export function verify(secret, body, header) {
  if (typeof header !== "string" || !header.startsWith("sha256=")) return false;
  const expected = Buffer.from(`sha256=${createHmac("sha256", secret).update(body).digest("base64")}`);
  const given = Buffer.from(header);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export async function account(base) {
  const email = `e2e-${Date.now()}-${Math.random().toString(36).slice(2)}@example.test`;
  const password = "e2e-password-123";
  await api(base, "POST", "/users", { body: { email, password, name: "E2E" } });
  const jwt = (await api(base, "POST", "/login", { body: { email, password } })).body.token;
  const store = (await api(base, "POST", "/stores", { token: jwt, body: { name: "E2E store" } })).body;
  return { token: jwt, storeId: store.id };
}

export async function until(check, timeoutMs, what) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
