// API shapes of returns (docs/api/25-shipments.md, "Returns").
import { z } from "@hono/zod-openapi";
import { cursorQuery } from "../lib/cursor";
import { line, multiline } from "../lib/text";

export const returnSchema = z
  .object({
    id: z.string(),
    order_id: z.string(),
    items: z.array(
      z.object({
        line_item_id: z.string(),
        variant_id: z.string(),
        sku: z.string().nullable(),
        quantity: z.number().int(),
        restock: z.boolean(),
        location_id: z.string().nullable().openapi({ description: "Where the units were restocked; null when they were not" }),
      }),
    ),
    reason: z.string().nullable(),
    note: z.string().nullable(),
    created_at: z.string().openapi({ format: "date-time" }),
  })
  .openapi("Return");

export const createReturnBody = z
  .strictObject({
    items: z
      .array(
        z.strictObject({
          line_item_id: line(),
          quantity: z.number().int().min(1).max(1_000_000).openapi({ description: "At most what the line shipped and has not had returned (422)" }),
          restock: z.boolean().openapi({ description: "true raises on_hand at location_id (ledger reason returned); false moves no stock" }),
          location_id: line().optional().openapi({ description: "Where restocked units go (default: the default location); only with restock true" }),
        }),
      )
      .min(1, "must contain at least one item")
      .max(100),
    reason: line().min(1).max(255).optional(),
    note: multiline().max(2000).optional(),
  })
  .openapi("CreateReturnRequest");

export type CreateReturnInput = z.infer<typeof createReturnBody>;

// Returns are never changed, so no updated_since: the list is the order's returns, newest first.
const { updated_since: _, ...walkQuery } = cursorQuery;
export const returnListQuery = z.object(walkQuery);
