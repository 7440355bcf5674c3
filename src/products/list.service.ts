// The product list: newest first (updated_at desc, id desc), drafts only on request, search by title substring
// or SKU prefix; with `updated_since`, a change feed (oldest change first, drafts included). Pages continue from
// a keyset cursor (src/lib/cursor.ts) or an offset. One SQL statement per call: the page of ids comes from an index in list order, the page's JSON
// (with variants) is built in SQL, and `total` is one row of the per-store counters when there is no search.
// With a search, candidates come from the FTS5 trigram index (terms of 3+ characters) and the SKU index, so a
// search reads the matches, not the store; `total` then counts those matches.
import { type SQL, sql } from "drizzle-orm";
import type { StoreReadCtx } from "../lib/context";
import { type Walk, encodeCursor, walkConditions, walkOrder } from "../lib/cursor";
import { readRows } from "./d1";
import { productObjectSql } from "./product-json";

export interface ListOptions {
  walk: Walk;
  search?: string;
  includeDrafts: boolean;
}

/** The highest code point: every string that starts with `p` sorts below `p + MAX_CHAR`. */
const MAX_CHAR = "\u{10FFFF}";
const TRIGRAM = 3;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
const ftsPhrase = (text: string) => `"${text.replace(/"/g, '""')}"`;

/** Rowids of the store's products whose title contains `term` or one of whose SKUs starts with it. */
function matchesSql(storeId: string, term: string): SQL {
  const lower = term.toLowerCase();
  const titles =
    [...term].length >= TRIGRAM
      ? sql`SELECT rowid AS rid FROM products_fts WHERE products_fts MATCH ${ftsPhrase(term)}`
      : // Too short for a trigram: a scan of the store's titles (still bounded to this store).
        sql`SELECT rowid AS rid FROM products WHERE store_id = ${storeId} AND title LIKE ${`%${escapeLike(term)}%`} ESCAPE '\\'`;
  return sql`${titles}
    UNION
    SELECT p.rowid FROM product_variants v JOIN products p ON p.id = v.product_id
    WHERE v.store_id = ${storeId} AND v.sku_lower >= ${lower} AND v.sku_lower < ${lower + MAX_CHAR}`;
}

const pageJsonSql = (walk: Walk) => sql`(SELECT json_group_array(json(item)) FROM (
    SELECT ${productObjectSql("p", false)} AS item FROM shown JOIN products p ON p.id = shown.id
    ORDER BY ${walkOrder(walk, sql`p.updated_at`, sql`p.id`)}))`;

/**
 * `page` holds one row more than the limit (its presence means there is a next page), `shown` the page itself;
 * `next` is the position of the page's last item when there is more.
 */
const pageTail = (walk: Walk) => sql`shown AS (SELECT id, updated_at FROM page ORDER BY ${walkOrder(walk, sql`updated_at`, sql`id`)} LIMIT ${walk.limit})
    SELECT ${pageJsonSql(walk)} AS data,
      CASE WHEN (SELECT count(*) FROM page) > ${walk.limit} THEN
        (SELECT json_array(updated_at, id) FROM shown ORDER BY ${walkOrder({ ...walk, ascending: !walk.ascending }, sql`updated_at`, sql`id`)} LIMIT 1) END AS next`;

/** The list as one statement returning one row: `data` (JSON array text), `total` and `next` (JSON or null). */
export function listQuery(storeId: string, options: ListOptions): SQL {
  const { walk } = options;
  // With updated_since (a change feed) drafts are always included.
  const drafts = options.includeDrafts || walk.since !== undefined;
  const status = drafts ? sql`` : sql`AND status = 'live'`;
  // CROSS JOIN keeps the matches as the outer loop: otherwise SQLite may walk the whole store's index and
  // probe each row against the matches, which reads every product of a big store.
  const hitStatus = drafts ? sql`` : sql`AND p.status = 'live'`;
  const position = walkConditions(walk, sql`updated_at`, sql`id`).map((c) => sql` AND ${c}`);
  const since = walk.since ? sql` AND updated_at >= ${walk.since}` : sql``;
  const order = walkOrder(walk, sql`updated_at`, sql`id`);
  const window = sql`LIMIT ${walk.limit + 1} OFFSET ${walk.offset}`;
  if (!options.search) {
    const total = walk.since
      ? sql`(SELECT count(*) FROM products WHERE store_id = ${storeId}${since})`
      : sql`coalesce((SELECT ${drafts ? sql`total` : sql`live`} FROM store_catalog_stats WHERE store_id = ${storeId}), 0)`;
    return sql`WITH page AS (
        SELECT id, updated_at FROM products WHERE store_id = ${storeId} ${status}${sql.join(position)}
        ORDER BY ${order} ${window}),
      ${pageTail(walk)}, ${total} AS total`;
  }
  return sql`WITH matches AS (${matchesSql(storeId, options.search)}),
      hits AS (SELECT p.id, p.updated_at FROM matches CROSS JOIN products p ON p.rowid = matches.rid
        WHERE p.store_id = ${storeId} ${hitStatus}),
      page AS (SELECT id, updated_at FROM hits WHERE 1 = 1${sql.join(position)} ORDER BY ${order} ${window}),
      ${pageTail(walk)}, (SELECT count(*) FROM hits WHERE 1 = 1${since}) AS total`;
}

/** The page as JSON text (`{data, pagination}`), already serialized by SQL, and D1's rows-read count. */
export async function listProducts(ctx: StoreReadCtx, options: ListOptions) {
  const { rows, rowsRead } = await readRows<{ data: string; total: number; next: string | null }>(ctx, listQuery(ctx.storeId, options));
  const [row] = rows;
  const { walk } = options;
  const next = row?.next ? (JSON.parse(row.next) as [string, string]) : null;
  const next_cursor = next ? encodeCursor({ list: walk.list, at: next[0], id: next[1] }) : null;
  const pagination = JSON.stringify({ limit: walk.limit, offset: walk.offset, total: row?.total ?? 0, next_cursor });
  return { json: `{"data":${row?.data ?? "[]"},"pagination":${pagination}}`, rowsRead };
}
