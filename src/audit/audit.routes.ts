// GET /stores/{store_id}/audit-log: who changed what, newest first, with filters.
import { createRoute, z } from "@hono/zod-openapi";
import { storeCtxOf } from "../lib/context";
import { pageSchema, paginated, paginationQuery } from "../lib/pagination";
import { type App, errorResponses, jsonResponse } from "../lib/route";
import { requires } from "../access/requires";
import { line } from "../lib/text";
import { AUDIT_ACTIONS } from "./actions";
import { listAudit } from "./audit.service";

const auditEntrySchema = z
  .object({
    id: z.string(),
    store_id: z.string(),
    user_id: z.string().nullable().openapi({ description: "Null for a change made with an integration's key" }),
    actor_name: z.string().nullable().openapi({ description: "The acting person's display name when the entry was written (null for an integration)" }),
    actor_email: z.string().nullable().openapi({ description: "The acting person's email when the entry was written (null for an integration)" }),
    token_id: z.string().nullable(),
    token_name: z.string().nullable(),
    integration_id: z.string().nullable().openapi({ description: "The integration whose key made the change, else null" }),
    integration_name: z.string().nullable(),
    action: z.enum(AUDIT_ACTIONS).openapi({ example: "product.create", description: "What was done (every action the service writes: src/audit/actions.ts)" }),
    resource_type: z.string(),
    resource_id: z.string(),
    created_at: z.string().openapi({ format: "date-time" }),
    details: z
      .record(z.string(), z.unknown())
      .nullable()
      .openapi({ description: "What the resource id alone does not say (variant.bulk_update: `variant_ids`), else null" }),
  })
  .openapi("AuditEntry");

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;
const instant = (description: string) =>
  z
    .string()
    .regex(ISO, "must be an ISO 8601 UTC timestamp, e.g. 2026-11-21T10:00:00.000Z")
    .refine((v) => !Number.isNaN(Date.parse(v)), "must be a real date and time")
    .transform((v) => new Date(v).toISOString())
    .optional()
    .openapi({ type: "string", format: "date-time", description });
const exact = (description: string) => line().min(1).max(200).optional().openapi({ description });

const auditQuery = z.object({
  ...paginationQuery,
  actor_user_id: exact("Entries by this user (through a session or their tokens)"),
  integration_id: exact("Entries by this integration"),
  // Published as the enum of actions; any other text is still accepted and matches nothing (as before the enum).
  action: exact("Exact action, e.g. product.update").openapi({ enum: [...AUDIT_ACTIONS] }),
  resource_type: exact("Exact resource type, e.g. product"),
  since: instant("Entries at or after this time"),
  until: instant("Entries at or before this time"),
});

const listAuditRoute = createRoute({
  method: "get",
  path: "/stores/{store_id}/audit-log",
  operationId: "listAuditLogEntries",
  tags: ["Audit"],
  summary: "Audit log, newest first; filters actor_user_id, integration_id, action, resource_type, since, until",
  ...requires("audit.read"),
  request: { params: z.object({ store_id: z.string() }), query: auditQuery },
  responses: { 200: jsonResponse(pageSchema(auditEntrySchema), "Audit entries"), ...errorResponses(404) },
});

export function registerAuditRoutes(app: App) {
  app.openapi(listAuditRoute, async (c) => {
    const { limit, offset, ...filter } = c.req.valid("query");
    const page = { limit, offset };
    const { data, total } = await listAudit(storeCtxOf(c), page, filter);
    return c.json(paginated(data, page, total), 200);
  });
}
