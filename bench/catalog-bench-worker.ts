// Benchmark-only Worker: every request goes to the real app, except /__baseline/*, which runs the same SQL the
// catalog runs (built by the same functions) straight on D1: the floor that the framework layers (routing, auth,
// validation, JSON handling) are measured against. Each answer carries D1's rows-read count for its query.
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import { type SQL, sql } from "drizzle-orm";
import worker from "../src/index";
import { listQuery } from "../src/products/list.service";
import { productObjectSql } from "../src/products/product-json";

const dialect = new SQLiteAsyncDialect();

/**
 * The query's first row and D1's rows-read count. With `auth` (a PAT lookup), the lookup and the query go in one
 * batch, as the app sends them; `null` when the token is not found.
 */
async function run(db: D1Database, query: SQL, auth?: D1PreparedStatement): Promise<{ row: Record<string, unknown> | null; rowsRead: number } | null> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  const statement = db.prepare(text).bind(...params);
  if (auth) {
    const [found, result] = await db.batch<Record<string, unknown>>([auth, statement]);
    if (!found.results[0]) return null;
    return { row: result.results[0] ?? null, rowsRead: result.meta.rows_read };
  }
  const result = await statement.run<Record<string, unknown>>();
  return { row: result.results[0] ?? null, rowsRead: result.meta.rows_read };
}

/**
 * With ?auth=1: the same PAT lookup the auth middleware makes (hash, then token + membership in one indexed
 * query), sent in one batch with the catalog query on the binding, as the app does: "baseline + auth" is the
 * app's data access without the framework, so the difference to the app is routing, validation and middleware.
 */
async function authLookup(request: Request, db: D1Database): Promise<D1PreparedStatement> {
  const raw = (request.headers.get("Authorization") ?? "").replace(/^Bearer\s+/i, "");
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(raw));
  const hash = Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
  return db.prepare(
    `SELECT t.id, t.scopes, m.permissions FROM api_tokens t JOIN memberships m ON m.store_id = t.store_id AND m.user_id = t.user_id
     WHERE t.token_hash = ? AND t.revoked_at IS NULL LIMIT 1`,
  ).bind(hash);
}

async function baseline(request: Request, url: URL, env: Env): Promise<Response> {
  const q = url.searchParams;
  const withAuth = q.get("auth") === "1";
  const db = env.DB;
  const auth = withAuth ? await authLookup(request, db) : undefined;
  const storeId = q.get("store") ?? "";
  let body: string;
  let read: Awaited<ReturnType<typeof run>>;
  if (url.pathname === "/__baseline/list") {
    const limit = Number(q.get("limit") ?? 20);
    const offset = Number(q.get("offset") ?? 0);
    const options = { limit, offset, search: q.get("search") || undefined, includeDrafts: q.get("include_drafts") === "true" };
    read = await run(db, listQuery(storeId, options), auth);
    body = `{"data":${read?.row?.data ?? "[]"},"pagination":{"limit":${limit},"offset":${offset},"total":${read?.row?.total ?? 0}}}`;
  } else if (url.pathname === "/__baseline/product") {
    read = await run(
      db,
      sql`SELECT ${productObjectSql("products", true)} AS json FROM products WHERE products.id = ${q.get("id")} AND products.store_id = ${storeId}`,
      auth,
    );
    if (read && !read.row) return new Response("not found", { status: 404 });
    body = String(read?.row?.json);
  } else if (url.pathname === "/__baseline/count") {
    // What `total` would cost without the per-store counters.
    read = await run(db, sql`SELECT count(*) AS n FROM products WHERE store_id = ${storeId} AND status = 'live'`, auth);
    body = JSON.stringify(read?.row);
  } else {
    return new Response("no such baseline", { status: 404 });
  }
  if (!read) return new Response("unauthenticated", { status: 401 });
  return new Response(body, { headers: { "Content-Type": "application/json", "X-D1-Rows-Read": String(read.rowsRead) } });
}

export default {
  fetch(request: Request, env: Env, ctx: ExecutionContext) {
    const url = new URL(request.url);
    if (url.pathname.startsWith("/__baseline/")) return baseline(request, url, env);
    return worker.fetch(request, env, ctx);
  },
} satisfies ExportedHandler<Env>;
