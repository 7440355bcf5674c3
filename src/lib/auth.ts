// Authentication and authorization middleware. `authenticated()` establishes the principal (401 on any doubt);
// `storeAccess(permission)` resolves the caller's standing in the path's store and checks the route's permission
// bit (403). `batchedStoreAccess(permission)` does the same for hot read routes in one round trip with their read
// (`withAuthBatch`). Routes declare them in their contract through `requires()` in ./route.ts.
// They spend the rate-limit budgets (./rate-limits.ts) off the critical path: the credential's as soon as its key is
// known (the token's hash, the JWT's subject), beside the D1 lookup; the store's once the caller is known to hold
// the route's bit, beside what still runs. The answers keep their order: 401, then 429, then 403.
// An address over the failed-authentication budget is refused before anything else (`bearerToken`).
// A session JWT also has to be still in force (not logged out): that check asks the user's session object
// (./sessions.ts), sent at the same time as the store database's lookup, so it adds no round trip and no D1 query.
// Which database: the path's store is looked up in the isolate's cache of the directory (./store-db.ts); the store
// database's own row rides in every lookup, and a row that is missing there or says the store left makes the check
// read the directory again and retry once (`onStore`). A PAT is looked up in the path store's database; one found
// nowhere there is looked for through the directory's token index (a PAT of another store, or any PAT off a store's
// path, such as GET /me).
import type { Context, MiddlewareHandler } from "hono";
import { type SQL, and, eq, lt, sql } from "drizzle-orm";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import { apiTokens, memberships, stores } from "../db/schema";
import { isReadOnly } from "./db";
import { storePaused } from "./d1-overload";
import { type Placement, dbOf, forgetPlacement, placementOf, readDbOf, shardBinding } from "./store-db";
import type { AppEnv, Db, PendingAccess, Principal, Role, StoreAccess, StoreReadCtx } from "./types";
import { forbidden, notFound, unauthenticated } from "./errors";
import { isUuid, nowIso } from "./ids";
import { type Permission, has } from "./permissions";
import { refuseAddressOverFailedAuth, startSpend, within } from "./rate-limits";
import { TOKEN_PREFIX, hashTokenValue, hasValidChecksum } from "./token-format";
import { type SessionRow, admitSession, readSession, verifyJwt } from "./sessions";
import { shardNameOf, spendWrite } from "./write-budget";

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

/** A store's state in the database that answered (`stores.state`; migrations/store/0015_store_pause.sql). */
type HereState = "active" | "incoming" | "moving" | "moved" | "purging";

/** The database that answered no longer holds the store, or does not hold it yet: ask the directory again. */
const left = (state: HereState) => state === "moved" || state === "purging" || state === "incoming";

type PatRow = Pick<typeof apiTokens.$inferSelect, "id" | "name" | "storeId" | "userId" | "issuedBy" | "scopes" | "expiresAt" | "lastUsedAt" | "revokedAt"> & {
  memberPermissions: string;
  role: Role;
  storeState: HereState;
};

/**
 * One indexed query: the token, the issuing user's current membership and the store's state here. A revoked token
 * is returned too (and refused by `admitPat`): found in the path store's database it is known dead there, so the
 * directory's token index is not asked.
 */
const patLookup = (db: Db, hash: string) =>
  d1Statement(
    db,
    sql`SELECT ${apiTokens.id} AS id, ${apiTokens.name} AS name, ${apiTokens.storeId} AS storeId,
        ${apiTokens.userId} AS userId, ${apiTokens.issuedBy} AS issuedBy, ${apiTokens.scopes} AS scopes, ${apiTokens.expiresAt} AS expiresAt,
        ${apiTokens.lastUsedAt} AS lastUsedAt, ${apiTokens.revokedAt} AS revokedAt, ${memberships.permissions} AS memberPermissions, ${memberships.role} AS role,
        ${stores.state} AS storeState
      FROM ${apiTokens} INNER JOIN ${memberships}
        ON ${and(eq(memberships.storeId, apiTokens.storeId), eq(memberships.userId, apiTokens.userId))}
        INNER JOIN ${stores} ON ${eq(stores.id, apiTokens.storeId)}
      WHERE ${eq(apiTokens.tokenHash, hash)} LIMIT 1`,
  );

/** A PAT found in a database, with that database. */
type FoundPat = { row: PatRow; binding: D1Database };

/**
 * A statement sent to a store's database, and how to tell from its row that the database does not hold the store
 * (a stale cache entry): then the directory is read again and the statement sent once more where it says.
 */
