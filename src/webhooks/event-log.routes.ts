// GET /stores/{store_id}/events and /events/{event_id} (docs/api/22-event-log.md): the store's events in commit order, or
// newest first with order=desc (an extension for reading the log as a person does: docs/decisions.md).
import { createRoute, z } from "@hono/zod-openapi";
import { requires } from "../access/requires";
import { storeCtxOf } from "../lib/context";
import { cursorQuery } from "../lib/cursor";
import { type App, errorResponses, jsonResponse } from "../lib/route";
import { LINE_RE, line } from "../lib/text";
import { storeParams } from "../products/schemas";
import { getEvent, listEvents } from "./event-log.service";
import { eventItemSchema } from "./event-schemas";
import { readBitsInWords } from "./read-bits";

const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const timestampParam = (description: string) =>
  z
    .string()
    .regex(ISO_MS, "must be an ISO 8601 UTC timestamp with milliseconds, e.g. 2026-11-21T10:00:00.000Z")
    .refine((v) => !Number.isNaN(Date.parse(v)), "must be a real date and time")
    .optional()
    .openapi({ description, format: "date-time" });

const typeParam = line().trim().min(1, "must not be empty").max(64);

const eventsQuery = z.object({
  limit: cursorQuery.limit,
  order: z.enum(["asc", "desc"]).default("asc").openapi({
    description:
      "`asc` (the default): oldest first, as section 22 defines the log. `desc`: newest first, `next_cursor` paging toward older events; every filter works, but not `after` (422: `after` resumes an oldest-first walk, which is what sees every later event once). A cursor belongs to its order: give the same `order` with it.",
  }),
  cursor: cursorQuery.cursor.openapi({
    description: "Opaque: the previous page's `pagination.next_cursor` (with the same `order`). Not combinable with `after` (422).",
  }),
  after: z.string().regex(/^\d+$/, "must be a whole number").transform(Number).pipe(z.number().int().min(0).max(Number.MAX_SAFE_INTEGER)).optional().openapi({
    type: "integer",
    minimum: 0,
    description: "Only events whose `sequence` is greater: pass the last sequence you saw. Not combinable with `cursor` nor with `order=desc` (422).",
  }),
  type: z
    .union([typeParam, z.array(typeParam).max(20)])
    .optional()
    .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]))
    .openapi({
      description:
        "Repeatable (up to 20): an event name (`orders.created`) or a prefix (`products.*`). Unknown names: 422; a name or prefix whose read bit you lack: 403 naming it",
      type: "array",
      items: { type: "string", minLength: 1, maxLength: 64, pattern: LINE_RE.source },
    }),
  resource_id: line().max(64).optional().openapi({ description: "Only events whose `data.id` is this" }),
  since: timestampParam("Only events created at or after this time (inclusive)"),
  until: timestampParam("Only events created at or before this time (inclusive)"),
});

const eventsPageSchema = z
  .object({
    data: z.array(eventItemSchema),
    pagination: z.object({
      limit: z.number().int(),
      next_cursor: z.string().nullable().openapi({ description: "Pass as `cursor` for the next page; null on the last page" }),
    }),
  })
  .openapi("EventPage");

const listEventsRoute = createRoute({
  method: "get",
  path: "/stores/{store_id}/events",
  operationId: "listEvents",
  tags: ["Events"],
  summary: "The store's events you may read, oldest first by `sequence` (commit order), or newest first with `order=desc`",
  ...requires("member"),
  description:
    `No bit of its own: each event needs the read bit of its data (${readBitsInWords()}), and the events you may not read are left out. ` +
    "Repeating `after=<the last sequence you saw>` returns every event you may read exactly once, in commit order, for as long as events are kept. `order=desc` lists the same events newest first (for reading, not for catching up).",
  request: { params: storeParams, query: eventsQuery },
  responses: { 200: jsonResponse(eventsPageSchema, "Events, oldest first (newest first with `order=desc`)"), ...errorResponses(404) },
});

const getEventRoute = createRoute({
  method: "get",
  path: "/stores/{store_id}/events/{event_id}",
  operationId: "getEvent",
  tags: ["Events"],
  summary: "One event (403 without its read bit)",
  ...requires("member"),
  description: "The event's read bit is needed (403 naming it otherwise).",
  request: { params: storeParams.extend({ event_id: z.string() }) },
  responses: { 200: jsonResponse(eventItemSchema, "The event"), ...errorResponses(404) },
});

export function registerEventLogRoutes(app: App) {
  app.openapi(listEventsRoute, async (c) => c.json(await listEvents(storeCtxOf(c), c.req.valid("query")), 200));
  app.openapi(getEventRoute, async (c) => c.json(await getEvent(storeCtxOf(c), c.req.valid("param").event_id), 200));
}
