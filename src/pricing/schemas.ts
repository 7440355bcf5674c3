// API shapes of customer groups, price lists, prices, resolution and the price history (docs/api/24-prices.md).
import { z } from "@hono/zod-openapi";
import { cursorQuery } from "../lib/cursor";
import { countryInput, currencyInput } from "../lib/money";
import { line } from "../lib/text";

const timestamp = z.string().openapi({ format: "date-time" });
const instant = z.iso.datetime({ offset: true, message: "must be an ISO 8601 timestamp" }).openapi({ format: "date-time", example: "2026-12-24T00:00:00Z" });
const code = line()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, "must be 1..64 letters, digits, _ or -")
  .openapi({ description: "Unique in the store, case-insensitively", example: "wholesale" });
const name = line().trim().min(1, "must not be empty").max(200);
/** Cursor paging without `updated_since`, for lists with one fixed order. */
const { updated_since: _updatedSince, ...cursorOnly } = cursorQuery;
const minorUnits = z.number().int("must be a whole number of minor units").min(0).max(999_999_999_999);

// Customer groups ------------------------------------------------------------------------------------------------

export const customerGroupSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    code: z.string(),
    customer_count: z.number().int(),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .openapi("CustomerGroup");

export const createCustomerGroupBody = z.strictObject({ name, code }).openapi("CreateCustomerGroupRequest");
export const updateCustomerGroupBody = z.strictObject({ name: name.optional(), code: code.optional() }).openapi("UpdateCustomerGroupRequest");

export const groupMembersBody = z
  .strictObject({
    add: z.array(line()).max(1000).optional(),
    remove: z.array(line()).max(1000).optional(),
  })
  .refine(
    (b) => {
      const n = (b.add?.length ?? 0) + (b.remove?.length ?? 0);
      return n >= 1 && n <= 1000;
    },
    {
      message: "add and remove must name 1..1,000 customer ids in all",
      path: ["add"],
    },
  )
  .openapi("CustomerGroupMembersRequest");

export const groupListQuery = z.object({ ...cursorQuery });

// Price lists -----------------------------------------------------------------------------------------------------

export const PRICE_LIST_STATUSES = ["draft", "active"] as const;

export const priceListSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    code: z.string(),
    status: z.enum(PRICE_LIST_STATUSES),
    currency: z.string(),
    priority: z.number().int(),
    countries: z.array(z.string()),
    customer_group_ids: z.array(z.string()),
    starts_at: timestamp.nullable(),
    ends_at: timestamp.nullable(),
    price_count: z.number().int(),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .openapi("PriceList");

const priority = z.number().int().min(0).max(1000);
const countries = z.array(countryInput).max(250);
const groupIds = z.array(line()).max(100);

export const createPriceListBody = z
  .strictObject({
    name,
    code,
    currency: currencyInput,
    status: z.enum(PRICE_LIST_STATUSES).optional().openapi({ description: "Default `draft`" }),
    priority: priority.optional().openapi({ description: "0..1,000, default 0: the highest priority among candidate lists wins" }),
    countries: countries.optional().openapi({ description: "ISO 3166-1 alpha-2 codes; empty (default) = every country" }),
    customer_group_ids: groupIds.optional().openapi({ description: "Groups of this store; empty (default) = every buyer" }),
    starts_at: instant.nullable().optional(),
    ends_at: instant.nullable().optional().openapi({ description: "Exclusive: the list applies in [starts_at, ends_at)" }),
  })
  .openapi("CreatePriceListRequest");

export const updatePriceListBody = z
  .strictObject({
    name: name.optional(),
    code: code.optional(),
    currency: z.unknown().optional().openapi({ description: "Fixed at creation: any value is 422" }),
    status: z.enum(PRICE_LIST_STATUSES).optional(),
    priority: priority.optional(),
    countries: countries.optional(),
    customer_group_ids: groupIds.optional(),
    starts_at: instant.nullable().optional(),
    ends_at: instant.nullable().optional(),
  })
  .openapi("UpdatePriceListRequest");

export const priceListQuery = z.object({
  status: z.enum(PRICE_LIST_STATUSES).optional(),
  currency: currencyInput.optional(),
  ...cursorQuery,
});

// Prices ----------------------------------------------------------------------------------------------------------

