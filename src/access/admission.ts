// Admission: `authenticated()` establishes the principal (401 on any doubt); `storeAccess(permission)` resolves the
// caller's standing in the path's store and checks the route's permission bit (403); `sessionOnly()` admits a
// person's session JWT only. Routes declare them in their contract through `requires()` in src/lib/route.ts.
// Each credential kind's own check is in its file (./pat.ts, ./integration.ts, ./session.ts); hot read routes use
// ./batched.ts.
// The budgets (./budgets.ts) are spent off the critical path: the credential's as soon as its key is known (the
// token's hash, the JWT's subject), beside the D1 lookup; the store's once the caller is known to hold the route's
// bit, beside what still runs. The answers keep their order: 401, then 429, then 403. A change then spends its
// store's and its store database's write budgets (./write-budget.ts).
// An address over the failed-authentication budget is refused before anything else (`bearerToken`).
import type { MiddlewareHandler } from "hono";
import { isReadOnly } from "../lib/db";
import { storePaused } from "../lib/d1-overload";
import type { AppEnv, StoreAccess } from "../lib/types";
import { forbidden, notFound } from "../lib/errors";
import { isUuid } from "../lib/ids";
import { type Permission, has } from "../lib/permissions";
import { type SessionRow, admitSession, readSession, verifyJwt } from "./sessions";
import { startSpend, within } from "./budgets";
import { type C, type Spending, bearerToken } from "./lookups";
import { admitIntegration, findIntegration, integrationBudget, integrationKeyHash } from "./integration";
import { admitPat, findPat, patBudget, patHash } from "./pat";
import { jwtStanding, sessionCheck, userBudget } from "./session";
import { shardNameOf, spendWrite } from "./write-budget";
import { INTEGRATION_PREFIX, TOKEN_PREFIX } from "./token-format";

/** A key bound to one store (a PAT, or an integration's key), as opposed to a person's session JWT. */
export const isStoreKey = (raw: string) => raw.startsWith(TOKEN_PREFIX) || raw.startsWith(INTEGRATION_PREFIX);

/**
 * A store-bound key's check, picked by its prefix: its budget starts once its hash is known, beside the lookup
 * (in `storeId`'s database first, when the path names one); sets the principal and its standing in its store.
 */
async function admitKey(c: C, raw: string, storeId: string | null): Promise<Spending> {
  if (raw.startsWith(INTEGRATION_PREFIX)) {
    const hash = await integrationKeyHash(raw);
    const budget = integrationBudget(c, hash);
    admitIntegration(c, await findIntegration(c, hash, storeId));
    return budget;
  }
  const hash = await patHash(raw);
  const budget = patBudget(c, hash);
  admitPat(c, await findPat(c, hash, storeId));
  return budget;
}

/** The bearer token's principal: a store-bound key with its store standing, or a session JWT still in force. */
async function identify(c: C, raw: string): Promise<Spending> {
  if (isStoreKey(raw)) return admitKey(c, raw, null);
  const principal = await verifyJwt(c.env, raw);
  const budget = userBudget(c, principal);
  admitSession(principal, await readSession(c.env, principal));
  c.set("principal", principal);
  return budget;
}

/** 401 unless the request carries a valid bearer token (the `bod_` / `boi_` prefix picks the verification); then 429. */
export const authenticated = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  if (!c.var.principal) await within(await identify(c, bearerToken(c)), "credential");
  await next();
};

/**
 * What a route needs: one bit, several that must all be held (403 names the first missing one), or `anyOf` bits of
 * which the service decides which one the request needs (holding none is a 403 naming the first).
 */
export type Needed = Permission | readonly Permission[] | { readonly anyOf: readonly Permission[] };

const missingBit = (access: StoreAccess, needed?: Needed): Permission | undefined => {
  if (needed === undefined) return undefined;
  if (typeof needed === "object" && "anyOf" in needed) return needed.anyOf.some((bit) => has(access.permissions, bit)) ? undefined : needed.anyOf[0];
  return (typeof needed === "string" ? [needed] : needed).find((bit) => !has(access.permissions, bit));
};

