// The audit log in words: each action as a sentence fragment ("created a product"), and where a resource lives in
// the console (a link while it exists). The actions are the API's own enum (src/audit/actions.ts, published on
// AuditEntry.action): an action without its words here fails `npm run typecheck`. Rows of an action the console does
// not know (a newer API) read from their name ("product_image.delete" → "product image: delete").
import type { components } from "./api-schema";
import { wallToUtc } from "./zoned-time";

export type AuditAction = components["schemas"]["AuditEntry"]["action"];

export const ACTION_WORDS: Record<AuditAction, string> = {
  "store.create": "created the store",
  "store.update": "changed the store's settings",
  "member.create": "joined the team",
  "member.update": "changed a teammate's permissions",
  "member.remove": "removed a teammate",
  "invite.create": "invited a teammate",
  "invite.revoke": "revoked an invite",
  "token.create": "created an access token",
  "token.update": "changed an access token's API version",
  "token.rotate": "rotated an access token",
  "token.revoke": "revoked an access token",
  "integration.create": "created an integration",
  "integration.update": "edited an integration",
  "integration.rotate": "rotated an integration's key",
  "integration.revoke": "revoked an integration",
  "product.create": "created a product",
  "product.update": "edited a product",
  "product.put": "replaced a product by its external id",
  "product.delete": "deleted a product",
  "product.publish": "published a product",
  "product.unpublish": "unpublished a product",
  "variant.create": "added a variant",
  "variant.update": "edited a variant",
  "variant.delete": "deleted a variant",
  "variant.bulk_update": "changed prices or stock in bulk",
  "specs.update": "edited a product's specs",
  "review.create": "added a review",
  "review.delete": "deleted a review",
  "product_image.create": "added a gallery item",
  "product_image.update": "edited a gallery item",
  "product_image.delete": "removed a gallery item",
  "media_file.create": "uploaded a file",
  "media_file.delete": "deleted a file",
  "collection.create": "created a collection",
  "collection.update": "edited a collection",
  "collection.delete": "deleted a collection",
  "collection.products_set": "set a collection's products",
  "collection.product_add": "added a product to a collection",
  "collection.product_remove": "removed a product from a collection",
  "field_definition.create": "added a custom field",
  "field_definition.update": "changed a custom field",
  "field_definition.delete": "deleted a custom field",
  "customer.create": "created a customer",
  "customer.update": "edited a customer",
  "customer_group.create": "created a customer group",
  "customer_group.update": "edited a customer group",
  "customer_group.delete": "deleted a customer group",
  "customer_group.members": "changed a customer group's members",
  "price_list.create": "created a price list",
  "price_list.update": "edited a price list",
  "price_list.delete": "deleted a price list",
  "price_list.prices": "changed a price list's prices",
  "order.create": "created an order",
  "order.pay": "marked an order as paid",
  "order.fulfill": "marked an order as fulfilled",
  "order.cancel": "canceled an order",
  "order.refund": "refunded an order",
  "shipment.create": "shipped items of an order",
  "shipment.update": "updated a shipment",
  "shipment.cancel": "canceled a shipment",
  "return.create": "recorded a return",
  "location.create": "added a location",
  "location.update": "changed a location",
  "location.delete": "deleted a location",
  "inventory.adjust": "adjusted stock",
  "inventory.transfer": "transferred stock",
  "webhook.create": "added a webhook endpoint",
  "webhook.update": "edited a webhook endpoint",
  "webhook.rotate": "rotated a webhook endpoint's secret",
  "webhook.delete": "deleted a webhook endpoint",
  "webhook.test": "sent a test to a webhook endpoint",
  "webhook.replay": "replayed a webhook delivery",
  "webhook.recover": "recovered a webhook endpoint's failed deliveries",
};

export function actionWords(action: string): string {
  return (ACTION_WORDS as Record<string, string | undefined>)[action] ?? action.replace(/_/g, " ").replace(".", ": ");
}

const capitalized = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
/** For the "Action" filter: "Created a product". */
export const actionLabel = (action: string) => capitalized(actionWords(action));

/** Where a resource is shown in the console, or null when it has no page of its own. */
export function resourcePath(type: string, id: string): string | null {
  switch (type) {
    case "product":
      return `/products/${id}`;
    case "customer":
      return `/customers/${id}`;
    case "order":
      return `/orders/${id}`;
    case "webhook":
      return `/webhooks/${id}`;
    case "token":
      return "/api-tokens";
    case "member":
    case "invite":
      return "/team";
    case "store":
    case "location":
      return "/settings";
    case "inventory_adjustment":
    case "inventory_transfer":
      return "/inventory";
    default:
      return null;
  }
}

const RESOURCE_NAMES: Record<string, string> = {
  product_image: "gallery item",
  media_file: "file",
  specs: "specs",
  token: "access token",
  webhook: "webhook endpoint",
  inventory_adjustment: "stock adjustment",
  inventory_transfer: "stock transfer",
};
export const resourceName = (type: string) => RESOURCE_NAMES[type] ?? type.replace(/_/g, " ");

/** Midnight of `date` (YYYY-MM-DD) in `timeZone`, as an ISO instant; `endOfDay` gives 23:59:59.999 instead. */
export const zonedDayBound = (date: string, timeZone: string, endOfDay = false): string =>
  wallToUtc(`${date}T${endOfDay ? "23:59:59.999" : "00:00"}`, timeZone) ?? "";
