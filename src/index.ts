// The Worker: HTTP API, the queue consumers (webhook deliveries, CSV imports, store moves, per-database maintenance)
// and the cron, which only fans out one maintenance message per store database (src/maintenance/) and does the
// directory's own housekeeping.
//
// Startup loads only the Durable Object classes (issue 50, docs/performance.md "The weight budget"). The first request
// loads the app (./app.ts: middleware, error handling, zod, the database layer) and the route groups that may match
// its path, never the others (src/routes.ts); each later request that may match a group not loaded yet loads that
// one. Each queue consumer and the cron are loaded by their first batch or run.
import type { MoveMessage } from "./moves";
import type { MaintenanceMessage } from "./maintenance";
import type { DeliveryMessage } from "./events/delivery-message";

// The webhook sender Durable Object class (one object per subscription), bound as DELIVERY_SENDER.
export { DeliverySender } from "./webhooks/delivery/subscription-sender";
// The per-user session state (logout, logout everywhere), bound as USER_SESSIONS.
export { UserSessions } from "./access/session-object";

let app: Promise<{ fetch: ExportedHandlerFetchHandler<Env> }> | undefined;
const loadApp = () => {
  if (!app) app = import("./app").then((m) => m.createLazyApp());
  return app;
};

export default {
  fetch: async (request, env, ctx) => (await loadApp()).fetch(request, env, ctx),
  // Four queues: webhook deliveries, the steps of CSV imports, the steps of store moves, per-database maintenance.
  queue: async (batch, env, ctx) => {
    if (batch.queue === "product-imports") return (await import("./sync/import-runner")).handleImportBatch(batch as MessageBatch<never>, env);
    if (batch.queue === "store-moves") return (await import("./moves")).handleMoveBatch(batch as MessageBatch<MoveMessage>, env);
    if (batch.queue === "store-maintenance") {
      return void (await (await import("./maintenance")).handleMaintenanceBatch(batch as MessageBatch<MaintenanceMessage>, env));
    }
    return (await import("./webhooks/delivery/queue-consumer")).handleDeliveryBatch(batch as MessageBatch<DeliveryMessage | string>, env, ctx);
  },
  scheduled: (_controller, env, ctx) => ctx.waitUntil(import("./maintenance").then((m) => m.runCron(env))),
} satisfies ExportedHandler<Env, unknown>;
