// The cron's share of access housekeeping: rows that only matter for a bounded time are deleted once they no
// longer can, at most CLEANUP_BATCH per table and run, so one run never holds the database for long.
import { nowIso } from "../lib/ids";

/** Rows deleted per table and run: the cron runs every minute, so even a burst is gone within minutes. */
export const CLEANUP_BATCH = 1000;

/** D1's SQLite has no `DELETE ... LIMIT`: delete the first rows of an indexed range instead. */
const boundedDelete = (db: D1Database, table: string, key: string, where: string, ...params: unknown[]) =>
  db
    .prepare(`DELETE FROM ${table} WHERE ${key} IN (SELECT ${key} FROM ${table} WHERE ${where} LIMIT ${CLEANUP_BATCH})`)
    .bind(...params);

/** One batch of bounded deletes of expired access rows; returns the rows deleted. */
export async function runAccessCleanup(env: Env, now = Date.now()): Promise<number> {
  const results = await env.DB.batch([
    // Logged-out session JWTs past the 24 h they could have lived.
    boundedDelete(env.DB, "revoked_sessions", "id", "expires_at < ?", nowIso(now)),
    // Login attempts older than the per-email window no longer count.
    boundedDelete(env.DB, "login_attempts", "id", "attempted_at <= ?", now - Number(env.LOGIN_FAILURE_WINDOW_SECONDS) * 1000),
    // Idempotency keys past their 24 hours (a request still holding one renews nothing: 24 h is far beyond it).
    boundedDelete(env.DB, "idempotency_keys", "rowid", "expires_at <= ?", now),
  ]);
  return results.reduce((sum, r) => sum + (r.meta.changes ?? 0), 0);
}
