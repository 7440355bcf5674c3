// Webhooks: subscriptions and their delivery log (HTTP), the DELIVERIES queue consumer, and the cron sweep.
import type { App } from "../lib/route";
import { registerDeliveryRoutes } from "./deliveries.routes";
import { registerDeliveryDocs } from "./delivery-docs";
import { registerOperationRoutes } from "./operations.routes";
import { registerSubscriptionRoutes } from "./webhooks.routes";

export { handleDeliveryBatch } from "./delivery/queue-consumer";
export { DeliverySender } from "./delivery/subscription-sender";
export { disableFailingSubscriptions } from "./delivery/auto-disable";
export { runDeliverySweep } from "./delivery/lost-sweep";

export function registerWebhookRoutes(app: App) {
  registerSubscriptionRoutes(app);
  registerDeliveryRoutes(app);
  registerOperationRoutes(app);
  registerDeliveryDocs(app);
}
