// Invites: a one-time raw token (shown once, stored as SHA-256), valid 7 days, accepted by the invitee's own
// session. Accepting creates the membership and emits `user.created`.
import { and, count, desc, eq, isNull } from "drizzle-orm";
import { invites, memberships, users } from "../db/schema";
import { auditEntry } from "../lib/audit";
import type { Ctx, StoreCtx } from "../lib/context";
import { base64url, randomBytes, sha256Hex } from "../lib/crypto";
import { isUniqueViolation } from "../lib/db";
import { conflict, forbidden, notFound } from "../lib/errors";
import { nowIso, uuidv7 } from "../lib/ids";
import { commit, recordEvent } from "../lib/outbox";
import type { Page } from "../lib/pagination";
import { permissionFields } from "../lib/permissions";
import { assertWithin } from "./grants";
import { toMember } from "./members.service";

const INVITE_TTL_MS = 7 * 24 * 60 * 60 * 1000;

type InviteRow = typeof invites.$inferSelect;
const toInvite = (i: InviteRow) => ({
  id: i.id,
  store_id: i.storeId,
  email: i.email,
  ...permissionFields(BigInt(i.permissions)),
  expires_at: i.expiresAt,
  accepted_at: i.acceptedAt,
  created_at: i.createdAt,
});

export async function createInvite(ctx: StoreCtx, input: { email: string; permissions: bigint }) {
  assertWithin(ctx.store.permissions, input.permissions, "permissions");
  const token = `inv_${base64url(randomBytes(32))}`;
  const now = Date.now();
  const row: InviteRow = {
    id: uuidv7(now),
    storeId: ctx.store.storeId,
    email: input.email,
    emailLower: input.email.toLowerCase(),
    permissions: input.permissions.toString(),
    tokenHash: await sha256Hex(token),
    invitedBy: ctx.principal.userId,
    expiresAt: nowIso(now + INVITE_TTL_MS),
    acceptedAt: null,
    acceptedBy: null,
    createdAt: nowIso(now),
  };
  await ctx.db.batch([ctx.db.insert(invites).values(row), auditEntry(ctx, "invite.create", "invite", row.id)]);
  return { ...toInvite(row), token };
}

export async function listInvites(ctx: StoreCtx, page: Page) {
  const inStore = eq(invites.storeId, ctx.store.storeId);
  const [rows, [{ total }]] = await ctx.db.batch([
    ctx.db.select().from(invites).where(inStore).orderBy(desc(invites.id)).limit(page.limit).offset(page.offset),
    ctx.db.select({ total: count() }).from(invites).where(inStore),
  ]);
  return { data: rows.map(toInvite), total };
}

export async function getInvite(ctx: StoreCtx, inviteId: string) {
  const row = await ctx.db.query.invites.findFirst({
    where: and(eq(invites.storeId, ctx.store.storeId), eq(invites.id, inviteId)),
  });
  if (!row) throw notFound("Invite");
  return toInvite(row);
}

export async function acceptInvite(ctx: Ctx, input: { token: string }) {
  const invite = await ctx.db.query.invites.findFirst({ where: eq(invites.tokenHash, await sha256Hex(input.token)) });
  if (!invite) throw notFound("Invite");
  const user = await ctx.db.query.users.findFirst({ where: eq(users.id, ctx.principal.userId) });
  if (!user || user.emailLower !== invite.emailLower) throw forbidden("This invite was sent to another email address");
  if (invite.acceptedAt) throw conflict("This invite has already been used");
  if (Date.parse(invite.expiresAt) <= Date.now()) throw conflict("This invite has expired");

  const now = nowIso();
  const mask = BigInt(invite.permissions);
  const storeCtx: StoreCtx = {
    ...ctx,
    store: { storeId: invite.storeId, role: "member", memberPermissions: mask, permissions: mask },
  };
  const member = { userId: user.id, storeId: invite.storeId, role: "member" as const, permissions: invite.permissions, createdAt: now };
  try {
    await commit(ctx, [
      // Conditional: of two concurrent accepts only one marks the invite; the membership primary key stops the other.
      ctx.db
        .update(invites)
        .set({ acceptedAt: now, acceptedBy: user.id })
        .where(and(eq(invites.id, invite.id), isNull(invites.acceptedAt))),
      ctx.db.insert(memberships).values(member),
      auditEntry(storeCtx, "member.create", "member", user.id),
      ...recordEvent(ctx.db, invite.storeId, "user.created", {
        id: user.id,
        email: user.email,
        name: user.name,
        permissions: invite.permissions,
      }),
    ]);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict("You are already a member of this store");
    throw error;
  }
  return toMember({ ...member, email: user.email, name: user.name });
}
