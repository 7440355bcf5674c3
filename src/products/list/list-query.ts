// The SQL of the product list and of a collection's product list (docs/catalog.md "Filters and sort"): one
// statement returning one row (`data` as JSON text, `total`, `next`). Exported so that a test can EXPLAIN exactly
// what the service runs.
//
// Two shapes, both served by indexes:
// - Without a narrowing filter, the page is read from an index of the store's products in the list's order
//   ((store_id[, status], sort key, id), or (store_id, product_type | lower(brand) | in_stock, updated_at, id) for
//   those filters in the default order), the other filters checked on the rows as they come.
// - With one (search, tag, collection, price range, sku, external_id, a custom field), the candidates come from their
//   own indexes (the store's ranges of the title index and SKU ranges: ./search-query.ts; product_tags,
//   collection_products, variants by price, unique keys, field_index), are joined to products by primary key, and
//   only those are sorted: the read is the matches, not the store. Tags alone, or custom fields alone with an
//   equality among them, in the default order walk their own index in the list's order and stop after a page
//   (tagWalk, fieldWalk). A search alone counts its matches from the indexes and, when they are dense, reads its
//   page from the list's own index as the first shape does (searchPage).
import { type SQL, sql } from "drizzle-orm";
import type { Walk } from "../../lib/cursor";
import { storedCount } from "./list-counters";
import { type ShownStatus, matchIdsSql, matchRowidsSql } from "./search-query";
import { productObjectSql } from "../product-json";
import type { SortKey } from "../schemas";
import { type FieldFilter, fieldIdsSql, fieldProbe, valueCondition } from "./field-filters";

export interface ListFilters {
  status?: "draft" | "live";
  product_type?: "single" | "variable";
  brand?: string;
  tags: string[];
  price_min_cents?: number;
  price_max_cents?: number;
  in_stock?: boolean;
  sku?: string;
  external_id?: string;
  /** Members of a manual collection (candidates from collection_products). */
  manualCollectionId?: string;
  /** An automatic collection's rules as a condition on product row `p`. */
  rules?: SQL;
  /** Custom field filters (field-filters.ts): all must match. */
  fields?: FieldFilter[];
}

export interface ListOptions {
  walk: Walk;
  search?: string;
  includeDrafts: boolean;
  sort: SortKey;
  filters: ListFilters;
  /** A manual collection's own order: by position in it (the walk's key), not by a product column. */
  byPosition?: string;
}

/** The column each sort reads on product row `p`; title sorts case-insensitively. */
const SORT_COLUMNS: Record<SortKey, string> = {
  updated_at: "p.updated_at",
  created_at: "p.created_at",
  title: "p.title COLLATE NOCASE",
  price: "p.min_price_cents",
  stock: "p.total_stock",
};

const hasPriceRange = (f: ListFilters) => f.price_min_cents !== undefined || f.price_max_cents !== undefined;
const priceRange = (f: ListFilters) => sql`price_cents >= ${f.price_min_cents ?? 0} AND price_cents <= ${f.price_max_cents ?? Number.MAX_SAFE_INTEGER}`;

/** Each narrowing filter's ids, from its own index; the candidates are in all of them. */
function candidateSets(storeId: string, options: ListOptions): SQL[] {
  const f = options.filters;
  const sets: SQL[] = [];
  if (options.search) sets.push(matchIdsSql(storeId, options.search, shownStatus(options)));
  // lower() in SQL, as the trigger that fills product_tags (SQLite folds ASCII letters only).
  for (const tag of f.tags) {
    sets.push(sql`SELECT product_id AS pid FROM product_tags WHERE store_id = ${storeId} AND tag_lower = lower(${tag})`);
  }
  if (f.manualCollectionId) sets.push(sql`SELECT product_id AS pid FROM collection_products WHERE collection_id = ${f.manualCollectionId}`);
  // DISTINCT: a product with two variants in the range is one match.
  if (hasPriceRange(f)) sets.push(sql`SELECT DISTINCT product_id AS pid FROM product_variants WHERE store_id = ${storeId} AND ${priceRange(f)}`);
  if (f.sku) sets.push(sql`SELECT product_id AS pid FROM product_variants WHERE store_id = ${storeId} AND sku_lower = ${f.sku.toLowerCase()}`);
  if (f.external_id) sets.push(sql`SELECT id AS pid FROM products WHERE store_id = ${storeId} AND external_id = ${f.external_id}`);
  for (const filter of f.fields ?? []) sets.push(fieldIdsSql(storeId, filter));
  return sets;
}

