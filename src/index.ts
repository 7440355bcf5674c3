// The Worker: HTTP API, webhook delivery queue consumer, and the cron sweep that recovers lost deliveries.
import { createApp } from "./app";
import { handleDeliveryBatch, runDeliverySweep } from "./webhooks";
import { runAccessCleanup } from "./identity/cleanup";

const app = createApp();

export default {
  fetch: app.fetch,
  queue: handleDeliveryBatch,
  scheduled: (_controller, env, ctx) => {
    ctx.waitUntil(runDeliverySweep(env));
    ctx.waitUntil(runAccessCleanup(env));
  },
} satisfies ExportedHandler<Env, string>;