interface Lookup<Row> {
  statement(db: Db): D1PreparedStatement;
  stale(row: Row | null): boolean;
}

type Sent<Row, T> = { row: Row | null; read?: D1Result<T>; placement: Placement };

/**
 * Sends `lookup` (with `read` in the same batch: one round trip) to the database holding the store; after a stale
 * answer, once more where the directory now says. The lookups read, so they go to the binding itself (the primary,
 * where revocations land first), tried once more on overload. Records the database for the request (`requestDb`).
 */
async function onStore<Row, T = unknown>(c: C, placement: Placement, lookup: Lookup<Row>, read?: SQL): Promise<Sent<Row, T>> {
  const send = async (p: Placement): Promise<Sent<Row, T>> => {
    const db = readDbOf(shardBinding(c.env, p.shard));
    if (!read) return { row: (await lookup.statement(db).first<Row>()) ?? null, placement: p };
    const [found, result] = await db.$client.batch([lookup.statement(db), d1Statement(db, read)]);
    return { row: (found.results[0] as Row | undefined) ?? null, read: result as D1Result<T>, placement: p };
  };
  let sent = await send(placement);
  if (lookup.stale(sent.row)) {
    forgetPlacement(placement.storeId);
    const fresh = await placementOf(c.env, placement.storeId, true);
    if (fresh && fresh.shard !== placement.shard) sent = await send(fresh);
  }
  c.set("storeBinding", shardBinding(c.env, sent.placement.shard));
  return sent;
}

/** The PAT lookup on a store's path: stale when the token is the path store's and that store has left. */
const patOn = (storeId: string, hash: string): Lookup<PatRow> => ({
  statement: (db) => patLookup(db, hash),
  stale: (row) => row !== null && row.storeId === storeId && left(row.storeState),
});

/**
 * A PAT the path store's database did not have (`tried`: that database, null when the path names no store): the
 * directory's token index names its store, whose database has the word. Null: no such live token.
 */
async function patElsewhere(c: C, hash: string, tried: string | null): Promise<FoundPat | null> {
  const indexed = await c.env.DIRECTORY.prepare("SELECT store_id FROM token_index WHERE token_hash = ?").bind(hash).first<{ store_id: string }>();
  if (!indexed) return null;
  const placement = await placementOf(c.env, indexed.store_id, tried !== null);
  if (!placement || placement.shard === tried) return null;
  const binding = shardBinding(c.env, placement.shard);
  const row = await patLookup(readDbOf(binding), hash).first<PatRow>();
  return row && { row, binding };
}

/** A PAT's row wherever it is: in the path store's database first (one query when it is that store's). */
async function findPat(c: C, hash: string, storeId: string | null): Promise<FoundPat | null> {
  let tried: string | null = null;
  const placement = storeId ? await placementOf(c.env, storeId) : null;
  if (placement) {
    const sent = await onStore(c, placement, patOn(storeId!, hash));
    if (sent.row) return { row: sent.row, binding: shardBinding(c.env, sent.placement.shard) };
    tried = sent.placement.shard;
  }
  return patElsewhere(c, hash, tried);
}

/** The token rules on the lookup's row: 401 unless it exists, is not revoked and has not expired; sets the principal and store. */
function admitPat(c: C, found: FoundPat | null): void {
  const now = Date.now();
  const row = found?.row;
  if (!found || !row || row.revokedAt || (row.expiresAt && Date.parse(row.expiresAt) <= now)) throw unauthenticated();
  // Not while a move has paused the store's writes: the store database would refuse the update.
  if (row.storeState === "active" && now - Date.parse(row.lastUsedAt) >= LAST_USED_RESOLUTION_MS) {
    c.executionCtx.waitUntil(touchLastUsed(dbOf(found.binding), row.id, now));
  }
  const scopes = BigInt(row.scopes);
  const memberPermissions = BigInt(row.memberPermissions);
  const effective = memberPermissions & scopes;
  c.set("store", { storeId: row.storeId, role: row.role, memberPermissions, permissions: effective, paused: row.storeState === "moving" });
  c.set("patBinding", found.binding);
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
    admitPat(c, await findPat(c, hash, null));
    return budget;
  }
  const principal = await verifyJwt(c.env, raw);
  const budget = userBudget(c, principal);
  admitSession(principal, await readSession(c.env, principal));
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

