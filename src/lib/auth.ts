// Authentication and authorization middleware. `authenticated()` establishes the principal (401 on any doubt);
// `storeAccess(permission)` resolves the caller's standing in the path's store and checks the route's permission
// bit (403). `batchedStoreAccess(permission)` does the same for hot read routes in one round trip with their read
// (`withAuthBatch`). Routes declare them in their contract through `requires()` in ./route.ts.
// They spend the rate-limit budgets (./rate-limits.ts) off the critical path: the credential's as soon as its key is
// known (the token's hash, the JWT's subject), beside the D1 lookup; the store's once the caller is known to hold
// the route's bit, beside what still runs. The answers keep their order: 401, then 429, then 403.
// An address over the failed-authentication budget is refused before anything else (`bearerToken`).
// A session JWT also has to be still in force (not logged out): that check is joined into the membership lookup on
// a store's paths, so it adds no round trip there.
import type { Context, MiddlewareHandler } from "hono";
import { type SQL, and, eq, isNull, lt, sql } from "drizzle-orm";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import { apiTokens, memberships, users } from "../db/schema";
import { primaryDb, primaryReadDb, requestDb } from "./db";
import type { AppEnv, Db, PendingAccess, Principal, Role, StoreAccess, StoreReadCtx } from "./types";
import { forbidden, notFound, unauthenticated } from "./errors";
import { isUuid, nowIso } from "./ids";
import { type Permission, has } from "./permissions";
import { refuseAddressOverFailedAuth, startSpend, within } from "./rate-limits";
import { TOKEN_PREFIX, hashTokenValue, hasValidChecksum } from "./token-format";
import { type SessionRow, admitSession, sessionColumns, verifyJwt } from "./sessions";

type C = Context<AppEnv>;

const LAST_USED_RESOLUTION_MS = 60_000;

/** The raw bearer token; 401 without one. 429 first for an address over the failed-authentication budget. */
function bearerToken(c: C): string {
  refuseAddressOverFailedAuth(c);
  const match = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header("Authorization") ?? "");
  if (!match) throw unauthenticated();
  return match[1];
}

/** A PAT's lookup key. A bad checksum is a 401 before any database read. */
async function patHash(raw: string): Promise<string> {
  if (!hasValidChecksum(raw)) throw unauthenticated();
  return hashTokenValue(raw);
}

const dialect = new SQLiteAsyncDialect();

/**
 * Drizzle SQL as a D1 statement on `db` (the request's session, or the binding for batched reads). The access
 * lookups and the batched reads go to D1 directly: Drizzle 0.45's batch cannot bind raw SQL with parameters, and
 * the reads need D1's result meta.
 */
const d1Statement = (db: Db, query: SQL) => {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return db.$client.prepare(text).bind(...params);
};

type PatRow = Pick<typeof apiTokens.$inferSelect, "id" | "name" | "storeId" | "userId" | "issuedBy" | "scopes" | "expiresAt" | "lastUsedAt"> & {
  memberPermissions: string;
  role: Role;
};

/** One indexed query: the token and the issuing user's current membership. A removed member has no row. */
const patLookup = (db: Db, hash: string) =>
  d1Statement(
    db,
    sql`SELECT ${apiTokens.id} AS id, ${apiTokens.name} AS name, ${apiTokens.storeId} AS storeId,
        ${apiTokens.userId} AS userId, ${apiTokens.issuedBy} AS issuedBy, ${apiTokens.scopes} AS scopes, ${apiTokens.expiresAt} AS expiresAt,
        ${apiTokens.lastUsedAt} AS lastUsedAt, ${memberships.permissions} AS memberPermissions, ${memberships.role} AS role
      FROM ${apiTokens} INNER JOIN ${memberships}
        ON ${and(eq(memberships.storeId, apiTokens.storeId), eq(memberships.userId, apiTokens.userId))}
      WHERE ${and(eq(apiTokens.tokenHash, hash), isNull(apiTokens.revokedAt))} LIMIT 1`,
  );