/** The status the list shows: one, or both (undefined). */
function shownStatus(options: ListOptions): ShownStatus {
  // With updated_since (a change feed) drafts are always included; `status=draft` implies them.
  const drafts = options.includeDrafts || options.walk.since !== undefined;
  return options.filters.status ?? (drafts ? undefined : "live");
}

/** The status condition on `status` (a product's, or its copy on product_tags), if any. */
function statusConditions(options: ListOptions, status: SQL): SQL[] {
  const shown = shownStatus(options);
  return shown ? [sql`${status} = ${shown}`] : [];
}

/** Conditions on product row `p` that are checked row by row (after an index has chosen the rows). */
function rowConditions(options: ListOptions): SQL[] {
  return [...statusConditions(options, sql`p.status`), ...columnConditions(options)];
}

/** The row conditions other than status. */
function columnConditions(options: ListOptions): SQL[] {
  const f = options.filters;
  const conditions: SQL[] = [];
  if (f.product_type) conditions.push(sql`p.product_type = ${f.product_type}`);
  if (f.brand) conditions.push(sql`lower(p.brand) = lower(${f.brand})`);
  if (f.in_stock !== undefined) conditions.push(sql`p.in_stock = ${f.in_stock ? 1 : 0}`);
  if (f.rules) conditions.push(f.rules);
  return conditions;
}

/**
 * The index for the default order when a column filter has one of its own ((store_id, column, updated_at, id,
 * status)): named, so that SQLite does not pick the status index and check the filter on every live product. The
 * trailing status lets the filter's count of live products read the index alone.
 */
function indexFor(options: ListOptions): SQL {
  if (options.sort !== "updated_at") return sql``;
  const f = options.filters;
  if (f.brand) return sql.raw("INDEXED BY products_store_brand_updated_idx");
  if (f.product_type) return sql.raw("INDEXED BY products_store_type_updated_idx");
  if (f.in_stock !== undefined) return sql.raw("INDEXED BY products_store_in_stock_updated_idx");
  return sql``;
}

const and = (conditions: SQL[]) => (conditions.length ? sql` AND ${sql.join(conditions, sql` AND `)}` : sql``);

/** `(key, id)` past the cursor in the walk's direction (a row value: one index range), and updated_since. */
function positionConditions(walk: Walk, key: SQL, id: SQL, updatedAt: SQL = sql`p.updated_at`): SQL[] {
  const conditions: SQL[] = [];
  if (walk.since) conditions.push(sql`${updatedAt} >= ${walk.since}`);
  if (walk.after) {
    const op = sql.raw(walk.ascending ? ">" : "<");
    // The scalar bound first: SQLite takes it as the index range where a row value with a collation (titles) is not.
    conditions.push(sql`${key} ${op}= ${walk.after.at}`, sql`(${key}, ${id}) ${op} (${walk.after.at}, ${walk.after.id})`);
  }
  return conditions;
}

/**
 * Whether tag row `t`'s product also has `tag`: its tag set (",a,b,", migration 0025) holds it between commas. A
 * filter tag with a comma matches nothing (no stored tag has one), as with tag_lower = ?; the check says so, or
 * ",a,b," would hold "a,b".
 */
const hasTag = (tag: string): SQL => (tag.includes(",") ? sql`0` : sql`instr(t.tag_list, ',' || lower(${tag}) || ',') > 0`);

