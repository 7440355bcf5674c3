// The databases behind the Worker in tests (docs/scale.md section 2): the directory (DIRECTORY) and the store
// databases (STORE_DB_nnn). New stores are spread over the store databases, so a test that reads or writes a
// store's rows directly asks which database holds the store, as the Worker does.
import { env } from "cloudflare:workers";

const bindings = env as unknown as Record<string, D1Database>;

/** The directory database: users, sessions, login attempts, user-scoped idempotency keys, the store directory. */
export const directoryD1 = (): D1Database => env.DIRECTORY;

/** Every store database binding name, in order. */
export const storeShardNames = (): string[] =>
  Object.keys(env)
    .filter((name) => /^STORE_DB_\d{3,}$/.test(name))
    .sort();

/** Every store database. */
export const storeD1s = (): D1Database[] => storeShardNames().map((name) => bindings[name]);

/** The name of the store database holding `storeId` (from the directory). */
export async function shardOf(storeId: string): Promise<string> {
  const row = await env.DIRECTORY.prepare("SELECT shard FROM store_directory WHERE store_id = ?").bind(storeId).first<{ shard: string }>();
  if (!row) throw new Error(`store ${storeId} is in no database`);
  return row.shard;
}

/** The store database holding `storeId`. */
export async function storeD1(storeId: string): Promise<D1Database> {
  return bindings[await shardOf(storeId)];
}

/** A read on every store database, the rows concatenated: for rows whose store the test does not know. */
export async function allStoresAll<T = Record<string, unknown>>(query: string, ...params: unknown[]): Promise<T[]> {
  const results = await Promise.all(
    storeD1s().map((db) =>
      db
        .prepare(query)
        .bind(...params)
        .all<T>(),
    ),
  );
  return results.flatMap((r) => r.results);
}

/** The first row of `query` on the database holding `storeId`. */
export const storeFirst = async <T = Record<string, unknown>>(storeId: string, query: string, ...params: unknown[]) =>
  (await storeD1(storeId))
    .prepare(query)
    .bind(...params)
    .first<T>();

/** Every row of `query` on the database holding `storeId`. */
export const storeAll = async <T = Record<string, unknown>>(storeId: string, query: string, ...params: unknown[]) =>
  (
    await (
      await storeD1(storeId)
    )
      .prepare(query)
      .bind(...params)
      .all<T>()
  ).results;

/** Runs `query` on the database holding `storeId` (inserts of a store's rows go here, not to every database). */
export const storeRun = async (storeId: string, query: string, ...params: unknown[]) =>
  (await storeD1(storeId))
    .prepare(query)
    .bind(...params)
    .run();
