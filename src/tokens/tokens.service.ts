// Personal access tokens: issue, list, read, rotate, revoke. A PAT acts with its effective permission only, so a
// narrow token can never mint or revive a broader credential (docs/api/05-personal-access-tokens.md).
import { personOf } from "../access/person";
import { indexToken } from "../placement/directory";
import { and, count, desc, eq, isNull, sql, type SQL } from "drizzle-orm";
import { apiTokens, memberships } from "../db/schema";
import { assertWithin } from "../identity/grants";
import { assertMayHandOut, callerStillHolds } from "../access/hand-out";
import { auditEntry } from "../lib/audit";
import type { StoreCtx } from "../lib/context";
import { conflict, forbidden, invalidField, limitExceeded, notFound } from "../lib/errors";
import { exists, guarded, stillExists, stillHolds, withinCap } from "../lib/guards";
import { isUuid, nowIso, uuidv7 } from "../lib/ids";
import type { Page } from "../lib/pagination";
import { has, scopeFields } from "../lib/permissions";
import { type ApiVersion, CURRENT_VERSION } from "../lib/api-versions";
import { displayPrefix, generateTokenValue, hashTokenValue } from "../access/token-format";

type TokenRow = typeof apiTokens.$inferSelect;

export const toToken = (t: TokenRow) => ({
  id: t.id,
  name: t.name,
  user_id: t.userId,
  issued_by: t.issuedBy,
  store_id: t.storeId,
  ...scopeFields(BigInt(t.scopes)),
  prefix: t.prefix,
  created_at: t.createdAt,
  last_used_at: t.lastUsedAt,
  expires_at: t.expiresAt,
  rotated_at: t.rotatedAt,
  api_version: t.apiVersion,
});

const canReadAll = (ctx: StoreCtx) => has(ctx.store.permissions, "tokens.read");

/** docs/api/13-security.md. */
export const TOKENS_PER_USER_CAP = 50;

/**
 * Who will hold a raw value this request receives: the session's user, or whoever holds the calling PAT (a
 * teammate who minted a token for the owner and uses it must not launder it into a token "issued by" the owner).
 */
const holderOf = (ctx: StoreCtx) => ctx.principal.token?.issuedBy ?? callerOf(ctx);

/** The calling person; an integration's key holds no personal tokens and mints none (403, docs/api/16-integrations.md). */
const callerOf = (ctx: StoreCtx) => personOf(ctx.principal, "create, read or manage personal access tokens");

const isMember = (storeId: string, userId: string) =>
  exists(sql`${memberships}`, sql`${memberships.storeId} = ${storeId} AND ${memberships.userId} = ${userId}`);

/**
 * In the change's batch: the holder is still a member, so a removal that ran meanwhile (and revoked what they held)
 * cannot be followed by a new value in their hands.
 */
const holderStillMember = (ctx: StoreCtx) => stillHolds(ctx.db, isMember(ctx.store.storeId, holderOf(ctx)));
const holderGone = () => conflict("Your membership of this store changed meanwhile; nothing was issued");

