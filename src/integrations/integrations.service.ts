// Integrations (docs/api/16-integrations.md): create, list, read, rename, rotate, revoke a store's own keys. A key's scope is
// within the effective permission of whoever creates or rotates it (src/access/hand-out.ts) and never a bit that
// manages people or access; between those moments it follows nobody. Each raw value's receiver is recorded (`issued_to`), so removing them flags the integration.
import { and, count, desc, eq, isNull, sql } from "drizzle-orm";
import { integrations, memberships } from "../db/schema";
import { INTEGRATION_PREFIX, displayPrefix, generateTokenValue, hashTokenValue } from "../access/token-format";
import { indexIntegrationKey } from "../placement/directory";
import { assertMayHandOut, callerStillHolds } from "../access/hand-out";
import { auditEntry } from "../lib/audit";
import type { StoreCtx } from "../lib/context";
import { ApiError, conflict, forbidden, limitExceeded, notFound } from "../lib/errors";
import { exists, guarded, stillExists, stillHolds, withinCap } from "../lib/guards";
import { isUuid, nowIso, uuidv7 } from "../lib/ids";
import type { Page } from "../lib/pagination";
import { type Permission, has, scopeFields } from "../lib/permissions";
import { type ApiVersion, CURRENT_VERSION } from "../lib/api-versions";

type IntegrationRow = typeof integrations.$inferSelect;

/** A credential that outlives people must not manage people or access (docs/api/16-integrations.md). */
export const NEVER_IN_SCOPE: readonly Permission[] = ["members.manage", "tokens.manage", "integrations.read", "integrations.manage", "store.manage"];

/** docs/api/16-integrations.md: unrevoked integrations per store. */
export const INTEGRATIONS_PER_STORE_CAP = 25;

export const toIntegration = (r: IntegrationRow) => ({
  id: r.id,
  store_id: r.storeId,
  name: r.name,
  description: r.description,
  ...scopeFields(BigInt(r.scopes)),
  prefix: r.prefix,
  created_by: r.createdBy,
  created_at: r.createdAt,
  last_used_at: r.lastUsedAt,
  rotated_at: r.rotatedAt,
  previous_expires_at: r.previousExpiresAt,
  rotation_recommended: r.rotationRecommended,
  rotation_recommended_reason: r.rotationRecommendedReason,
  api_version: r.apiVersion,
});

/** Who receives the raw value: the session's user, or whoever holds the calling PAT. */
function receiverOf(ctx: StoreCtx): string {
  const { principal } = ctx;
  const receiver = principal.token?.issuedBy ?? principal.userId;
  if (!receiver) throw forbidden("An integration's key cannot manage integrations");
  return receiver;
}

/** In the change's batch: the receiver is still a member, so a removal that ran meanwhile cannot be followed by a value in their hands. */
const receiverStillMember = (ctx: StoreCtx, userId: string) =>
  stillHolds(ctx.db, exists(sql`${memberships}`, and(eq(memberships.storeId, ctx.store.storeId), eq(memberships.userId, userId))!));

function assertScope(ctx: StoreCtx, scopes: bigint) {
  const barred = NEVER_IN_SCOPE.find((bit) => has(scopes, bit));
  if (barred) {
    const message = `${barred} can never be given to an integration: a key that outlives people must not manage people or access`;
    throw new ApiError("scope_exceeds_permissions", `scopes: ${message}`, { errors: [{ path: "scopes", message }] });
  }
  assertMayHandOut(ctx, { effective: scopes, field: "scopes" });
}

async function newValue(ctx: StoreCtx) {
  const value = generateTokenValue(INTEGRATION_PREFIX);
  const hash = await hashTokenValue(value);
  // The directory's index first: a key used off its store's path is found through it (src/placement/directory.ts).
  await indexIntegrationKey(ctx.env, hash, ctx.store.storeId);
  return { value, hash, prefix: displayPrefix(value) };
}

const unrevokedInStore = (storeId: string) =>
  sql`(SELECT count(*) FROM ${integrations} WHERE ${and(eq(integrations.storeId, storeId), isNull(integrations.revokedAt))})`;

