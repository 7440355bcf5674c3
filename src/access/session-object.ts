// The session state of one user (docs/api/11-limits-retries-sessions.md), in a SQLite-backed Durable Object of its own (binding
// USER_SESSIONS, one object per user id): the lowest session version still in force (raised by logging out
// everywhere) and the JWTs logged out one by one, until they would have expired. A JWT check asks the user's object
// (one RPC, beside the store database's lookup) instead of the one shared directory database, so console traffic
// spreads over as many objects as there are users (docs/scale.md section 7.3). An object runs one call at a time,
// and every isolate reaches the same object, so a logout counts on the very next request from anywhere.
import { DurableObject } from "cloudflare:workers";

/** What a JWT check needs: the lowest session version in force, and whether this JWT was logged out. */
export interface SessionState {
  sessionVersion: number;
  loggedOut: boolean;
}

export class UserSessions extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.storage.sql.exec(`CREATE TABLE IF NOT EXISTS revoked (id TEXT PRIMARY KEY, expires_at INTEGER NOT NULL);
      CREATE INDEX IF NOT EXISTS revoked_expires ON revoked (expires_at);
      CREATE TABLE IF NOT EXISTS floor (one INTEGER PRIMARY KEY CHECK (one = 1), version INTEGER NOT NULL)`);
  }

  private version(): number {
    return this.ctx.storage.sql.exec<{ version: number }>("SELECT version FROM floor").toArray()[0]?.version ?? 0;
  }

  /** The state a JWT whose signature is `sessionId` is judged by. */
  check(sessionId: string): SessionState {
    const loggedOut = this.ctx.storage.sql.exec("SELECT 1 FROM revoked WHERE id = ?", sessionId).toArray().length > 0;
    return { sessionVersion: this.version(), loggedOut };
  }

  /** Logs one JWT out until `expiresAt` (ms); expired entries go at the same time, so the table stays small. */
  revoke(sessionId: string, expiresAt: number): void {
    const sql = this.ctx.storage.sql;
    sql.exec("DELETE FROM revoked WHERE expires_at < ?", Date.now());
    sql.exec("INSERT OR IGNORE INTO revoked (id, expires_at) VALUES (?, ?)", sessionId, expiresAt);
  }

  /** Ends every JWT carrying a version below `version` (never lowers it: a late or repeated call changes nothing). */
  endBelow(version: number): void {
    this.ctx.storage.sql.exec(
      "INSERT INTO floor (one, version) VALUES (1, ?) ON CONFLICT (one) DO UPDATE SET version = max(version, excluded.version)",
      version,
    );
  }
}