export async function issueToken(ctx: StoreCtx, input: { name: string; scopes: bigint; user_id?: string; expires_at?: string | null }) {
  const caller = callerOf(ctx);
  const userId = input.user_id ?? caller;
  let holderMask = ctx.store.memberPermissions;
  if (userId !== caller) {
    if (!has(ctx.store.permissions, "tokens.manage")) {
      throw forbidden("Issuing a token for a teammate needs the tokens.manage permission", "tokens.manage");
    }
    const member = isUuid(userId)
      ? await ctx.db.query.memberships.findFirst({
          where: and(eq(memberships.storeId, ctx.store.storeId), eq(memberships.userId, userId)),
        })
      : undefined;
    if (!member) throw invalidField("user_id", "is not a member of this store");
    holderMask = BigInt(member.permissions);
  }
  // Within what the token's user holds, and within what the caller may hand out (a PAT: its effective scope).
  assertWithin(holderMask, input.scopes, "scopes", "the token's user");
  const handedOut = { effective: input.scopes & holderMask, field: "scopes" };
  assertMayHandOut(ctx, handedOut);

  const value = generateTokenValue();
  const now = nowIso();
  const row: TokenRow = {
    id: uuidv7(),
    storeId: ctx.store.storeId,
    userId,
    issuedBy: holderOf(ctx),
    name: input.name,
    scopes: input.scopes.toString(),
    tokenHash: await hashTokenValue(value),
    prefix: displayPrefix(value),
    createdAt: now,
    lastUsedAt: now,
    expiresAt: input.expires_at ? nowIso(Date.parse(input.expires_at)) : null,
    rotatedAt: null,
    revokedAt: null,
    // Pinned to the version current at creation, whatever the creating request's own Api-Version (docs/api-versions.md).
    apiVersion: CURRENT_VERSION,
  };
  // The directory's index first: a PAT used off its store's path is found through it (src/placement/directory.ts).
  await indexToken(ctx.env, row.tokenHash, row.storeId);
  const unrevoked = sql`(SELECT count(*) FROM ${apiTokens} WHERE ${and(eq(apiTokens.storeId, row.storeId), eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt))})`;
  await guarded(
    ctx.db.batch([
      // The checks ride in the insert's own batch: concurrent requests cannot pass the cap or outlive a removal.
      stillExists(ctx.db, isMember(row.storeId, userId)),
      holderStillMember(ctx),
      callerStillHolds(ctx, handedOut),
      withinCap(ctx.db, sql`${unrevoked} < ${TOKENS_PER_USER_CAP}`),
      ctx.db.insert(apiTokens).values(row),
      auditEntry(ctx, "token.create", "token", row.id),
    ]),
    {
      not_found: () => invalidField("user_id", "is not a member of this store"),
      conflict: holderGone,
      limit: () => limitExceeded(`A user holds at most ${TOKENS_PER_USER_CAP} unrevoked access tokens per store`),
    },
  );
  return { ...toToken(row), token: value };
}

export async function listTokens(ctx: StoreCtx, page: Page, filter: { user_id?: string }) {
  const conditions: SQL[] = [eq(apiTokens.storeId, ctx.store.storeId), isNull(apiTokens.revokedAt)];
  // tokens.read lists everyone's (an integration may hold it); otherwise one's own, which an integration has none of.
  if (!canReadAll(ctx)) conditions.push(eq(apiTokens.userId, callerOf(ctx)));
  if (filter.user_id) conditions.push(eq(apiTokens.userId, filter.user_id));
  const where = and(...conditions);
  const [rows, [{ total }]] = await ctx.db.batch([
    ctx.db.select().from(apiTokens).where(where).orderBy(desc(apiTokens.createdAt), desc(apiTokens.id)).limit(page.limit).offset(page.offset),
    ctx.db.select({ total: count() }).from(apiTokens).where(where),
  ]);
  return { data: rows.map(toToken), total };
}

async function findToken(ctx: StoreCtx, tokenId: string): Promise<TokenRow> {
  const row = await ctx.db.query.apiTokens.findFirst({
    where: and(eq(apiTokens.id, tokenId), eq(apiTokens.storeId, ctx.store.storeId), isNull(apiTokens.revokedAt)),
  });
  if (!row) throw notFound("Access token");
  return row;
}

export async function getToken(ctx: StoreCtx, tokenId: string) {
  const row = await findToken(ctx, tokenId);
  if (!canReadAll(ctx) && row.userId !== callerOf(ctx)) {
    throw forbidden("Reading a teammate's token needs the tokens.read permission", "tokens.read");
  }
  return toToken(row);
}

/**
 * May the caller rotate or revoke this token? A session may act on its user's own tokens; a PAT only on itself.
 * Anything else needs tokens.manage in the caller's effective permission. Returns whether the token is the caller's own.
 */
function assertMayManage(ctx: StoreCtx, row: TokenRow): boolean {
  const calling = ctx.principal.token;
  const own = calling ? calling.id === row.id : row.userId === callerOf(ctx);
  if (own) return true;
  if (!has(ctx.store.permissions, "tokens.manage")) {
    throw forbidden("Managing this token needs the tokens.manage permission", "tokens.manage");
  }
  return false;
}

