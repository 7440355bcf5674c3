// Session JWTs (docs/api/03-identity-stores-members.md and docs/api/11-limits-retries-sessions.md): HS256 with sub, iat, exp, jti and sv, never older than 24 hours, and
// still in force: not logged out (its signature in revoked_sessions) and carrying the user's current session
// version (raised by logging out everywhere). The signature and lifetime are checked here without D1; the session
// state comes from the user's session object (./session-object.ts), asked by the access check (src/access/session.ts)
// at the same time as the store database's lookup, so it costs no D1 query and no round trip of its own.
import { verify } from "hono/jwt";
import { jwtSecret } from "../lib/config";
import type { SessionState } from "./session-object";
import type { Principal } from "../lib/types";
import { unauthenticated } from "../lib/errors";
import { nowIso } from "../lib/ids";

/** Session JWTs live 24 hours (spec section 5). */
export const SESSION_SECONDS = 24 * 60 * 60;

// A JWT has exactly one spelling (docs/api/13-security.md): three segments of unpadded base64url, each canonical (the
// unused low bits of its last character zero), the HS256 signature 43 characters. hono/jwt accepts padding and
// sloppy last characters, and the session is stored by the signature's text, so a second spelling of a logged-out
// JWT would be a live session again.
const CANONICAL_LAST: Record<number, RegExp> = { 0: /^$|[A-Za-z0-9_-]$/, 2: /[AQgw]$/, 3: /[AEIMQUYcgkosw048]$/ };
const SIGNATURE_RE = /^[A-Za-z0-9_-]{42}[AEIMQUYcgkosw048]$/;

function isCanonicalSegment(segment: string): boolean {
  if (!/^[A-Za-z0-9_-]+$/.test(segment)) return false;
  const last = CANONICAL_LAST[segment.length % 4];
  return last?.test(segment) === true;
}

/** True only for the one canonical spelling of a three-segment HS256 JWT. */
export function isCanonicalJwt(raw: string): boolean {
  const segments = raw.split(".");
  return segments.length === 3 && isCanonicalSegment(segments[0]) && isCanonicalSegment(segments[1]) && SIGNATURE_RE.test(segments[2]);
}

/** Checks the spelling, signature and lifetime only; whether the session was ended is `readSession`'s. */
export async function verifyJwt(env: Env, raw: string): Promise<Principal> {
  // Outside the try: a misconfigured deployment is a 500, not a 401.
  const secret = jwtSecret(env);
  if (!isCanonicalJwt(raw)) throw unauthenticated();
  let payload: Awaited<ReturnType<typeof verify>>;
  try {
    payload = await verify(raw, secret, "HS256");
  } catch {
    throw unauthenticated();
  }
  // hono/jwt checks exp and iat only when present: a session needs both, and is never older than 24 hours
  // whatever its exp says.
  const { sub, iat, exp, sv = 0 } = payload;
  const now = Math.floor(Date.now() / 1000);
  if (typeof sub !== "string" || typeof iat !== "number" || typeof exp !== "number" || !Number.isSafeInteger(sv) || now - iat >= SESSION_SECONDS) {
    throw unauthenticated();
  }
  // The signature names this one JWT (logins carry a random jti, so no two sessions share it).
  const session = { id: raw.slice(raw.lastIndexOf(".") + 1), version: sv as number, expiresAt: nowIso((iat + SESSION_SECONDS) * 1000) };
  return { kind: "jwt", userId: sub, token: null, session };
}

const sessionsOf = (env: Env, userId: string) => env.USER_SESSIONS.get(env.USER_SESSIONS.idFromName(userId));

/** The session state a JWT is judged by, from its user's session object (one RPC; no D1). */
export async function readSession(env: Env, principal: Principal): Promise<SessionRow> {
  return sessionsOf(env, principal.userId!).check(principal.session!.id);
}

/** POST /logout: this JWT ends on the next request, from every isolate (after the directory's record is written). */
export async function endSession(env: Env, principal: Principal): Promise<void> {
  await sessionsOf(env, principal.userId!).revoke(principal.session!.id, Date.parse(principal.session!.expiresAt));
}

/** POST /logout {"everywhere": true}: every JWT below `version` (the directory's new session version) ends. */
export async function endSessionsBelow(env: Env, userId: string, version: number): Promise<void> {
  await sessionsOf(env, userId).endBelow(version);
}

export type SessionRow = SessionState;

/** 401 unless the session's user exists and the session was not ended. */
export function admitSession(principal: Principal, row: SessionRow | null): void {
  if (!row || row.loggedOut || row.sessionVersion > principal.session!.version) {
    throw unauthenticated("This session has ended: log in again");
  }
}
