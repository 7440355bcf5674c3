// Work that outlives its request (an import's slices and image fetches, and any later background job) acts only with
// what its starter holds at each step, never with what they held at upload (docs/decisions.md "Background jobs act
// for their starter"). This module is the one check of that: the starter's membership, their credential (a PAT not
// revoked or expired, an integration not deleted) and the effective permission the step may use. The job runner
// (src/sync/import-runner.ts) runs it before every step and hands the step a `JobAccess`, whose `checkpoint` the
// step calls before each fetch or write it starts outside a batch, and whose `holds` every batch asserts inside.
//
// A session (JWT) starter is their membership: logging out ends the session, not the access the person holds in
// the store, so their job goes on while they are a member (docs/decisions.md says why).
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../lib/types";
import { nowIso } from "../lib/ids";

/** Who started a job, as the job's row records it. */
export interface Starter {
  storeId: string;
  userId: string | null;
  tokenId: string | null;
  integrationId: string | null;
}

/** Why a starter may no longer act: their membership, their PAT or their integration is gone. */
export type LostAccess = "membership" | "token" | "integration";

export type StarterState = { held: bigint } | { lost: LostAccess };

/** Thrown by `checkpoint` (and by a runner's own check): the job must end `failed` with starter_lost_access. */
export class StarterLostAccess extends Error {
  constructor(readonly lost: LostAccess) {
    super(`starter_lost_access: ${lost}`);
  }
}

/**
 * The starter's effective permission as a decimal string, or NULL when they may no longer act. An integration's is
 * its scope; a PAT's is its user's membership AND its scope; a session's is the membership.
 */
function effective(s: Starter, now: string): SQL {
  const member = sql`(SELECT m.permissions FROM memberships m WHERE m.store_id = ${s.storeId} AND m.user_id = ${s.userId})`;
  if (s.integrationId) {
    return sql`(SELECT i.scopes FROM integrations i WHERE i.store_id = ${s.storeId} AND i.id = ${s.integrationId} AND i.revoked_at IS NULL)`;
  }
  if (s.tokenId) {
    return sql`(SELECT CAST(CAST(t.scopes AS INTEGER) & CAST(${member} AS INTEGER) AS TEXT) FROM api_tokens t
      WHERE t.store_id = ${s.storeId} AND t.id = ${s.tokenId} AND t.user_id = ${s.userId} AND t.revoked_at IS NULL
        AND (t.expires_at IS NULL OR t.expires_at > ${now}) AND ${member} IS NOT NULL)`;
  }
  return member;
}

/** One round trip: what the starter holds now, or what they lost. */
export async function starterState(db: Db, s: Starter): Promise<StarterState> {
  const now = nowIso();
  const row = await db.get<{ held: string | null; member: number; token: number }>(sql`SELECT ${effective(s, now)} AS held,
    EXISTS (SELECT 1 FROM memberships m WHERE m.store_id = ${s.storeId} AND m.user_id = ${s.userId}) AS member,
    EXISTS (SELECT 1 FROM api_tokens t WHERE t.store_id = ${s.storeId} AND t.id = ${s.tokenId} AND t.revoked_at IS NULL
      AND (t.expires_at IS NULL OR t.expires_at > ${now})) AS token`);
  if (row.held !== null) return { held: BigInt(row.held) };
  if (s.integrationId) return { lost: "integration" };
  if (s.tokenId && row.member === 1 && row.token === 0) return { lost: "token" };
  return { lost: "membership" };
}

/** An SQL condition for a batch's assertion: the starter may still act and holds every bit of `bits`. */
export function starterHolds(s: Starter, bits: bigint): SQL {
  const held = effective(s, nowIso());
  return sql`(${held} IS NOT NULL AND (CAST(${held} AS INTEGER) & ${Number(bits)}) = ${Number(bits)})`;
}

/** What a step of a job is given: the bits held when it started, and the checks it runs as it goes. */
export interface JobAccess {
  readonly starter: Starter;
  /** The starter's effective permission when the step started. */
  readonly held: bigint;
  /** Checks again (before a fetch or a write outside a batch): throws StarterLostAccess, else the bits held now. */
  checkpoint(): Promise<bigint>;
  /** The condition a batch asserts so that nothing commits after the starter lost `bits` (or all access). */
  holds(bits: bigint): SQL;
}

/** The check a job runner makes before each step: the step's access, or StarterLostAccess. */
export async function jobAccess(db: Db, starter: Starter): Promise<JobAccess> {
  const checkpoint = async () => {
    const state = await starterState(db, starter);
    if ("lost" in state) throw new StarterLostAccess(state.lost);
    return state.held;
  };
  const held = await checkpoint();
  return { starter, held, checkpoint, holds: (bits) => starterHolds(starter, bits) };
}
