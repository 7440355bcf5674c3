// The machinery every credential's check shares: the bearer token's parsing (after the failed-authentication
// budget), Drizzle SQL sent to D1 directly, and `onStore`, which sends a lookup to the database holding a store and
// retries once where the directory says when that database no longer (or not yet) holds it.
// Which database: the path's store is looked up in the isolate's cache of the directory (src/placement/store-db.ts); the
// store database's own row rides in every lookup, and a row that is missing there or says the store left makes the
// check read the directory again and retry once.
import type { Context } from "hono";
import type { SQL } from "drizzle-orm";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import { type Placement, forgetPlacement, placementOf, readDbOf, shardBinding } from "../placement/store-db";
import type { AppEnv, Db } from "../lib/types";
import { unauthenticated } from "../lib/errors";
import { refuseAddressOverFailedAuth } from "./budgets";

export type C = Context<AppEnv>;

/** The raw bearer token; 401 without one. 429 first for an address over the failed-authentication budget. */
export function bearerToken(c: C): string {
  refuseAddressOverFailedAuth(c);
  const match = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header("Authorization") ?? "");
  if (!match) throw unauthenticated();
  return match[1];
}

const dialect = new SQLiteAsyncDialect();

/**
 * Drizzle SQL as a D1 statement on `db` (the request's session, or the binding for batched reads). The access
 * lookups and the batched reads go to D1 directly: Drizzle 0.45's batch cannot bind raw SQL with parameters, and
 * the reads need D1's result meta.
 */
export const d1Statement = (db: Db, query: SQL) => {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return db.$client.prepare(text).bind(...params);
};

/** A store's state in the database that answered (`stores.state`; migrations/store/0015_store_pause.sql). */
export type HereState = "active" | "incoming" | "moving" | "moved" | "purging";

/** The database that answered no longer holds the store, or does not hold it yet: ask the directory again. */
export const left = (state: HereState) => state === "moved" || state === "purging" || state === "incoming";

/**
 * A statement sent to a store's database, and how to tell from its row that the database does not hold the store
 * (a stale cache entry): then the directory is read again and the statement sent once more where it says.
 */
export interface Lookup<Row> {
  statement(db: Db): D1PreparedStatement;
  stale(row: Row | null): boolean;
}

export type Sent<Row, T> = { row: Row | null; read?: D1Result<T>; placement: Placement };

/**
 * Sends `lookup` (with `read` in the same batch: one round trip) to the database holding the store; after a stale
 * answer, once more where the directory now says. The lookups read, so they go to the binding itself (the primary,
 * where revocations land first), tried once more on overload. Records the database for the request (`requestDb`).
 */
export async function onStore<Row, T = unknown>(c: C, placement: Placement, lookup: Lookup<Row>, read?: SQL): Promise<Sent<Row, T>> {
  const send = async (p: Placement): Promise<Sent<Row, T>> => {
    const db = readDbOf(shardBinding(c.env, p.shard));
    if (!read) return { row: (await lookup.statement(db).first<Row>()) ?? null, placement: p };
    const [found, result] = await db.$client.batch([lookup.statement(db), d1Statement(db, read)]);
    return { row: (found.results[0] as Row | undefined) ?? null, read: result as D1Result<T>, placement: p };
  };
  let sent = await send(placement);
  if (lookup.stale(sent.row)) {
    forgetPlacement(placement.storeId);
    const fresh = await placementOf(c.env, placement.storeId, true);
    if (fresh && fresh.shard !== placement.shard) sent = await send(fresh);
  }
  c.set("storeBinding", shardBinding(c.env, sent.placement.shard));
  return sent;
}

/** A budget spend still running. Boxed: an async function returning a bare promise would wait for it. */
export type Spending = { verdict: Promise<boolean> } | null;

/** A store-bound key's row (a PAT's or an integration key's), with the database it was found in. */
export type Found<Row> = { row: Row; binding: D1Database };

/**
 * A store-bound key that the path store's database did not vouch for (`tried`: that database, null when the path
 * names no store): the directory's index (`indexSql`: hash → store_id) names its store, whose database has the
 * word. A copy found in a database its store has left (a move's source before the purge) is not the word: it misses
 * whatever happened since the move (a revocation), so the placement is read again and the lookup sent once more
 * where the directory says. Null: no such live key.
 */
export async function foundElsewhere<Row extends { storeState: HereState }>(
  c: C,
  indexSql: string,
  hash: string,
  tried: string | null,
  statement: (db: Db, hash: string) => D1PreparedStatement,
): Promise<Found<Row> | null> {
  const indexed = await c.env.DIRECTORY.prepare(indexSql).bind(hash).first<{ store_id: string }>();
  if (!indexed) return null;
  let placement = await placementOf(c.env, indexed.store_id, tried !== null);
  for (let attempt = 0; attempt < 2 && placement && placement.shard !== tried; attempt++) {
    const binding = shardBinding(c.env, placement.shard);
    const row = await statement(readDbOf(binding), hash).first<Row>();
    if (!row) return null;
    if (!left(row.storeState)) return { row, binding };
    forgetPlacement(placement.storeId);
    placement = await placementOf(c.env, indexed.store_id, true);
  }
  return null;
}

/**
 * A store-bound key's row wherever it is: in the path store's database first (one query when the key is that
 * store's), else through the directory (`elsewhere`). A row in a database its store has left is never trusted.
 */
export async function findKey<Row extends { storeState: HereState }>(
  c: C,
  storeId: string | null,
  on: (storeId: string) => Lookup<Row>,
  elsewhere: (tried: string | null) => Promise<Found<Row> | null>,
): Promise<Found<Row> | null> {
  let tried: string | null = null;
  const placement = storeId ? await placementOf(c.env, storeId) : null;
  if (placement) {
    const sent = await onStore(c, placement, on(storeId!));
    if (sent.row && !left(sent.row.storeState)) return { row: sent.row, binding: shardBinding(c.env, sent.placement.shard) };
    tried = sent.placement.shard;
  }
  return elsewhere(tried);
}
