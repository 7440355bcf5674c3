// Write budgets (docs/scale.md sections 7.4 and 7.12): D1 runs one query at a time per database, and one database
// sustains about 25 product changes a second with their deliveries (section 1). A database's budget of changes is two
// lanes of Rate Limiting bindings:
// - the steady lane: each store's first 15 changes per 10 s (`storeSteadyWrites`) come from a lane of 100 per 10 s
//   per database (`databaseSteadyWrites`). A store writing about once a second never leaves it, and flooders take at
//   most 15 each from it, so while fewer than about six stores on a database write at full speed, a steady neighbour
//   is never refused, however hard the others push.
// - the burst lane: a change past a store's steady share spends the store's own budget (`storeWrites`, 100) and then
//   the database's burst lane (`databaseWrites`, 100), shared by whoever bursts.
// Only a write a store's budget admitted spends the database's lane behind it, so a refused flood costs its
// neighbours nothing. Jobs spend too: an import slice spends like a request (it is the store's writing), a move's
// live copy step spends its target database's burst lane; refused, they wait and try again instead of failing.
// Webhook sending spends `deliveryWrites` per database, one unit per attempt (its claim and its record): an attempt
// over it waits (./../webhooks/delivery/subscription-sender.ts), it is never lost.
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

/**
 * 429 unless the store's steady share and the database's steady lane, or else the store's budget and then the
 * database's burst lane, admit one more write.
 */
export async function spendWrite(env: Env, storeId: string, shard: string): Promise<void> {
  if ((await spend(env, "storeSteadyWrites", storeId)) && (await spend(env, "databaseSteadyWrites", shard))) return;
  if (!(await spend(env, "storeWrites", storeId))) throw budgetSpent("storeWrites");
  if (!(await spend(env, "databaseWrites", shard))) throw budgetSpent("databaseWrites");
}

/** One webhook delivery attempt's writes on `shard`: false when its budget is spent (the attempt waits). */
export const spendDeliveryWrite = (env: Env, shard: string) => spend(env, "deliveryWrites", shard);

/** The database's burst lane only (a move's copy onto `shard`): false when it is spent. */
export const spendDatabaseWrite = (env: Env, shard: string) => spend(env, "databaseWrites", shard);

/** True for the refusal `spendWrite` throws: a job waits and tries again. */
export const isWriteBudgetSpent = (error: unknown) => error instanceof ApiError && error.code === "rate_limited";