/**
 * Tags as the only narrowing filter, in the default order: the first tag's rows of product_tags in
 * (updated_at, product_id) order with the product's status and tag set on them, the other tags checked in that set;
 * the page stops after `limit` rows and, without a column filter, the count reads the tag index alone (no product
 * row, also with several tags).
 */
function tagWalk(storeId: string, options: ListOptions, dir: SQL, window: SQL): { page: SQL; total: SQL } {
  const [first, ...others] = options.filters.tags;
  const columns = columnConditions(options);
  const join = columns.length ? sql` CROSS JOIN products p ON p.id = t.product_id` : sql``;
  const where = [
    sql`t.store_id = ${storeId} AND t.tag_lower = lower(${first})`,
    ...statusConditions(options, sql`t.status`),
    ...others.map(hasTag),
    ...columns,
  ];
  const from = sql`FROM product_tags t INDEXED BY product_tags_store_tag_list_idx${join} WHERE ${sql.join(where, sql` AND `)}`;
  const after = and(positionConditions(options.walk, sql`t.updated_at`, sql`t.product_id`, sql`t.updated_at`));
  const since = options.walk.since ? sql` AND t.updated_at >= ${options.walk.since}` : sql``;
  return {
    page: sql`SELECT t.product_id AS id, t.updated_at AS k ${from}${after} ORDER BY t.updated_at ${dir}, t.product_id ${dir} ${window}`,
    total: sql`(SELECT count(*) ${from}${since})`,
  };
}

/** Whether a price range is the only filter (status aside) of a list in the default order (see priceHits). */
function priceOnly(options: ListOptions, sets: SQL[]): boolean {
  return options.sort === "updated_at" && hasPriceRange(options.filters) && sets.length === 1 && columnConditions(options).length === 0;
}

/**
 * The products with a variant in the price range, from the variant index alone: each variant carries its
 * product's status and updated_at (kept by triggers, migration 0024); one row per product.
 */
function priceHits(storeId: string, options: ListOptions): SQL {
  const where = [sql`store_id = ${storeId} AND ${priceRange(options.filters)}`, ...statusConditions(options, sql`product_status`)];
  return sql`SELECT product_id AS id, product_updated_at AS k, product_updated_at AS updated_at
    FROM product_variants INDEXED BY product_variants_store_price_product_idx WHERE ${sql.join(where, sql` AND `)} GROUP BY product_id`;
}

/** Whether tags are the only narrowing filter of a list in the default order (see tagWalk). */
function tagsOnly(options: ListOptions, sets: SQL[]): boolean {
  return (
    options.sort === "updated_at" && !options.byPosition && options.filters.tags.length > 0 && sets.length === options.filters.tags.length && !options.search
  );
}

/** Whether custom fields, with an equality among them, are the only narrowing filters of a list in the default order. */
function fieldsOnly(options: ListOptions, sets: SQL[]): boolean {
  const fields = options.filters.fields ?? [];
  return (
    options.sort === "updated_at" &&
    !options.byPosition &&
    !options.search &&
    options.filters.tags.length === 0 &&
    fields.some((f) => f.eq !== undefined) &&
    sets.length === fields.length
  );
}

/**
 * Custom fields as the only narrowing filters, in the default order: the first equality filter's range of
 * field_index in (updated_at, product_id) order, with the product's status on the rows (a product field's rows are
 * its own; a variant field's are grouped to one per product), the other filters probed per row; the page stops after
 * `limit` rows and, without a column filter, the count reads the index alone.
 */
