// The product list's `search` (docs/catalog.md "List and search"): the store's products whose title contains the term
// or one of whose SKUs starts with it, case-insensitively, as SQL sets that list-query.ts pages through.
//
// Titles of 3 or more characters go through the FTS5 trigram index products_fts_by_store (migration 0030), which
// keeps each store's titles in rowid ranges of its own: rowid = search_key * 2^41 + (live ? 2^40 : 0) + the
// product's rowid. A search hands FTS5 the range of its store and status next to MATCH, so it reads only the
// matches it can show, and counts them without reading a product row; `rowid & (2^40 - 1)` is the product's rowid.
import { type SQL, sql } from "drizzle-orm";

/** Which statuses a list shows: one, or both (undefined). */
export type ShownStatus = "live" | "draft" | undefined;

const TRIGRAM = 3;
/** The highest code point: every string that starts with `p` sorts below `p + MAX_CHAR`. */
const MAX_CHAR = "\u{10FFFF}";
const STORE_RANGE = sql.raw("2199023255552"); // 2^41
const LIVE = sql.raw("1099511627776"); // 2^40
const PRODUCT_ROWID = sql.raw("1099511627775"); // 2^40 - 1

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
const ftsPhrase = (text: string) => `"${text.replace(/"/g, '""')}"`;

/** The index rowids of the store's products with `status` (both when undefined), bounds on `fts.rowid`. */
function rangeOf(status: ShownStatus): SQL {
  const lower = status === "live" ? sql`k.search_key * ${STORE_RANGE} + ${LIVE}` : sql`k.search_key * ${STORE_RANGE}`;
  const upper = status === "draft" ? sql`k.search_key * ${STORE_RANGE} + ${LIVE}` : sql`(k.search_key + 1) * ${STORE_RANGE}`;
  return sql`fts.rowid >= ${lower} AND fts.rowid < ${upper}`;
}

/** Rowids (`rid`) of the store's products with `status` whose title contains `term`. */
function titleRowidsSql(storeId: string, term: string, status: ShownStatus): SQL {
  if ([...term].length < TRIGRAM) {
    // Too short for a trigram: the store's titles (its (store_id, status, title) index; still this store only).
    const shown = status ? sql` AND status = ${status}` : sql``;
    return sql`SELECT rowid AS rid FROM products WHERE store_id = ${storeId}${shown} AND title LIKE ${`%${escapeLike(term)}%`} ESCAPE '\\'`;
  }
  // MATCH takes the table's own name, not an alias.
  return sql`SELECT fts.rowid & ${PRODUCT_ROWID} AS rid FROM products_fts_store_keys k CROSS JOIN products_fts_by_store fts
    WHERE k.store_id = ${storeId} AND products_fts_by_store MATCH ${ftsPhrase(term)} AND ${rangeOf(status)}`;
}

/** Variant row `v` is the store's, with a SKU starting with `term`, of a product with `status` (copied on v, 0024). */
function skuPrefix(storeId: string, term: string, status: ShownStatus): SQL {
  const lower = term.toLowerCase();
  const shown = status ? sql` AND v.product_status = ${status}` : sql``;
  return sql`v.store_id = ${storeId} AND v.sku_lower >= ${lower} AND v.sku_lower < ${lower + MAX_CHAR}${shown}`;
}

/** The matches as product rowids (`rid`): read from the indexes alone, one row per product. */
export function matchRowidsSql(storeId: string, term: string, status: ShownStatus): SQL {
  return sql`${titleRowidsSql(storeId, term, status)}
    UNION
    SELECT p.rowid FROM product_variants v CROSS JOIN products p ON p.id = v.product_id WHERE ${skuPrefix(storeId, term, status)}`;
}

/** The matches as product ids (`pid`), to intersect with the other narrowing filters' ids. */
export function matchIdsSql(storeId: string, term: string, status: ShownStatus): SQL {
  return sql`SELECT t.id AS pid FROM (${titleRowidsSql(storeId, term, status)}) s CROSS JOIN products t ON t.rowid = s.rid
    UNION
    SELECT v.product_id FROM product_variants v WHERE ${skuPrefix(storeId, term, status)}`;
}
