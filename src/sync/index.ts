// Integrations (docs/api/15-sync-and-bulk.md): the deletions feed, bulk variant changes, CSV export and import. The cursors
// and change feeds of the lists are in src/lib/cursor.ts and each list's service.
export { registerSyncRoutes } from "./sync.routes";
export { handleImportBatch } from "./import-runner";
export { runImportSweep } from "./import-sweep";
