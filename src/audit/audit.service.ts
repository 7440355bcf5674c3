// The audit log's reading side: newest first, filtered by actor, integration, action, resource type and a time
// range; each entry names its actor as they were when it was written (the row keeps their name and email).
import { type SQL, and, count, desc, eq, gte, lte } from "drizzle-orm";
import { auditLog } from "../db/schema";
import type { StoreCtx } from "../lib/context";
import type { Page } from "../lib/pagination";
import type { AuditAction } from "./actions";

export interface AuditFilter {
  actor_user_id?: string;
  integration_id?: string;
  action?: string;
  resource_type?: string;
  since?: string;
  until?: string;
}

/** UUIDv7 ids start with their millisecond: the id at the start of `ms` (for an index range on (store_id, id)). */
const idAt = (ms: number) => {
  const hex = Math.max(0, ms).toString(16).padStart(12, "0");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}`;
};
/** An id may run ahead of its row's clock by a little (uuidv7's counter): the id range is widened by this much. */
const ID_SLACK_MS = 60_000;

function conditions(ctx: StoreCtx, filter: AuditFilter): SQL[] {
  const where: SQL[] = [eq(auditLog.storeId, ctx.store.storeId)];
  if (filter.actor_user_id) where.push(eq(auditLog.userId, filter.actor_user_id));
  if (filter.integration_id) where.push(eq(auditLog.integrationId, filter.integration_id));
  if (filter.action) where.push(eq(auditLog.action, filter.action));
  if (filter.resource_type) where.push(eq(auditLog.resourceType, filter.resource_type));
  if (filter.since) {
    where.push(gte(auditLog.createdAt, filter.since), gte(auditLog.id, idAt(Date.parse(filter.since) - ID_SLACK_MS)));
  }
  if (filter.until) {
    where.push(lte(auditLog.createdAt, filter.until), lte(auditLog.id, `${idAt(Date.parse(filter.until) + ID_SLACK_MS)}~`));
  }
  return where;
}

type AuditRow = typeof auditLog.$inferSelect;

const toEntry = (r: AuditRow) => ({
  id: r.id,
  store_id: r.storeId,
  user_id: r.userId,
  actor_name: r.actorName,
  actor_email: r.actorEmail,
  token_id: r.tokenId,
  token_name: r.tokenName,
  integration_id: r.integrationId,
  integration_name: r.integrationName,
  // Written only by auditEntry, which takes only the registry's actions.
  action: r.action as AuditAction,
  resource_type: r.resourceType,
  resource_id: r.resourceId,
  created_at: r.createdAt,
  details: r.details ? (JSON.parse(r.details) as Record<string, unknown>) : null,
});

export async function listAudit(ctx: StoreCtx, page: Page, filter: AuditFilter = {}) {
  const where = and(...conditions(ctx, filter));
  const [rows, [{ total }]] = await ctx.db.batch([
    // UUIDv7 ids are time-ordered: id order is creation order.
    ctx.db.select().from(auditLog).where(where).orderBy(desc(auditLog.id)).limit(page.limit).offset(page.offset),
    ctx.db.select({ total: count() }).from(auditLog).where(where),
  ]);
  return { data: rows.map(toEntry), total };
}
