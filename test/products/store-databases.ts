// The store databases behind the catalog, media, order, customer and sync tests (docs/scale.md section 2): direct
// SQL on the database holding a store, reaching into the batches a request sends to it (to fail one, or to race
// another writer), and the check that a file's stores are spread over more than one database, so that a
// regression to a single database does not pass unnoticed. test/helpers/d1-batches.ts does the same interception
// for every database; these wrap only the store's own, where its rows are.
import { closeStockContext, openStockContext } from "../helpers/stock-context";
import { describe, expect, it } from "vitest";
import { interceptBatches } from "../helpers/d1-batches";
import { shardOf, storeD1 } from "../helpers/databases";
import { onDatabase } from "../helpers/spread";

export { onDatabase };

export { storeAll, storeFirst, storeRun } from "../helpers/databases";

type Send = (statements: D1PreparedStatement[]) => Promise<D1Result[]>;

/**
 * Every D1 session the Worker opens on `storeId`'s database after the call sends its batches through `batch`
 * (restored by vi.restoreAllMocks). `db` is that database, for a write beside the request's.
 */
export async function interceptStoreBatches(storeId: string, batch: (statements: D1PreparedStatement[], send: Send, db: D1Database) => Promise<D1Result[]>) {
  interceptBatches(batch, [await storeD1(storeId)]);
}

/** Every batch to the store's database fails, as a D1 outage would make it: for "nothing half-written". */
export const failStoreBatches = (storeId: string) =>
  interceptStoreBatches(storeId, async () => {
    throw new Error("injected D1 failure");
  });

/** Another writer commits `sql` on the store's database (outside the request's batch) just before each batch. */
export const writeBeforeStoreBatches = (storeId: string, sql: string, ...params: unknown[]) =>
  interceptStoreBatches(storeId, async (statements, send, db) => {
    // In an inventory context, so a write of stock (a level's change) carries its ledger entry.
    await db.batch([openStockContext(db, storeId, "test.another-writer"), db.prepare(sql).bind(...params), closeStockContext(db)]);
    return send(statements);
  });

/**
 * A store made by `make` on the same store database as `storeId`, for "another store's rows stay apart": on one
 * database only the store_id filters keep two stores apart (on two, the routing alone would).
 */
export const onSameDatabase = async <T>(storeId: string, make: () => Promise<T>, idOf?: (made: T) => string): Promise<T> =>
  onDatabase(await shardOf(storeId), make, idOf);

/**
 * A last test for a file: the stores it made (`storeIds()`, read when the test runs) sit on more than one store
 * database. Placement spreads new stores over the accepting databases (src/placement/placement.ts), so a file that makes
 * a few stores exercises each of them.
 */
export function itSpreadsStoresOverDatabases(storeIds: () => string[]) {
  describe("the stores a test file makes are spread over the store databases (docs/scale.md section 2)", () => {
    it("puts this file's stores in more than one store database", async () => {
      const ids = storeIds();
      expect(ids.length).toBeGreaterThan(1);
      const shards = new Set(await Promise.all(ids.map(shardOf)));
      expect(shards.size, `stores ${ids.length}, databases ${[...shards].join(", ")}`).toBeGreaterThan(1);
    });
  });
}