type MembershipRow = { storeState: HereState; role: Role | null; permissions: string | null };

/**
 * A session JWT on a store's path: the store's state here and the user's membership, one indexed query (the two
 * primary keys). No membership: role and permissions null; no row at all: the store is not in this database.
 */
const membershipLookup = (storeId: string, principal: Principal): Lookup<MembershipRow> => ({
  statement: (db) =>
    d1Statement(
      db,
      sql`SELECT ${stores.state} AS storeState, ${memberships.role} AS role, ${memberships.permissions} AS permissions
        FROM ${stores} LEFT JOIN ${memberships} ON ${and(eq(memberships.storeId, stores.id), eq(memberships.userId, principal.userId))}
        WHERE ${eq(stores.id, storeId)} LIMIT 1`,
    ),
  stale: (row) => row === null || left(row.storeState),
});

/** The session check, started now: the user's session object answers while the store's database answers the membership. */
function sessionCheck(c: C, principal: Principal): Promise<SessionRow | null> {
  const pending = readSession(c.env, principal);
  pending.catch(() => {}); // awaited by the caller; this only keeps an early error from being reported unhandled
  return pending;
}

/** The standing of a session JWT's user in the store (null: not a member, or no such store). */
function membershipAccess(storeId: string, row: MembershipRow | null): StoreAccess | null {
  if (!row?.role || row.permissions === null) return null;
  const mask = BigInt(row.permissions);
  return { storeId, role: row.role, memberPermissions: mask, permissions: mask, paused: row.storeState === "moving" };
}

/** A JWT's membership in the path's store, from its database (no such store: null, a 403 like any non-member's). */
async function jwtStanding(c: C, storeId: string, principal: Principal): Promise<StoreAccess | null> {
  const placement = await placementOf(c.env, storeId);
  if (!placement) return null;
  return membershipAccess(storeId, (await onStore(c, placement, membershipLookup(storeId, principal))).row);
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
  // A move has paused the store's writes (API.md section 14): reads go on. The store databases' triggers refuse
  // a write that passed this check just before the pause.
  if (access.paused && !isReadOnly(c)) throw storePaused();
  c.set("store", access);
}

/** A PAT only works on its own store: its standing there was set by `admitPat`, with the database it was found in. */
function patAccess(c: C, storeId: string): StoreAccess | null {
  const token = c.var.principal.token;
  if (token?.storeId !== storeId) return null;
  c.set("storeBinding", c.var.patBinding);
  return c.var.store;
}

/**
 * The caller must be a member of the path's store (403 otherwise; a PAT only works on its own store) and, when
 * a permission is given, hold it in their effective permission (403 naming the missing bit).
 */