function fieldWalk(storeId: string, options: ListOptions, dir: SQL, window: SQL): { page: SQL; total: SQL } {
  const fields = options.filters.fields!;
  const driver = fields.find((f) => f.eq !== undefined && f.owner === "product") ?? fields.find((f) => f.eq !== undefined)!;
  const columns = columnConditions(options);
  const join = columns.length ? sql` CROSS JOIN products p ON p.id = f.product_id` : sql``;
  const where = [
    sql`f.store_id = ${storeId} AND f.definition_id = ${driver.definitionId} AND ${valueCondition(driver, "f")}`,
    ...statusConditions(options, sql`f.status`),
    ...fields.filter((f) => f !== driver).map((f) => fieldProbe(f, sql`f.product_id`)),
    ...columns,
  ];
  const from = sql`FROM field_index f INDEXED BY field_index_walk_idx${join} WHERE ${sql.join(where, sql` AND `)}`;
  const after = and(positionConditions(options.walk, sql`f.updated_at`, sql`f.product_id`, sql`f.updated_at`));
  const since = options.walk.since ? sql` AND f.updated_at >= ${options.walk.since}` : sql``;
  const perVariant = driver.owner === "variant";
  const others = fields.filter((f) => f !== driver);
  // Several filters and no column filter: the count intersects their index ranges (each read in index order) rather
  // than probing the others for every match of the first.
  const sinceOf = options.walk.since ? [sql`f.updated_at >= ${options.walk.since}`] : [];
  const total =
    others.length > 0 && columns.length === 0
      ? sql`(SELECT count(*) FROM (${sql.join(
          [fieldIdsSql(storeId, driver, [...statusConditions(options, sql`f.status`), ...sinceOf]), ...others.map((f) => fieldIdsSql(storeId, f))],
          sql` INTERSECT `,
        )}))`
      : perVariant
        ? // A product's rows are adjacent in the index (same value, updated_at and product_id): grouped in index order,
          // no temporary b-tree (measured 2x faster than count(DISTINCT) at 40,000 matches).
          sql`(SELECT count(*) FROM (SELECT 1 ${from}${since} GROUP BY f.updated_at, f.product_id))`
        : sql`(SELECT count(*) ${from}${since})`;
  return {
    page: sql`SELECT f.product_id AS id, f.updated_at AS k ${from}${after}${perVariant ? sql` GROUP BY f.updated_at, f.product_id` : sql``}
      ORDER BY f.updated_at ${dir}, f.product_id ${dir} ${window}`,
    total,
  };
}

/** Whether the search is the only filter besides status, outside a change feed (see searchPage). */
function searchOnly(options: ListOptions, sets: SQL[]): boolean {
  return options.search !== undefined && sets.length === 1 && columnConditions(options).length === 0 && !options.walk.since && !options.byPosition;
}

/** `(k, id)` of a materialized row `h` past the cursor, in the walk's direction. */
const afterRow = (walk: Walk, collate: SQL) =>
  walk.after ? sql` AND (h.k${collate}, h.id) ${sql.raw(walk.ascending ? ">" : "<")} (${walk.after.at}, ${walk.after.id})` : sql``;

interface PageShape {
  dir: SQL;
  position: SQL;
  collate: SQL;
}

/**
 * The search alone: its matches `m` (product rowids, the shown status applied by the index ranges) come from the
 * indexes without a product row, and `total` counts them. The page comes one of two ways, chosen in the statement
 * by how dense the matches are among the products the list shows (n matches of N: dense when n * n >= N, from the
 * store's counters):
 * - dense: the list's own index in list order (as without a search), keeping the matches; about N / n entries per
 *   item shown, so at most sqrt(N) per item (a term in one product of 100: about 2,000 entries for a page of 20);
 * - sparse: the matches read by rowid and sorted, fewer than sqrt(N) rows.
 * The statement holds both ways; the one not taken stops before its first row.
 */
