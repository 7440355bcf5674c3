// The Worker: HTTP API, webhook delivery queue consumer, the cron sweep that recovers lost deliveries,
// the cron's data retention, and CSV imports (their queue consumer, and the cron re-sending a stalled step).
import { createApp } from "./app";
import { handleDeliveryBatch, runDeliverySweep } from "./webhooks";
import { runAccessCleanup } from "./identity/cleanup";
import { settleCreatingStores } from "./identity/stores.service";
import { runRetention } from "./retention";
import { handleImportBatch, runImportSweep } from "./sync";
import type { DeliveryMessage } from "./webhooks/messages";

// The webhook sender Durable Object class (one object per subscription), bound as DELIVERY_SENDER.
export { DeliverySender } from "./webhooks";

const app = createApp();

export default {
  fetch: app.fetch,
  // Two queues: webhook deliveries, and the steps of CSV imports.
  queue: (batch, env, ctx) =>
    batch.queue === "product-imports"
      ? handleImportBatch(batch as MessageBatch<never>, env)
      : handleDeliveryBatch(batch as MessageBatch<DeliveryMessage | string>, env, ctx),
  scheduled: (_controller, env, ctx) => {
    ctx.waitUntil(runDeliverySweep(env));
    ctx.waitUntil(runAccessCleanup(env));
    ctx.waitUntil(settleCreatingStores(env));
    ctx.waitUntil(runRetention(env));
    ctx.waitUntil(runImportSweep(env));
  },
} satisfies ExportedHandler<Env, unknown>;