export async function createIntegration(ctx: StoreCtx, input: { name: string; scopes: bigint; description?: string | null }) {
  assertScope(ctx, input.scopes);
  const receiver = receiverOf(ctx);
  const { value, hash, prefix } = await newValue(ctx);
  const now = nowIso();
  const row: IntegrationRow = {
    id: uuidv7(),
    storeId: ctx.store.storeId,
    name: input.name,
    description: input.description ?? null,
    scopes: input.scopes.toString(),
    tokenHash: hash,
    prefix,
    previousTokenHash: null,
    previousExpiresAt: null,
    issuedTo: receiver,
    previousIssuedTo: null,
    createdBy: receiver,
    createdAt: now,
    lastUsedAt: now,
    rotatedAt: null,
    revokedAt: null,
    rotationRecommended: false,
    rotationRecommendedReason: null,
    // Pinned to the version current at creation, whatever the creating request's own Api-Version (docs/api-versions.md).
    apiVersion: CURRENT_VERSION,
  };
  await guarded(
    ctx.db.batch([
      receiverStillMember(ctx, receiver),
      callerStillHolds(ctx, { effective: input.scopes, field: "scopes" }),
      withinCap(ctx.db, sql`${unrevokedInStore(row.storeId)} < ${INTEGRATIONS_PER_STORE_CAP}`),
      ctx.db.insert(integrations).values(row),
      auditEntry(ctx, "integration.create", "integration", row.id),
    ]),
    {
      conflict: () => conflict("Your membership of this store changed meanwhile; nothing was created"),
      limit: () => limitExceeded(`A store has at most ${INTEGRATIONS_PER_STORE_CAP} integrations (revoked ones do not count)`),
    },
  );
  return { ...toIntegration(row), token: value };
}

export async function listIntegrations(ctx: StoreCtx, page: Page) {
  const where = and(eq(integrations.storeId, ctx.store.storeId), isNull(integrations.revokedAt));
  const [rows, [{ total }]] = await ctx.db.batch([
    ctx.db.select().from(integrations).where(where).orderBy(desc(integrations.createdAt), desc(integrations.id)).limit(page.limit).offset(page.offset),
    ctx.db.select({ total: count() }).from(integrations).where(where),
  ]);
  return { data: rows.map(toIntegration), total };
}

/** An unrevoked integration of this store, or 404. */
async function findIntegration(ctx: StoreCtx, id: string): Promise<IntegrationRow> {
  const row = isUuid(id)
    ? await ctx.db.query.integrations.findFirst({
        where: and(eq(integrations.id, id), eq(integrations.storeId, ctx.store.storeId), isNull(integrations.revokedAt)),
      })
    : undefined;
  if (!row) throw notFound("Integration");
  return row;
}

export const getIntegration = async (ctx: StoreCtx, id: string) => toIntegration(await findIntegration(ctx, id));

/** In the change's batch: not revoked meanwhile (404 for the loser). */
const stillLive = (ctx: StoreCtx, id: string) =>
  stillExists(ctx.db, exists(sql`${integrations}`, and(eq(integrations.id, id), isNull(integrations.revokedAt))!));

export async function updateIntegration(ctx: StoreCtx, id: string, input: { name?: string; description?: string | null; api_version?: ApiVersion }) {
  const row = await findIntegration(ctx, id);
  const asked = {
    ...(input.name !== undefined && { name: input.name }),
    ...(input.description !== undefined && { description: input.description }),
    ...(input.api_version !== undefined && { apiVersion: input.api_version }),
  };
  // Only what differs is a change: a PATCH that sends the stored values writes nothing (no audit row).
  const changes = Object.fromEntries(Object.entries(asked).filter(([key, value]) => row[key as keyof typeof asked] !== value)) as typeof asked;
  const updated = { ...row, ...changes };
  if (Object.keys(changes).length === 0) return toIntegration(row);
  await guarded(
    ctx.db.batch([
      stillLive(ctx, id),
      ctx.db.update(integrations).set(changes).where(eq(integrations.id, id)),
      auditEntry(ctx, "integration.update", "integration", id),
    ]),
    { not_found: () => notFound("Integration") },
  );
  return toIntegration(updated);
}

