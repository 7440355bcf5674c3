// Which D1 database holds a store (docs/scale.md sections 2 and 6, docs/api/14-store-databases-and-operators.md). One directory database
// (binding DIRECTORY) and the store databases, one binding each named STORE_DB_nnn ("shards"). The directory's
// `store_directory` row says where a store is; each isolate keeps what it read for 60 s, so a request on a known
// store asks the directory nothing. A stale entry is safe: every access check also reads the store's own row in the
// database it was sent to (it is in the same batch), and a row that is missing there or says `moved` makes the caller
// drop the entry (`forgetPlacement`), read the directory again and retry once. Nothing else reaches a store's rows
// except through a placement from here.
import { drizzle } from "drizzle-orm/d1";
import * as schema from "../db/schema";
import { retryingReads } from "../lib/d1-overload";
import { LruMap } from "../lib/lru";
import type { Db } from "../lib/types";

/** The binding names of store databases. */
const SHARD_BINDING = /^STORE_DB_\d{3,}$/;

/** The database every store lived in before the directory existed (and the first one). */
export const FIRST_SHARD = "STORE_DB_001";

/** A store's directory state; `creating` rows are never handed out (`readPlacement`), so a placement has the others. */
export type StoreState = "creating" | "active" | "moving";

/** A store's row in the directory. */
export interface Placement {
  storeId: string;
  shard: string;
  state: Exclude<StoreState, "creating">;
  version: number;
}

/** Every store database binding of this deployment, by name. */
export function shardNames(env: Env): string[] {
  return Object.keys(env)
    .filter((name) => SHARD_BINDING.test(name))
    .sort();
}

export const isShard = (env: Env, name: string) => SHARD_BINDING.test(name) && name in env;

/** The binding of a store database; a name the deployment does not bind is a server error (a bad directory row). */
export function shardBinding(env: Env, name: string): D1Database {
  const binding = isShard(env, name) ? ((env as unknown as Record<string, D1Database>)[name] ?? null) : null;
  if (!binding) throw new Error(`No D1 binding for store database ${name}`);
  return binding;
}

const dbs = new WeakMap<D1Database, Db>();
const readDbs = new WeakMap<D1Database, Db>();

/**
 * Drizzle on a binding itself (every query to its primary), built once per isolate: building Drizzle's relational
 * schema is the costly part.
 */
export function dbOf(binding: D1Database): Db {
  let db = dbs.get(binding);
  if (!db) {
    db = drizzle(binding, { schema }) as Db;
    dbs.set(binding, db);
  }
  return db;
}

/** `dbOf` for the one-round-trip reads of read-only routes: a query that meets an overload is tried once more. */
export function readDbOf(binding: D1Database): Db {
  let db = readDbs.get(binding);
  if (!db) {
    db = drizzle(retryingReads(binding), { schema }) as Db;
    readDbs.set(binding, db);
  }
  return db;
}

/** The directory database. */
export const directoryDb = (env: Env): Db => dbOf(env.DIRECTORY);

const CACHE_MS = 60_000;
/** At most this many stores' placements per isolate (about 200 bytes each: a few MB of the isolate's 128 MB). */
export const PLACEMENT_CACHE_ENTRIES = 10_000;
/** This isolate's placements, the least recently used forgotten first when full. */
export const placementCache = new LruMap<string, { placement: Placement; until: number }>(PLACEMENT_CACHE_ENTRIES);
const cache = placementCache;

/** Remembers where a store is, for this isolate. */
export function rememberPlacement(placement: Placement): void {
  cache.set(placement.storeId, { placement, until: Date.now() + CACHE_MS });
}

/** Drops what this isolate knows of a store's place: the next lookup reads the directory. */
export function forgetPlacement(storeId: string): void {
  cache.delete(storeId);
}

/** The directory's row for a store, uncached. Null: no such store (or one still being created). */
export async function readPlacement(env: Env, storeId: string): Promise<Placement | null> {
  const row = await env.DIRECTORY.prepare("SELECT shard, state, version FROM store_directory WHERE store_id = ?")
    .bind(storeId)
    .first<{ shard: string; state: StoreState; version: number }>();
  if (!row || row.state === "creating") return null;
  return { storeId, ...row, state: row.state };
}

/**
 * Where a store is: from this isolate's cache, or the directory (`fresh`: always the directory). Null for a store
 * that does not exist (not cached: a store created a moment later is found at once).
 */
export async function placementOf(env: Env, storeId: string, fresh = false): Promise<Placement | null> {
  if (!fresh) {
    const hit = cache.get(storeId);
    if (hit && hit.until > Date.now()) return hit.placement;
  }
  const placement = await readPlacement(env, storeId);
  if (placement) rememberPlacement(placement);
  else forgetPlacement(storeId);
  return placement;
}

/** The database holding `storeId`'s rows (its primary: no session), or null for a store that does not exist. */
export async function storeDb(env: Env, storeId: string, fresh = false): Promise<Db | null> {
  const placement = await placementOf(env, storeId, fresh);
  return placement && dbOf(shardBinding(env, placement.shard));
}

/**
 * The stores of a store database whose rows its jobs must leave alone (SQL, no parameters): a move's target
 * (`incoming`), its source (`moving`, `moved`, `purging`). Their writes and deletes abort on the pause triggers,
 * which would fail the whole batch of a job that walks every store (retention, the delivery sweep). A lookup of
 * `stores_state_idx`, so it adds no scan.
 */
export const STORES_NOT_ACTIVE = "SELECT id FROM stores WHERE state IN ('incoming', 'moving', 'moved', 'purging')";

/**
 * The database every store lived in before queue messages and sender objects carried a store id: a message
 * queued, or a to-do list kept, before that change can only name a delivery there.
 */
export function legacyStoreDb(env: Env): Db {
  return dbOf(shardBinding(env, FIRST_SHARD));
}
