// API shapes of shipments (docs/api/25-shipments.md).
import { z } from "@hono/zod-openapi";
import { cursorQuery } from "../lib/cursor";
import { line } from "../lib/text";

const timestamp = z.string().openapi({ format: "date-time" });
export const SHIPMENT_STATUSES = ["shipped", "delivered", "canceled"] as const;

const trackingSchema = z.object({ number: z.string(), carrier: z.string().nullable(), url: z.string().nullable() }).openapi("ShipmentTracking");

export const shipmentSchema = z
  .object({
    id: z.string(),
    order_id: z.string(),
    status: z.enum(SHIPMENT_STATUSES),
    location_id: z.string().nullable().openapi({ description: "The one location the units came from; null when several (or only on-demand units)" }),
    items: z.array(z.object({ line_item_id: z.string(), variant_id: z.string(), sku: z.string().nullable(), quantity: z.number().int() })),
    tracking: z.array(trackingSchema),
    external_id: z.string().nullable(),
    shipped_at: timestamp,
    delivered_at: timestamp.nullable(),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .openapi("Shipment");

const httpUrl = line()
  .max(2048)
  .refine((v) => {
    try {
      const u = new URL(v);
      return u.protocol === "http:" || u.protocol === "https:";
    } catch {
      return false;
    }
  }, "must be an http(s) URL");

const at = z.string().datetime({ offset: true, message: "must be an ISO 8601 date and time" }).openapi({ format: "date-time" });

export const createShipmentBody = z
  .strictObject({
    location_id: line().optional().openapi({ description: "Ship only units committed at this location (409 otherwise, nothing moves)" }),
    items: z
      .array(z.strictObject({ line_item_id: line(), quantity: z.number().int().min(1).max(1_000_000) }))
      .min(1, "must contain at least one item")
      .max(100),
    tracking: z
      .array(z.strictObject({ number: line().min(1).max(100), carrier: line().max(100).optional(), url: httpUrl.optional() }))
      .max(10)
      .optional(),
    shipped_at: at.optional(),
    external_id: line().min(1).max(255).optional().openapi({ description: "Unique within the store (409)" }),
  })
  .openapi("CreateShipmentRequest");

export const shipmentListQuery = z.object({
  order_id: line().optional(),
  status: z.enum(SHIPMENT_STATUSES).optional(),
  ...cursorQuery,
});

export type CreateShipmentInput = z.infer<typeof createShipmentBody>;

export const updateShipmentBody = z
  .strictObject({
    tracking: createShipmentBody.shape.tracking.openapi({ description: "Replaces the list" }),
    status: z.enum(["delivered"]).optional().openapi({ description: "Only delivered, from shipped (a canceled shipment is 409)" }),
    delivered_at: at.optional().openapi({ description: "With status delivered (default: now), or on a delivered shipment" }),
  })
  .openapi("UpdateShipmentRequest");

export type UpdateShipmentInput = z.infer<typeof updateShipmentBody>;
