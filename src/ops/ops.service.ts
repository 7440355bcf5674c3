// The operators' verbs (docs/api/14-store-databases-and-operators.md): the store databases with their load, where a store is, and moving one.
import { conflict, invalidField, notFound } from "../lib/errors";
import { isUniqueViolation } from "../lib/db";
import { isUuid, nowIso, uuidv7 } from "../lib/ids";
import { type LocationHint, type ShardLoad, shardLoads, updateShard } from "../placement/placement";
import { readPlacement, shardNames } from "../placement/store-db";
import { type MoveRow, readMove, sendStep } from "../moves";

export interface OpsCtx {
  env: Env;
}

const shardJson = (s: ShardLoad) => ({
  name: s.name,
  location: s.location,
  accepting: s.accepting === 1,
  stores: s.stores,
  size_bytes: s.size_bytes,
  measured_at: s.measured_at,
});

/** Every store database with the size its last maintenance run measured (src/maintenance/): no store database is asked. */
export async function listShards(ctx: OpsCtx) {
  return (await shardLoads(ctx.env)).map(shardJson);
}

/** PATCH /ops/shards/{name}: the location hint and `accepting` of one store database, as the directory keeps them. */
export async function patchShard(ctx: OpsCtx, name: string, input: { location?: LocationHint | null; accepting?: boolean }) {
  const shard = await updateShard(ctx.env, name, input);
  if (!shard) throw notFound("Store database");
  return shardJson(shard);
}

export async function storeInfo(ctx: OpsCtx, storeId: string) {
  // readPlacement answers null for a store still being created, as for one that does not exist.
  const placement = isUuid(storeId) ? await readPlacement(ctx.env, storeId) : null;
  if (!placement) throw notFound("Store");
  return { store_id: storeId, shard: placement.shard, state: placement.state, version: placement.version };
}

const moveJson = (m: MoveRow) => ({ id: m.id, store_id: m.store_id, from: m.from_shard, to: m.to_shard, state: m.state });

/**
 * Starts a move. One running move per store (copying, paused or verifying) is enforced by the insert itself (a
 * partial unique index on store_moves), so two concurrent requests cannot both start one: the second gets the 409.
 * Once the previous move is done or failed it may start, even while that one still deletes the store's rows (after
 * `done`, the purge of the source; after `failed`, the cleanup of the target): its first step waits for that.
 */
export async function startMove(ctx: OpsCtx, storeId: string, input: { to: string }) {
  const names = shardNames(ctx.env);
  if (!names.includes(input.to)) throw invalidField("to", `Not a store database of this deployment (one of ${names.join(", ")})`);
  const placement = isUuid(storeId) ? await readPlacement(ctx.env, storeId) : null;
  if (!placement) throw notFound("Store");
  if (placement.shard === input.to) throw conflict(`The store is already on ${input.to}`);
  const now = nowIso();
  const move = { id: uuidv7(), seq: 0 };
  try {
    await ctx.env.DIRECTORY.prepare(
      `INSERT INTO store_moves (id, store_id, from_shard, to_shard, state, step, rows_copied, seq, due_at, created_at, updated_at)
       VALUES (?, ?, ?, ?, 'copying', 'wait', 0, 0, ?, ?, ?)`,
    )
      .bind(move.id, storeId, placement.shard, input.to, now, now, now)
      .run();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict("Another move of this store is still running");
    throw error;
  }
  await sendStep(ctx.env, move);
  return { id: move.id, store_id: storeId, from: placement.shard, to: input.to, state: "copying" as const };
}

export async function getMove(ctx: OpsCtx, moveId: string) {
  const move = isUuid(moveId) ? await readMove(ctx.env, moveId) : null;
  if (!move) throw notFound("Move");
  return { ...moveJson(move), rows_copied: move.rows_copied, error: move.error };
}