/** The token rules on the lookup's row: 401 unless it exists and has not expired; sets the principal and store. */
function admitPat(c: C, row: PatRow | null): void {
  const now = Date.now();
  if (!row || (row.expiresAt && Date.parse(row.expiresAt) <= now)) throw unauthenticated();
  if (now - Date.parse(row.lastUsedAt) >= LAST_USED_RESOLUTION_MS) {
    c.executionCtx.waitUntil(touchLastUsed(primaryDb(c.env), row.id, now));
  }
  const scopes = BigInt(row.scopes);
  const memberPermissions = BigInt(row.memberPermissions);
  const effective = memberPermissions & scopes;
  c.set("store", { storeId: row.storeId, role: row.role, memberPermissions, permissions: effective });
  c.set("principal", {
    kind: "pat",
    userId: row.userId,
    token: { id: row.id, name: row.name, storeId: row.storeId, issuedBy: row.issuedBy, scopes, effective, role: row.role },
    session: null,
  });
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

/** The session check alone, for routes outside a store: one primary-key query. */
const sessionLookup = (db: Db, principal: Principal) =>
  d1Statement(
    db,
    sql`SELECT ${sessionColumns(principal.session!.id)} FROM ${users} WHERE ${eq(users.id, principal.userId)} LIMIT 1`,
  );

/**
 * The credential's budget (API.md section 11: one PAT, or all of a user's sessions), started the moment its key is
 * known and before the D1 lookup that decides whether the credential is real, so the two run side by side. A bogus
 * PAT spends the budget of a key nobody holds; its 401 comes first all the same (`within` runs after the lookup).
 */
const patBudget = (c: C, hash: string): Spending => ({ verdict: startSpend(c.env, "credential", `pat:${hash}`) });
const userBudget = (c: C, principal: Principal): Spending => ({ verdict: startSpend(c.env, "credential", `user:${principal.userId}`) });

/** A budget spend still running. Boxed: an async function returning a bare promise would wait for it. */
type Spending = { verdict: Promise<boolean> } | null;

/** The bearer token's principal: a PAT with its store standing, or a session JWT still in force. */
async function identify(c: C, raw: string): Promise<Spending> {
  if (raw.startsWith(TOKEN_PREFIX)) {
    const hash = await patHash(raw);
    const budget = patBudget(c, hash);
    admitPat(c, await patLookup(requestDb(c), hash).first<PatRow>());
    return budget;
  }
  const principal = await verifyJwt(c.env, raw);
  const budget = userBudget(c, principal);
  admitSession(principal, await sessionLookup(requestDb(c), principal).first<SessionRow>());
  c.set("principal", principal);
  return budget;
}

/** 401 unless the request carries a valid bearer token (the `bod_` prefix picks the verification); then 429. */
export const authenticated = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  if (!c.var.principal) await within(await identify(c, bearerToken(c)), "credential");
  await next();
};

/**
 * Once the caller's standing is known: 429 if the credential's budget is spent, 403 (`enterStore`), then the
 * store's budget. Only a request that passes the permission check spends the store's (API.md section 13: a 403
 * does not); that spend starts before the credential's verdict is awaited and is handed back unawaited, for the
 * caller to await when nothing else is left to run beside it.
 */
async function admitToStore(c: C, credential: Spending, access: StoreAccess | null, permission?: Needed): Promise<Spending> {
  const store = access && !missingBit(access, permission) ? { verdict: startSpend(c.env, "store", access.storeId) } : null;
  await within(credential, "credential");
  enterStore(c, access, permission);
  return store;
}

type MembershipRow = SessionRow & { role: Role | null; permissions: string | null };

/**
 * A session JWT on a store's path: the session check and the membership in one indexed query (the user's primary
 * key, the revoked-session primary key, the membership primary key). No membership: role and permissions null.
 */
const membershipLookup = (db: Db, storeId: string, principal: Principal) =>
  d1Statement(
    db,
    sql`SELECT ${sessionColumns(principal.session!.id)}, ${memberships.role} AS role, ${memberships.permissions} AS permissions
      FROM ${users} LEFT JOIN ${memberships} ON ${and(eq(memberships.storeId, storeId), eq(memberships.userId, users.id))}
      WHERE ${eq(users.id, principal.userId)} LIMIT 1`,
  );

/** The lookup's row for a session JWT: 401 if the session ended; the standing in the store (null: not a member). */
function membershipAccess(principal: Principal, storeId: string, row: MembershipRow | null): StoreAccess | null {
  admitSession(principal, row);
  if (!row?.role || row.permissions === null) return null;
  const mask = BigInt(row.permissions);
  return { storeId, role: row.role, memberPermissions: mask, permissions: mask };
}

/** The store rules once the caller's standing is known (null: not theirs), then the route's bit; 403 otherwise. */
/** What a route needs: one bit, or several that must all be held (403 names the first missing one). */
export type Needed = Permission | readonly Permission[];

const missingBit = (access: StoreAccess, needed?: Needed): Permission | undefined =>
  needed === undefined ? undefined : (typeof needed === "string" ? [needed] : needed).find((bit) => !has(access.permissions, bit));

function enterStore(c: C, access: StoreAccess | null, permission?: Needed): void {
  const isPat = c.var.principal.kind === "pat";
  if (!access) throw forbidden(isPat ? "This access token belongs to another store" : "You are not a member of this store");
  const missing = missingBit(access, permission);
  if (missing) throw forbidden(`This endpoint needs the ${missing} permission`, missing);
  c.set("store", access);
}

/** A PAT only works on its own store: its standing there was set by `admitPat`. */
const patAccess = (c: C, storeId: string) => (c.var.principal.token?.storeId === storeId ? c.var.store : null);

/**
 * The caller must be a member of the path's store (403 otherwise; a PAT only works on its own store) and, when
 * a permission is given, hold it in their effective permission (403 naming the missing bit).
 */
