// The webhooks' HTTP routes (subscriptions, their delivery log, the operations on them) and the documented deliveries,
// in the document's order. Its own module so that src/routes.ts loads them without the queue consumer (issue 50).
import type { App } from "../lib/route";
import { registerDeliveryRoutes } from "./deliveries.routes";
import { registerDeliveryDocs } from "./delivery-docs";
import { registerOperationRoutes } from "./operations.routes";
import { registerSubscriptionRoutes } from "./webhooks.routes";

export function registerWebhookRoutes(app: App) {
  registerSubscriptionRoutes(app);
  registerDeliveryRoutes(app);
  registerOperationRoutes(app);
  registerDeliveryDocs(app);
}
