// The product list's `total` from the store's counters (store_catalog_stats) instead of a count of its matches, when
// its only filters are status, product_type and in_stock (docs/catalog.md "Filters and sort"): listQuery reads the
// sum this returns. The counters hold each combination's "yes" side; a "no" is the counter without the property
// minus the one with it, so eight columns answer all 27 combinations.

/** The filters the counters can answer (a ListFilters has these and more: any other one set means counting). */
interface CountedFilters {
  status?: "draft" | "live";
  product_type?: "single" | "variable";
  in_stock?: boolean;
  tags: string[];
}
const COUNTED = new Set(["status", "product_type", "in_stock"]);

/** One counter of store_catalog_stats, with the sign it enters the sum with. */
interface Term {
  sign: 1 | -1;
  live: boolean;
  variable: boolean;
  inStock: boolean;
}

/** The counter's column: total, live, in_stock, variable and their combinations (live_variable_in_stock). */
const column = (t: Term) => [t.live && "live", t.variable && "variable", t.inStock && "in_stock"].filter(Boolean).join("_") || "total";

/**
 * The terms narrowed by one property: `true` takes the counter of it, `false` the rest (the counter without the
 * property minus the one with it), undefined leaves them as they are.
 */
function narrow(terms: Term[], key: "live" | "variable" | "inStock", value: boolean | undefined): Term[] {
  if (value === undefined) return terms;
  if (value) return terms.map((t) => ({ ...t, [key]: true }));
  return terms.flatMap((t) => [t, { ...t, sign: t.sign === 1 ? -1 : 1, [key]: true } as Term]);
}

/**
 * The list's `total` as a sum of the store's counters, when its only filters are status, product_type and in_stock
 * (kept exact by triggers, migrations 0004, 0024 and 0025; single products are all minus variable ones, drafts all
 * minus live ones); otherwise undefined and the matches are counted.
 */
export function storedCount(filters: CountedFilters, includeDrafts: boolean): string | undefined {
  const { status, product_type, in_stock, tags } = filters;
  const others = Object.entries(filters).filter(([key, value]) => key !== "tags" && !COUNTED.has(key) && value !== undefined);
  if (tags.length > 0 || others.length > 0) return undefined;
  const live = status ? status === "live" : includeDrafts ? undefined : true;
  let terms: Term[] = [{ sign: 1, live: false, variable: false, inStock: false }];
  terms = narrow(terms, "live", live);
  terms = narrow(terms, "variable", product_type === undefined ? undefined : product_type === "variable");
  terms = narrow(terms, "inStock", in_stock);
  return terms.map((t, i) => `${t.sign === 1 ? (i ? " + " : "") : i ? " - " : "-"}${column(t)}`).join("");
}
