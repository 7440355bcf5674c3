// Benchmark-only Worker: every request goes to the real app, except /__baseline/*, which runs the same SQL the
// catalog runs (built by the same functions) straight on D1: the floor that the framework layers (routing, auth,
// validation, JSON handling) are measured against. Each answer carries D1's rows-read count for its query.
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import { type SQL, sql } from "drizzle-orm";
import worker from "../src/index";
import { listQuery } from "../src/products/list.service";
import { productObjectSql } from "../src/products/product-json";

const dialect = new SQLiteAsyncDialect();

type D1 = D1Database | D1DatabaseSession;

async function run(db: D1, query: SQL): Promise<{ row: Record<string, unknown> | null; rowsRead: number }> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  const result = await db.prepare(text).bind(...params).run<Record<string, unknown>>();
  return { row: result.results[0] ?? null, rowsRead: result.meta.rows_read };
}

/**
 * With ?auth=1: first the same PAT lookup the auth middleware makes (hash, then token + membership in one indexed
 * query), and both queries on a `first-primary` D1 session as in the app, so "baseline + auth" is the app's data
 * access without the framework: the difference to the app is routing, validation and middleware alone.
 */
async function authLookup(request: Request, db: D1): Promise<boolean> {
  const raw = (request.headers.get("Authorization") ?? "").replace(/^Bearer\s+/i, "");
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(raw));
  const hash = Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
  const row = await db.prepare(
    `SELECT t.id, t.scopes, m.permissions FROM api_tokens t JOIN memberships m ON m.store_id = t.store_id AND m.user_id = t.user_id
     WHERE t.token_hash = ? AND t.revoked_at IS NULL LIMIT 1`,
  ).bind(hash).first();
  return row !== null;
}

async function baseline(request: Request, url: URL, env: Env): Promise<Response> {
  const q = url.searchParams;
  const withAuth = q.get("auth") === "1";
  const db: D1 = withAuth ? env.DB.withSession("first-primary") : env.DB;
  if (withAuth && !(await authLookup(request, db))) return new Response("unauthenticated", { status: 401 });
  const storeId = q.get("store") ?? "";
  let body: string;
  let rowsRead: number;
  if (url.pathname === "/__baseline/list") {
    const limit = Number(q.get("limit") ?? 20);
    const offset = Number(q.get("offset") ?? 0);
    const options = { limit, offset, search: q.get("search") || undefined, includeDrafts: q.get("include_drafts") === "true" };
    const { row, rowsRead: r } = await run(db, listQuery(storeId, options));
    body = `{"data":${row?.data ?? "[]"},"pagination":{"limit":${limit},"offset":${offset},"total":${row?.total ?? 0}}}`;
    rowsRead = r;
  } else if (url.pathname === "/__baseline/product") {
    const { row, rowsRead: r } = await run(
      db,
      sql`SELECT ${productObjectSql("products", true)} AS json FROM products WHERE products.id = ${q.get("id")} AND products.store_id = ${storeId}`,
    );
    if (!row) return new Response("not found", { status: 404 });
    body = String(row.json);
    rowsRead = r;
  } else if (url.pathname === "/__baseline/count") {
    // What `total` would cost without the per-store counters.
    const { row, rowsRead: r } = await run(db, sql`SELECT count(*) AS n FROM products WHERE store_id = ${storeId} AND status = 'live'`);
    body = JSON.stringify(row);
    rowsRead = r;
  } else {
    return new Response("no such baseline", { status: 404 });
  }
  return new Response(body, { headers: { "Content-Type": "application/json", "X-D1-Rows-Read": String(rowsRead) } });
}

export default {
  fetch(request: Request, env: Env, ctx: ExecutionContext) {
    const url = new URL(request.url);
    if (url.pathname.startsWith("/__baseline/")) return baseline(request, url, env);
    return worker.fetch(request, env, ctx);
  },
} satisfies ExportedHandler<Env>;