const neededText = (needed: Needed | undefined, missing: Permission) =>
  needed !== undefined && typeof needed === "object" && "anyOf" in needed ? needed.anyOf.join(" or ") : missing;

/**
 * Once the caller's standing is known: 429 if the credential's budget is spent, 403 (`enterStore`), then the
 * store's budget. Only a request that passes the permission check spends the store's (docs/api/13-security.md: a 403
 * does not); that spend starts before the credential's verdict is awaited and is handed back unawaited, for the
 * caller to await when nothing else is left to run beside it.
 */
export async function admitToStore(c: C, credential: Spending, access: StoreAccess | null, permission?: Needed): Promise<Spending> {
  const store = access && !missingBit(access, permission) ? { verdict: startSpend(c.env, "store", access.storeId) } : null;
  await within(credential, "credential");
  enterStore(c, access, permission);
  return store;
}

/** The store rules once the caller's standing is known (null: not theirs), then the route's bit; 403 otherwise. */
function enterStore(c: C, access: StoreAccess | null, permission?: Needed): void {
  const isKey = c.var.principal.kind !== "jwt";
  if (!access) throw forbidden(isKey ? "This access token belongs to another store" : "You are not a member of this store");
  const missing = missingBit(access, permission);
  if (missing) throw forbidden(`This endpoint needs the ${neededText(permission, missing)} permission`, missing);
  // A move has paused the store's writes (docs/api/14-store-databases-and-operators.md): reads go on. The store databases' triggers refuse
  // a write that passed this check just before the pause.
  if (access.paused && !isReadOnly(c)) throw storePaused();
  c.set("store", access);
}

/**
 * A store-bound key only works on its own store: its standing there was set by its check (`admitPat`,
 * `admitIntegration`), with the database it was found in.
 */
export function keyAccess(c: C, storeId: string): StoreAccess | null {
  const { token, integration } = c.var.principal;
  if ((token?.storeId ?? integration?.storeId) !== storeId) return null;
  c.set("storeBinding", c.var.patBinding);
  return c.var.store;
}

/**
 * The caller must be a member of the path's store (403 otherwise; a PAT only works on its own store) and, when
 * a permission is given, hold it in their effective permission (403 naming the missing bit).
 */
export const storeAccess =
  (permission?: Needed): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    const storeId = c.req.param("store_id") ?? "";
    // Null when an earlier middleware authenticated the request (and spent the credential's budget).
    let credential: Spending = null;
    let session: Promise<SessionRow | null> | null = null;
    if (!c.var.principal) {
      const raw = bearerToken(c);
      if (!isUuid(storeId)) credential = await identify(c, raw);
      else if (isStoreKey(raw)) credential = await admitKey(c, raw, storeId);
      else {
        // A session JWT on a well-formed store path: its session check (its session object) runs beside the membership lookup.
        const principal = await verifyJwt(c.env, raw);
        credential = userBudget(c, principal);
        session = sessionCheck(c, principal);
        c.set("principal", principal);
      }
    }
    if (!isUuid(storeId)) {
      await within(credential, "credential");
      throw notFound("Store");
    }
    const principal = c.var.principal;
    let access: StoreAccess | null;
    if (principal.kind !== "jwt") access = keyAccess(c, storeId);
    else {
      const standing = jwtStanding(c, storeId, principal);
      standing.catch(() => {}); // awaited below, after the session's verdict (401 comes first)
      if (session) admitSession(principal, await session);
      access = await standing;
    }
    // The handler may change data: the store's verdict comes before it runs, then a change's write budgets (every
    // principal's: a session's, a PAT's, an integration's key's).
    await within(await admitToStore(c, credential, access, permission), "store");
    if (!isReadOnly(c)) await spendWrite(c.env, access!.storeId, shardNameOf(c.env, c.var.storeBinding!));
    await next();
  };

/** For endpoints that belong to a person's session (creating stores, accepting invites): no PATs, no integrations. */
export const sessionOnly = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  await authenticated()(c, async () => {});
  if (c.var.principal.kind !== "jwt") throw forbidden("This endpoint needs a session token from POST /login");
  await next();
};