/** The permission a new value of `row` acts with: its scope AND its user's membership bits now. */
async function effectiveOf(ctx: StoreCtx, row: TokenRow, own: boolean): Promise<bigint> {
  if (own) return BigInt(row.scopes) & ctx.store.memberPermissions;
  const member = await ctx.db.query.memberships.findFirst({
    where: and(eq(memberships.storeId, ctx.store.storeId), eq(memberships.userId, row.userId)),
    columns: { permissions: true },
  });
  return member ? BigInt(row.scopes) & BigInt(member.permissions) : 0n;
}

export async function rotateToken(ctx: StoreCtx, tokenId: string) {
  const row = await findToken(ctx, tokenId);
  const own = assertMayManage(ctx, row);
  const handedOut = { effective: await effectiveOf(ctx, row, own), field: "scopes" };
  assertMayHandOut(ctx, handedOut);
  const value = generateTokenValue();
  const rotated: TokenRow = {
    ...row,
    issuedBy: holderOf(ctx),
    tokenHash: await hashTokenValue(value),
    prefix: displayPrefix(value),
    rotatedAt: nowIso(),
  };
  await indexToken(ctx.env, rotated.tokenHash, rotated.storeId);
  await guarded(
    ctx.db.batch([
      // Decided on this value: revoked meanwhile is a 404, rotated meanwhile a 409 (the other rotation's value wins).
      stillExists(ctx.db, exists(sql`${apiTokens}`, and(eq(apiTokens.id, row.id), isNull(apiTokens.revokedAt))!)),
      stillHolds(ctx.db, exists(sql`${apiTokens}`, and(eq(apiTokens.id, row.id), eq(apiTokens.tokenHash, row.tokenHash))!)),
      holderStillMember(ctx),
      callerStillHolds(ctx, handedOut),
      ctx.db
        .update(apiTokens)
        .set({ issuedBy: rotated.issuedBy, tokenHash: rotated.tokenHash, prefix: rotated.prefix, rotatedAt: rotated.rotatedAt })
        .where(eq(apiTokens.id, row.id)),
      auditEntry(ctx, "token.rotate", "token", row.id),
    ]),
    { not_found: () => notFound("Access token"), conflict: () => conflict("The token was rotated or its holder removed meanwhile; nothing was changed") },
  );
  return { ...toToken(rotated), token: value };
}

export async function revokeToken(ctx: StoreCtx, tokenId: string) {
  const row = await findToken(ctx, tokenId);
  assertMayManage(ctx, row);
  await guarded(
    ctx.db.batch([
      // Of concurrent revocations one wins; the others are 404 and write no audit row.
      stillExists(ctx.db, exists(sql`${apiTokens}`, and(eq(apiTokens.id, row.id), isNull(apiTokens.revokedAt))!)),
      ctx.db.update(apiTokens).set({ revokedAt: nowIso() }).where(eq(apiTokens.id, row.id)),
      auditEntry(ctx, "token.revoke", "token", row.id),
    ]),
    { not_found: () => notFound("Access token") },
  );
}

/**
 * PATCH {api_version}: the version the token's requests are served in without an `Api-Version` header. Only the
 * token's own user changes it (through any session or PAT of theirs): the pin is what their integration was
 * written against, which a teammate cannot know (tokens.manage does not reach it). The same value again changes
 * nothing and writes no audit row.
 */
export async function updateToken(ctx: StoreCtx, tokenId: string, input: { api_version: ApiVersion }) {
  const row = await findToken(ctx, tokenId);
  if (row.userId !== callerOf(ctx)) throw forbidden("Only the token's own user can change its API version");
  if (row.apiVersion === input.api_version) return toToken(row);
  await guarded(
    ctx.db.batch([
      stillExists(ctx.db, exists(sql`${apiTokens}`, and(eq(apiTokens.id, row.id), isNull(apiTokens.revokedAt))!)),
      ctx.db.update(apiTokens).set({ apiVersion: input.api_version }).where(eq(apiTokens.id, row.id)),
      auditEntry(ctx, "token.update", "token", row.id, { api_version: input.api_version }),
    ]),
    { not_found: () => notFound("Access token") },
  );
  return toToken({ ...row, apiVersion: input.api_version });
}
