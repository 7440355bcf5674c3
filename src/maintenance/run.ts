// One store database's maintenance (a `store-maintenance` message, one per database per cron run: ./fan-out.ts).
// Each job is bounded per run as before (the sweep 1,000 candidates, disabling failing subscriptions one UPDATE,
// retention RETENTION_BATCHES_PER_RUN deletes per table, cleanup 1,000 keys, imports 50), so one invocation makes
// at most about 40 D1 queries on its database,
// well inside the 1,000 per invocation, however many databases the deployment has. A job that fails is logged and
// the others still run; the next minute's message tries again, so the message is never retried.
import { cleanShard } from "../identity/cleanup";
import { recordShardSize } from "../placement/placement";
import { isShard } from "../placement/store-db";
import { runRetention } from "../retention";
import { runImportSweep } from "../sync";
import { disableFailingSubscriptions, runDeliverySweep } from "../webhooks";
import type { MaintenanceMessage } from "./fan-out";

/** What one database's run did, per job (null: that job failed and was logged). */
export interface MaintenanceReport {
  shard: string;
  recovered: number | null;
  disabled: number | null;
  retained: number | null;
  cleaned: number | null;
  importsResent: number | null;
  sizeBytes: number | null;
}

async function attempt<T>(shard: string, job: string, run: () => Promise<T>): Promise<T | null> {
  try {
    return await run();
  } catch (error) {
    console.error(JSON.stringify({ level: "error", message: "maintenance job failed", shard, job, error: String(error) }));
    return null;
  }
}

/** Every job of one store database, one after the other (D1 runs one query at a time per database anyway). */
export async function maintainShard(env: Env, shard: string, now = Date.now()): Promise<MaintenanceReport> {
  const one = [shard];
  const recovered = await attempt(shard, "delivery sweep", async () => (await runDeliverySweep(env, now, one)).length);
  const disabled = await attempt(shard, "disable failing subscriptions", async () => (await disableFailingSubscriptions(env, now, one)).length);
  const retained = await attempt(shard, "retention", async () => sum(await runRetention(env, now, one)));
  const cleaned = await attempt(shard, "access cleanup", () => cleanShard(env, shard, now));
  const importsResent = await attempt(shard, "import sweep", async () => (await runImportSweep(env, now, one)).length);
  const sizeBytes = await attempt(shard, "size", () => recordShardSize(env, shard));
  return { shard, recovered, disabled, retained, cleaned, importsResent, sizeBytes };
}

const sum = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);

/** The `store-maintenance` consumer. A message naming a binding this deployment no longer has is dropped. */
export async function handleMaintenanceBatch(batch: MessageBatch<MaintenanceMessage>, env: Env): Promise<MaintenanceReport[]> {
  const reports: MaintenanceReport[] = [];
  for (const message of batch.messages) {
    const { shard } = message.body;
    if (isShard(env, shard)) reports.push(await maintainShard(env, shard));
    message.ack();
  }
  return reports;
}
