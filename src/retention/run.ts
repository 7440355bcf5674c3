// The retention cron (every minute, beside the delivery sweep): deletes what is older than its age limit, in
// bounded batches. Tables go in order (deliveries, then the events they no longer need, then the audit log);
// each statement is its own D1 query, so other requests run between them (D1 runs one query at a time).
import { primaryDb } from "../lib/db";
import { retentionConfig } from "./config";
import { RETAINED_TABLES, deleteBatch, uuidv7Floor } from "./tables";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Rows deleted per table in this run. `now` is injectable for tests. */
export async function runRetention(env: Env, now = Date.now()): Promise<Record<string, number>> {
  const config = retentionConfig(env);
  const db = primaryDb(env);
  const deleted: Record<string, number> = {};
  for (const table of RETAINED_TABLES) {
    const floor = uuidv7Floor(now - table.days(config) * DAY_MS);
    let after = "";
    deleted[table.name] = 0;
    for (let batch = 0; batch < config.batchesPerRun; batch++) {
      const rows = await db.all<{ id: string }>(deleteBatch(table, floor, after, config.batchRows));
      deleted[table.name] += rows.length;
      if (rows.length < config.batchRows) break;
      after = rows.reduce((max, r) => (r.id > max ? r.id : max), after);
    }
  }
  if (Object.values(deleted).some((n) => n > 0)) console.log(JSON.stringify({ level: "info", message: "retention deleted rows", deleted }));
  return deleted;
}
