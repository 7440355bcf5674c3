// The audit log (rows are written by ../lib/audit.ts inside each change's batch).
export { registerAuditRoutes } from "./audit.routes";
