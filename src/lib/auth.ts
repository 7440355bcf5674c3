// Authentication and authorization middleware. `authenticated()` establishes the principal (401 on any doubt);
// `storeAccess(permission)` resolves the caller's standing in the path's store and checks the route's permission
// bit (403). Routes declare them in their contract through `requires()` in ./route.ts.
import type { MiddlewareHandler } from "hono";
import { verify } from "hono/jwt";
import { and, eq, isNull, lt } from "drizzle-orm";
import { apiTokens, memberships } from "../db/schema";
import { jwtSecret } from "./config";
import type { AppEnv, Db, Principal, StoreAccess } from "./context";
import { forbidden, notFound, unauthenticated } from "./errors";
import { isUuid, nowIso } from "./ids";
import { type Permission, has } from "./permissions";
import { TOKEN_PREFIX, hashTokenValue, hasValidChecksum } from "./token-format";

const LAST_USED_RESOLUTION_MS = 60_000;
/** Session JWTs live 24 hours (spec section 5). */
export const SESSION_SECONDS = 24 * 60 * 60;

async function verifyPat(c: Parameters<MiddlewareHandler<AppEnv>>[0], raw: string): Promise<Principal> {
  if (!hasValidChecksum(raw)) throw unauthenticated();
  const db = c.var.db;
  // One indexed query: the token and the issuing user's current membership. A removed member has no row.
  const [row] = await db
    .select({
      id: apiTokens.id,
      name: apiTokens.name,
      storeId: apiTokens.storeId,
      userId: apiTokens.userId,
      scopes: apiTokens.scopes,
      expiresAt: apiTokens.expiresAt,
      lastUsedAt: apiTokens.lastUsedAt,
      memberPermissions: memberships.permissions,
      role: memberships.role,
    })
    .from(apiTokens)
    .innerJoin(memberships, and(eq(memberships.storeId, apiTokens.storeId), eq(memberships.userId, apiTokens.userId)))
    .where(and(eq(apiTokens.tokenHash, await hashTokenValue(raw)), isNull(apiTokens.revokedAt)))
    .limit(1);
  const now = Date.now();
  if (!row || (row.expiresAt && Date.parse(row.expiresAt) <= now)) throw unauthenticated();

  if (now - Date.parse(row.lastUsedAt) >= LAST_USED_RESOLUTION_MS) {
    c.executionCtx.waitUntil(touchLastUsed(db, row.id, now));
  }
  const scopes = BigInt(row.scopes);
  const memberPermissions = BigInt(row.memberPermissions);
  c.set("store", {
    storeId: row.storeId,
    role: row.role,
    memberPermissions,
    permissions: memberPermissions & scopes,
  });
  return {
    kind: "pat",
    userId: row.userId,
    token: { id: row.id, name: row.name, storeId: row.storeId, scopes, effective: memberPermissions & scopes, role: row.role },
  };
}

/** At most one write a minute per token; the condition keeps concurrent requests from writing twice. */
function touchLastUsed(db: Db, tokenId: string, now: number) {
  return db
    .update(apiTokens)
    .set({ lastUsedAt: nowIso(now) })
    .where(and(eq(apiTokens.id, tokenId), lt(apiTokens.lastUsedAt, nowIso(now - LAST_USED_RESOLUTION_MS))))
    .run()
    .catch((error) => console.error(JSON.stringify({ level: "warn", message: "last_used_at update failed", error: String(error) })));
}

async function verifyJwt(env: Env, raw: string): Promise<Principal> {
  // Outside the try: a misconfigured deployment is a 500, not a 401.
  const secret = jwtSecret(env);
  let payload: Awaited<ReturnType<typeof verify>>;
  try {
    payload = await verify(raw, secret, "HS256");
  } catch {
    throw unauthenticated();
  }
  // hono/jwt checks exp and iat only when present: a session needs both, and is never older than 24 hours
  // whatever its exp says.
  const { sub, iat, exp } = payload;
  const now = Math.floor(Date.now() / 1000);
  if (typeof sub !== "string" || typeof iat !== "number" || typeof exp !== "number" || now - iat >= SESSION_SECONDS) {
    throw unauthenticated();
  }
  return { kind: "jwt", userId: sub, token: null };
}

/** 401 unless the request carries a valid bearer token. The `bod_` prefix picks the verification. */
export const authenticated = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  if (!c.var.principal) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header("Authorization") ?? "");
    if (!match) throw unauthenticated();
    const raw = match[1];
    c.set("principal", raw.startsWith(TOKEN_PREFIX) ? await verifyPat(c, raw) : await verifyJwt(c.env, raw));
  }
  await next();
};

async function membershipAccess(db: Db, storeId: string, userId: string): Promise<StoreAccess | null> {
  const [row] = await db
    .select({ role: memberships.role, permissions: memberships.permissions })
    .from(memberships)
    .where(and(eq(memberships.storeId, storeId), eq(memberships.userId, userId)))
    .limit(1);
  if (!row) return null;
  const mask = BigInt(row.permissions);
  return { storeId, role: row.role, memberPermissions: mask, permissions: mask };
}

/**
 * The caller must be a member of the path's store (403 otherwise; a PAT only works on its own store) and, when
 * a permission is given, hold it in their effective permission (403 naming the missing bit).
 */
export const storeAccess = (permission?: Permission): MiddlewareHandler<AppEnv> => async (c, next) => {
  await authenticated()(c, async () => {});
  const storeId = c.req.param("store_id");
  if (!isUuid(storeId)) throw notFound("Store");
  const principal = c.var.principal;
  let access: StoreAccess | null;
  if (principal.token) {
    access = principal.token.storeId === storeId ? c.var.store : null;
    if (!access) throw forbidden("This access token belongs to another store");
  } else {
    access = await membershipAccess(c.var.db, storeId, principal.userId);
    if (!access) throw forbidden("You are not a member of this store");
    c.set("store", access);
  }
  if (permission && !has(access.permissions, permission)) {
    throw forbidden(`This endpoint needs the ${permission} permission`, permission);
  }
  await next();
};

/** For endpoints that belong to a person's session (creating stores, accepting invites): no PATs. */
export const sessionOnly = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  await authenticated()(c, async () => {});
  if (c.var.principal.kind !== "jwt") throw forbidden("This endpoint needs a session token from POST /login");
  await next();
};