export const storeAccess = (permission?: Needed): MiddlewareHandler<AppEnv> => async (c, next) => {
  const storeId = c.req.param("store_id") ?? "";
  // Null when an earlier middleware authenticated the request (and spent the credential's budget).
  let credential: Spending = null;
  let session: Promise<SessionRow | null> | null = null;
  if (!c.var.principal) {
    const raw = bearerToken(c);
    if (!isUuid(storeId)) credential = await identify(c, raw);
    else if (raw.startsWith(TOKEN_PREFIX)) {
      const hash = await patHash(raw);
      credential = patBudget(c, hash);
      admitPat(c, await findPat(c, hash, storeId));
    } else {
      // A session JWT on a well-formed store path: its session check (directory) runs beside the membership lookup.
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
  if (principal.token) access = patAccess(c, storeId);
  else {
    const standing = jwtStanding(c, storeId, principal);
    standing.catch(() => {}); // awaited below, after the session's verdict (401 comes first)
    if (session) admitSession(principal, await session);
    access = await standing;
  }
  // The handler may change data: the store's verdict comes before it runs, then a change's write budgets.
  await within(await admitToStore(c, credential, access, permission), "store");
  if (!isReadOnly(c)) await spendWrite(c.env, access!.storeId, shardNameOf(c.env, c.var.storeBinding!));
  await next();
};

/**
 * An access check whose lookup is prepared but not sent: it goes out with the route's read in one D1 batch
 * (`withAuthBatch`), or alone (`resolve`) when the request ends without that read. `admit` applies the same
 * rules as `storeAccess` to the lookup's row, and the read is handed back only after they pass. A stale placement
 * (the store left the database the cache named) sends the batch once more where the directory says.
 */
class PendingStoreAccess<Row> implements PendingAccess {
  private outcome: Promise<void> | null = null;

  constructor(
    private readonly c: C,
    private placement: Placement,
    private readonly lookup: Lookup<Row>,
    private readonly admit: (row: Row | null, shard: string) => Promise<void>,
  ) {}

  get storeId() {
    return this.placement.storeId;
  }

  get db() {
    return readDbOf(shardBinding(this.c.env, this.placement.shard));
  }

  get sent() {
    return this.outcome !== null;
  }

  private send<T>(read?: SQL) {
    const sent = onStore<Row, T>(this.c, this.placement, this.lookup, read);
    this.outcome = sent.then((answer) => {
      this.placement = answer.placement;
      return this.admit(answer.row, answer.placement.shard);
    });
    return sent;
  }

  resolve(): Promise<void> {
    if (!this.outcome) this.send();
    return this.outcome!;
  }

  async withRead<T>(read: SQL): Promise<D1Result<T>> {
    if (this.outcome) {
      await this.outcome;
      return d1Statement(this.db, read).run<T>();
    }
    const sent = this.send<T>(read);
    await this.outcome;
    return (await sent).read!;
  }
}

/**
 * `storeAccess` for hot read-only routes, in one D1 round trip instead of two: the token (or membership) lookup
 * is prepared here and sent in one batch with the route's read by `withAuthBatch`, straight on the store database's
 * binding (D1 sends it to the primary), so revocation, rotation and member removal still count on the very next
 * request. Here only what needs no database: no token, a bad checksum or a bad JWT is a 401 at once. The checks
 * keep their order (401, 403, then validation, then 404): a request that ends without the batch (failed
 * validation, an error) has its lookup run alone before the response leaves, and a failing check's 401/403
 * replaces that response. A store this isolate has not placed yet costs one directory read first; a PAT that the
 * store's database does not have is looked for through the token index (`findPat`). Read-only routes only: the
 * handler starts before the caller is known.
 */
export const batchedStoreAccess = (permission: Permission): MiddlewareHandler<AppEnv> => async (c, next) => {
  const raw = bearerToken(c);
  const storeId = c.req.param("store_id") ?? "";
  // A malformed store id is a 404 after the token check: storeAccess answers that.
  if (!isUuid(storeId)) return storeAccess(permission)(c, next);
  // What needs no database first: a bad checksum or a bad JWT is a 401 before any query.
  const isPat = raw.startsWith(TOKEN_PREFIX);
  const hash = isPat ? await patHash(raw) : "";
  const principal = isPat ? null : await verifyJwt(c.env, raw);
  // A store no database holds is a 403 (or a 401) from storeAccess, which does not need the store's database.
  const placement = await placementOf(c.env, storeId);
  if (!placement) return storeAccess(permission)(c, next);
  let pending: PendingAccess;
  // The store's budget, started once the batch has shown the caller may read: it runs beside the handler's own
  // work on the rows, and its 429 replaces the response (nothing was changed: read-only routes).
  let store: Spending = null;
  if (!principal) {
    const credential = patBudget(c, hash);
    pending = new PendingStoreAccess<PatRow>(c, placement, patOn(storeId, hash), async (row, shard) => {
      admitPat(c, row ? { row, binding: shardBinding(c.env, shard) } : await patElsewhere(c, hash, shard));
      store = await admitToStore(c, credential, patAccess(c, storeId), permission);
    });
  } else {
    const credential = userBudget(c, principal);
    const session = sessionCheck(c, principal);
    pending = new PendingStoreAccess<MembershipRow>(c, placement, membershipLookup(storeId, principal), async (row) => {
      admitSession(principal, await session);
      c.set("principal", principal);
      store = await admitToStore(c, credential, membershipAccess(storeId, row), permission);
    });
  }
  c.set("pendingAccess", pending);
  await next();
  if (!pending.sent) await pending.resolve();
  await within(store, "store");
};

/** Runs a read-only route's one read: with its pending access check when there is one (`batchedStoreAccess`). */
export function withAuthBatch<T>(ctx: StoreReadCtx, query: SQL): Promise<D1Result<T>> {
  return ctx.access ? ctx.access.withRead<T>(query) : d1Statement(ctx.db, query).run<T>();
}

/** For endpoints that belong to a person's session (creating stores, accepting invites): no PATs. */
export const sessionOnly = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  await authenticated()(c, async () => {});
  if (c.var.principal.kind !== "jwt") throw forbidden("This endpoint needs a session token from POST /login");
  await next();
};
