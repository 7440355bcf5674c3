// Data retention: the cron's deletion of old events, webhook deliveries (with their attempts) and audit rows.
export { runRetention } from "./run";
