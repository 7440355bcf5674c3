// Per-database maintenance: the cron's fan-out and the `store-maintenance` queue's consumer.
export { type MaintenanceMessage, runCron } from "./fan-out";
export { handleMaintenanceBatch, maintainShard } from "./run";
