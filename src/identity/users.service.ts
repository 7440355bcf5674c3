// Accounts and sessions: sign-up, login (session JWTs), and the caller's own profile.
import { eq, sql } from "drizzle-orm";
import { sign } from "hono/jwt";
import { revokedSessions, users } from "../db/schema";
import { SESSION_SECONDS, endSession, endSessionsBelow } from "../access/sessions";
import { placementOf, storeDb } from "../placement/store-db";
import { jwtSecret } from "../lib/config";
import type { Ctx, Db } from "../lib/context";
import { isUniqueViolation } from "../lib/db";
import { ApiError, conflict, unauthenticated } from "../lib/errors";
import { nowIso, uuidv7 } from "../lib/ids";
import { DUMMY_PASSWORD_HASH, hashPassword, verifyPassword } from "./passwords";
import { permissionFields } from "../lib/permissions";
import { accountOf, memberStores, storesOfUser } from "../placement/directory";
import { personOf } from "../access/person";
import { integrationRecord } from "../integrations/integrations.service";
import { loginLimitOf, releaseLoginAttempt, reserveLoginAttempt } from "../access/login-limit";

export { SESSION_SECONDS };

type UserRow = typeof users.$inferSelect;
export const toUser = (u: Pick<UserRow, "id" | "email" | "name" | "createdAt">) => ({
  id: u.id,
  email: u.email,
  name: u.name,
  created_at: u.createdAt,
});

export async function signUp(db: Db, input: { email: string; password: string; name: string }) {
  const row = {
    id: uuidv7(),
    email: input.email,
    emailLower: input.email.toLowerCase(),
    name: input.name,
    passwordHash: await hashPassword(input.password),
    createdAt: nowIso(),
  };
  try {
    await db.insert(users).values(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict("An account with this email already exists");
    throw error;
  }
  return toUser(row);
}

type LoginUser = Pick<UserRow, "id" | "email" | "name" | "createdAt" | "passwordHash" | "sessionVersion">;

export async function logIn(env: Env, db: Db, input: { email: string; password: string }) {
  const emailLower = input.email.trim().toLowerCase();
  // The per-email limit first (429 before the password is looked at), in one batch with the user lookup.
  const lookup = db.$client
    .prepare(
      `SELECT id, email, name, created_at AS createdAt, password_hash AS passwordHash, session_version AS sessionVersion
       FROM users WHERE email_lower = ? LIMIT 1`,
    )
    .bind(emailLower);
  const { attemptId, rows } = await reserveLoginAttempt<LoginUser>(db, emailLower, loginLimitOf(env), lookup);
  const user = rows[0];
  // Hash even for unknown emails: the same answer, in about the same time, for both failures.
  const ok = await verifyPassword(input.password, user?.passwordHash ?? DUMMY_PASSWORD_HASH);
  // A failure keeps its reserved row: it is one of the email's counted failures.
  if (!user || !ok) throw unauthenticated("Email or password is incorrect");
  await releaseLoginAttempt(db, attemptId);
  const iat = Math.floor(Date.now() / 1000);
  const exp = iat + SESSION_SECONDS;
  // jti: two logins in the same second are still two sessions (a logout ends one). sv: logging out everywhere
  // raises the user's version, ending every JWT that carries an older one.
  const claims = { sub: user.id, iat, exp, jti: uuidv7(), sv: user.sessionVersion };
  const token = await sign(claims, jwtSecret(env), "HS256");
  return { token, token_type: "Bearer" as const, expires_at: nowIso(exp * 1000), user: toUser(user) };
}

/**
 * The caller and their stores, oldest first. Through a PAT, only the token's store, with the token's effective
 * permission. The account is the directory's; the stores come from the directory's list, each confirmed (name,
 * role, permissions) by the database holding it.
 */
export async function getMe(ctx: Ctx) {
  const { integration } = ctx.principal;
  // An integration is no person: it answers with its own record (docs/api/16-integrations.md).
  if (integration) {
    const db = await storeDb(ctx.env, integration.storeId);
    if (!db) throw new ApiError("unauthenticated", "The integration's store no longer exists");
    return { kind: "integration" as const, integration: await integrationRecord(db, integration.storeId, integration.id) };
  }
  const user = await accountOf(ctx.db, personOf(ctx.principal, "have an account"));
  if (!user) throw new ApiError("unauthenticated", "The account no longer exists");
  const token = ctx.principal.token;
  // One directory query for the whole list (with each store's place), then one query per store database.
  const stores = token
    ? [{ storeId: token.storeId, placement: await placementOf(ctx.env, token.storeId) }]
    : (await storesOfUser(ctx.env, user.id, "oldest")).stores;
  const ids = stores.map((s) => s.storeId);
  const found = await memberStores(
    ctx.env,
    user.id,
    stores.map((s) => s.placement),
  );
  return {
    ...toUser(user),
    stores: ids.flatMap((id) => {
      const r = found.get(id);
      return r ? [{ id: r.id, name: r.name, role: r.role, ...permissionFields(token ? token.effective : BigInt(r.permissions)) }] : [];
    }),
  };
}

/**
 * Ends the calling session JWT, or with `everywhere` every session JWT of the user issued until now (a logout
 * elsewhere does not touch personal access tokens). Both count from the very next request.
 */
export async function logOut(ctx: Ctx, input: { everywhere?: boolean }) {
  const userId = personOf(ctx.principal, "log out");
  const { session } = ctx.principal;
  // The directory first (the version the next login copies into its JWT), then the user's session object, which
  // every check reads: a failure between the two is a 500 and a retry ends what was asked.
  if (input.everywhere) {
    const [raised] = await ctx.db
      .update(users)
      .set({ sessionVersion: sql`${users.sessionVersion} + 1` })
      .where(eq(users.id, userId))
      .returning({ version: users.sessionVersion });
    if (raised) await endSessionsBelow(ctx.env, userId, raised.version);
    return;
  }
  await ctx.db.insert(revokedSessions).values({ id: session!.id, userId, expiresAt: session!.expiresAt }).onConflictDoNothing();
  await endSession(ctx.env, ctx.principal);
}
