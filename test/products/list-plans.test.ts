// Every filter and sort of the product list, and the collection lists, are served by indexes (docs/catalog.md
// "Filters and sort"): EXPLAIN QUERY PLAN of the SQL the service builds shows no full scan of a store's products
// (nor of variants, tags or collection members).
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import { collectionRulesSql } from "../../src/products/list/collection-rules";
import type { Walk } from "../../src/lib/cursor";
import { type ListFilters, type ListOptions, listQuery } from "../../src/products/list/list-query";
import type { SortKey } from "../../src/products/schemas";
import { catalogStore } from "./fixtures";
import { storeAll } from "./store-databases";

const dialect = new SQLiteAsyncDialect();
const STORE_TABLES = new Set(["products", "p", "t", "product_variants", "v", "product_tags", "pt", "collection_products", "cp", "collections"]);

const walkOf = (extra: Partial<Walk> = {}): Walk => ({ limit: 20, offset: 0, ascending: false, list: "products:desc", ...extra });

const SORT_COLUMN: Record<SortKey, string> = {
  updated_at: "updated_at",
  created_at: "created_at",
  title: "title",
  price: "min_price_cents",
  stock: "total_stock",
};

async function planOf(storeId: string, options: ListOptions): Promise<string[]> {
  const { sql, params } = dialect.sqlToQuery(listQuery(storeId, options));
  return (await storeAll<{ detail: string }>(storeId, `EXPLAIN QUERY PLAN ${sql}`, ...params)).map((r) => r.detail);
}

/** The plan's full scans of a store table ("SCAN products", "SCAN p USING INDEX ...": every row of every store). */
async function fullScans(storeId: string, options: ListOptions): Promise<string[]> {
  const { sql, params } = dialect.sqlToQuery(listQuery(storeId, options));
  const plan = await storeAll<{ detail: string }>(storeId, `EXPLAIN QUERY PLAN ${sql}`, ...params);
  expect(plan.length).toBeGreaterThan(0);
  return plan.map((r) => r.detail).filter((d) => /^SCAN (\w+)/.test(d) && STORE_TABLES.has(/^SCAN (\w+)/.exec(d)![1]));
}

const base = (extra: Partial<ListOptions> = {}, filters: Partial<ListFilters> = {}): ListOptions => ({
  walk: walkOf(),
  includeDrafts: false,
  sort: "updated_at",
  ...extra,
  filters: { tags: [], ...filters },
});

const rules = collectionRulesSql({
  match: "any",
  conditions: [
    { field: "tag", op: "equals", value: "sale" },
    { field: "brand", op: "not_equals", value: "Acme" },
    { field: "title", op: "contains", value: "shoe" },
    { field: "price_cents", op: "less_than", value: 5000 },
  ],
});

const FILTERS: Array<[string, Partial<ListFilters>, Partial<ListOptions>?]> = [
  ["status=draft", { status: "draft" }, { includeDrafts: true }],
  ["status=live", { status: "live" }],
  ["product_type", { product_type: "variable" }],
  ["product_type with drafts", { product_type: "single" }, { includeDrafts: true }],
  ["brand", { brand: "Acme" }],
  ["tag", { tags: ["sale"] }],
  ["two tags", { tags: ["sale", "shoes"] }],
  ["collection_id (manual)", { manualCollectionId: "01900000-0000-7000-8000-000000000000" }],
  ["collection_id (automatic)", { rules }],
  ["price range", { price_min_cents: 1000, price_max_cents: 5000 }],
  ["price_min_cents", { price_min_cents: 1000 }],
  ["in_stock=true", { in_stock: true }],
  ["in_stock=false with drafts", { in_stock: false }, { includeDrafts: true }],
  ["sku", { sku: "ABC-1" }],
  ["external_id", { external_id: "erp-1" }],
  ["search", {}, { search: "shirt" }],
  ["short search and a tag", { tags: ["sale"] }, { search: "ab" }],
];

const SORTS: SortKey[] = ["updated_at", "created_at", "title", "price", "stock"];
const cursorAt = (sort: SortKey) => (sort === "price" || sort === "stock" ? 100 : sort === "title" ? "M" : "2026-11-21T10:00:00.000Z");

