// Stores on chosen store databases, for the tests of what the split into several databases promises
// (docs/scale.md section 2). POST /stores places a new store itself (least full, then fewest stores), so a test that
// needs stores on different databases makes stores until it has them, as a client would, and never writes the
// directory by hand.
import { type TestStore, newStore } from "./api";
import { shardOf, storeShardNames } from "./databases";

/** A fresh store on the database named `shard`: new stores until one lands there (placement spreads them). */
export async function newStoreOn(shard: string, tries = 8): Promise<TestStore> {
  for (let i = 0; i < tries; i++) {
    const store = await newStore();
    if ((await shardOf(store.id)) === shard) return store;
  }
  throw new Error(`no new store landed on ${shard} in ${tries} tries`);
}

/** One fresh store on each store database, in the order of their names. */
export async function newStoreOnEachShard(): Promise<TestStore[]> {
  const stores: TestStore[] = [];
  for (const shard of storeShardNames()) stores.push(await newStoreOn(shard));
  return stores;
}
