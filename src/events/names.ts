// The store events: their names and what each means (GET /webhook-events lists them; webhook subscriptions name them).
export const EVENT_NAMES = {
  "orders.created": "A new order was committed (payment intent issued)",
  "orders.updated": "An order's status changed: paid, fulfilled, canceled, refunded",
  "orders.refunded": "A refund has cleared",
  "shipments.created": "Some or all of an order's units shipped (docs/api/25-shipments.md): the shipment",
  "products.created": "A product was created, drafts included",
  "products.updated": "A product, its variants, specs, reviews, status or media changed",
  "products.deleted": "A product was deleted",
  "product.image.created": "A gallery item was added",
  "product.image.updated": "A gallery item was changed",
  "product.image.deleted": "A gallery item was removed",
  "collections.created": "A collection was created",
  "collections.updated": "A collection, its rules, or a manual collection's products or their order changed",
  "collections.deleted": "A collection was deleted",
  "customers.created": "A customer was created",
  "customers.updated": "A customer profile was edited",
  "user.created": "A teammate accepted an invite",
  "inventory.updated": "A level (a variant's stock at a location) changed: its on_hand delta and the reason",
  "customer_groups.created": "A customer group was created",
  "customer_groups.updated": "A customer group was renamed or its code changed",
  "customer_groups.deleted": "A customer group was deleted",
  "price_lists.created": "A price list was created",
  "price_lists.updated": "A price list changed: name, code, status, priority, countries, groups or schedule",
  "price_lists.deleted": "A price list was deleted, its prices with it",
  "prices.updated": "A bulk call changed prices of a price list: the list's id and the variants whose prices changed",
} as const;

export type EventName = keyof typeof EVENT_NAMES;
