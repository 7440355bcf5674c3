// Invites: a one-time raw token (shown once, stored as SHA-256), valid 7 days, accepted by the invitee's own
// session. Accepting creates the membership and emits `user.created`. An invite is only as good as its inviter
// (docs/api/13-security.md): it can be revoked, removing the inviter revokes it, and at accept time the inviter must still
// be a member holding every bit it grants, checked inside the accept's own batch.
import { personOf } from "../access/person";
import { and, count, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { invites, memberships, stores } from "../db/schema";
import { auditEntry } from "../lib/audit";
import type { Ctx, Db, StoreCtx } from "../lib/context";
import { base64url, randomBytes, sha256Hex } from "../lib/crypto";
import { isUniqueViolation } from "../lib/db";
import { conflict, forbidden, notFound } from "../lib/errors";
import { exists, guarded, stillExists, stillHolds } from "../lib/guards";
import { nowIso, uuidv7 } from "../lib/ids";
import { commit, recordEvent } from "../events/outbox";
import type { Page } from "../lib/pagination";
import { permissionFields } from "../lib/permissions";
import { assertMayHandOut, callerStillHolds } from "../access/hand-out";
import { toMember } from "./members.service";
import { accountOf, addUserStore, copyUser, indexInvite, invitedStore, removeUserStore } from "../placement/directory";
import { storeDb } from "../placement/store-db";

const INVITE_TTL_MS = 7 * 24 * 60 * 60 * 1000;

type InviteRow = typeof invites.$inferSelect;
const toInvite = (i: InviteRow) => ({
  id: i.id,
  store_id: i.storeId,
  email: i.email,
  ...permissionFields(BigInt(i.permissions)),
  invited_by: i.invitedBy,
  expires_at: i.expiresAt,
  accepted_at: i.acceptedAt,
  created_at: i.createdAt,
});

export async function createInvite(ctx: StoreCtx, input: { email: string; permissions: bigint }) {
  const invitedBy = personOf(ctx.principal, "invite people");
  // An invite's token is a credential: what it grants must be within what the inviter holds now.
  const handedOut = { effective: input.permissions, field: "permissions" };
  assertMayHandOut(ctx, handedOut);
  const token = `inv_${base64url(randomBytes(32))}`;
  const now = Date.now();
  const row: InviteRow = {
    id: uuidv7(now),
    storeId: ctx.store.storeId,
    email: input.email,
    emailLower: input.email.toLowerCase(),
    permissions: input.permissions.toString(),
    tokenHash: await sha256Hex(token),
    invitedBy,
    expiresAt: nowIso(now + INVITE_TTL_MS),
    acceptedAt: null,
    acceptedBy: null,
    createdAt: nowIso(now),
    revokedAt: null,
  };
  // The directory's index first: accepting finds the store through it (src/placement/directory.ts).
  await indexInvite(ctx.env, row.tokenHash, row.storeId);
  await guarded(ctx.db.batch([callerStillHolds(ctx, handedOut), ctx.db.insert(invites).values(row), auditEntry(ctx, "invite.create", "invite", row.id)]), {
    conflict: () => conflict("Your permissions in this store changed meanwhile; no invite was created"),
  });
  return { ...toInvite(row), token };
}

/** Not accepted, not revoked, not expired. */
const pending = (now = nowIso()) => and(isNull(invites.acceptedAt), isNull(invites.revokedAt), gt(invites.expiresAt, now))!;

/**
 * SQL over each invite row: its inviter is still a member holding every bit it grants. An invite failing this is
 * void (accepting it is a 409), so it is not pending: it is left out of the list, like an expired one (issue 23 item
 * 8, docs/decisions.md). It becomes pending again if the inviter gets the bits back, as accepting it would then work.
 */
const inviterCanGrant = sql`EXISTS (SELECT 1 FROM ${memberships} WHERE ${memberships.storeId} = ${invites.storeId}
  AND ${memberships.userId} = ${invites.invitedBy}
  AND (CAST(${memberships.permissions} AS INTEGER) & CAST(${invites.permissions} AS INTEGER)) = CAST(${invites.permissions} AS INTEGER))`;

/** The pending invites (ones that can still be accepted), newest first (ids are UUIDv7: time-ordered). */
export async function listInvites(ctx: StoreCtx, page: Page) {
  const where = and(eq(invites.storeId, ctx.store.storeId), pending(), inviterCanGrant);
  const [rows, [{ total }]] = await ctx.db.batch([
    ctx.db.select().from(invites).where(where).orderBy(desc(invites.createdAt), desc(invites.id)).limit(page.limit).offset(page.offset),
    ctx.db.select({ total: count() }).from(invites).where(where),
  ]);
  return { data: rows.map(toInvite), total };
}

/** A revoked invite is gone (404); a used or expired one can still be read. */
async function findInvite(ctx: StoreCtx, inviteId: string) {
  const row = await ctx.db.query.invites.findFirst({
    where: and(eq(invites.storeId, ctx.store.storeId), eq(invites.id, inviteId), isNull(invites.revokedAt)),
  });
  if (!row) throw notFound("Invite");
  return row;
}

export async function getInvite(ctx: StoreCtx, inviteId: string) {
  return toInvite(await findInvite(ctx, inviteId));
}

/** DELETE: the invite can no longer be accepted. A used one: 409; revoking an expired one is harmless (204). */
export async function revokeInvite(ctx: StoreCtx, inviteId: string) {
  const row = await findInvite(ctx, inviteId);
  if (row.acceptedAt) throw conflict("This invite has already been used");
  const thisInvite = and(eq(invites.id, row.id), eq(invites.storeId, ctx.store.storeId));
  await guarded(
    ctx.db.batch([
      // Of concurrent revocations one wins (the others: 404); an accept that won the race makes this a 409.
      stillExists(ctx.db, exists(sql`${invites}`, and(thisInvite, isNull(invites.revokedAt))!)),
      stillHolds(ctx.db, exists(sql`${invites}`, and(thisInvite, isNull(invites.acceptedAt))!)),
      ctx.db.update(invites).set({ revokedAt: nowIso() }).where(thisInvite),
      auditEntry(ctx, "invite.revoke", "invite", row.id),
    ]),
    { not_found: () => notFound("Invite"), conflict: () => conflict("This invite has already been used") },
  );
}

/** SQL: the inviter is still a member of the store holding every bit the invite grants. */
const inviterStillGrants = (invite: InviteRow) =>
  exists(
    sql`${memberships}`,
    sql`${memberships.storeId} = ${invite.storeId} AND ${memberships.userId} = ${invite.invitedBy}
      AND (CAST(${memberships.permissions} AS INTEGER) & CAST(${invite.permissions} AS INTEGER)) = CAST(${invite.permissions} AS INTEGER)`,
  );

const voidInvite = () => conflict("This invite is no longer valid: it was used or revoked, or its sender can no longer grant it");

/** The invite a token names, and its store's database; 404 for an unknown token. */
async function inviteByToken(ctx: Ctx, token: string) {
  const tokenHash = await sha256Hex(token);
  const storeId = await invitedStore(ctx.env, tokenHash);
  const db = storeId ? await storeDb(ctx.env, storeId) : null;
  const invite = db && (await db.query.invites.findFirst({ where: eq(invites.tokenHash, tokenHash) }));
  if (!db || !invite) throw notFound("Invite");
  return { db, invite };
}

/** Why an invite cannot be accepted now (409 `conflict`), or null: used, revoked, expired, or its inviter can no longer grant it. */
async function whyVoid(db: Db, invite: InviteRow) {
  if (invite.acceptedAt) return conflict("This invite has already been used");
  if (invite.revokedAt) return conflict("This invite was withdrawn (revoked) by the store");
  if (Date.parse(invite.expiresAt) <= Date.now()) return conflict("This invite has expired (invites last 7 days)");
  const inviter = await db.query.memberships.findFirst({
    where: and(eq(memberships.storeId, invite.storeId), eq(memberships.userId, invite.invitedBy)),
    columns: { permissions: true },
  });
  const grant = BigInt(invite.permissions);
  if (!inviter || (BigInt(inviter.permissions) & grant) !== grant) {
    return conflict("This invite is no longer valid: the person who sent it left the store or no longer holds every permission it grants");
  }
  return null;
}

/**
 * What an invite link offers, for the invitee's session before accepting: the store's name, the permissions and the
 * email it was sent to. It is judged as accepting it would be (docs/api/13b-holder-limits.md): an invite that cannot be
 * accepted (used, revoked, expired, or its inviter removed or no longer holding a bit it grants) is 409 `conflict`
 * with accept's words, never shown as pending. The email is not compared, so the page can say whom it was sent to.
 * Unknown token: 404.
 */
export async function lookupInvite(ctx: Ctx, input: { token: string }) {
  const { db, invite } = await inviteByToken(ctx, input.token);
  const problem = await whyVoid(db, invite);
  if (problem) throw problem;
  const store = await db.query.stores.findFirst({ where: eq(stores.id, invite.storeId) });
  return {
    store_id: invite.storeId,
    store_name: store?.name ?? "",
    email: invite.email,
    ...permissionFields(BigInt(invite.permissions)),
    expires_at: invite.expiresAt,
    status: "pending" as const,
  };
}

/**
 * The invitee's own session accepts: the directory's invite index names the store, whose database decides. The
 * invitee's `user_stores` entry is written first and taken back if the accept does not commit.
 */
export async function acceptInvite(ctx: Ctx, input: { token: string }) {
  const { db, invite } = await inviteByToken(ctx, input.token);
  const user = await accountOf(ctx.db, personOf(ctx.principal, "accept an invite"));
  if (!user || user.emailLower !== invite.emailLower) throw forbidden("This invite was sent to another email address");
  const problem = await whyVoid(db, invite);
  if (problem) throw problem;
  const now = nowIso();
  const mask = BigInt(invite.permissions);
  const storeCtx: StoreCtx = {
    ...ctx,
    db,
    idempotency: undefined,
    store: { storeId: invite.storeId, role: "member", memberPermissions: mask, permissions: mask },
  };
  const member = { userId: user.id, storeId: invite.storeId, role: "member" as const, permissions: invite.permissions, createdAt: now };
  const store = await db.query.stores.findFirst({ where: eq(stores.id, invite.storeId) });
  await addUserStore(ctx.env, user.id, invite.storeId, store?.createdAt ?? now);
  try {
    await guarded(
      commit(storeCtx, [
        // Decided inside the batch: still pending (of two concurrent accepts one wins; a revocation or the inviter's
        // removal that ran meanwhile voids it), and the inviter can still grant every bit (409 otherwise).
        stillHolds(db, exists(sql`${invites}`, and(eq(invites.id, invite.id), isNull(invites.acceptedAt), isNull(invites.revokedAt))!)),
        stillHolds(db, inviterStillGrants(invite)),
        copyUser(db, user),
        db.update(invites).set({ acceptedAt: now, acceptedBy: user.id }).where(eq(invites.id, invite.id)),
        db.insert(memberships).values(member),
        auditEntry(storeCtx, "member.create", "member", user.id),
        ...recordEvent(db, invite.storeId, "user.created", {
          id: user.id,
          email: user.email,
          name: user.name,
          permissions: invite.permissions,
        }),
      ]),
      { conflict: voidInvite },
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict("You are already a member of this store");
    // Not a member after all: take the directory's entry back (best effort; a leftover is never access).
    await removeUserStore(ctx.env, user.id, invite.storeId).catch(() => {});
    throw error;
  }
  return toMember({ ...member, email: user.email, name: user.name });
}
