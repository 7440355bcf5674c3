// Store members: listing, permission changes, removal. Removing a member revokes every token they issued for
// the store in the same batch (the token check also requires a current membership, so this is belt and braces:
// a later re-invite must not revive old tokens).
import { and, asc, count, eq, isNull } from "drizzle-orm";
import { apiTokens, memberships, users } from "../db/schema";
import { auditEntry } from "../lib/audit";
import type { StoreCtx } from "../lib/context";
import { conflict, notFound } from "../lib/errors";
import { nowIso } from "../lib/ids";
import type { Page } from "../lib/pagination";
import { permissionFields } from "../lib/permissions";
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

export async function updateMember(ctx: StoreCtx, userId: string, input: { permissions: bigint }) {
  assertWithin(ctx.store.permissions, input.permissions, "permissions");
  const member = await getMemberInStore(ctx, userId);
  if (member.role === "owner") throw conflict("The owner's permissions cannot be changed");
  await ctx.db.batch([
    ctx.db
      .update(memberships)
      .set({ permissions: input.permissions.toString() })
      .where(and(eq(memberships.storeId, ctx.store.storeId), eq(memberships.userId, userId))),
    auditEntry(ctx, "member.update", "member", userId),
  ]);
  return toMember({ ...member, permissions: input.permissions.toString() });
}

export async function removeMember(ctx: StoreCtx, userId: string) {
  const member = await getMemberInStore(ctx, userId);
  if (member.role === "owner") throw conflict("The store owner cannot be removed");
  await ctx.db.batch([
    ctx.db.delete(memberships).where(and(eq(memberships.storeId, ctx.store.storeId), eq(memberships.userId, userId))),
    ctx.db
      .update(apiTokens)
      .set({ revokedAt: nowIso() })
      .where(and(eq(apiTokens.storeId, ctx.store.storeId), eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt))),
    auditEntry(ctx, "member.remove", "member", userId),
  ]);
}
