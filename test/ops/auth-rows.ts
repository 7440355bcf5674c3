// Authorization matrix rows (test/helpers/auth-matrix.ts) of the operator endpoints (docs/api/14-store-databases-and-operators.md), which take
// OPS_TOKEN and nothing else. PATCH /ops/shards/{name} sets what the database already has. A move of a store of its own, with its queue messages kept (it never runs), gives
// GET /ops/moves/{move_id} something to show; POST .../move to the store's own database is the 409 that proves the
// operator got past the check without moving anything. Run by test/security/authorization-matrix.test.ts.
import { type MatrixRows, matrixRow } from "../helpers/auth-matrix";
import { newStore } from "../helpers/api";
import { shardOf } from "../helpers/databases";
import { keptQueue, otherShard, startMove } from "../moves/support";

async function startedMove() {
  const store = await newStore();
  const started = await startMove(store.id, await otherShard(store.id), keptQueue());
  if (started.status !== 202) throw new Error(`move failed: ${started.status} ${JSON.stringify(started.body)}`);
  return started.body as { id: string };
}

export const opsRows: MatrixRows = {
  listShards: matrixRow({ path: "/ops/shards", expectAllowed: 200 }),
  // Sets what the database already has (it accepts): the operator passes the check and nothing changes.
  updateShard: matrixRow({ path: "/ops/shards/STORE_DB_001", body: { accepting: true }, expectAllowed: 200 }),
  getStorePlacement: matrixRow({ path: "/ops/stores/{store_id}", expectAllowed: 200 }),
  moveStore: matrixRow({
    setup: async (store) => ({ to: await shardOf(store.id) }),
    path: "/ops/stores/{store_id}/move",
    body: (here) => here,
    expectAllowed: 409,
  }),
  getMove: matrixRow({ setup: startedMove, path: (_storeId, move) => `/ops/moves/${move.id}`, expectAllowed: 200 }),
};
