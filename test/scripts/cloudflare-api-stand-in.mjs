// A local stand-in for the part of the Cloudflare API that `wrangler d1 migrations apply --remote` uses, with the
// API's global rate limit (https://developers.cloudflare.com/fundamentals/api/reference/limits/: 1,200 requests per
// five minutes per user; past it every call is answered 429 for the next five minutes). Wrangler reaches it through
// CLOUDFLARE_API_BASE_URL (read by wrangler's getCloudflareApiBaseUrl). Each database keeps the names of the
// migrations applied to it, as its d1_migrations table would; the SQL of a migration itself is not run.
import { createServer } from "node:http";

const json = (res, status, body, headers = {}) => {
  res.writeHead(status, { "Content-Type": "application/json", ...headers });
  res.end(JSON.stringify(body));
};

const ok = (results = []) => ({
  success: true,
  errors: [],
  messages: [],
  result: [{ results, success: true, meta: { duration: 0.1, changes: 0, rows_read: 0, rows_written: 0, size_after: 4096 } }],
});

/**
 * Starts the stand-in on a free loopback port. `limit` requests per `windowMs` (sliding); the request that would
 * exceed it and every request for `blockMs` after it get 429 (counted, not served).
 */
export async function startStandIn({ limit = 1200, windowMs = 300_000, blockMs = windowMs } = {}) {
  /** Every request, served or refused, in order. */
  const requests = [];
  /** database id -> migration names applied, in order. */
  const applied = new Map();
  let blockedUntil = 0;
  /** Requests before this index no longer count toward the limit (`resetLimit`). */
  let counted = 0;
  const served = () => requests.slice(counted).filter((r) => r.status !== 429);

  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      const now = Date.now();
      const path = new URL(req.url, "http://stand-in").pathname.replace(/^\/client\/v4/, "");
      const database = /\/d1\/database\/([^/]+)/.exec(path)?.[1] ?? null;
      const entry = { at: now, method: req.method, path, database, status: 200 };
      requests.push(entry);
      const inWindow = served().filter((r) => r !== entry && r.at > now - windowMs).length;
      if (now < blockedUntil || inWindow >= limit) {
        if (now >= blockedUntil) blockedUntil = now + blockMs;
        entry.status = 429;
        return json(
          res,
          429,
          { success: false, errors: [{ code: 971, message: "Please wait and consider throttling your request speed" }], messages: [], result: null },
          { "Retry-After": String(Math.ceil((blockedUntil - now) / 1000)) },
        );
      }
      const query = /^\/accounts\/[^/]+\/d1\/database\/[^/]+\/query$/.test(path) && req.method === "POST";
      if (!query) {
        entry.status = 404;
        return json(res, 404, { success: false, errors: [{ code: 7003, message: `stand-in: no route ${req.method} ${path}` }], messages: [], result: null });
      }
      const sql = JSON.parse(body || "{}").sql ?? "";
      const names = applied.get(database) ?? [];
      applied.set(database, names);
      entry.sql = /CREATE TABLE IF NOT EXISTS/i.test(sql) ? "create" : /^\s*SELECT \*\s+FROM/i.test(sql) ? "list" : "migration";
      if (entry.sql === "create") return json(res, 200, ok());
      if (entry.sql === "list") return json(res, 200, ok(names.map((name, i) => ({ id: i + 1, name, applied_at: "2026-11-28 00:00:00" }))));
      const name = /INSERT INTO\s+"?d1_migrations"?\s*\(name\)\s*values\s*\('((?:[^']|'')+)'\);\s*$/i.exec(sql)?.[1]?.replace(/''/g, "'");
      if (!name || names.includes(name)) {
        entry.status = 400;
        return json(res, 400, {
          success: false,
          errors: [{ code: 7500, message: name ? `UNIQUE constraint failed: d1_migrations.name (${name})` : "stand-in: not a migration" }],
          messages: [],
          result: null,
        });
      }
      entry.migration = name;
      names.push(name);
      return json(res, 200, ok());
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  return {
    baseUrl: `http://127.0.0.1:${port}/client/v4`,
    requests,
    applied,
    /** The most requests served in any window of `ms` (the stand-in's own measure of a client's pace). */
    maxInWindow(ms = windowMs) {
      const times = requests.filter((r) => r.status !== 429).map((r) => r.at);
      let best = 0;
      for (let i = 0, j = 0; i < times.length; i++) {
        while (times[i] - times[j] >= ms) j++;
        best = Math.max(best, i - j + 1);
      }
      return best;
    },
    /**
     * Forget the rate-limit state (as five quiet minutes would), keeping the log and what each database has applied;
     * `newLimit`: what is left for the client from now on.
     */
    resetLimit(newLimit = limit) {
      blockedUntil = 0;
      counted = requests.length;
      limit = newLimit;
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
