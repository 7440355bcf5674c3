// API shapes of inventory at locations (docs/inventory.md): locations, levels, ledger entries, and the bodies of
// adjustments and transfers. Bodies are strict; rules that span fields (exactly one target, exactly one of delta and
// on_hand) are checked by the services together with the targets, so that one 422 names every bad item.
import { z } from "@hono/zod-openapi";
import { ADJUSTMENT_REASONS, LEDGER_REASONS } from "../events/ledger-reasons";
import { cursorQuery } from "../lib/cursor";
import { paginationQuery } from "../lib/pagination";
import { line } from "../lib/text";
import { storeParams } from "../products/schemas";

/** A store holds at most this many locations, the default included (docs/api/20-inventory.md). */
export const LOCATIONS_CAP = 50;
/** The most an adjustment changes, or a transfer moves, in one request. */
export const MAX_ITEMS = 250;
/** The most a level may hold on hand (the table's CHECK). */
export const MAX_ON_HAND = 1_000_000_000;

/** A location's code: what integrations name it by; unique per store, case-insensitively. */
export const CODE_RE = /^[A-Za-z0-9_-]{1,32}$/;
const code = z.string().regex(CODE_RE, "must be 1 to 32 of A-Z, a-z, 0-9, '_' and '-'");
const name = line().trim().min(1, "must not be empty").max(100);
const timestamp = z.string().openapi({ format: "date-time", example: "2026-11-21T10:00:00.000Z" });
const id = line().max(64);
const sku = line().trim().min(1, "must not be empty").max(100);
const reference = line().max(255).optional().openapi({ description: "0 to 255 characters: a purchase order, a document URL" });
const integer = (min: number, max: number) => z.number().int("must be an integer").min(min).max(max);

export const locationParams = storeParams.extend({ id: z.string() });

export const createLocationBody = z
  .strictObject({
    name,
    code: code.openapi({ description: "Unique per store, case-insensitively (409)" }),
    active: z.boolean().optional().openapi({ description: "Default true" }),
  })
  .openapi("CreateLocationRequest");

export const updateLocationBody = z
  .strictObject({
    name: name.optional(),
    code: code.optional(),
    active: z.boolean().optional().openapi({ description: "The default location cannot be made inactive (409)" }),
    is_default: z.boolean().optional().openapi({
      description:
        "true moves the default flag here (an active location only, 409 otherwise). The store always has exactly one default: false on the default is a 409, on another location it changes nothing",
    }),
    position: integer(0, LOCATIONS_CAP - 1)
      .optional()
      .openapi({
        description: "From 0 in list order: the location moves there and the others shift (beyond the last: last)",
      }),
  })
  .openapi("UpdateLocationRequest");