function searchPage(storeId: string, options: ListOptions, shape: PageShape): { matches: SQL; page: SQL; total: SQL } {
  const { walk } = options;
  const { dir, position, collate } = shape;
  const shown = storedCount(options.filters, options.includeDrafts) ?? "total";
  const rows = and(rowConditions(options));
  const matches = sql`m AS MATERIALIZED (${matchRowidsSql(storeId, options.search!, shownStatus(options))}),
    mc AS MATERIALIZED (SELECT count(*) AS n, count(*) * count(*) >= coalesce((SELECT ${sql.raw(shown)} FROM store_catalog_stats
      WHERE store_id = ${storeId}), 0) AS dense FROM m), `;
  // `+p.rowid`: not an index term, so the walk stays on the list's index and probes the matches. The way not taken
  // gets LIMIT 0, which ends its loop before the first row (a condition in WHERE would be tested on every row).
  const limit = (dense: boolean) =>
    sql`LIMIT CASE WHEN (SELECT dense FROM mc) THEN ${dense ? walk.limit + 1 : 0} ELSE ${dense ? 0 : walk.limit + 1} END OFFSET ${walk.offset}`;
  const walked = sql`SELECT p.id AS id, ${position} AS k FROM products p WHERE p.store_id = ${storeId}${rows}${and(positionConditions(walk, position, sql`p.id`))}
      AND +p.rowid IN (SELECT rid FROM m) ORDER BY ${position} ${dir}, p.id ${dir} ${limit(true)}`;
  const sorted = sql`SELECT h.id, h.k FROM (SELECT p.id AS id, ${position} AS k FROM m CROSS JOIN products p ON p.rowid = m.rid
      WHERE p.store_id = ${storeId}${rows}) h WHERE 1 = 1${afterRow(walk, collate)} ORDER BY h.k${collate} ${dir}, h.id ${dir} ${limit(false)}`;
  return { matches, page: sql`SELECT * FROM (${walked}) UNION ALL SELECT * FROM (${sorted})`, total: sql`(SELECT n FROM mc)` };
}

/** Whether custom field ranges (no equality) are the only filters (status aside) of a list in the default order. */
function fieldRangesOnly(options: ListOptions, sets: SQL[]): boolean {
  const fields = options.filters.fields ?? [];
  return (
    options.sort === "updated_at" &&
    !options.byPosition &&
    !options.search &&
    fields.length > 0 &&
    sets.length === fields.length &&
    columnConditions(options).length === 0
  );
}

/**
 * The products matching custom field ranges, from field_index alone (its rows carry the product's status and
 * updated_at, as the variants do for the price range): the first filter's index range, the others probed per row;
 * one row per product.
 */
function fieldHits(storeId: string, options: ListOptions): SQL {
  const [first, ...others] = options.filters.fields!;
  const where = [
    sql`f.store_id = ${storeId} AND f.definition_id = ${first.definitionId} AND ${valueCondition(first, "f")}`,
    ...statusConditions(options, sql`f.status`),
    ...others.map((f) => fieldProbe(f, sql`f.product_id`)),
  ];
  const group = first.owner === "variant" ? sql` GROUP BY f.product_id` : sql``;
  return sql`SELECT f.product_id AS id, f.updated_at AS k, f.updated_at AS updated_at
    FROM field_index f INDEXED BY field_index_walk_idx WHERE ${sql.join(where, sql` AND `)}${group}`;
}

const direction = (walk: Walk) => sql.raw(walk.ascending ? "ASC" : "DESC");

