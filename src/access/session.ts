// How a session JWT is checked on a request (the JWT's own rules are in src/access/sessions.ts): the session's state
// (not logged out, not below the user's session version) from the user's session object (src/access/session-object.ts,
// no D1 query), and the user's membership in the path's store, read from the store's database. The two are asked at
// the same time, so the session check adds no round trip and no DIRECTORY query.
import { and, eq, sql } from "drizzle-orm";
import { memberships, stores } from "../db/schema";
import { placementOf } from "../placement/store-db";
import type { Principal, Role, StoreAccess } from "../lib/types";
import { type SessionRow, readSession } from "./sessions";
import { startSpend } from "./budgets";
import { type C, type HereState, type Lookup, type Spending, d1Statement, left, onStore } from "./lookups";

/** The session check, started now: the user's session object answers while the store's database answers the membership. */
export function sessionCheck(c: C, principal: Principal): Promise<SessionRow | null> {
  const pending = readSession(c.env, principal);
  pending.catch(() => {}); // awaited by the caller; this only keeps an early error from being reported unhandled
  return pending;
}

/** One user's sessions share one budget (docs/api/11-limits-retries-sessions.md), started as soon as the JWT's subject is known. */
export const userBudget = (c: C, principal: Principal): Spending => ({ verdict: startSpend(c.env, "credential", `user:${principal.userId}`) });

export type MembershipRow = { storeState: HereState; role: Role | null; permissions: string | null };

/**
 * A session JWT on a store's path: the store's state here and the user's membership, one indexed query (the two
 * primary keys). No membership: role and permissions null; no row at all: the store is not in this database.
 */
export const membershipLookup = (storeId: string, principal: Principal): Lookup<MembershipRow> => ({
  statement: (db) =>
    d1Statement(
      db,
      sql`SELECT ${stores.state} AS storeState, ${memberships.role} AS role, ${memberships.permissions} AS permissions
        FROM ${stores} LEFT JOIN ${memberships} ON ${and(eq(memberships.storeId, stores.id), eq(memberships.userId, principal.userId!))}
        WHERE ${eq(stores.id, storeId)} LIMIT 1`,
    ),
  stale: (row) => row === null || left(row.storeState),
});

/** The standing of a session JWT's user in the store (null: not a member, or no such store). */
export function membershipAccess(storeId: string, row: MembershipRow | null): StoreAccess | null {
  if (!row?.role || row.permissions === null) return null;
  const mask = BigInt(row.permissions);
  return { storeId, role: row.role, memberPermissions: mask, permissions: mask, paused: row.storeState === "moving" };
}

/** A JWT's membership in the path's store, from its database (no such store: null, a 403 like any non-member's). */
export async function jwtStanding(c: C, storeId: string, principal: Principal): Promise<StoreAccess | null> {
  const placement = await placementOf(c.env, storeId);
  if (!placement) return null;
  return membershipAccess(storeId, (await onStore(c, placement, membershipLookup(storeId, principal))).row);
}
