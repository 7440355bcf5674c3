// The Worker: HTTP API, webhook delivery queue consumer, the cron sweep that recovers lost deliveries,
// the cron's data retention, CSV imports and store moves (their queue consumers, and the cron re-sending a stalled
// step).
import { createApp } from "./app";
import { disableFailingSubscriptions, handleDeliveryBatch, runDeliverySweep } from "./webhooks";
import { runAccessCleanup } from "./identity/cleanup";
import { settleCreatingStores } from "./identity/stores.service";
import { runRetention } from "./retention";
import { handleImportBatch, runImportSweep } from "./sync";
import { type MoveMessage, handleMoveBatch, runMoveSweep } from "./moves";
import type { DeliveryMessage } from "./webhooks/messages";

// The webhook sender Durable Object class (one object per subscription), bound as DELIVERY_SENDER.
export { DeliverySender } from "./webhooks";

const app = createApp();

export default {
  fetch: app.fetch,
  // Three queues: webhook deliveries, the steps of CSV imports, and the steps of store moves.
  queue: (batch, env, ctx) =>
    batch.queue === "product-imports"
      ? handleImportBatch(batch as MessageBatch<never>, env)
      : batch.queue === "store-moves"
        ? handleMoveBatch(batch as MessageBatch<MoveMessage>, env)
        : handleDeliveryBatch(batch as MessageBatch<DeliveryMessage | string>, env, ctx),
  scheduled: (_controller, env, ctx) => {
    ctx.waitUntil(runDeliverySweep(env));
    ctx.waitUntil(disableFailingSubscriptions(env));
    ctx.waitUntil(runAccessCleanup(env));
    ctx.waitUntil(settleCreatingStores(env));
    ctx.waitUntil(runRetention(env));
    ctx.waitUntil(runImportSweep(env));
    ctx.waitUntil(runMoveSweep(env));
  },
} satisfies ExportedHandler<Env, unknown>;
