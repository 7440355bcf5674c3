// Failed logins per email (docs/api/11-limits-retries-sessions.md): exact, counted in D1 over a sliding window. Before the password is
// checked, one statement reserves an attempt row only while the email has fewer than the limit inside the window
// (SQLite runs it atomically, so concurrent guesses cannot slip past). A failed login keeps its row; a successful
// one removes its own row and no other, so earlier failures inside the window still count.
import type { Db } from "../lib/context";
import { uuidv7 } from "../lib/ids";
import { rateLimited } from "./budgets";

export interface LoginLimit {
  limit: number;
  windowMs: number;
}

export const loginLimitOf = (env: Env): LoginLimit => ({
  limit: Number(env.LOGIN_FAILURE_LIMIT),
  windowMs: Number(env.LOGIN_FAILURE_WINDOW_SECONDS) * 1000,
});

/**
 * Reserves an attempt for `emailLower`, or throws 429 with the seconds until the oldest counted failure leaves
 * the window. `extra` rides in the same batch (the user lookup), so the check costs no round trip of its own.
 * Returns the reservation's id and the extra statement's rows.
 */
export async function reserveLoginAttempt<T>(db: Db, emailLower: string, { limit, windowMs }: LoginLimit, extra: D1PreparedStatement, now = Date.now()) {
  const id = uuidv7(now);
  const since = now - windowMs;
  const d1 = db.$client;
  const [reserved, blocking, rows] = await d1.batch([
    d1
      .prepare(
        `INSERT INTO login_attempts (id, email_lower, attempted_at)
         SELECT ?1, ?2, ?3 WHERE (SELECT count(*) FROM login_attempts WHERE email_lower = ?2 AND attempted_at > ?4) < ?5`,
      )
      .bind(id, emailLower, now, since, limit),
    // The failure whose leaving the window frees a place: the limit-th newest.
    d1
      .prepare(`SELECT attempted_at FROM login_attempts WHERE email_lower = ?1 AND attempted_at > ?2 ORDER BY attempted_at DESC LIMIT 1 OFFSET ?3`)
      .bind(emailLower, since, Math.max(0, limit - 1)),
    extra,
  ]);
  if (!reserved.meta.changes) {
    const oldest = (blocking.results[0] as { attempted_at: number } | undefined)?.attempted_at ?? now;
    throw rateLimited("Too many failed logins for this email: retry later", (oldest + windowMs - now) / 1000);
  }
  return { attemptId: id, rows: rows.results as T[] };
}

/** A successful login does not count as a failure: its reservation goes, earlier failures stay. */
export const releaseLoginAttempt = (db: Db, attemptId: string) => db.$client.prepare("DELETE FROM login_attempts WHERE id = ?").bind(attemptId).run();
