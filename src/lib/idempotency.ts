// Idempotency keys (docs/api/11-limits-retries-sessions.md, as Stripe does it). A POST that accepts `Idempotency-Key` runs this
// middleware after its access checks: the first request with a key claims it, runs, and its response (status,
// body, Location) is kept 24 hours per (credential, key) within its store (`scopeOf`); a repeat with the same
// method, path and body gets that response again with `Idempotent-Replayed: true` and changes nothing; a different
// request with the key is 422 `idempotency_key_reused`; one still running is 409 `request_in_progress`; a 5xx is not
// kept.
//
// The change and its key commit together: `commit` (src/events/outbox.ts) adds `keyStatement` to the change's own
// D1 batch, marking the key committed (and aborting the batch if the request no longer holds the key). So a crash
// can never leave a change without its key, or a committed key without its change.
import type { Context, MiddlewareHandler } from "hono";
import { and, eq, sql } from "drizzle-orm";
import { idempotencyKeys } from "../db/schema";
import type { AppEnv, Db, IdempotencyClaim, Principal, StoreAccess } from "./types";

export type { IdempotencyClaim } from "./types";
import { toHex } from "./crypto";
import { isNotNullViolation, requestDb } from "./db";
import { isStorePaused } from "./d1-overload";
import { ApiError, conflict, invalidField } from "./errors";
import { uuidv7 } from "./ids";

export const IDEMPOTENCY_KEY = "Idempotency-Key";
export const REPLAYED = "Idempotent-Replayed";
const KEY_RE = /^[\x20-\x7e]{1,255}$/;
/** How long a response is kept. */
export const KEEP_MS = 24 * 60 * 60 * 1000;
/** A claim not finished after this long belongs to a request that died: another request with the key may take it. */
export const STALE_MS = 60_000;

/**
 * Whose key it is: the credential that sent it (docs/api/13c-background-work-and-exact-values.md; docs/decisions.md
 * "Idempotency keys"), so that another caller of the same store sending the same key makes a request of its own and
 * never receives someone else's kept response (a member without products.publish would otherwise get the owner's
 * 201 for a live PUT, or another member's order).
 * A session is its user (a second login of the same person replays), a PAT and an integration their own id. On a
 * store's path the store comes first, `store:<store id>:<credential>`: moves find a store's keys by that prefix
 * (src/moves/tables.ts) and the store database's triggers read the store id from it (migrations/store/0033).
 */
export function scopeOf(store: StoreAccess | undefined, principal: Principal): string {
  const credential =
    principal.kind === "pat"
      ? `pat:${principal.token!.id}`
      : principal.kind === "integration"
        ? `integration:${principal.integration!.id}`
        : `user:${principal.userId}`;
  return store ? `store:${store.storeId}:${credential}` : credential;
}

/** The key this request holds, for `commit`. */
type KeyRow = typeof idempotencyKeys.$inferSelect;

/**
 * The statement `commit` adds to the change's batch: marks the key committed. If another request has taken the key
 * over meanwhile (this one was presumed dead), the fingerprint becomes NULL, which the NOT NULL column refuses:
 * the whole batch, the change with it, is rolled back.
 */
export const keyStatement = (db: Db, claim: IdempotencyClaim) =>
  db
    .update(idempotencyKeys)
    .set({
      committedAt: Date.now(),
      fingerprint: sql`CASE WHEN ${idempotencyKeys.owner} = ${claim.owner} THEN ${idempotencyKeys.fingerprint} ELSE NULL END`,
    })
    .where(and(eq(idempotencyKeys.scope, claim.scope), eq(idempotencyKeys.key, claim.key)));

/**
 * Records, before a change that spans two databases, the resource it is making (its Location), so that a request
 * taking the key over after a crash resumes it (`earlierLocation`). Refused like `keyStatement` if the key went to
 * another request meanwhile.
 */
export const intendedLocation = (db: Db, claim: IdempotencyClaim, location: string | null) =>
  db
    .update(idempotencyKeys)
    .set({
      location,
      fingerprint: sql`CASE WHEN ${idempotencyKeys.owner} = ${claim.owner} THEN ${idempotencyKeys.fingerprint} ELSE NULL END`,
    })
    .where(and(eq(idempotencyKeys.scope, claim.scope), eq(idempotencyKeys.key, claim.key)));

/** A batch refused by `keyStatement`: the key went to another request. */
export const lostKey = (error: unknown) =>
  isNotNullViolation(error, "idempotency_keys.fingerprint")
    ? new ApiError("request_in_progress", "Another request with this Idempotency-Key is running")
    : null;

const sha256 = async (data: BufferSource | string) =>
  toHex(await crypto.subtle.digest("SHA-256", typeof data === "string" ? new TextEncoder().encode(data) : data));

/**
 * What "the same request" means: method, path and query, and the body. A multipart body is compared by its fields
 * (names, values, file names, types and bytes), not its bytes: a client's random boundary differs on every send.
 * The body is read through Hono's cache, so the route's validator reads it again.
 */
