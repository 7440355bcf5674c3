// GET /stores/{store_id}/audit-log: who changed what, newest first.
import { createRoute, z } from "@hono/zod-openapi";
import { count, desc, eq } from "drizzle-orm";
import { auditLog } from "../db/schema";
import { type StoreCtx, storeCtxOf } from "../lib/context";
import { type Page, pageSchema, paginated, paginationQuery } from "../lib/pagination";
import { type App, errorResponses, jsonResponse, requires } from "../lib/route";

const auditEntrySchema = z
  .object({
    id: z.string(),
    store_id: z.string(),
    user_id: z.string().nullable().openapi({ description: "Null for a change made with an integration's key" }),
    token_id: z.string().nullable(),
    token_name: z.string().nullable(),
    integration_id: z.string().nullable().openapi({ description: "The integration whose key made the change, else null" }),
    integration_name: z.string().nullable(),
    action: z.string().openapi({ example: "product.create" }),
    resource_type: z.string(),
    resource_id: z.string(),
    created_at: z.string().openapi({ format: "date-time" }),
    details: z
      .record(z.string(), z.unknown())
      .nullable()
      .openapi({ description: "What the resource id alone does not say (variant.bulk_update: `variant_ids`), else null" }),
  })
  .openapi("AuditEntry");

const listAuditRoute = createRoute({
  method: "get",
  path: "/stores/{store_id}/audit-log",
  operationId: "listAuditLogEntries",
  tags: ["Audit"],
  summary: "Audit log, newest first",
  ...requires("audit.read"),
  request: { params: z.object({ store_id: z.string() }), query: z.object(paginationQuery) },
  responses: { 200: jsonResponse(pageSchema(auditEntrySchema), "Audit entries"), ...errorResponses(404) },
});

export async function listAudit(ctx: StoreCtx, page: Page) {
  const inStore = eq(auditLog.storeId, ctx.store.storeId);
  const [rows, [{ total }]] = await ctx.db.batch([
    // UUIDv7 ids are time-ordered: id order is creation order.
    ctx.db.select().from(auditLog).where(inStore).orderBy(desc(auditLog.id)).limit(page.limit).offset(page.offset),
    ctx.db.select({ total: count() }).from(auditLog).where(inStore),
  ]);
  const data = rows.map((r) => ({
    id: r.id,
    store_id: r.storeId,
    user_id: r.userId,
    token_id: r.tokenId,
    token_name: r.tokenName,
    integration_id: r.integrationId,
    integration_name: r.integrationName,
    action: r.action,
    resource_type: r.resourceType,
    resource_id: r.resourceId,
    created_at: r.createdAt,
    details: r.details ? (JSON.parse(r.details) as Record<string, unknown>) : null,
  }));
  return { data, total };
}

export function registerAuditRoutes(app: App) {
  app.openapi(listAuditRoute, async (c) => {
    const page = c.req.valid("query");
    const { data, total } = await listAudit(storeCtxOf(c), page);
    return c.json(paginated(data, page, total), 200);
  });
}
