// Stores on chosen store databases, for the tests of what the split into several databases promises
// (docs/scale.md section 2). POST /stores places a new store itself (least full, then fewest stores), so a test that
// needs stores on different databases makes stores until it has them, as a client would, and never writes the
// directory by hand.
import { type TestStore, newStore } from "./api";
import { shardOf, storeShardNames } from "./databases";

/** A store made by `make` on the store database `shard` (placement decides, so this makes stores until one lands there). */
export async function onDatabase<T>(
  shard: string,
  make: () => Promise<T>,
  idOf: (made: T) => string = (made) => (made as { id: string }).id,
  tries = 8,
): Promise<T> {
  for (let attempt = 0; attempt < tries; attempt++) {
    const made = await make();
    if ((await shardOf(idOf(made))) === shard) return made;
  }
  throw new Error(`no new store landed on ${shard} in ${tries} tries`);
}

/** A fresh store on the database named `shard`. */
export const newStoreOn = (shard: string): Promise<TestStore> => onDatabase(shard, newStore);

/** One fresh store on each store database, in the order of their names. */
export async function newStoreOnEachShard(): Promise<TestStore[]> {
  const stores: TestStore[] = [];
  for (const shard of storeShardNames()) stores.push(await newStoreOn(shard));
  return stores;
}
