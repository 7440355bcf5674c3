// Store members: listing, permission changes, removal. What a member held dies with the membership (docs/api/13-security.md): removal revokes, in the same batch, every token of the store whose user or holder (`issued_by`) is the
// member, and every pending invite they sent. The token check also requires the user's membership, but a token the
// member minted for the owner, or rotated, is the owner's by user_id: only `issued_by` finds it. Revoking (rather
// than relying on the join) also keeps a later re-invite from reviving old tokens.
import { and, asc, count, eq, isNull, or, sql } from "drizzle-orm";
import { apiTokens, invites, memberships, users } from "../db/schema";
import { auditEntry } from "../lib/audit";
import type { StoreCtx } from "../lib/context";
import { conflict, notFound } from "../lib/errors";
import { exists, guarded, stillExists } from "../lib/guards";
import { nowIso } from "../lib/ids";
import type { Page } from "../lib/pagination";
import { permissionFields } from "../lib/permissions";
import { flagReceivedBy } from "../integrations/integrations.service";
import { removeUserStore } from "../placement/directory";
import { assertWithin } from "./grants";

const memberColumns = {
  userId: memberships.userId,
  storeId: memberships.storeId,
  role: memberships.role,
  permissions: memberships.permissions,
  createdAt: memberships.createdAt,
  email: users.email,
  name: users.name,
};

type MemberRow = { userId: string; storeId: string; role: "owner" | "member"; permissions: string; createdAt: string; email: string; name: string };

export const toMember = (m: MemberRow) => ({
  user_id: m.userId,
  store_id: m.storeId,
  email: m.email,
  name: m.name,
  role: m.role,
  ...permissionFields(BigInt(m.permissions)),
  created_at: m.createdAt,
});

function membersQuery(ctx: StoreCtx) {
  return ctx.db.select(memberColumns).from(memberships).innerJoin(users, eq(users.id, memberships.userId));
}

export async function listMembers(ctx: StoreCtx, page: Page) {
  const inStore = eq(memberships.storeId, ctx.store.storeId);
  const [rows, [{ total }]] = await ctx.db.batch([
    membersQuery(ctx).where(inStore).orderBy(asc(memberships.createdAt), asc(memberships.userId)).limit(page.limit).offset(page.offset),
    ctx.db.select({ total: count() }).from(memberships).where(inStore),
  ]);
  return { data: rows.map(toMember), total };
}

export async function getMemberInStore(ctx: StoreCtx, userId: string): Promise<MemberRow> {
  const [row] = await membersQuery(ctx)
    .where(and(eq(memberships.storeId, ctx.store.storeId), eq(memberships.userId, userId)))
    .limit(1);
  if (!row) throw notFound("Member");
  return row;
}

/** In the change's batch: the member still exists (404 for a loser of a concurrent removal). */
const memberStillThere = (ctx: StoreCtx, userId: string) =>
  stillExists(ctx.db, exists(sql`${memberships}`, and(eq(memberships.storeId, ctx.store.storeId), eq(memberships.userId, userId))!));

export async function updateMember(ctx: StoreCtx, userId: string, input: { permissions: bigint }) {
  assertWithin(ctx.store.permissions, input.permissions, "permissions");
  const member = await getMemberInStore(ctx, userId);
  if (member.role === "owner") throw conflict("The owner's permissions cannot be changed");
  await guarded(
    ctx.db.batch([
      memberStillThere(ctx, userId),
      ctx.db
        .update(memberships)
        .set({ permissions: input.permissions.toString() })
        .where(and(eq(memberships.storeId, ctx.store.storeId), eq(memberships.userId, userId))),
      auditEntry(ctx, "member.update", "member", userId),
    ]),
    { not_found: () => notFound("Member") },
  );
  return toMember({ ...member, permissions: input.permissions.toString() });
}

/** The statements that end everything `userId` held in `storeId`: their tokens (as user or holder) and invites. */
export function revokeHoldings(ctx: StoreCtx, userId: string) {
  const now = nowIso();
  const storeId = ctx.store.storeId;
  return [
    ctx.db
      .update(apiTokens)
      .set({ revokedAt: now })
      .where(and(eq(apiTokens.storeId, storeId), or(eq(apiTokens.userId, userId), eq(apiTokens.issuedBy, userId)), isNull(apiTokens.revokedAt))),
    ctx.db
      .update(invites)
      .set({ revokedAt: now })
      .where(and(eq(invites.storeId, storeId), eq(invites.invitedBy, userId), isNull(invites.acceptedAt), isNull(invites.revokedAt))),
  ] as const;
}

export async function removeMember(ctx: StoreCtx, userId: string) {
  const member = await getMemberInStore(ctx, userId);
  if (member.role === "owner") throw conflict("The store owner cannot be removed");
  await guarded(
    ctx.db.batch([
      // Of concurrent removals one wins: the others are 404 and write no audit row.
      memberStillThere(ctx, userId),
      ctx.db.delete(memberships).where(and(eq(memberships.storeId, ctx.store.storeId), eq(memberships.userId, userId))),
      ...revokeHoldings(ctx, userId),
      // Integrations keep working (they belong to the store), but a key this member received is flagged for rotation.
      flagReceivedBy(ctx, member),
      auditEntry(ctx, "member.remove", "member", userId),
    ]),
    { not_found: () => notFound("Member") },
  );
  // After the store database's change (the directory's list is a superset of the memberships: src/placement/directory.ts).
  await removeUserStore(ctx.env, userId, ctx.store.storeId);
}
