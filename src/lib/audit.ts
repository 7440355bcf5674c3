// Audit rows. `auditEntry` returns the insert for the change's own db.batch, so the change and its record of
// who made it commit together or not at all. Who: a user (and the PAT, if one was used), or an integration with
// no user (docs/api/16-integrations.md).
import { sql } from "drizzle-orm";
import type { AuditAction } from "../audit/actions";
import { auditLog } from "../db/schema";
import type { StoreCtx } from "./context";
import { nowIso, uuidv7 } from "./ids";

/** What a row says was done: one of src/audit/actions.ts (the registry, published as an enum in OpenAPI). */
export type { AuditAction };

/**
 * `details`: what the resource id alone does not say (e.g. the variant ids of a bulk change), stored as JSON.
 * The actor's name and email are read from the store's copy of the user inside the same statement, so the entry
 * keeps them as they were, whatever becomes of the member later.
 */
export function auditEntry(ctx: StoreCtx, action: AuditAction, resourceType: string, resourceId: string, details?: object) {
  const { token, integration } = ctx.principal;
  return ctx.db.insert(auditLog).values({
    id: uuidv7(),
    storeId: ctx.store.storeId,
    userId: ctx.principal.userId,
    tokenId: token?.id ?? null,
    tokenName: token?.name ?? null,
    integrationId: integration?.id ?? null,
    integrationName: integration?.name ?? null,
    action,
    resourceType,
    resourceId,
    createdAt: nowIso(),
    details: details ? JSON.stringify(details) : null,
    actorName: sql`(SELECT name FROM users WHERE id = ${ctx.principal.userId})`,
    actorEmail: sql`(SELECT email FROM users WHERE id = ${ctx.principal.userId})`,
  });
}