export const storeAccess = (permission?: Needed): MiddlewareHandler<AppEnv> => async (c, next) => {
  const storeId = c.req.param("store_id");
  // Null when an earlier middleware authenticated the request (and spent the credential's budget).
  let credential: Spending = null;
  if (!c.var.principal) {
    const raw = bearerToken(c);
    // A session JWT on a well-formed store path: its session check rides in the membership lookup (one query).
    if (raw.startsWith(TOKEN_PREFIX) || !isUuid(storeId)) credential = await identify(c, raw);
    else {
      const principal = await verifyJwt(c.env, raw);
      c.set("principal", principal);
      credential = userBudget(c, principal);
    }
  }
  if (!isUuid(storeId)) {
    await within(credential, "credential");
    throw notFound("Store");
  }
  const principal = c.var.principal;
  const access = principal.token
    ? patAccess(c, storeId)
    : membershipAccess(principal, storeId, await membershipLookup(requestDb(c), storeId, principal).first<MembershipRow>());
  // The handler may change data: the store's verdict comes before it runs.
  await within(await admitToStore(c, credential, access, permission), "store");
  await next();
};

/**
 * An access check whose lookup is prepared but not sent: it goes out with the route's read in one D1 batch
 * (`withAuthBatch`), or alone (`resolve`) when the request ends without that read. `admit` applies the same
 * rules as `storeAccess` to the lookup's row, and the read is handed back only after they pass.
 */
class PendingStoreAccess implements PendingAccess {
  private outcome: Promise<void> | null = null;

  constructor(
    readonly storeId: string,
    readonly db: Db,
    private readonly lookup: D1PreparedStatement,
    private readonly admit: (row: unknown) => void | Promise<void>,
  ) {}

  get sent() {
    return this.outcome !== null;
  }

  resolve(): Promise<void> {
    this.outcome ??= this.lookup.first().then(this.admit);
    return this.outcome;
  }

  async withRead<T>(read: D1PreparedStatement): Promise<D1Result<T>> {
    if (this.outcome) {
      await this.outcome;
      return read.run<T>();
    }
    const batch = this.db.$client.batch([this.lookup, read]);
    this.outcome = batch.then(([found]) => this.admit(found.results[0] ?? null));
    await this.outcome;
    return (await batch)[1] as D1Result<T>;
  }
}

const pendingAccess = <Row>(storeId: string, db: Db, lookup: D1PreparedStatement, admit: (row: Row | null) => Promise<void>) =>
  new PendingStoreAccess(storeId, db, lookup, admit as (row: unknown) => Promise<void>);

/**
 * `storeAccess` for hot read-only routes, in one D1 round trip instead of two: the token (or membership) lookup
 * is prepared here and sent in one batch with the route's read by `withAuthBatch`, straight on the binding (D1
 * sends it to the primary), so revocation, rotation and member removal still count on the very next request. Here
 * only what needs no database: no token, a bad checksum or a bad JWT is a 401 at once. The checks keep their order
 * (401, 403, then validation, then 404): a request that ends without the batch (failed validation, an error) has
 * its lookup run alone before the response leaves, and a failing check's 401/403 replaces that response.
 * Read-only routes only: the handler starts before the caller is known.
 */
export const batchedStoreAccess = (permission: Permission): MiddlewareHandler<AppEnv> => async (c, next) => {
  const raw = bearerToken(c);
  const storeId = c.req.param("store_id");
  // A malformed store id is a 404 after the token check: storeAccess answers that.
  if (!isUuid(storeId)) return storeAccess(permission)(c, next);
  // The lookup and the read are the request's one round trip: straight to the primary, no session needed.
  const db = primaryReadDb(c.env);
  let pending: PendingAccess;
  // The store's budget, started once the batch has shown the caller may read: it runs beside the handler's own
  // work on the rows, and its 429 replaces the response (nothing was changed: read-only routes).
  let store: Spending = null;
  if (raw.startsWith(TOKEN_PREFIX)) {
    const hash = await patHash(raw);
    const credential = patBudget(c, hash);
    pending = pendingAccess<PatRow>(storeId, db, patLookup(db, hash), async (row) => {
      admitPat(c, row);
      store = await admitToStore(c, credential, patAccess(c, storeId), permission);
    });
  } else {
    const principal = await verifyJwt(c.env, raw);
    const credential = userBudget(c, principal);
    pending = pendingAccess<MembershipRow>(storeId, db, membershipLookup(db, storeId, principal), async (row) => {
      const access = membershipAccess(principal, storeId, row);
      c.set("principal", principal);
      store = await admitToStore(c, credential, access, permission);
    });
  }
  c.set("pendingAccess", pending);
  await next();
  if (!pending.sent) await pending.resolve();
  await within(store, "store");
};

/** Runs a read-only route's one read: with its pending access check when there is one (`batchedStoreAccess`). */
export function withAuthBatch<T>(ctx: StoreReadCtx, query: SQL): Promise<D1Result<T>> {
  const read = d1Statement(ctx.db, query);
  return ctx.access ? ctx.access.withRead<T>(read) : read.run<T>();
}

/** For endpoints that belong to a person's session (creating stores, accepting invites): no PATs. */
export const sessionOnly = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  await authenticated()(c, async () => {});
  if (c.var.principal.kind !== "jwt") throw forbidden("This endpoint needs a session token from POST /login");
  await next();
};
