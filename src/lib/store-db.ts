// Which D1 database holds a store's rows (docs/scale.md). Every store still lives in the one database bound as DB;
// code that reads or writes a store's rows outside a request (the queue consumer, the sender objects, the sweep,
// retention) asks here by store id, so that spreading stores over several databases changes this file, not them.
import type { Db } from "./context";
import { primaryDb } from "./db";

/** The database holding `storeId`'s rows (its primary: no session). */
export function storeDb(env: Env, _storeId: string): Db {
  return primaryDb(env);
}

/** Every store database, for the jobs that walk all of them (the delivery sweep, retention). */
export function allStoreDbs(env: Env): Db[] {
  return [primaryDb(env)];
}

/**
 * The database every store lived in before queue messages and sender objects carried a store id: a message
 * queued, or a to-do list kept, before that change can only name a delivery there.
 */
export function legacyStoreDb(env: Env): Db {
  return primaryDb(env);
}