describe("every filter is served by an index: no full scan of the store's products", () => {
  it.each(FILTERS)("%s", async (_name, filters, extra) => {
    const store = await catalogStore();
    expect(await fullScans(store.id, base(extra, filters))).toEqual([]);
    // Also on a later page and combined with each sort.
    for (const sort of SORTS) {
      const walk = walkOf({ after: { list: "x", at: cursorAt(sort), id: "01900000-0000-7000-8000-000000000000" } });
      expect(await fullScans(store.id, base({ ...extra, sort, walk }, filters)), sort).toEqual([]);
    }
  });
});

/** The plan's reads of a title index: its alias in the SQL (`fts`) or the old shared table's name. */
const titleIndexReads = (plan: string[]) => plan.filter((d) => /VIRTUAL TABLE/.test(d));

describe("a search reads only the caller's store's entries of the title index (migration 0030)", () => {
  // products_fts_by_store's rowids are ranges per store and status; FTS5 shows rowid bounds it was handed as `>`
  // and `<` after its MATCH (`M`) in the index string ("INDEX 0:M1><"): the read starts and stops at the store's.
  const STATUSES: Array<[string, Partial<ListOptions>, Partial<ListFilters>]> = [
    ["live products (the default)", {}, {}],
    ["drafts included", { includeDrafts: true }, {}],
    ["status=draft", { includeDrafts: true }, { status: "draft" }],
  ];
  it.each(STATUSES)("%s: alone, with a column filter, with another narrowing filter, on a later page, in another order", async (_name, extra, statusFilter) => {
    const store = await catalogStore();
    const after = { list: "x", at: "2026-11-21T10:00:00.000Z", id: "01900000-0000-7000-8000-000000000000" };
    const cases: ListOptions[] = [
      base({ ...extra, search: "leather" }, statusFilter),
      base({ ...extra, search: "leather" }, { ...statusFilter, brand: "Acme" }),
      base({ ...extra, search: "leather" }, { ...statusFilter, tags: ["sale"] }),
      base({ ...extra, search: "leather", walk: walkOf({ after }) }, statusFilter),
      base({ ...extra, search: "leather", sort: "title", walk: walkOf({ ascending: true }) }, statusFilter),
    ];
    for (const options of cases) {
      const plan = await planOf(store.id, options);
      const reads = titleIndexReads(plan);
      expect(reads, plan.join("\n")).toHaveLength(1);
      expect(reads[0], plan.join("\n")).toMatch(/^SCAN fts VIRTUAL TABLE INDEX \d+:M\d*[<>]{2}$/);
      expect(await fullScans(store.id, options)).toEqual([]);
    }
  });

  it("a term shorter than a trigram reads the store's own titles by index, not the title index", async () => {
    const store = await catalogStore();
    for (const includeDrafts of [false, true]) {
      const plan = await planOf(store.id, base({ includeDrafts, search: "ab" }));
      expect(titleIndexReads(plan), plan.join("\n")).toEqual([]);
      expect(await fullScans(store.id, base({ includeDrafts, search: "ab" }))).toEqual([]);
    }
  });

  it("the search alone: the matches and their count from the indexes, the page from the list's own index or the matches by rowid", async () => {
    const store = await catalogStore();
    const plan = await planOf(store.id, base({ search: "leather" }));
    // Dense: the walk of (store_id, status, updated_at, id) that the list without a search reads, probing the matches.
    expect(
      plan.filter((d) => d === "SEARCH p USING COVERING INDEX products_store_status_updated_idx (store_id=? AND status=?)").length,
      plan.join("\n"),
    ).toBeGreaterThan(0);
    // Sparse: each match's row by its rowid (no lookup through the id index).
    expect(plan, plan.join("\n")).toContain("SEARCH p USING INTEGER PRIMARY KEY (rowid=?)");
  });
});

