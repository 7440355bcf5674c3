// Data retention (every minute, for each store database in its own maintenance message: src/maintenance/): deletes what is older than its age limit, in
// bounded batches. Tables go in order (deliveries, then the events they no longer need, then the audit log);
// each statement is its own D1 query, so other requests run between them (D1 runs one query at a time).
import type { Db } from "../lib/context";
import { dbOf, shardBinding, shardNames } from "../placement/store-db";
import { type RetentionConfig, retentionConfig } from "./config";
import { RETAINED_TABLES, deleteBatch, uuidv7Floor } from "./tables";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Rows deleted per table in this run, summed over the given store databases (every one by default; the maintenance
 * queue passes one per message, so each database gets its own run and its own invocation). `now` is injectable for
 * tests.
 */
export async function runRetention(env: Env, now = Date.now(), shards = shardNames(env)): Promise<Record<string, number>> {
  const config = retentionConfig(env);
  const deleted: Record<string, number> = Object.fromEntries(RETAINED_TABLES.map((t) => [t.name, 0]));
  // One database after the other, each bounded per run as before: the load on any one database stays the same.
  for (const name of shards) await retainIn(dbOf(shardBinding(env, name)), config, now, deleted);
  if (Object.values(deleted).some((n) => n > 0)) console.log(JSON.stringify({ level: "info", message: "retention deleted rows", deleted }));
  return deleted;
}

async function retainIn(db: Db, config: RetentionConfig, now: number, deleted: Record<string, number>) {
  for (const table of RETAINED_TABLES) {
    const floor = uuidv7Floor(now - table.days(config) * DAY_MS);
    let after = "";
    for (let batch = 0; batch < config.batchesPerRun; batch++) {
      const rows = await db.all<{ id: string }>(deleteBatch(table, floor, after, config.batchRows));
      deleted[table.name] += rows.length;
      if (rows.length < config.batchRows) break;
      for (const r of rows) if (r.id > after) after = r.id; // ids are UUIDv7 text: compared as strings
    }
  }
}
