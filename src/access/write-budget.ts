// Write budgets (docs/scale.md section 7.4): D1 runs one query at a time per database, and one database sustains
// about 25 product changes a second with their deliveries (section 1). Every write to a store database spends two
// budgets, in this order: the store's own (`storeWrites`, per store) and then its database's (`databaseWrites`, per
// store database, shared by every store on it). The store's is half the database's, so one store's burst meets its
// own 429 while its neighbours still have the other half, before the database is overloaded (which would be a 503
// for whichever request met it). Only a write the store's budget admitted spends the database's, so a refused flood
// costs its neighbours nothing. Jobs spend too: an import slice spends both (it is the store's writing), a move's
// live copy step spends its target database's; refused, they wait and try again instead of failing.
// One unit is one write round trip (a request's batch, an import slice, a copy step). Approximate, like every
// Rate Limiting budget (per Cloudflare location: ./budgets.ts).
import { ApiError } from "../lib/errors";
import { shardNames } from "../placement/store-db";
import { budgetSpent, spend } from "./budgets";

const names = new WeakMap<D1Database, string>();

/** The binding name of a store database binding (the database budget's key). */
export function shardNameOf(env: Env, binding: D1Database): string {
  let name = names.get(binding);
  if (!name) {
    name = shardNames(env).find((n) => (env as unknown as Record<string, D1Database>)[n] === binding) ?? "unknown";
    names.set(binding, name);
  }
  return name;
}

/** 429 unless the store's write budget and then its database's admit one more write. */
export async function spendWrite(env: Env, storeId: string, shard: string): Promise<void> {
  if (!(await spend(env, "storeWrites", storeId))) throw budgetSpent("storeWrites");
  if (!(await spend(env, "databaseWrites", shard))) throw budgetSpent("databaseWrites");
}

/** The database's budget only (a move's copy onto `shard`): false when it is spent. */
export const spendDatabaseWrite = (env: Env, shard: string) => spend(env, "databaseWrites", shard);

/** True for the refusal `spendWrite` throws: a job waits and tries again. */
export const isWriteBudgetSpent = (error: unknown) => error instanceof ApiError && error.code === "rate_limited";
