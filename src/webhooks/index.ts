// Webhooks: subscriptions and their delivery log (HTTP), the DELIVERIES queue consumer, and the cron sweep.
import type { App } from "../lib/route";
import { registerDeliveryRoutes } from "./deliveries.routes";
import { registerDeliveryDocs } from "./delivery-docs";
import { registerOperationRoutes } from "./operations.routes";
import { registerSubscriptionRoutes } from "./webhooks.routes";

export { handleDeliveryBatch } from "./consumer";
export { DeliverySender } from "./sender";
export { disableFailingSubscriptions } from "./disable";
export { runDeliverySweep } from "./sweep";

export function registerWebhookRoutes(app: App) {
  registerSubscriptionRoutes(app);
  registerDeliveryRoutes(app);
  registerOperationRoutes(app);
  registerDeliveryDocs(app);
}
