// Keyset cursors (docs/api/15-sync-and-bulk.md). A cursor names the last item of a page by its sort key (a timestamp and
// the id), so the next page starts strictly after it: items written meanwhile cannot shift the page, and an item
// that stays unchanged for the whole walk is read exactly once. Cursors are opaque to clients (base64url JSON)
// and bound to the list and order they came from; anything that does not decode to one is a 422, never a 500.
import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { z } from "@hono/zod-openapi";
import { ApiError, invalidField } from "./errors";
import { paginationQuery } from "./pagination";
import { line } from "./text";

/** The position after which the next page starts, and the list/order it belongs to. */
export interface Cursor {
  /** Which list and order: e.g. "products:desc", "orders:asc". */
  list: string;
  /** The sort key of the last item: a timestamp by default, or what the list sorts by (a title, a price). */
  at: string | number;
  id: string;
}

/** What a cursor's sort key may be: a timestamp (the default), any text (a title), or an integer (a price). */
export type CursorKey = "timestamp" | "text" | "integer";

const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const keySchemas = {
  timestamp: z.string().regex(ISO_MS),
  text: z.string().max(1024),
  integer: z.number().int(),
} as const;
const payloadOf = (key: CursorKey) => z.tuple([z.string().max(120), keySchemas[key], z.string().max(64)]);

const toBase64Url = (text: string) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(text)))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");

export function encodeCursor(cursor: Cursor): string {
  return toBase64Url(JSON.stringify([cursor.list, cursor.at, cursor.id]));
}

const badCursor = () => invalidField("cursor", "is not a cursor of this list (use pagination.next_cursor as given)");

/** The cursor, or a 422 naming `cursor` when it was altered, truncated or comes from another list or order. */
export function decodeCursor(text: string, list: string, key: CursorKey = "timestamp"): Cursor {
  let parsed: unknown;
  try {
    const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
    parsed = JSON.parse(new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0))));
  } catch {
    throw badCursor();
  }
  const result = payloadOf(key).safeParse(parsed);
  if (!result.success || result.data[0] !== list) throw badCursor();
  return { list, at: result.data[1], id: result.data[2] };
}

/** Query parameters shared by the lists that page with cursors: limit, offset, cursor, updated_since. */
export const cursorQuery = {
  ...paginationQuery,
  cursor: line().max(2048).optional().openapi({ description: "Opaque: the previous page's `pagination.next_cursor`. Not combinable with `offset` (422)." }),
  updated_since: z
    .string()
    .regex(ISO_MS, "must be an ISO 8601 UTC timestamp with milliseconds, e.g. 2026-11-21T10:00:00.000Z")
    .refine((v) => !Number.isNaN(Date.parse(v)), "must be a real date and time")
    .optional()
    .openapi({
      description: "Only items changed at or after this time (ISO 8601), oldest change first (updated_at, then id, ascending)",
    }),
};

/** How a list is walked: the parsed query turned into an order, a position, and the sort-key columns. */
export interface Walk {
  limit: number;
  offset: number;
  ascending: boolean;
  since?: string;
  after?: Cursor;
  list: string;
}

/**
 * Reads the walk from a list's query (ascending with updated_since, unless the list has one fixed order). `offset` given together with `cursor` is refused (the raw query is checked,
 * since the parsed offset defaults to 0).
 */
export function walkOf(
  name: string,
  query: { limit: number; offset: number; cursor?: string; updated_since?: string },
  rawOffset: string | undefined,
  ascending = query.updated_since !== undefined,
  key: CursorKey = "timestamp",
): Walk {
  if (query.cursor !== undefined && rawOffset !== undefined) {
    throw new ApiError("validation_failed", "offset: cannot be combined with cursor", {
      errors: [{ path: "offset", message: "cannot be combined with cursor" }],
    });
  }
  const list = `${name}:${ascending ? "asc" : "desc"}`;
  const after = query.cursor !== undefined ? decodeCursor(query.cursor, list, key) : undefined;
  return { limit: query.limit, offset: after ? 0 : query.offset, ascending, since: query.updated_since, after, list };
}

/** The WHERE conditions of a walk over (`at`, `id`): the lower bound of `updated_since` and the keyset position. */
export function walkConditions(walk: Walk, at: SQLWrapper, id: SQLWrapper): SQL[] {
  const conditions: SQL[] = [];
  if (walk.since) conditions.push(sql`${at} >= ${walk.since}`);
  if (walk.after) {
    const { at: a, id: i } = walk.after;
    conditions.push(walk.ascending ? sql`(${at} > ${a} OR (${at} = ${a} AND ${id} > ${i}))` : sql`(${at} < ${a} OR (${at} = ${a} AND ${id} < ${i}))`);
  }
  return conditions;
}

export const walkOrder = (walk: Walk, at: SQLWrapper, id: SQLWrapper): SQL => (walk.ascending ? sql`${at} ASC, ${id} ASC` : sql`${at} DESC, ${id} DESC`);

/**
 * The page's `pagination`: the list reads `limit + 1` rows, and a next cursor exists exactly when the extra row
 * came back (null on the last page). Returns the page's items without the extra row.
 */
export function pageOf<T>(walk: Walk, rows: T[], keyOf: (item: T) => { at: string; id: string }, total: number) {
  const more = rows.length > walk.limit;
  const data = more ? rows.slice(0, walk.limit) : rows;
  const last = data[data.length - 1];
  const next_cursor = more && last ? encodeCursor({ list: walk.list, ...keyOf(last) }) : null;
  return { data, pagination: { limit: walk.limit, offset: walk.offset, total, next_cursor } };
}

export const cursorPaginationSchema = z.object({
  limit: z.number().int(),
  offset: z.number().int(),
  total: z.number().int(),
  next_cursor: z.string().nullable().openapi({ description: "Pass as `cursor` for the next page; null on the last page" }),
});

export const cursorPageSchema = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), pagination: cursorPaginationSchema });
