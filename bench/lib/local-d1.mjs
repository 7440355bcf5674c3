// The local D1 state of a wrangler dev server (the SQLite files under its --persist-to directory), read with
// node:sqlite while the server runs: where the directory database places each store, and which file actually holds
// each store's row. Miniflare names the files by a hash, not by binding, so the directory is the file with a
// `store_directory` table and a store database is a file with a `stores` table. For benchmarks and end-to-end tests
// that need to see placement before (or without) the operator endpoint GET /ops/shards.
import { readdirSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";

/** Every D1 database file of a local state directory. */
export function d1Files(persistDir) {
  const dir = path.join(persistDir, "v3", "d1", "miniflare-D1DatabaseObject");
  return readdirSync(dir)
    .filter((f) => f.endsWith(".sqlite") && f !== "metadata.sqlite")
    .map((f) => path.join(dir, f));
}

function withFile(file, read) {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    db.exec("PRAGMA busy_timeout = 5000");
    return read(db);
  } finally {
    db.close();
  }
}

const hasTable = (db, name) => db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) !== undefined;

/**
 * `{ placements, holders }`: `placements` maps store id → shard (binding name) as the directory says; `holders` maps
 * store id → the files whose `stores` table has that store's row (one, unless a move is under way).
 */
export function localPlacements(persistDir) {
  const placements = new Map();
  const holders = new Map();
  for (const file of d1Files(persistDir)) {
    withFile(file, (db) => {
      if (hasTable(db, "store_directory")) {
        for (const row of db.prepare("SELECT store_id, shard FROM store_directory").all()) placements.set(row.store_id, row.shard);
      }
      if (hasTable(db, "stores")) {
        for (const row of db.prepare("SELECT id FROM stores").all()) holders.set(row.id, [...(holders.get(row.id) ?? []), file]);
      }
    });
  }
  return { placements, holders };
}

/** The shard (binding name) the directory gives a store, from the local state; throws if it names none. */
export function localShardOf(persistDir, storeId) {
  const shard = localPlacements(persistDir).placements.get(storeId);
  if (!shard) throw new Error(`the local directory places no store ${storeId}`);
  return shard;
}

/** The file of the store database that holds `storeId`'s row, waiting up to `waitMs` for a stopped workerd's lock. */
export async function storeFile(persistDir, storeId, waitMs = 30_000) {
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      const [file] = localPlacements(persistDir).holders.get(storeId) ?? [];
      if (file) return file;
      throw new Error(`no local store database holds store ${storeId}`);
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
}