async function fingerprintOf(c: Context<AppEnv>): Promise<string> {
  const url = new URL(c.req.url);
  const contentType = c.req.header("Content-Type") ?? "";
  const bytes = await c.req.arrayBuffer();
  let body = `bytes:${await sha256(bytes)}`;
  if (contentType.startsWith("multipart/form-data")) {
    try {
      const form = await new Response(bytes, { headers: { "Content-Type": contentType } }).formData();
      const fields: string[] = [];
      for (const [name, value] of form as unknown as Iterable<[string, string | File]>) {
        fields.push(
          typeof value === "string"
            ? `${name}=text:${await sha256(value)}`
            : `${name}=file:${value.name}:${value.type}:${await sha256(await value.arrayBuffer())}`,
        );
      }
      body = `form:${fields.join("&")}`;
    } catch {
      // Not parsable: the route's validator answers it; compare the bytes meanwhile.
    }
  }
  return sha256(`${c.req.method} ${url.pathname}${url.search}\n${body}`);
}

/** The kept response, replayed. */
function replay(row: KeyRow): Response {
  const headers: Record<string, string> = { [REPLAYED]: "true" };
  if (row.contentType) headers["Content-Type"] = row.contentType;
  if (row.location) headers.Location = row.location;
  return new Response(row.body || null, { status: row.status!, headers });
}

/** Claims the key (new, expired, or left by a request that died), and reads it back in the same batch. */
async function claim(d1: D1Database, scope: string, key: string, fingerprint: string, owner: string, now: number) {
  const [, , found] = await d1.batch([
    d1
      .prepare(
        `INSERT INTO idempotency_keys (scope, key, fingerprint, owner, locked_at, created_at, expires_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?5, ?6)
         ON CONFLICT (scope, key) DO UPDATE SET fingerprint = excluded.fingerprint, owner = excluded.owner,
           locked_at = excluded.locked_at, committed_at = NULL, status = NULL, body = NULL, content_type = NULL,
           location = NULL, created_at = excluded.created_at, expires_at = excluded.expires_at
         WHERE idempotency_keys.expires_at <= ?5`,
      )
      .bind(scope, key, fingerprint, owner, now, now + KEEP_MS),
    d1
      .prepare(
        `UPDATE idempotency_keys SET owner = ?4, locked_at = ?5
         WHERE scope = ?1 AND key = ?2 AND fingerprint = ?3 AND status IS NULL AND committed_at IS NULL AND locked_at <= ?6`,
      )
      .bind(scope, key, fingerprint, owner, now, now - STALE_MS),
    d1
      .prepare(
        `SELECT scope, key, fingerprint, owner, locked_at AS lockedAt, committed_at AS committedAt, status, body,
           content_type AS contentType, location, created_at AS createdAt, expires_at AS expiresAt
         FROM idempotency_keys WHERE scope = ?1 AND key = ?2`,
      )
      .bind(scope, key),
  ]);
  return found.results[0] as KeyRow;
}

/** For the POSTs of docs/api/11-limits-retries-sessions.md that accept the header (installed by `idempotent()` in ./route.ts). */
export const idempotency = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  const key = c.req.header(IDEMPOTENCY_KEY);
  if (key === undefined) return next();
  if (!KEY_RE.test(key)) throw invalidField(IDEMPOTENCY_KEY, "must be 1 to 255 printable ASCII characters");
  const scope = scopeOf(c.var.store, c.var.principal);
  const fingerprint = await fingerprintOf(c);
  const owner = uuidv7();
  const d1 = requestDb(c).$client;
  const row = await claim(d1, scope, key, fingerprint, owner, Date.now());
  if (row.owner !== owner) {
    if (row.fingerprint !== fingerprint) {
      throw new ApiError("idempotency_key_reused", `This ${IDEMPOTENCY_KEY} was used for a different request (method, path or body)`);
    }
    if (row.status !== null) return replay(row);
    if (row.committedAt !== null && (row.lockedAt ?? 0) <= Date.now() - STALE_MS) {
      throw conflict(`The request with this ${IDEMPOTENCY_KEY} was carried out but its response was lost: read the resource`);
    }
    throw new ApiError("request_in_progress", `A request with this ${IDEMPOTENCY_KEY} is still running: retry shortly`);
  }
  c.set("idempotency", { scope, key, owner, earlierLocation: row.committedAt === null ? row.location : null });
  await next();
  const res = c.res;
  if (res.status >= 500) {
    // Not kept: the client may retry with the key. Kept claimed if the change did commit (no second change), or if
    // a change spanning two databases recorded what it was making (`intendedLocation`): a retry resumes that.
    await d1
      .prepare("DELETE FROM idempotency_keys WHERE scope = ? AND key = ? AND owner = ? AND committed_at IS NULL AND location IS NULL")
      .bind(scope, key, owner)
      .run();
    return;
  }
  try {
    await d1
      .prepare(
        `UPDATE idempotency_keys SET status = ?, body = ?, content_type = ?, location = ?, owner = NULL
         WHERE scope = ? AND key = ? AND owner = ?`,
      )
      .bind(res.status, await res.clone().text(), res.headers.get("Content-Type"), res.headers.get("Location"), scope, key, owner)
      .run();
  } catch (error) {
    // A move paused the store's writes after this request's change committed (migrations/store/0023_scale.sql): the
    // change stands, so the caller gets its response; the key stays "carried out, response not kept" on both sides.
    if (!isStorePaused(error)) throw error;
    console.error(JSON.stringify({ level: "warn", message: "idempotent response not kept: the store's writes are paused", scope, key }));
  }
};

/** For the POSTs that must not keep their response (a one-time secret, or no credential to key it by): 422. */
export const refusesIdempotencyKey = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  if (c.req.header(IDEMPOTENCY_KEY) !== undefined) {
    throw invalidField(IDEMPOTENCY_KEY, "this endpoint does not accept idempotency keys (it must not keep its response)");
  }
  await next();
};
