// Access housekeeping (the cron for the directory, each store database's maintenance message for its own rows): rows that only matter for a bounded time are deleted once they no
// longer can, at most CLEANUP_BATCH per table and run, so one run never holds the database for long.
// Sessions and login attempts live in the directory; idempotency keys in the directory (a user's) and in every
// store database (a store's).
import { nowIso } from "../lib/ids";
import { shardBinding, shardNames } from "../placement/store-db";

/** Rows deleted per table and run: the cron runs every minute, so even a burst is gone within minutes. */
export const CLEANUP_BATCH = 1000;

/** D1's SQLite has no `DELETE ... LIMIT`: delete the first rows of an indexed range instead. */
const boundedDelete = (db: D1Database, table: string, key: string, where: string, ...params: unknown[]) =>
  db.prepare(`DELETE FROM ${table} WHERE ${key} IN (SELECT ${key} FROM ${table} WHERE ${where} LIMIT ${CLEANUP_BATCH})`).bind(...params);

/** Idempotency keys past their 24 hours (a request still holding one renews nothing: 24 h is far beyond it). */
const expiredKeys = (db: D1Database, now: number) => boundedDelete(db, "idempotency_keys", "rowid", "expires_at <= ?", now);

const changes = (results: D1Result[]) => results.reduce((sum, r) => sum + (r.meta.changes ?? 0), 0);

/** The directory's share (the cron's own invocation): one batch, whatever the number of store databases. */
export async function cleanDirectory(env: Env, now = Date.now()): Promise<number> {
  const directory = env.DIRECTORY;
  return changes(
    await directory.batch([
      // Logged-out session JWTs past the 24 h they could have lived.
      boundedDelete(directory, "revoked_sessions", "id", "expires_at < ?", nowIso(now)),
      // Login attempts older than the per-email window no longer count.
      boundedDelete(directory, "login_attempts", "id", "attempted_at <= ?", now - Number(env.LOGIN_FAILURE_WINDOW_SECONDS) * 1000),
      expiredKeys(directory, now),
    ]),
  );
}

/** One store database's share (its maintenance message): its expired idempotency keys. */
export async function cleanShard(env: Env, shard: string, now = Date.now()): Promise<number> {
  return changes([await expiredKeys(shardBinding(env, shard), now).run()]);
}

/** Everything at once (tests and tools): the directory and every store database; returns the rows deleted. */
export async function runAccessCleanup(env: Env, now = Date.now()): Promise<number> {
  const runs = await Promise.all([cleanDirectory(env, now), ...shardNames(env).map((name) => cleanShard(env, name, now))]);
  return runs.reduce((a, b) => a + b, 0);
}