export const priceSchema = z
  .object({
    variant_id: z.string(),
    product_id: z.string(),
    sku: z.string().nullable(),
    min_quantity: z.number().int(),
    price_cents: z.number().int().openapi({ description: "Minor units of the list's currency" }),
    compare_at_price_cents: z.number().int().nullable(),
    updated_at: timestamp,
  })
  .openapi("Price");

const variantRef = {
  variant_id: line().optional(),
  sku: line().optional(),
};
const minQuantity = z.number().int().min(1).max(1_000_000);

export const bulkPricesBody = z
  .strictObject({
    upsert: z
      .array(
        z.strictObject({
          ...variantRef,
          min_quantity: minQuantity.optional().openapi({ description: "Default 1" }),
          price_cents: minorUnits,
          compare_at_price_cents: minorUnits.nullable().optional().openapi({ description: "Null, or above price_cents" }),
        }),
      )
      .max(250)
      .optional(),
    delete: z
      .array(z.strictObject({ ...variantRef, min_quantity: minQuantity.optional() }))
      .max(250)
      .optional(),
  })
  .openapi("BulkPricesRequest");

export const bulkPricesResult = z
  .object({ upserted: z.number().int(), deleted: z.number().int() })
  .openapi("BulkPricesResult", { description: "Counts of the prices this call changed (values already stored are not counted)" });

export const priceQuery = z.object({
  variant_id: line().optional(),
  product_id: line().optional(),
  sku: line().optional(),
  ...cursorOnly,
});

// Resolution ------------------------------------------------------------------------------------------------------

export const priceSourceSchema = z
  .object({
    type: z.enum(["price_list", "base"]),
    price_list_id: z.string().nullable(),
    min_quantity: z.number().int().nullable(),
  })
  .openapi("PriceSource");

export const resolveBody = z
  .strictObject({
    currency: currencyInput,
    country: countryInput.optional(),
    customer_id: line().optional(),
    at: instant.optional().openapi({ description: "Default: now" }),
    items: z
      .array(z.strictObject({ ...variantRef, quantity: z.number().int().min(1).max(1_000_000).optional() }))
      .min(1, "must name 1..100 items")
      .max(100, "must name 1..100 items"),
  })
  .openapi("ResolvePricesRequest");

export const resolvedPriceSchema = z
  .object({
    variant_id: z.string(),
    quantity: z.number().int(),
    currency: z.string(),
    price_cents: z.number().int().nullable(),
    compare_at_price_cents: z.number().int().nullable(),
    lowest_price_30d_cents: z.number().int().nullable().openapi({
      description: "The lowest price the same source held at any moment of the 30 days up to `at` (the EU Omnibus rule)",
    }),
    source: priceSourceSchema.nullable(),
  })
  .openapi("ResolvedPrice");

/** The price context of a product read: `currency` turns it on. */
export const priceContextQuery = {
  currency: currencyInput.optional().openapi({ description: "With it, each variant carries `calculated_price` for quantity 1" }),
  country: countryInput.optional(),
  customer_id: line().optional().openapi({ description: "Also needs customers.read" }),
};

export const calculatedPriceSchema = z
  .object({
    currency: z.string(),
    price_cents: z.number().int(),
    compare_at_price_cents: z.number().int().nullable(),
    source: priceSourceSchema,
  })
  .nullable()
  .openapi("CalculatedPrice");

// History ---------------------------------------------------------------------------------------------------------

export const priceHistorySchema = z
  .object({
    id: z.string(),
    variant_id: z.string(),
    price_list_id: z.string().nullable().openapi({ description: "Null: the variant's base price" }),
    currency: z.string(),
    min_quantity: z.number().int(),
    price_cents: z.number().int().nullable().openapi({ description: "Null: the price was deleted from its list" }),
    compare_at_price_cents: z.number().int().nullable(),
    changed_at: timestamp,
    actor: z.object({ user_id: z.string().nullable(), token_id: z.string().nullable(), integration_id: z.string().nullable() }).nullable(),
  })
  .openapi("PriceHistoryEntry");

export const historyQuery = z.object({
  variant_id: line().optional(),
  price_list_id: line().optional(),
  since: instant.optional().openapi({ description: "Changes at or after this moment" }),
  until: instant.optional().openapi({ description: "Changes before this moment" }),
  ...cursorOnly,
});
