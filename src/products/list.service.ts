// The product list: newest first (updated_at desc, id desc), drafts only on request, search by title substring
// or SKU prefix. One SQL statement per call: the page of ids comes from an index in list order, the page's JSON
// (with variants) is built in SQL, and `total` is one row of the per-store counters when there is no search.
// With a search, candidates come from the FTS5 trigram index (terms of 3+ characters) and the SKU index, so a
// search reads the matches, not the store; `total` then counts those matches.
import { type SQL, sql } from "drizzle-orm";
import type { StoreReadCtx } from "../lib/context";
import type { Page } from "../lib/pagination";
import { readRows } from "./d1";
import { productObjectSql } from "./product-json";

export interface ListOptions extends Page {
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

const pageJsonSql = (page: Page) => sql`(SELECT json_group_array(json(item)) FROM (
    SELECT ${productObjectSql("p", false)} AS item FROM page JOIN products p ON p.id = page.id
    ORDER BY p.updated_at DESC, p.id DESC))`;

/** The list as one statement returning one row: `data` (JSON array text) and `total`. */
export function listQuery(storeId: string, options: ListOptions): SQL {
  const status = options.includeDrafts ? sql`` : sql`AND status = 'live'`;
  // CROSS JOIN keeps the matches as the outer loop: otherwise SQLite may walk the whole store's index and
  // probe each row against the matches, which reads every product of a big store.
  const hitStatus = options.includeDrafts ? sql`` : sql`AND p.status = 'live'`;
  const { limit, offset } = options;
  if (!options.search) {
    return sql`WITH page AS (
        SELECT id FROM products WHERE store_id = ${storeId} ${status}
        ORDER BY updated_at DESC, id DESC LIMIT ${limit} OFFSET ${offset})
      SELECT ${pageJsonSql(options)} AS data,
        coalesce((SELECT ${options.includeDrafts ? sql`total` : sql`live`} FROM store_catalog_stats
          WHERE store_id = ${storeId}), 0) AS total`;
  }
  return sql`WITH matches AS (${matchesSql(storeId, options.search)}),
      hits AS (SELECT p.id, p.updated_at FROM matches CROSS JOIN products p ON p.rowid = matches.rid
        WHERE p.store_id = ${storeId} ${hitStatus}),
      page AS (SELECT id FROM hits ORDER BY updated_at DESC, id DESC LIMIT ${limit} OFFSET ${offset})
    SELECT ${pageJsonSql(options)} AS data, (SELECT count(*) FROM hits) AS total`;
}

/** The page as JSON text (`{data, pagination}`), already serialized by SQL, and D1's rows-read count. */
export async function listProducts(ctx: StoreReadCtx, options: ListOptions) {
  const { rows, rowsRead } = await readRows<{ data: string; total: number }>(ctx, listQuery(ctx.storeId, options));
  const [row] = rows;
  const pagination = JSON.stringify({ limit: options.limit, offset: options.offset, total: row?.total ?? 0 });
  return { json: `{"data":${row?.data ?? "[]"},"pagination":${pagination}}`, rowsRead };
}
