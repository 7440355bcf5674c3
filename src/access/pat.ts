// How a personal access token (`bod_`, docs/api/05-personal-access-tokens.md) is checked: the checksum before any query, then one
// indexed query in the path store's database (the token, its user's current membership, the store's state), or,
// for a PAT that database does not have (another store's, or any PAT off a store's path such as GET /me), through
// the directory's token index (./lookups.ts). Effective permission = the user's current membership AND the token's scope.
import { and, eq, lt, sql } from "drizzle-orm";
import { apiTokens, memberships, stores } from "../db/schema";
import { dbOf } from "../placement/store-db";
import type { Db, Role } from "../lib/types";
import { unauthenticated } from "../lib/errors";
import { nowIso } from "../lib/ids";
import { startSpend } from "./budgets";
import { type C, type Found, type HereState, type Lookup, type Spending, d1Statement, findKey, foundElsewhere, left } from "./lookups";
import { hashTokenValue, hasValidChecksum } from "./token-format";

const LAST_USED_RESOLUTION_MS = 60_000;

/** A PAT's lookup key. A bad checksum is a 401 before any database read. */
export async function patHash(raw: string): Promise<string> {
  if (!hasValidChecksum(raw)) throw unauthenticated();
  return hashTokenValue(raw);
}

export type PatRow = Pick<
  typeof apiTokens.$inferSelect,
  "id" | "name" | "storeId" | "userId" | "issuedBy" | "scopes" | "expiresAt" | "lastUsedAt" | "revokedAt" | "apiVersion"
> & {
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
        ${apiTokens.lastUsedAt} AS lastUsedAt, ${apiTokens.revokedAt} AS revokedAt, ${apiTokens.apiVersion} AS apiVersion, ${memberships.permissions} AS memberPermissions, ${memberships.role} AS role,
        ${stores.state} AS storeState
      FROM ${apiTokens} INNER JOIN ${memberships}
        ON ${and(eq(memberships.storeId, apiTokens.storeId), eq(memberships.userId, apiTokens.userId))}
        INNER JOIN ${stores} ON ${eq(stores.id, apiTokens.storeId)}
      WHERE ${eq(apiTokens.tokenHash, hash)} LIMIT 1`,
  );

/** A PAT found in a database, with that database. */
export type FoundPat = Found<PatRow>;

/** The PAT lookup on a store's path: stale when the token is the path store's and that store has left. */
export const patOn = (storeId: string, hash: string): Lookup<PatRow> => ({
  statement: (db) => patLookup(db, hash),
  stale: (row) => row !== null && row.storeId === storeId && left(row.storeState),
});

/** A PAT the path store's database did not vouch for, through the directory's token index. */
export const patElsewhere = (c: C, hash: string, tried: string | null) =>
  foundElsewhere<PatRow>(c, "SELECT store_id FROM token_index WHERE token_hash = ?", hash, tried, patLookup);

/** A PAT's row wherever it is: in the path store's database first (one query when it is that store's). */
export const findPat = (c: C, hash: string, storeId: string | null): Promise<FoundPat | null> =>
  findKey(
    c,
    storeId,
    (id) => patOn(id, hash),
    (tried) => patElsewhere(c, hash, tried),
  );

/** The token rules on the lookup's row: 401 unless it exists, is not revoked and has not expired; sets the principal and store. */
export function admitPat(c: C, found: FoundPat | null): void {
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
    apiVersion: row.apiVersion,
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
 * The PAT's own budget (docs/api/11-limits-retries-sessions.md), started the moment its key is known and before the D1 lookup that
 * decides whether it is real, so the two run side by side. A bogus PAT spends the budget of a key nobody holds;
 * its 401 comes first all the same (`within` runs after the lookup).
 */
export const patBudget = (c: C, hash: string): Spending => ({ verdict: startSpend(c.env, "credential", `pat:${hash}`) });
