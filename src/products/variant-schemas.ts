// API shapes of variants and reviews, and their input bodies (docs/api/06-products.md).
import { calculatedPriceSchema } from "../pricing/schemas";
import { z } from "@hono/zod-openapi";
import { SKU_MESSAGE, SKU_RE, line, multiline } from "../lib/text";
import { fieldsCreateInput, fieldsSchema, fieldsUpdateInput } from "../fields/schemas";

const timestamp = z.string().openapi({ format: "date-time", example: "2026-11-21T10:00:00.000Z" });
const MAX_CENTS = 1_000_000_000_000;
const price = z.number().int("must be an integer").min(0, "must not be negative").max(MAX_CENTS);

export const FULFILLMENT_MODES = ["stocked", "on_demand", "stocked_or_on_demand"] as const;

const optionValue = z.strictObject({
  name: line().trim().min(1, "must not be empty").max(100),
  value: line().trim().min(1, "must not be empty").max(255),
});

const optionValues = z
  .array(optionValue)
  .max(10)
  .superRefine((values, ctx) => {
    const seen = new Set<string>();
    values.forEach((o, i) => {
      if (seen.has(o.name.toLowerCase())) ctx.addIssue({ code: "custom", path: [i, "name"], message: "duplicate option name" });
      seen.add(o.name.toLowerCase());
    });
  });

const dimension = z.number().int("must be an integer").min(1, "must be at least 1").max(100_000);
export const shippingBox = z
  .strictObject({
    length_mm: dimension,
    width_mm: dimension,
    height_mm: dimension,
    weight_g: z.number().int("must be an integer").min(0, "must not be negative").max(10_000_000),
  })
  .openapi("ShippingBox");

/**
 * A box as stored and returned: dimensions 0 mean unknown. Only an import writes them (a Shopify file gives a
 * variant's weight, `Variant Grams`, and no dimensions: docs/api/23-one-call-sync-and-imports.md); the API's own bodies need 1 or more.
 */
const storedBox = z
  .object({
    length_mm: z.number().int().min(0),
    width_mm: z.number().int().min(0),
    height_mm: z.number().int().min(0),
    weight_g: z.number().int().min(0),
  })
  .openapi("StoredShippingBox", { description: "Dimensions 0: unknown (a box imported with its weight only)" });

// Surrounding spaces are trimmed (as before the text rule); control characters anywhere are refused first.
const sku = line().trim().min(1, "must not be empty").max(100).regex(SKU_RE, SKU_MESSAGE);
/** The most stock a variant may hold, through any route (the bulk endpoint's deltas and imports included). */
export const MAX_STOCK = 1_000_000_000;
const stock = z.number().int("must be an integer").min(0, "must not be negative").max(MAX_STOCK);
const position = z.number().int("must be an integer").min(0).max(10_000);
const variantTitle = line().trim().min(1, "must not be empty").max(255);

const externalId = line()
  .max(255)
  .nullable()
  .optional()
  .transform((v) => (v === "" ? null : v))
  .openapi({ description: "An integration's own key, unique per store (409); empty or null clears it" });

/** A variant's writable fields (the create and PATCH bodies, and the whole-product PUT's items). */
export const variantFields = {
  price_cents: price,
  sku: sku.nullable().optional(),
  stock: stock.optional(),
  fulfillment_mode: z.enum(FULFILLMENT_MODES).optional(),
  option_values: optionValues.optional(),
  shipping_box: shippingBox.nullable().optional(),
  title: variantTitle.optional(),
  position: position.optional(),
  compare_at_price_cents: price.nullable().optional().openapi({ description: "The price before a sale: null, or at least price_cents (422)" }),
  external_id: externalId,
};

export const compareAtAbovePrice = (body: { price_cents?: number; compare_at_price_cents?: number | null }, ctx: z.RefinementCtx) => {
  const { price_cents: p, compare_at_price_cents: c } = body;
  if (p !== undefined && c !== undefined && c !== null && c < p) {
    ctx.addIssue({ code: "custom", path: ["compare_at_price_cents"], message: "must be at least price_cents" });
  }
};

export const createVariantBody = z
  .strictObject({ ...variantFields, fields: fieldsCreateInput })
  .superRefine(compareAtAbovePrice)
  .openapi("CreateVariantRequest");

/** Every create field, all optional: PATCH leaves what it does not send unchanged. */
export const updateVariantBody = z
  .strictObject({ ...variantFields, fields: fieldsUpdateInput })
  .partial()
  .superRefine(compareAtAbovePrice)
  .openapi("UpdateVariantRequest");

export const variantSchema = z
  .object({
    id: z.string(),
    product_id: z.string(),
    title: z.string(),
    is_default: z.boolean(),
    sku: z.string().nullable(),
    price_cents: z.number().int(),
    stock: z.number().int().openapi({ description: "The sum of `available` over the store's active locations" }),
    inventory: z
      .array(
        z.object({
          location_id: z.string(),
          location_code: z.string(),
          on_hand: z.number().int(),
          committed: z.number().int(),
          available: z.number().int(),
        }),
      )
      .openapi({ description: "One item per active location, in position order (docs/api/20-inventory.md)" }),
    fulfillment_mode: z.enum(FULFILLMENT_MODES),
    available: z.boolean(),
    availability: z.enum(["in_stock", "out_of_stock", "on_demand"]),
    option_values: z.array(z.object({ name: z.string(), value: z.string() })),
    shipping_box: storedBox.nullable(),
    position: z.number().int(),
    compare_at_price_cents: z.number().int().nullable(),
    external_id: z.string().nullable(),
    fields: fieldsSchema,
    created_at: timestamp,
    updated_at: timestamp,
    calculated_price: calculatedPriceSchema.optional().openapi({
      description: "Only on product reads with `currency`: the price for quantity 1 in that context (null when none applies; docs/api/24-prices.md)",
    }),
  })
  .openapi("Variant");

export const createReviewBody = z
  .strictObject({
    author_name: line().trim().min(1, "must not be empty").max(100),
    rating: z.number().int("must be an integer").min(1, "must be 1..5").max(5, "must be 1..5"),
    title: line().trim().max(200).nullable().optional(),
    body: multiline().max(5000).nullable().optional(),
  })
  .openapi("CreateReviewRequest");

export const reviewSchema = z
  .object({
    id: z.string(),
    product_id: z.string(),
    author_name: z.string(),
    rating: z.number().int(),
    title: z.string().nullable(),
    body: z.string().nullable(),
    created_at: timestamp,
  })
  .openapi("Review");

export type CreateVariantInput = z.infer<typeof createVariantBody>;
export type UpdateVariantInput = z.infer<typeof updateVariantBody>;
export type CreateReviewInput = z.infer<typeof createReviewBody>;
