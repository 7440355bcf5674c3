// The inventory list's and the ledger's filters are served by the indexes of migrations/store/0027_inventory.sql
// (docs/inventory.md "Indexes"): EXPLAIN QUERY PLAN of the SQL the services build shows no full scan of
// inventory_levels or inventory_ledger, on a first page and on a later one.
import { drizzle } from "drizzle-orm/d1";
import { describe, expect, it } from "vitest";
import * as schema from "../../src/db/schema";
import type { Walk } from "../../src/lib/cursor";
import { ledgerCountQuery, ledgerPageQuery } from "../../src/inventory/ledger.service";
import { levelsCountQuery, levelsPageQuery } from "../../src/inventory/levels.service";
import type { LedgerFilter, LevelsFilter } from "../../src/inventory/schemas";
import { storeD1 } from "../helpers/databases";
import { inventoryStore } from "./support";

const ID = "01900000-0000-7000-8000-000000000000";
const TABLES = /^SCAN (inventory_levels|il|inventory_ledger)\b/;

async function plan(storeId: string, query: { toSQL: () => { sql: string; params: unknown[] } }) {
  const { sql, params } = query.toSQL();
  const rows = await (await storeD1(storeId))
    .prepare(`EXPLAIN QUERY PLAN ${sql}`)
    .bind(...params)
    .all<{ detail: string }>();
  expect(rows.results.length).toBeGreaterThan(0);
  return rows.results.map((r) => r.detail);
}

const fullScans = (details: string[]) => details.filter((d) => TABLES.test(d));

const levelWalk = (after?: boolean): Walk => ({
  limit: 20,
  offset: 0,
  ascending: true,
  list: "inventory:asc",
  ...(after ? { after: { list: "inventory:asc", at: ID, id: ID } } : {}),
});
const ledgerWalk = (after?: boolean): Walk => ({
  limit: 20,
  offset: 0,
  ascending: false,
  list: "ledger:desc",
  ...(after ? { after: { list: "ledger:desc", at: 100, id: ID } } : {}),
});

const LEVEL_FILTERS: Array<[string, LevelsFilter]> = [
  ["none", {}],
  ["location_id", { location_id: ID }],
  ["available_below", { available_below: 5 }],
  ["available_below with location_id", { available_below: 5, location_id: ID }],
  ["variant_id", { variant_id: ID }],
  ["product_id", { product_id: ID }],
  ["sku", { sku: "ABC-1" }],
];

const LEDGER_FILTERS: Array<[string, LedgerFilter]> = [
  ["none", {}],
  ["variant_id", { variant_id: ID }],
  ["sku", { sku: "ABC-1" }],
  ["location_id", { location_id: ID }],
  ["reason", { reason: "received" }],
  ["order_id", { order_id: ID }],
  ["since", { since: "2026-11-21T10:00:00.000Z" }],
  ["until", { until: "2026-11-22T10:00:00.000Z" }],
  ["since and until", { since: "2026-11-21T10:00:00.000Z", until: "2026-11-22T10:00:00.000Z" }],
];

describe("GET /inventory: every filter is served by an index (no full scan of inventory_levels)", () => {
  it.each(LEVEL_FILTERS)("%s", async (_name, filter) => {
    const store = await inventoryStore();
    const db = drizzle(await storeD1(store.id), { schema });
    for (const after of [false, true]) {
      const details = await plan(store.id, levelsPageQuery(db as never, store.id, levelWalk(after), filter));
      expect(fullScans(details), details.join(" | ")).toEqual([]);
    }
    const counted = await plan(store.id, levelsCountQuery(db as never, store.id, filter));
    expect(fullScans(counted), counted.join(" | ")).toEqual([]);
  });

  it("available_below uses the expression indexes on (on_hand - committed); a location's levels its own index", async () => {
    const store = await inventoryStore();
    const db = drizzle(await storeD1(store.id), { schema });
    for (const query of [
      levelsPageQuery(db as never, store.id, levelWalk(), { available_below: 5 }),
      levelsCountQuery(db as never, store.id, { available_below: 5 }),
    ]) {
      expect((await plan(store.id, query)).join(" | ")).toMatch(/inventory_levels_store_available_idx \(store_id=\? AND <expr><\?\)/);
    }
    for (const after of [false, true]) {
      const query = levelsPageQuery(db as never, store.id, levelWalk(after), { available_below: 5, location_id: ID });
      expect((await plan(store.id, query)).join(" | ")).toMatch(/inventory_levels_location_available_idx \(location_id=\? AND <expr><\?\)/);
    }
    expect((await plan(store.id, levelsCountQuery(db as never, store.id, { location_id: ID }))).join(" | ")).toMatch(
      /inventory_levels_location_available_idx \(location_id=\?\)/,
    );
  });
});

describe("GET /inventory/ledger: every filter is served by an index (no full scan of inventory_ledger)", () => {
  it.each(LEDGER_FILTERS)("%s", async (_name, filter) => {
    const store = await inventoryStore();
    const db = drizzle(await storeD1(store.id), { schema });
    for (const after of [false, true]) {
      const details = await plan(store.id, ledgerPageQuery(db as never, store.id, ledgerWalk(after), filter));
      expect(fullScans(details), details.join(" | ")).toEqual([]);
    }
    const counted = await plan(store.id, ledgerCountQuery(db as never, store.id, filter));
    expect(fullScans(counted), counted.join(" | ")).toEqual([]);
  });
});
