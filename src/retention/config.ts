// Retention settings, from wrangler vars (see docs/data.md): how old rows may get before the cron deletes them,
// and how much one cron run may delete. An unset var takes its default; a var that is not a positive whole
// number stops the run (logged) rather than deleting by a guess.

export interface RetentionConfig {
  /** Events, webhook deliveries with their attempts: default 30 days (rows with their own expiry: identity/cleanup.ts). */
  days: number;
  /** The audit log: default 365 days. */
  auditDays: number;
  /** Rows one DELETE statement removes at most (attempts go with their deliveries: at most 3 each). */
  batchRows: number;
  /** DELETE statements per table per run at most: one run touches at most batchRows × batchesPerRun per table. */
  batchesPerRun: number;
}

export const RETENTION_DEFAULTS: RetentionConfig = { days: 30, auditDays: 365, batchRows: 500, batchesPerRun: 10 };

type RetentionVars = Partial<Record<"RETENTION_DAYS" | "AUDIT_RETENTION_DAYS" | "RETENTION_BATCH_ROWS" | "RETENTION_BATCHES_PER_RUN", string>>;

function positiveInt(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === "") return fallback;
  if (!/^[1-9][0-9]{0,5}$/.test(value)) throw new Error(`${name} must be a positive whole number, got "${value}"`);
  return Number(value);
}

export function retentionConfig(env: RetentionVars): RetentionConfig {
  const d = RETENTION_DEFAULTS;
  return {
    days: positiveInt("RETENTION_DAYS", env.RETENTION_DAYS, d.days),
    auditDays: positiveInt("AUDIT_RETENTION_DAYS", env.AUDIT_RETENTION_DAYS, d.auditDays),
    batchRows: positiveInt("RETENTION_BATCH_ROWS", env.RETENTION_BATCH_ROWS, d.batchRows),
    batchesPerRun: positiveInt("RETENTION_BATCHES_PER_RUN", env.RETENTION_BATCHES_PER_RUN, d.batchesPerRun),
  };
}
