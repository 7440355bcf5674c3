// The events log (docs/api/22-event-log.md): GET /stores/{store_id}/events and /events/{event_id}. Every store event carries
// `sequence` (1, 2, 3 ... per store, in commit order, no gaps; given by the trigger of migrations/store/0028), so a
// client that repeats `after=<the last sequence it saw>` reads every event it may read exactly once, in commit order.
// `order=desc` (an extension, docs/decisions.md) reads the same log newest first, its cursors paging toward older events.
// The route has no bit of its own: each event needs the read bit of its data (src/webhooks/read-bits.ts), and the
// events the caller may not read are left out (in SQL, so pages stay full and the cursor stays exact).
import { type SQL, and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { events } from "../db/schema";
import type { Db, StoreCtx } from "../lib/context";
import { decodeCursor, encodeCursor } from "../lib/cursor";
import { ApiError, forbidden, notFound } from "../lib/errors";
import { has } from "../lib/permissions";
import { readBitOf } from "./read-bits";
import { EVENT_NAMES, type EventName } from "../events/names";

const ALL_EVENTS = Object.keys(EVENT_NAMES) as EventName[];
/** A cursor is bound to its order: an ascending cursor given with order=desc (or the reverse) is a 422. */
const LISTS = { asc: "events:asc", desc: "events:desc" } as const;
export type EventOrder = keyof typeof LISTS;

export interface EventLogQuery {
  limit: number;
  order: EventOrder;
  cursor?: string;
  after?: number;
  type: string[];
  resource_id?: string;
  since?: string;
  until?: string;
}

/** The filters the page's query applies beside the read bits and the position: limit, resource_id, since, until. */
export type EventFilters = Omit<EventLogQuery, "type" | "cursor" | "after" | "order">;

const typeError = (message: string) => new ApiError("validation_failed", `type: ${message}`, { errors: [{ path: "type", message }] });

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
 * Where a page starts: oldest first, after a sequence (0: the start); newest first, before a sequence (null: the
 * newest event).
 */
export type PageStart = { order: "asc"; after: number } | { order: "desc"; before: number | null };

/**
 * The page's query: the store's events from `start` among `names`, narrowed by the filters, by sequence in the
 * page's order, one row more than the page. Each form is served by an index of migrations/store/0028, walked forward
 * or backward (test/webhooks/event-log-plans.test.ts). A bound on sequence also leaves out `webhook.test` rows (no sequence).
 */
export function eventsPageQuery(db: Db, storeId: string, names: EventName[], start: PageStart, query: EventFilters) {
  const conditions: Array<SQL | undefined> = [
    eq(events.storeId, storeId),
    // One bound on sequence only: with both, SQLite's planner (no statistics) prefers the (store_id, sequence) range
    // over the name and resource_id indexes and walks every older event to find a resource's.
    start.order === "desc" && start.before !== null
      ? sql`${events.sequence} < ${start.before}`
      : sql`${events.sequence} > ${start.order === "asc" ? start.after : 0}`,
    names.length < ALL_EVENTS.length ? inArray(events.name, names) : undefined,
    query.resource_id !== undefined ? eq(events.resourceId, query.resource_id) : undefined,
    query.since !== undefined ? sql`${events.createdAt} >= ${query.since}` : undefined,
    query.until !== undefined ? sql`${events.createdAt} <= ${query.until}` : undefined,
  ];
  return db
    .select(columns)
    .from(events)
    .where(and(...conditions))
    .orderBy(start.order === "asc" ? asc(events.sequence) : desc(events.sequence))
    .limit(query.limit + 1);
}

const afterError = (message: string) => new ApiError("validation_failed", `after: ${message}`, { errors: [{ path: "after", message }] });

/** `after` with `cursor`, and `after` with order=desc: 422 naming `after`. */
function refuseCombinations(query: EventLogQuery) {
  if (query.after !== undefined && query.cursor !== undefined) {
    throw afterError("cannot be combined with cursor (the cursor already says where the page starts)");
  }
  if (query.after !== undefined && query.order === "desc") {
    // `after` is a poller's resume point and promises every later event once, in commit order. Newest first, the
    // events committed while the walk pages down would land above its first page and be missed, so the promise
    // could not hold: the two are refused rather than half-kept.
    throw afterError(
      "cannot be combined with order=desc: after resumes a walk oldest first (order=asc, the default), which is what sees every later event once; newest first, page with cursor and narrow with since/until",
    );
  }
}

/** Where the page starts: the cursor's position, else `after` (oldest first) or the newest event (newest first). */
function startOf(query: EventLogQuery): PageStart {
  const at = query.cursor !== undefined ? Number(decodeCursor(query.cursor, LISTS[query.order], "integer").at) : undefined;
  return query.order === "asc" ? { order: "asc", after: at ?? query.after ?? 0 } : { order: "desc", before: at ?? null };
}

/**
 * The store's events the caller may read, narrowed by the filters: oldest first after `after` (or the cursor's), or
 * with order=desc newest first, the cursor paging toward older events.
 */
export async function listEvents(ctx: StoreCtx, query: EventLogQuery) {
  refuseCombinations(query);
  const names = readableNames(ctx, query.type);
  const start = startOf(query);
  const pagination = (next_cursor: string | null) => ({ limit: query.limit, next_cursor });
  if (names.length === 0) return { data: [], pagination: pagination(null) };
  const rows = await eventsPageQuery(ctx.db, ctx.store.storeId, names, start, query);
  const more = rows.length > query.limit;
  const page = more ? rows.slice(0, query.limit) : rows;
  const last = page[page.length - 1];
  const next = more && last ? encodeCursor({ list: LISTS[query.order], at: last.sequence ?? 0, id: last.id }) : null;
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
