// The Worker: HTTP API, the queue consumers (webhook deliveries, CSV imports, store moves, per-database maintenance)
// and the cron, which only fans out one maintenance message per store database (src/maintenance/) and does the
// directory's own housekeeping.
import { createApp } from "./app";
import { handleDeliveryBatch } from "./webhooks";
import { handleImportBatch } from "./sync";
import { type MoveMessage, handleMoveBatch } from "./moves";
import { type MaintenanceMessage, handleMaintenanceBatch, runCron } from "./maintenance";
import type { DeliveryMessage } from "./events/delivery-message";

// The webhook sender Durable Object class (one object per subscription), bound as DELIVERY_SENDER.
export { DeliverySender } from "./webhooks";
// The per-user session state (logout, logout everywhere), bound as USER_SESSIONS.
export { UserSessions } from "./access/session-object";

const app = createApp();

export default {
  fetch: app.fetch,
  // Four queues: webhook deliveries, the steps of CSV imports, the steps of store moves, per-database maintenance.
  queue: async (batch, env, ctx) => {
    if (batch.queue === "product-imports") return handleImportBatch(batch as MessageBatch<never>, env);
    if (batch.queue === "store-moves") return handleMoveBatch(batch as MessageBatch<MoveMessage>, env);
    if (batch.queue === "store-maintenance") return void (await handleMaintenanceBatch(batch as MessageBatch<MaintenanceMessage>, env));
    return handleDeliveryBatch(batch as MessageBatch<DeliveryMessage | string>, env, ctx);
  },
  scheduled: (_controller, env, ctx) => ctx.waitUntil(runCron(env)),
} satisfies ExportedHandler<Env, unknown>;