export const locationSchema = z
  .object({
    id: z.string(),
    store_id: z.string(),
    name: z.string(),
    code: z.string(),
    is_default: z.boolean(),
    active: z.boolean(),
    position: z.number().int(),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .openapi("Location");

export const levelSchema = z
  .object({
    variant_id: z.string(),
    product_id: z.string(),
    sku: z.string().nullable(),
    location_id: z.string(),
    location_code: z.string(),
    on_hand: z.number().int(),
    committed: z.number().int(),
    available: z.number().int().openapi({ description: "on_hand - committed" }),
    updated_at: timestamp,
  })
  .openapi("InventoryLevel");

export const ledgerEntrySchema = z
  .object({
    id: z.string(),
    variant_id: z.string(),
    product_id: z.string(),
    sku: z.string().nullable().openapi({ description: "The variant's SKU when the entry was written" }),
    location_id: z.string(),
    location_code: z.string().openapi({ description: "The location's code when the entry was written" }),
    on_hand_delta: z.number().int(),
    committed_delta: z.number().int(),
    on_hand_after: z.number().int(),
    committed_after: z.number().int(),
    reason: z.enum(LEDGER_REASONS).openapi({
      description:
        "Why: an adjustment's reason, `initial` (the opening balance), `stock_write` (a `stock` write; `reference` names the path), " +
        "`transfer`, `order_committed`, `order_fulfilled`, `order_released`, or `variant_deleted` (the variant was deleted and its on_hand " +
        "taken to 0; `reference` is `variant.delete`, `product.put` or `product.delete`)",
    }),
    reference: z.string().nullable(),
    order_id: z.string().nullable(),
    adjustment_id: z.string().nullable().openapi({ description: "The adjustment's id, or the transfer's for reason `transfer`" }),
    actor: z.object({ user_id: z.string().nullable(), token_id: z.string().nullable(), integration_id: z.string().nullable() }),
    created_at: timestamp,
  })
  .openapi("InventoryLedgerEntry");

export const changeSchema = z
  .strictObject({
    variant_id: id.optional(),
    sku: sku.optional(),
    location_id: id.optional(),
    location_code: code.optional(),
    delta: integer(-MAX_ON_HAND, MAX_ON_HAND)
      .refine((v) => v !== 0, "must not be 0")
      .optional(),
    on_hand: integer(0, MAX_ON_HAND).optional().openapi({ description: "The new value" }),
    compare_on_hand: integer(0, MAX_ON_HAND).optional().openapi({
      description: "Apply only if the level's on_hand is exactly this now (a missing level is 0); otherwise 409 naming the item",
    }),
  })
  .openapi("InventoryChange", {
    description: "Names exactly one of variant_id and sku, exactly one of location_id and location_code, and exactly one of delta (not 0) and on_hand",
  });

export const adjustmentBody = z
  .strictObject({
    reason: z.enum(ADJUSTMENT_REASONS),
    reference,
    changes: z.array(changeSchema).min(1, "must hold 1 to 250 changes").max(MAX_ITEMS, "must hold 1 to 250 changes"),
  })
  .openapi("InventoryAdjustmentRequest");

export const transferItem = z
  .strictObject({ variant_id: id.optional(), sku: sku.optional(), quantity: integer(1, MAX_ON_HAND) })
  .openapi("InventoryTransferItem", { description: "Names exactly one of variant_id and sku" });

/** A transfer's source and destination. */
export const transferEnds = z.strictObject({
  from_location_id: id.optional(),
  from_location_code: code.optional(),
  to_location_id: id.optional(),
  to_location_code: code.optional(),
});

export const transferBody = transferEnds
  .extend({
    reference,
    items: z.array(transferItem).min(1, "must hold 1 to 250 items").max(MAX_ITEMS, "must hold 1 to 250 items"),
  })
  .openapi("InventoryTransferRequest", {
    description: "Names exactly one of from_location_id and from_location_code, and exactly one of to_location_id and to_location_code",
  });

export const adjustmentSchema = z
  .object({ id: z.string(), reason: z.enum(ADJUSTMENT_REASONS), reference: z.string().nullable(), created_at: timestamp, entries: z.array(ledgerEntrySchema) })
  .openapi("InventoryAdjustment");

export const transferSchema = z
  .object({ id: z.string(), reference: z.string().nullable(), created_at: timestamp, entries: z.array(ledgerEntrySchema) })
  .openapi("InventoryTransfer");

/** An integer query parameter (possibly negative). */
const integerQuery = z
  .string()
  .regex(/^-?\d{1,10}$/, "must be an integer")
  .transform(Number)
  .pipe(
    z
      .number()
      .int()
      .min(-MAX_ON_HAND)
      .max(MAX_ON_HAND + 1),
  )
  .optional()
  .openapi({ type: "integer" });

const isoTime = cursorQuery.updated_since;

export const levelsQuery = z.object({
  limit: paginationQuery.limit,
  offset: paginationQuery.offset,
  cursor: cursorQuery.cursor,
  location_id: id.optional(),
  variant_id: id.optional(),
  product_id: id.optional(),
  sku: sku.optional().openapi({ description: "The variant with this SKU (case-insensitive)" }),
  available_below: integerQuery.openapi({ description: "Levels whose available (on_hand - committed) is below this: low stock" }),
});

export const ledgerQuery = z.object({
  limit: paginationQuery.limit,
  offset: paginationQuery.offset,
  cursor: cursorQuery.cursor,
  variant_id: id.optional(),
  sku: sku.optional().openapi({ description: "Entries of the variant that has this SKU now (case-insensitive)" }),
  location_id: id.optional(),
  reason: z.enum(LEDGER_REASONS).optional(),
  order_id: id.optional(),
  since: isoTime.openapi({ description: "Entries written at or after this time (ISO 8601)" }),
  until: isoTime.openapi({ description: "Entries written at or before this time (ISO 8601)" }),
});

export type CreateLocationInput = z.infer<typeof createLocationBody>;
export type UpdateLocationInput = z.infer<typeof updateLocationBody>;
export type AdjustmentInput = z.infer<typeof adjustmentBody>;
export type ChangeInput = z.infer<typeof changeSchema>;
export type TransferInput = z.infer<typeof transferBody>;
export type TransferItemInput = z.infer<typeof transferItem>;
export type LevelsFilter = Omit<z.infer<typeof levelsQuery>, "limit" | "offset" | "cursor">;
export type LedgerFilter = Omit<z.infer<typeof ledgerQuery>, "limit" | "offset" | "cursor">;
