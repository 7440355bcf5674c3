// The events log (API.md section 22): GET /stores/{store_id}/events and /events/{event_id}. Every store event carries
// `sequence` (1, 2, 3 ... per store, in commit order, no gaps; given by the trigger of migrations/store/0028), so a
// client that repeats `after=<the last sequence it saw>` reads every event it may read exactly once, in commit order.
// The route has no bit of its own: each event needs the read bit of its data (src/webhooks/read-bits.ts), and the
// events the caller may not read are left out (in SQL, so pages stay full and the cursor stays exact).
import { type SQL, and, eq, inArray, sql } from "drizzle-orm";
import { events } from "../db/schema";
import type { Db, StoreCtx } from "../lib/context";
import { decodeCursor, encodeCursor } from "../lib/cursor";
import { ApiError, forbidden, notFound } from "../lib/errors";
import { has } from "../lib/permissions";
import { readBitOf } from "./read-bits";
import { EVENT_NAMES, type EventName } from "../events/names";

const ALL_EVENTS = Object.keys(EVENT_NAMES) as EventName[];
const LIST = "events:asc";

export interface EventLogQuery {
  limit: number;
  cursor?: string;
  after?: number;
  type: string[];
  resource_id?: string;
  since?: string;
  until?: string;
}

const typeError = (message: string) =>
  new ApiError("validation_failed", `type: ${message}`, { errors: [{ path: "type", message }] });

/** The event names one `type` value stands for: itself, or for `prefix.*` every event name starting with `prefix.`. */
export function namesOfType(type: string): EventName[] {
  if (type.endsWith(".*")) {
    const prefix = type.slice(0, -1);
    const names = ALL_EVENTS.filter((name) => name.startsWith(prefix));
    if (names.length === 0) throw typeError(`${type} matches no event (GET /webhook-events lists them)`);
    return names;
  }
  if (!(ALL_EVENTS as string[]).includes(type)) throw typeError(`${type} is not an event (GET /webhook-events lists them)`);
  return [type as EventName];
}

/**
 * The event names the listing may return: the caller's readable events, narrowed by `type`. A name the caller may
 * not read, or a prefix none of whose events it may read, is a 403 naming the bit; a prefix's unreadable events
 * are left out like everywhere else.
 */
export function readableNames(ctx: StoreCtx, types: string[]): EventName[] {
  const mayRead = (name: EventName) => has(ctx.store.permissions, readBitOf(name));
  if (types.length === 0) return ALL_EVENTS.filter(mayRead);
  const chosen = new Set<EventName>();
  for (const type of types) {
    const names = namesOfType(type);
    const readable = names.filter(mayRead);
    if (readable.length === 0) {
      const bit = readBitOf(names[0]);
      throw forbidden(`Reading ${type} events needs the ${bit} permission, since their data is ${bit.split(".")[0]} data`, bit);
    }
    for (const name of readable) chosen.add(name);
  }
  return ALL_EVENTS.filter((name) => chosen.has(name));
}

type EventRow = { id: string; sequence: number | null; name: string; storeId: string; createdAt: string; data: string | null };

const columns = {
  id: events.id,
  sequence: events.sequence,
  name: events.name,
  storeId: events.storeId,
  createdAt: events.createdAt,
  data: sql<string | null>`json_extract(${events.payload}, '$.data')`,
};

const itemOf = (row: EventRow) => ({
  id: row.id,
  sequence: row.sequence ?? 0,
  event: row.name as EventName,
  store_id: row.storeId,
  created_at: row.createdAt,
  data: (row.data === null ? {} : JSON.parse(row.data)) as Record<string, unknown>,
});

/**
 * The page's query: the store's events after `after` among `names`, narrowed by the filters, by sequence, one row
 * more than the page. Each form is served by an index of migrations/store/0028 (test/webhooks/event-log-plans.test.ts).
 */
export function eventsPageQuery(db: Db, storeId: string, names: EventName[], after: number, query: Omit<EventLogQuery, "type" | "cursor" | "after">) {
  const conditions: Array<SQL | undefined> = [
    eq(events.storeId, storeId),
    sql`${events.sequence} > ${after}`,
    names.length < ALL_EVENTS.length ? inArray(events.name, names) : undefined,
    query.resource_id !== undefined ? eq(events.resourceId, query.resource_id) : undefined,
    query.since !== undefined ? sql`${events.createdAt} >= ${query.since}` : undefined,
    query.until !== undefined ? sql`${events.createdAt} <= ${query.until}` : undefined,
  ];
  return db
    .select(columns)
    .from(events)
    .where(and(...conditions))
    .orderBy(events.sequence)
    .limit(query.limit + 1);
}

/** The store's events after `after` (or the cursor's), oldest first, that the caller may read, narrowed by the filters. */
export async function listEvents(ctx: StoreCtx, query: EventLogQuery) {
  if (query.after !== undefined && query.cursor !== undefined) {
    throw new ApiError("validation_failed", "after: cannot be combined with cursor", {
      errors: [{ path: "after", message: "cannot be combined with cursor (the cursor already says where the page starts)" }],
    });
  }
  const names = readableNames(ctx, query.type);
  const after = query.cursor !== undefined ? Number(decodeCursor(query.cursor, LIST, "integer").at) : (query.after ?? 0);
  const pagination = (next_cursor: string | null) => ({ limit: query.limit, next_cursor });
  if (names.length === 0) return { data: [], pagination: pagination(null) };
  const rows = await eventsPageQuery(ctx.db, ctx.store.storeId, names, after, query);
  const more = rows.length > query.limit;
  const page = more ? rows.slice(0, query.limit) : rows;
  const last = page[page.length - 1];
  const next = more && last ? encodeCursor({ list: LIST, at: last.sequence ?? 0, id: last.id }) : null;
  return { data: page.map(itemOf), pagination: pagination(next) };
}

/** One event of the log: 404 when the store has no such event (webhook.test rows are not events), 403 without its read bit. */
export async function getEvent(ctx: StoreCtx, eventId: string) {
  const [row] = await ctx.db
    .select(columns)
    .from(events)
    .where(and(eq(events.storeId, ctx.store.storeId), eq(events.id, eventId), sql`${events.sequence} IS NOT NULL`))
    .limit(1);
  if (!row || !(ALL_EVENTS as string[]).includes(row.name)) throw notFound("Event");
  const bit = readBitOf(row.name);
  if (!has(ctx.store.permissions, bit)) {
    throw forbidden(`Reading a ${row.name} event needs the ${bit} permission, since its data is ${bit.split(".")[0]} data`, bit);
  }
  return itemOf(row);
}
