// The cron (every minute) only fans out (docs/scale.md section 7): one message per store database on the
// `store-maintenance` queue, and the directory's own housekeeping. Nothing here queries a store database, so the
// cron's D1 queries stay the same whether there are 2 store databases or 5,000; each database's sweep, retention,
// cleanup, import sweep and size measurement run in that database's own consumer invocation (./run.ts), each with
// its own query and time limits, so no database waits behind the ones before it.
import { cleanDirectory } from "../identity/cleanup";
import { settleCreatingStores } from "../identity/stores.service";
import { runMoveSweep } from "../moves";
import { shardNames } from "../placement/store-db";

/** One store database's maintenance: its binding name. */
export interface MaintenanceMessage {
  shard: string;
}

/** Queues accept at most 100 messages per sendBatch (Queues limits). */
const SEND_BATCH = 100;

/** Sends one maintenance message per store database; returns how many were sent. */
export async function fanOutMaintenance(env: Env): Promise<number> {
  const messages = shardNames(env).map((shard) => ({ body: { shard } satisfies MaintenanceMessage, contentType: "json" as const }));
  const sends: Promise<unknown>[] = [];
  for (let i = 0; i < messages.length; i += SEND_BATCH) sends.push(env.MAINTENANCE.sendBatch(messages.slice(i, i + SEND_BATCH)));
  await Promise.all(sends);
  return messages.length;
}

/** Logs a cron job's failure: the other jobs of the run go on, and the next minute's run tries again. */
const logged = (job: string, run: Promise<unknown>) =>
  run.catch((error) => console.error(JSON.stringify({ level: "error", message: "cron job failed", job, error: String(error) })));

/** The scheduled handler's whole work: the fan-out, and the jobs that only touch the directory. */
export function runCron(env: Env): Promise<unknown> {
  return Promise.all([
    logged("maintenance fan-out", fanOutMaintenance(env)),
    logged("directory cleanup", cleanDirectory(env)),
    logged("settle creating stores", settleCreatingStores(env)),
    logged("move sweep", runMoveSweep(env)),
  ]);
}
