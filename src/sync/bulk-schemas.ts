// POST /stores/{store_id}/variants/bulk (docs/api/15-sync-and-bulk.md): the body's shape. Rules that span fields (exactly one
// target, at least one change, stock and stock_delta exclusive) are checked by the service together with the
// targets, so that one 422 names every bad item.
import { z } from "@hono/zod-openapi";
import { line } from "../lib/text";
import { MAX_STOCK } from "../products/variant-schemas";
import { fieldsUpdateInput } from "../fields/schemas";

export const MAX_BULK_UPDATES = 250;

const bulkItem = z
  .strictObject({
    variant_id: line().max(64).optional(),
    sku: line().trim().min(1, "must not be empty").max(100).optional(),
    price_cents: z.number().int("must be an integer").min(0, "must not be negative").max(1_000_000_000_000).optional(),
    stock: z.number().int("must be an integer").min(0, "must not be negative").max(MAX_STOCK).optional(),
    stock_delta: z.number().int("must be an integer").min(-MAX_STOCK).max(MAX_STOCK).optional(),
    fields: fieldsUpdateInput.openapi({
      description: "The variant's custom fields, merged as PATCH merges them (null removes a key); errors at updates.<index>.fields.<key>",
    }),
  })
  .openapi("BulkVariantUpdate", {
    description:
      "Names exactly one of variant_id and sku, and at least one change (price_cents, stock, stock_delta or fields); stock and stock_delta are exclusive. A stock_delta that would take the stock below 0 or above 1000000000 (the API's maximum) is a 422 on that item",
  });

export const bulkBody = z
  .strictObject({ updates: z.array(bulkItem).min(1, "must hold 1 to 250 items").max(MAX_BULK_UPDATES, "must hold 1 to 250 items") })
  .openapi("BulkVariantRequest");

export type BulkItem = z.infer<typeof bulkItem>;
