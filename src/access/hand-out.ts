// No credential yields more than its holder has (docs/api/13b-holder-limits.md): the one rule behind every place that hands
// out a raw credential value (a PAT created or rotated, an integration key created or rotated, an invite created).
// The value's effective permission must lie within the caller's effective permission at that moment (for a PAT: its
// user's permissions AND its scope; for a session: the member's permissions). Otherwise 422
// `scope_exceeds_permissions` naming the bits, and no value is made. The change's own batch checks it once more
// (`callerStillHolds`), so a demotion that commits between the check and the batch cannot let a value through.
import { sql } from "drizzle-orm";
import { memberships } from "../db/schema";
import { ApiError } from "../lib/errors";
import type { StoreCtx } from "../lib/context";
import { exists, stillHolds } from "../lib/guards";
import { missingFrom } from "../lib/permissions";

/** What is being handed out: a fresh or rotated value, and the permission it will carry. */
export interface HandedOut {
  /** The permission the value will act with: a PAT's scope AND its user's bits, an integration's scope, an invite's grant. */
  effective: bigint;
  /** The request field the permission comes from (`scopes`, `permissions`), or the target's, for a rotation. */
  field: string;
}

/** Throws 422 `scope_exceeds_permissions` unless the caller holds every bit of the value it is about to hand out. */
export function assertMayHandOut(ctx: StoreCtx, value: HandedOut) {
  const missing = missingFrom(ctx.store.permissions, value.effective);
  if (missing.length === 0) return;
  const message = `you do not hold: ${missing.join(", ")}`;
  throw new ApiError("scope_exceeds_permissions", `${value.field}: ${message}`, { errors: [{ path: value.field, message }] });
}

/**
 * For the batch that stores the value: the calling person is still a member holding every bit of it (the
 * batch fails as a `conflict` otherwise, through `guarded`). A PAT's scope cannot change, so the member's bits are
 * what can have moved since `assertMayHandOut`.
 */
export function callerStillHolds(ctx: StoreCtx, value: HandedOut) {
  const mask = value.effective.toString();
  return stillHolds(
    ctx.db,
    exists(
      sql`${memberships}`,
      sql`${memberships.storeId} = ${ctx.store.storeId} AND ${memberships.userId} = ${ctx.principal.userId}
        AND (CAST(${memberships.permissions} AS INTEGER) & CAST(${mask} AS INTEGER)) = CAST(${mask} AS INTEGER)`,
    ),
  );
}
