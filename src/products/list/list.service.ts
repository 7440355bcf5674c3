// The product list (docs/catalog.md): drafts only on request, search by title substring or SKU prefix, filters
// and sorts, pages from a keyset cursor that carries the sort key and the id (src/lib/cursor.ts) or an offset;
// with `updated_since`, a change feed (oldest change first, drafts included). One SQL statement per page
// (./list-query.ts), sent with the request's token check; a collection filter reads the collection first.
import type { z } from "@hono/zod-openapi";
import { sql } from "drizzle-orm";
import { collectionRulesSql, parseRules, requiredTags } from "./collection-rules";
import type { StoreReadCtx } from "../../lib/context";
import { type CursorKey, type Walk, encodeCursor, walkOf } from "../../lib/cursor";
import { invalidField } from "../../lib/errors";
import { isUuid } from "../../lib/ids";
import { readRows } from "./d1";
import { type ListFilters, type ListOptions, listQuery } from "./list-query";
import type { SortKey, productListQuery } from "../schemas";
import { requestedFieldFilters, resolveFieldFilters } from "./field-filters";

export type ProductListQuery = z.infer<typeof productListQuery>;

const CURSOR_KEYS: Record<SortKey, CursorKey> = { updated_at: "timestamp", created_at: "timestamp", title: "text", price: "integer", stock: "integer" };

/**
 * The walk of a sorted list. The default order (-updated_at, or updated_at ascending with updated_since) keeps
 * the cursors it always had; any other sort names itself in its cursors, so a cursor of one sort is a 422 in another.
 */
export function sortedWalk(
  name: string,
  query: Pick<ProductListQuery, "limit" | "offset" | "cursor" | "updated_since" | "sort">,
  rawOffset: string | undefined,
): { walk: Walk; sort: SortKey } {
  const sort = (query.sort ?? "-updated_at").replace(/^-/, "") as SortKey;
  const descending = (query.sort ?? "-updated_at").startsWith("-");
  if (query.updated_since !== undefined && query.sort !== undefined && query.sort !== "updated_at") {
    throw invalidField("sort", "with updated_since the order is updated_at ascending (give sort=updated_at or none)");
  }
  if (query.updated_since !== undefined || (sort === "updated_at" && descending)) {
    return { walk: walkOf(name, query, rawOffset), sort };
  }
  return { walk: walkOf(`${name}:${sort}`, query, rawOffset, !descending, CURSOR_KEYS[sort]), sort };
}

/** The query's filters, checked together (a price range the wrong way round is a 422). */
export function filtersOf(query: ProductListQuery): ListFilters {
  if (query.price_min_cents !== undefined && query.price_max_cents !== undefined && query.price_max_cents < query.price_min_cents) {
    throw invalidField("price_max_cents", "must be at least price_min_cents");
  }
  const { status, product_type, brand, tag, price_min_cents, price_max_cents, in_stock, sku, external_id } = query;
  return { status, product_type, brand, tags: tag, price_min_cents, price_max_cents, in_stock, sku, external_id };
}

/**
 * An automatic collection's rules as list filters: the rules, read through the tag index when they name tags.
 * Rules that are nothing but `tag equals` conditions of `match: all` are exactly those tags (no condition left).
 */
export function automaticFilter(rulesText: string | null): Pick<ListFilters, "rules" | "tags"> {
  const rules = parseRules(rulesText);
  const tags = requiredTags(rules);
  const onlyTags = tags.length > 0 && tags.length === rules.conditions.length;
  return { rules: onlyTags ? undefined : collectionRulesSql(rules), tags };
}

/** A collection of this store as a filter: its members (manual) or its rules (automatic); else a 422 on `field`. */
export async function collectionFilter(ctx: StoreReadCtx, id: string, field: string): Promise<{ kind: "manual" | "automatic"; filter: Partial<ListFilters> }> {
  const missing = () => invalidField(field, "is not a collection of this store");
  if (!isUuid(id)) throw missing();
  const { rows } = await readRows<{ kind: "manual" | "automatic"; rules: string | null }>(
    ctx,
    sql`SELECT kind, rules FROM collections WHERE id = ${id} AND store_id = ${ctx.storeId}`,
  );
  const [row] = rows;
  if (!row) throw missing();
  return row.kind === "manual" ? { kind: "manual", filter: { manualCollectionId: id } } : { kind: "automatic", filter: automaticFilter(row.rules) };
}

/** Runs a list query: the page as JSON text (`{data, pagination}`), already serialized by SQL, and D1's rows read. */
export async function runList(ctx: StoreReadCtx, options: ListOptions) {
  const { rows, rowsRead } = await readRows<{ data: string; total: number; next: string | null }>(ctx, listQuery(ctx.storeId, options));
  const [row] = rows;
  const { walk } = options;
  const next = row?.next ? (JSON.parse(row.next) as [string | number, string]) : null;
  const next_cursor = next ? encodeCursor({ list: walk.list, at: next[0], id: next[1] }) : null;
  const pagination = JSON.stringify({ limit: walk.limit, offset: walk.offset, total: row?.total ?? 0, next_cursor });
  return { json: `{"data":${row?.data ?? "[]"},"pagination":${pagination}}`, rowsRead };
}

/** GET /products; `queries`: the raw query, for the custom field filters (`field.<key>`, field-filters.ts). */
export async function listProducts(ctx: StoreReadCtx, query: ProductListQuery, rawOffset: string | undefined, queries: Record<string, string[]> = {}) {
  const { walk, sort } = sortedWalk("products", query, rawOffset);
  const filters = filtersOf(query);
  const requested = requestedFieldFilters(queries);
  if (requested.keys.size > 0 || requested.errors.length > 0) filters.fields = await resolveFieldFilters(ctx, requested);
  if (query.collection_id !== undefined) {
    const { filter } = await collectionFilter(ctx, query.collection_id, "collection_id");
    Object.assign(filters, filter, { tags: [...filters.tags, ...(filter.tags ?? [])] });
  }
  const includeDrafts = query.include_drafts || query.status === "draft";
  return runList(ctx, { walk, sort, filters, includeDrafts, search: query.search || undefined });
}