/** The list as one statement returning one row: `data` (JSON array text), `total` and `next` (JSON or null). */
export function listQuery(storeId: string, options: ListOptions): SQL {
  const { walk } = options;
  const dir = direction(walk);
  const sets = candidateSets(storeId, options);
  const rows = rowConditions(options);
  const window = sql`LIMIT ${walk.limit + 1} OFFSET ${walk.offset}`;
  const position = options.byPosition ? sql`cp.position` : sql.raw(SORT_COLUMNS[options.sort]);
  // The key as stored in `page`/`shown` loses the column's collation: compare and order titles with NOCASE again.
  const collate = options.sort === "title" && !options.byPosition ? sql.raw(" COLLATE NOCASE") : sql``;
  let page: SQL;
  let total: SQL;
  let matches = sql``;
  if (options.byPosition) {
    // A manual collection in its own order: the members by (collection_id, position).
    const where = sql`cp.collection_id = ${options.byPosition} AND p.store_id = ${storeId}${and(rows)}`;
    const after = and(positionConditions(walk, sql`cp.position`, sql`cp.product_id`));
    page = sql`SELECT p.id AS id, cp.position AS k FROM collection_products cp CROSS JOIN products p ON p.id = cp.product_id
      WHERE ${where}${after} ORDER BY cp.position ${dir}, cp.product_id ${dir} ${window}`;
    total = sql`(SELECT count(*) FROM collection_products cp CROSS JOIN products p ON p.id = cp.product_id WHERE ${where})`;
  } else if (tagsOnly(options, sets)) {
    ({ page, total } = tagWalk(storeId, options, dir, window));
  } else if (fieldsOnly(options, sets)) {
    ({ page, total } = fieldWalk(storeId, options, dir, window));
  } else if (searchOnly(options, sets)) {
    ({ matches, page, total } = searchPage(storeId, options, { dir, position, collate }));
  } else if (sets.length > 0) {
    const candidates = sql.join(sets, sql` INTERSECT `);
    const hits = priceOnly(options, sets)
      ? priceHits(storeId, options)
      : fieldRangesOnly(options, sets)
        ? fieldHits(storeId, options)
        : options.search && sets.length === 1
          ? // The search and column filters: its matches by rowid, each product row read once.
            sql`SELECT p.id AS id, ${position} AS k, p.updated_at AS updated_at FROM (${matchRowidsSql(storeId, options.search, shownStatus(options))}) cand
      CROSS JOIN products p ON p.rowid = cand.rid
      WHERE p.store_id = ${storeId}${and(rows)}`
          : sql`SELECT p.id AS id, ${position} AS k, p.updated_at AS updated_at FROM (${candidates}) cand
      CROSS JOIN products p ON p.id = cand.pid
      WHERE p.store_id = ${storeId}${and(rows)}`;
    const after = afterRow(walk, collate);
    const since = walk.since ? sql` AND h.updated_at >= ${walk.since}` : sql``;
    // The matches once (materialized): the page sorts them and the total counts them.
    matches = sql`h AS MATERIALIZED (${hits}), `;
    page = sql`SELECT h.id, h.k FROM h WHERE 1 = 1${since}${after} ORDER BY h.k${collate} ${dir}, h.id ${dir} ${window}`;
    total = sql`(SELECT count(*) FROM h WHERE 1 = 1${since})`;
  } else {
    const after = and(positionConditions(walk, position, sql`p.id`));
    page = sql`SELECT p.id AS id, ${position} AS k FROM products p ${indexFor(options)} WHERE p.store_id = ${storeId}${and(rows)}${after}
      ORDER BY ${position} ${dir}, p.id ${dir} ${window}`;
    const counter = storedCount(options.filters, options.includeDrafts);
    total =
      counter && !walk.since
        ? sql`coalesce((SELECT ${sql.raw(counter)} FROM store_catalog_stats WHERE store_id = ${storeId}), 0)`
        : sql`(SELECT count(*) FROM products p ${indexFor(options)} WHERE p.store_id = ${storeId}${and(rows)}${walk.since ? sql` AND p.updated_at >= ${walk.since}` : sql``})`;
  }
  const reverse = sql.raw(walk.ascending ? "DESC" : "ASC");
  // `page` once (materialized): `shown` and the look-ahead count read it.
  return sql`WITH ${matches}page AS MATERIALIZED (${page}),
    shown AS (SELECT id, k FROM page ORDER BY k${collate} ${dir}, id ${dir} LIMIT ${walk.limit})
    SELECT (SELECT json_group_array(json(item)) FROM (
        SELECT ${productObjectSql("p", false)} AS item FROM shown JOIN products p ON p.id = shown.id
        ORDER BY shown.k${collate} ${dir}, shown.id ${dir})) AS data,
      CASE WHEN (SELECT count(*) FROM page) > ${walk.limit} THEN
        (SELECT json_array(k, id) FROM shown ORDER BY k${collate} ${reverse}, id ${reverse} LIMIT 1) END AS next,
      ${total} AS total`;
}