/**
 * A new value that works at once; the current one keeps working for `previous_expires_in` seconds (0: not at all).
 * The value before that, if a previous rotation kept one, ends now: only one previous value is kept.
 */
export async function rotateIntegration(ctx: StoreCtx, id: string, input: { previous_expires_in?: number }) {
  const row = await findIntegration(ctx, id);
  // The new value acts with the integration's whole scope: the caller must hold all of it (nothing is made otherwise,
  // and the current value keeps working).
  assertMayHandOut(ctx, { effective: BigInt(row.scopes), field: "scopes" });
  const receiver = receiverOf(ctx);
  const { value, hash, prefix } = await newValue(ctx);
  const now = Date.now();
  const rotated: IntegrationRow = {
    ...row,
    tokenHash: hash,
    prefix,
    issuedTo: receiver,
    previousTokenHash: row.tokenHash,
    previousExpiresAt: nowIso(now + (input.previous_expires_in ?? 0) * 1000),
    previousIssuedTo: row.issuedTo,
    rotatedAt: nowIso(now),
    rotationRecommended: false,
    rotationRecommendedReason: null,
  };
  const { id: _, storeId: __, ...changes } = rotated;
  await guarded(
    ctx.db.batch([
      stillLive(ctx, id),
      // Decided on this value: a concurrent rotation is a 409 (its value wins).
      stillHolds(ctx.db, exists(sql`${integrations}`, and(eq(integrations.id, id), eq(integrations.tokenHash, row.tokenHash))!)),
      receiverStillMember(ctx, receiver),
      callerStillHolds(ctx, { effective: BigInt(row.scopes), field: "scopes" }),
      ctx.db.update(integrations).set(changes).where(eq(integrations.id, id)),
      auditEntry(ctx, "integration.rotate", "integration", id),
    ]),
    {
      not_found: () => notFound("Integration"),
      conflict: () => conflict("The integration was rotated, or your membership changed, meanwhile; nothing was changed"),
    },
  );
  return { ...toIntegration(rotated), token: value };
}

/** Every value of the integration is 401 from the next request. */
export async function revokeIntegration(ctx: StoreCtx, id: string) {
  await findIntegration(ctx, id);
  await guarded(
    ctx.db.batch([
      stillLive(ctx, id),
      ctx.db.update(integrations).set({ revokedAt: nowIso() }).where(eq(integrations.id, id)),
      auditEntry(ctx, "integration.revoke", "integration", id),
    ]),
    { not_found: () => notFound("Integration") },
  );
}

/**
 * For a member's removal, in its batch: every live integration whose still-working value that member received is
 * flagged for rotation, with a reason naming them. Nothing stops working.
 */
export function flagReceivedBy(ctx: StoreCtx, member: { userId: string; name: string; email: string }) {
  const now = nowIso();
  const reason = `${member.name} (${member.email}) received a key of this integration that still works and was removed from the store on ${now}`;
  return ctx.db
    .update(integrations)
    .set({ rotationRecommended: true, rotationRecommendedReason: reason })
    .where(
      and(
        eq(integrations.storeId, ctx.store.storeId),
        isNull(integrations.revokedAt),
        sql`(${integrations.issuedTo} = ${member.userId} OR (${integrations.previousIssuedTo} = ${member.userId} AND ${integrations.previousExpiresAt} > ${now}))`,
      ),
    );
}

/** The record of the calling integration, for GET /me (read from its store's database). */
export async function integrationRecord(db: StoreCtx["db"], storeId: string, id: string) {
  const row = await db.query.integrations.findFirst({ where: and(eq(integrations.id, id), eq(integrations.storeId, storeId)) });
  if (!row) throw notFound("Integration");
  return toIntegration(row);
}