describe("every sort is served by an index, both directions, with and without drafts, on every page", () => {
  it.each(SORTS)("sort=%s", async (sort) => {
    const store = await catalogStore();
    for (const ascending of [true, false]) {
      for (const includeDrafts of [true, false]) {
        const after = { list: "x", at: cursorAt(sort), id: "01900000-0000-7000-8000-000000000000" };
        for (const walk of [walkOf({ ascending }), walkOf({ ascending, after })]) {
          expect(await fullScans(store.id, base({ sort, includeDrafts, walk })), `${sort} ${ascending} ${includeDrafts}`).toEqual([]);
        }
        // A later page starts in the index at the cursor's key: it does not read the pages before it.
        const plan = await planOf(store.id, base({ sort, includeDrafts, walk: walkOf({ ascending, after }) }));
        expect(
          plan.some((d) => d.startsWith("SEARCH p USING") && d.includes(`${SORT_COLUMN[sort]}${ascending ? ">" : "<"}`)),
          plan.join("\n"),
        ).toBe(true);
      }
    }
  });

  it("the change feed (updated_since) too", async () => {
    const store = await catalogStore();
    const walk = walkOf({ ascending: true, since: "2026-11-21T10:00:00.000Z" });
    expect(await fullScans(store.id, base({ walk }))).toEqual([]);
    expect(await fullScans(store.id, base({ walk }, { tags: ["sale"] }))).toEqual([]);
  });
});

describe("a collection's product list is served by an index", () => {
  it("manual, in position order, on the first and a later page", async () => {
    const store = await catalogStore();
    const collection = "01900000-0000-7000-8000-000000000000";
    for (const walk of [walkOf({ ascending: true }), walkOf({ ascending: true, after: { list: "x", at: 3, id: collection } })]) {
      expect(await fullScans(store.id, base({ walk, byPosition: collection, includeDrafts: true }, {}))).toEqual([]);
      expect(await fullScans(store.id, base({ walk, byPosition: collection }, {}))).toEqual([]);
    }
  });

  it("automatic, by each sort", async () => {
    const store = await catalogStore();
    for (const sort of SORTS) expect(await fullScans(store.id, base({ sort }, { rules })), sort).toEqual([]);
  });
});

describe("the tag filter in the default order reads the tag index in that order: a page, not every match", () => {
  it.each([
    ["one tag", ["sale"], false],
    ["two tags", ["sale", "shoes"], false],
    ["one tag, drafts included", ["sale"], true],
  ] as const)("%s", async (_name, tags, includeDrafts) => {
    const store = await catalogStore();
    const after = { list: "x", at: "2026-11-21T10:00:00.000Z", id: "01900000-0000-7000-8000-000000000000" };
    for (const walk of [walkOf(), walkOf({ after })]) {
      const plan = await planOf(store.id, base({ includeDrafts, walk }, { tags: [...tags] }));
      const tagSearches = plan.filter((d) => d.startsWith("SEARCH t USING COVERING INDEX product_tags_store_tag_list_idx"));
      // The page and the count, both from the index alone (the other tags too: each entry carries its product's tag
      // set); no sort of the matches, no product row but the page's, no other tag row.
      expect(tagSearches, plan.join("\n")).toHaveLength(2);
      expect(
        plan.filter((d) => /^SEARCH t\d/.test(d)),
        plan.join("\n"),
      ).toEqual([]);
      expect(
        plan.filter((d) => d.includes("TEMP B-TREE FOR ORDER BY")),
        plan.join("\n"),
      ).toEqual([]);
      expect(
        plan.filter((d) => /^SEARCH p USING/.test(d)),
        plan.join("\n"),
      ).toHaveLength(1);
    }
  });
});

describe("the status, product_type and in_stock filters count from the store's counters", () => {
  it.each([
    ["in_stock=true", { in_stock: true }],
    ["in_stock=false", { in_stock: false }],
    ["status=draft", { status: "draft" }],
    ["product_type=variable", { product_type: "variable" }],
    ["product_type=single with drafts", { product_type: "single" }, { includeDrafts: true }],
    ["product_type=single, status=draft, in_stock=false", { product_type: "single", status: "draft", in_stock: false }],
  ] as const)("%s", async (_name, filters, extra?: Partial<ListOptions>) => {
    const store = await catalogStore();
    const plan = await planOf(store.id, base(extra, filters));
    expect(
      plan.filter((d) => d.includes("store_catalog_stats")),
      plan.join("\n"),
    ).toHaveLength(1);
    expect(
      plan.filter((d) => /^(SEARCH|SCAN) p\b/.test(d)),
      plan.join("\n"),
    ).toHaveLength(2);
  });
});
