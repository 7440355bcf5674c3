// API shapes of orders (docs/api/09-orders-and-customers.md).
import { z } from "@hono/zod-openapi";
import { email } from "../identity/schemas";
import { cursorQuery } from "../lib/cursor";
import { line } from "../lib/text";
import { fieldsCreateInput, fieldsSchema } from "../fields/schemas";
import { countryInput, currencyInput } from "../lib/money";
import { priceSourceSchema } from "../pricing/schemas";

const timestamp = z.string().openapi({ format: "date-time" });
export const ORDER_STATUSES = ["pending", "paid", "fulfilled", "canceled", "refunded"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const FULFILLMENT_STATUSES = ["unfulfilled", "partially_fulfilled", "fulfilled"] as const;

export const lineItemSchema = z
  .object({
    id: z.string().openapi({ description: "The line's stable id: what shipments and returns name (docs/api/25-shipments.md)" }),
    variant_id: z.string(),
    product_id: z.string(),
    title: z.string(),
    sku: z.string().nullable(),
    unit_price_cents: z.number().int().openapi({ description: "Minor units of the order's currency; never changes after creation" }),
    quantity: z.number().int(),
    price_source: priceSourceSchema
      .nullable()
      .openapi({ description: "Where the unit price came from (docs/api/24-prices.md); null for orders placed before price lists existed" }),
    allocations: z
      .array(z.object({ location_id: z.string(), quantity: z.number().int() }))
      .openapi({ description: "Where the line's committed units came from (docs/api/20-inventory.md); empty for on-demand units" }),
    fulfilled_quantity: z.number().int().openapi({ description: "Units in shipments that are not canceled" }),
    returned_quantity: z.number().int().openapi({ description: "Units returned" }),
  })
  .openapi("OrderLineItem");

export const orderSchema = z
  .object({
    id: z.string(),
    store_id: z.string(),
    customer_id: z.string().nullable(),
    email: z.string(),
    currency: z.string(),
    country: z.string().nullable().openapi({ description: "ISO 3166-1 alpha-2, when the order named one" }),
    status: z.enum(ORDER_STATUSES),
    fulfillment_status: z.enum(FULFILLMENT_STATUSES).openapi({ description: "From the units in shipments that are not canceled (docs/api/25-shipments.md)" }),
    total_cents: z.number().int(),
    refunded_cents: z.number().int(),
    line_items: z.array(lineItemSchema),
    fields: fieldsSchema,
    created_at: timestamp,
    updated_at: timestamp,
  })
  .openapi("Order");

export const createOrderBody = z
  .strictObject({
    customer_id: line().optional(),
    email: email.optional(),
    currency: currencyInput,
    country: countryInput
      .optional()
      .openapi({ description: "The buyer's country: price lists limited to countries apply only to orders naming one of theirs" }),
    line_items: z
      .array(z.strictObject({ variant_id: line(), quantity: z.number().int().min(1).max(1_000_000) }))
      .min(1, "must contain at least one item")
      .max(100),
    fields: fieldsCreateInput.openapi({
      description: "Values by key, each checked against its definition (422 at fields.<key>); set at creation only, as orders have no PATCH",
    }),
  })
  .refine((b) => b.customer_id !== undefined || b.email !== undefined, {
    message: "customer_id or email is required",
    path: ["email"],
  })
  .openapi("CreateOrderRequest");

export const transitionBody = z.strictObject({ status: z.enum(ORDER_STATUSES) }).openapi("OrderTransitionRequest");

export const refundBody = z.strictObject({ amount_cents: z.number().int().min(1).optional() }).openapi("OrderRefundRequest");

export const orderListQuery = z.object({
  status: z.enum(ORDER_STATUSES).optional(),
  customer_id: line().optional(),
  ...cursorQuery,
});
