// Webhooks: subscriptions and their delivery log (HTTP), the DELIVERIES queue consumer, and the cron sweep.
export { registerWebhookRoutes } from "./webhook-routes";
export { handleDeliveryBatch } from "./delivery/queue-consumer";
export { DeliverySender } from "./delivery/subscription-sender";
export { disableFailingSubscriptions } from "./delivery/auto-disable";
export { runDeliverySweep } from "./delivery/lost-sweep";
