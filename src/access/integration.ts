// How an integration's key (`boi_`, docs/api/16-integrations.md) is checked. Built like a PAT (./token-format.ts): the
// checksum before any query, then one indexed query in the path store's database that finds the key by its current
// value or by the previous one a rotation kept working, with the store's state; a key that database does not have
// (another store's, or any key off a store's path such as GET /me) is looked for through the directory's
// `integration_key_index`. The key's effective permission is its scope: it follows no user, so nothing about its
// creator (removed, demoted) is read. The key is 401 once revoked, and a previous value once its time is up.
import { and, eq, lt, sql } from "drizzle-orm";
import { integrations, stores } from "../db/schema";
import { dbOf } from "../placement/store-db";
import type { Db } from "../lib/types";
import { unauthenticated } from "../lib/errors";
import { nowIso } from "../lib/ids";
import { startSpend } from "./budgets";
import { type C, type Found, type HereState, type Lookup, type Spending, d1Statement, findKey, foundElsewhere, left } from "./lookups";
import { INTEGRATION_PREFIX, hashTokenValue, hasValidChecksum } from "./token-format";

const LAST_USED_RESOLUTION_MS = 60_000;

/** An integration key's lookup key. A bad checksum is a 401 before any database read. */
export async function integrationKeyHash(raw: string): Promise<string> {
  if (!hasValidChecksum(raw, INTEGRATION_PREFIX)) throw unauthenticated();
  return hashTokenValue(raw);
}

export type IntegrationRow = {
  id: string;
  name: string;
  storeId: string;
  scopes: string;
  lastUsedAt: string;
  revokedAt: string | null;
  /** 1 when the value sent is the previous one, kept working by a rotation until `previousExpiresAt`. */
  previous: number;
  previousExpiresAt: string | null;
  /** The key's pinned API version (docs/api-versions.md). */
  apiVersion: string;
  storeState: HereState;
};

/** One query over the two unique hash indexes (SQLite answers the OR with both), joined to the store's state. */
const integrationLookup = (db: Db, hash: string) =>
  d1Statement(
    db,
    sql`SELECT ${integrations.id} AS id, ${integrations.name} AS name, ${integrations.storeId} AS storeId,
        ${integrations.scopes} AS scopes, ${integrations.lastUsedAt} AS lastUsedAt, ${integrations.revokedAt} AS revokedAt,
        (${integrations.tokenHash} <> ${hash}) AS previous, ${integrations.previousExpiresAt} AS previousExpiresAt,
        ${integrations.apiVersion} AS apiVersion,
        ${stores.state} AS storeState
      FROM ${integrations} INNER JOIN ${stores} ON ${eq(stores.id, integrations.storeId)}
      WHERE ${integrations.tokenHash} = ${hash} OR ${integrations.previousTokenHash} = ${hash} LIMIT 1`,
  );

/** The key's lookup on a store's path: stale when the key is the path store's and that store has left. */
export const integrationOn = (storeId: string, hash: string): Lookup<IntegrationRow> => ({
  statement: (db) => integrationLookup(db, hash),
  stale: (row) => row !== null && row.storeId === storeId && left(row.storeState),
});

/** A key the path store's database did not vouch for, through the directory's index. */
export const integrationElsewhere = (c: C, hash: string, tried: string | null) =>
  foundElsewhere<IntegrationRow>(c, "SELECT store_id FROM integration_key_index WHERE key_hash = ?", hash, tried, integrationLookup);

/** The key's row wherever it is: in the path store's database first (one query when it is that store's). */
export const findIntegration = (c: C, hash: string, storeId: string | null) =>
  findKey(
    c,
    storeId,
    (id) => integrationOn(id, hash),
    (tried) => integrationElsewhere(c, hash, tried),
  );

/** 401 unless the key exists, is not revoked and, for a previous value, its time is not up; sets the principal. */
export function admitIntegration(c: C, found: Found<IntegrationRow> | null): void {
  const now = Date.now();
  const row = found?.row;
  if (!found || !row || row.revokedAt) throw unauthenticated();
  if (row.previous && (!row.previousExpiresAt || Date.parse(row.previousExpiresAt) <= now)) throw unauthenticated();
  if (row.storeState === "active" && now - Date.parse(row.lastUsedAt) >= LAST_USED_RESOLUTION_MS) {
    c.executionCtx.waitUntil(touchLastUsed(dbOf(found.binding), row.id, now));
  }
  const scopes = BigInt(row.scopes);
  // No membership: the scope is the whole standing. `role` "member": an integration is never the owner.
  c.set("store", { storeId: row.storeId, role: "member", memberPermissions: scopes, permissions: scopes, paused: row.storeState === "moving" });
  c.set("patBinding", found.binding);
  c.set("principal", {
    kind: "integration",
    userId: null,
    token: null,
    session: null,
    integration: { id: row.id, name: row.name, storeId: row.storeId, scopes },
    apiVersion: row.apiVersion,
  });
}

/** At most one write a minute per integration; the condition keeps concurrent requests from writing twice. */
function touchLastUsed(db: Db, id: string, now: number) {
  return db
    .update(integrations)
    .set({ lastUsedAt: nowIso(now) })
    .where(and(eq(integrations.id, id), lt(integrations.lastUsedAt, nowIso(now - LAST_USED_RESOLUTION_MS))))
    .run()
    .catch((error) => console.error(JSON.stringify({ level: "warn", message: "last_used_at update failed", error: String(error) })));
}

/**
 * The key's own budget (docs/api/11-limits-retries-sessions.md and docs/api/16-integrations.md), keyed by the value like a PAT's so it starts before the lookup
 * and runs beside it. The store's budget counts the integration's requests like anyone's (./admission.ts).
 */
export const integrationBudget = (c: C, hash: string): Spending => ({ verdict: startSpend(c.env, "credential", `integration:${hash}`) });
