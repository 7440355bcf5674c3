// The Worker: HTTP API, webhook delivery queue consumer, the cron sweep that recovers lost deliveries,
// and the cron's data retention.
import { createApp } from "./app";
import { handleDeliveryBatch, runDeliverySweep } from "./webhooks";
import { runRetention } from "./retention";

const app = createApp();

export default {
  fetch: app.fetch,
  queue: handleDeliveryBatch,
  scheduled: (_controller, env, ctx) => {
    ctx.waitUntil(runDeliverySweep(env));
    ctx.waitUntil(runRetention(env));
  },
} satisfies ExportedHandler<Env, string>;
