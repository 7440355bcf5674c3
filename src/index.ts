// The Worker: HTTP API, webhook delivery queue consumer, the cron sweep that recovers lost deliveries,
// and the cron's data retention.
import { createApp } from "./app";
import { handleDeliveryBatch, runDeliverySweep } from "./webhooks";
import { runAccessCleanup } from "./identity/cleanup";
import { runRetention } from "./retention";
import type { DeliveryMessage } from "./webhooks/messages";

// The webhook sender Durable Object class (one object per subscription), bound as DELIVERY_SENDER.
export { DeliverySender } from "./webhooks";

const app = createApp();

export default {
  fetch: app.fetch,
  queue: handleDeliveryBatch,
  scheduled: (_controller, env, ctx) => {
    ctx.waitUntil(runDeliverySweep(env));
    ctx.waitUntil(runAccessCleanup(env));
    ctx.waitUntil(runRetention(env));
  },
} satisfies ExportedHandler<Env, DeliveryMessage | string>;
