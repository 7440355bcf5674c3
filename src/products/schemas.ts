// API shapes of products and their input bodies (docs/api/06-products.md). Bodies are strict: unknown fields are 422.
import { priceContextQuery } from "../pricing/schemas";
import { cursorQuery } from "../lib/cursor";
import { z } from "@hono/zod-openapi";
import { booleanParam } from "../lib/pagination";
import { LINE_RE, line, multiline } from "../lib/text";
import { variantSchema } from "./variant-schemas";
import { fieldsCreateInput, fieldsSchema, fieldsUpdateInput } from "../fields/schemas";

const timestamp = z.string().openapi({ format: "date-time", example: "2026-11-21T10:00:00.000Z" });

/** Money in minor units: a non-negative integer, capped well inside the exact range of a JS number. */
export const MAX_CENTS = 1_000_000_000_000;
export const money = z.number().int("must be an integer").min(0, "must not be negative").max(MAX_CENTS);

export const PROVIDERS = ["youtube", "vimeo", "upload", "external"] as const;

const isHttpUrl = (value: string) => {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
};

export const httpUrl = line().max(2048).refine(isHttpUrl, "must be an absolute http(s) URL");

export const SLUG_RE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const slug = z.string().max(200).regex(SLUG_RE, "must be lowercase ASCII letters and digits in words joined by '-'");

const title = line().trim().min(1, "must not be empty").max(255);
const text = (max: number) => multiline().max(max).nullable().optional();
const optionalLine = (max: number) => line().trim().max(max).nullable().optional();

const videoFields = {
  highlight_video_url: httpUrl.nullable().optional(),
  highlight_video_poster_url: httpUrl.nullable().optional(),
  highlight_video_provider: z.enum(PROVIDERS).nullable().optional(),
};

/** Tags (docs/catalog.md): 0..50, each 1..64 characters after trimming, no commas (the CSV cell separates them). */
export const MAX_TAGS = 50;
const tag = line()
  .trim()
  .min(1, "must not be empty")
  .max(64)
  .regex(/^[^,]*$/, "must not contain a comma");
export const tagsField = z
  .array(tag)
  .max(MAX_TAGS)
  .superRefine((tags, ctx) => {
    const seen = new Set<string>();
    tags.forEach((t, i) => {
      if (seen.has(t.toLowerCase())) ctx.addIssue({ code: "custom", path: [i], message: "duplicate tag (tags are unique case-insensitively)" });
      seen.add(t.toLowerCase());
    });
  })
  .openapi({ description: "0..50 tags, each 1..64 characters, unique case-insensitively, kept as given; PATCH replaces the set" });

/** An integration's own key: printable, 0..255 characters, unique per store (409); "" and null clear it. */
export const externalIdField = line()
  .max(255)
  .nullable()
  .optional()
  .transform((v) => (v === "" ? null : v))
  .openapi({ description: "An integration's own key, unique per store (409); empty or null clears it" });

const productStatus = z.enum(["draft", "live"]);
const productType = z.enum(["single", "variable"]);

/** The fields a product's create body and the whole-product PUT (sync/put-product-schemas.ts) share. */
export const productWriteFields = {
  title,
  description: text(20_000),
  brand: optionalLine(255),
  product_type: productType,
  slug: slug.optional(),
  seo_title: optionalLine(255),
  seo_description: text(1000),
  status: productStatus.optional(),
  tags: tagsField.optional(),
  fields: fieldsCreateInput,
};

export const createProductBody = z
  .strictObject({
    ...productWriteFields,
    default_price_cents: money.optional(),
    external_id: externalIdField,
    ...videoFields,
  })
  .superRefine((body, ctx) => {
    if (body.product_type === "variable" && body.default_price_cents !== undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["default_price_cents"],
        message: "must be omitted for variable products (add variants instead)",
      });
    }
  })
  .openapi("CreateProductRequest");

export const updateProductBody = z
  .strictObject({
    title: title.optional(),
    description: text(20_000),
    brand: optionalLine(255),
    product_type: productType.optional().openapi({ description: "Cannot change after creation (422)" }),
    slug: slug.optional(),
    seo_title: optionalLine(255),
    seo_description: text(1000),
    status: productStatus.optional().openapi({ description: "A change needs products.publish" }),
    tags: tagsField.optional(),
    external_id: externalIdField,
    fields: fieldsUpdateInput,
    ...videoFields,
  })
  .openapi("UpdateProductRequest");

export const specSchema = z.object({ group: z.string().nullable(), key: z.string(), value: z.string(), position: z.number().int() }).openapi("ProductSpec");

export const putSpecsBody = z
  .strictObject({
    specs: z
      .array(
        z.strictObject({
          group: optionalLine(100),
          key: line().trim().min(1, "must not be empty").max(100),
          value: multiline().trim().min(1, "must not be empty").max(5000),
          position: z.number().int("must be an integer").min(0).max(10_000).optional(),
        }),
      )
      .max(200),
  })
  .superRefine((body, ctx) => {
    const seen = new Set<string>();
    body.specs.forEach((spec, i) => {
      const key = `${(spec.group ?? "").toLowerCase()}\u0000${spec.key.toLowerCase()}`;
      if (seen.has(key)) ctx.addIssue({ code: "custom", path: ["specs", i, "key"], message: "duplicate key in its group" });
      seen.add(key);
    });
  })
  .openapi("PutSpecsRequest");

const productFields = {
  id: z.string(),
  store_id: z.string(),
  slug: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  brand: z.string().nullable(),
  product_type: productType,
  status: productStatus,
  seo_title: z.string().nullable(),
  seo_description: z.string().nullable(),
  highlight_video_url: z.string().nullable(),
  highlight_video_poster_url: z.string().nullable(),
  highlight_video_provider: z.enum(PROVIDERS).nullable(),
  review_count: z.number().int(),
  rating_average: z.number().nullable(),
  created_at: timestamp,
  updated_at: timestamp,
  published_at: timestamp.nullable(),
  tags: z.array(z.string()),
  external_id: z.string().nullable(),
  fields: fieldsSchema,
  variants: z.array(variantSchema),
};

export const productListItemSchema = z
  .object({
    ...productFields,
    primary_image: z
      .object({
        id: z.string().openapi({ description: "The gallery item's id" }),
        alt: z.string().nullable(),
        thumbnail_url: z.string().openapi({ example: "/media/{store_id}/{media_file_id}/thumbnail" }),
      })
      .nullable()
      .openapi({ description: "The gallery's primary item when it is an image (its 150 px size, for list rows); null without one" }),
  })
  .openapi("ProductListItem");

export const productSchema = z
  .object({
    ...productFields,
    images: z.array(z.record(z.string(), z.unknown())).openapi({ description: "The gallery, ordered by position" }),
    specs: z.array(specSchema),
  })
  .openapi("Product");

export const SORT_KEYS = ["updated_at", "created_at", "title", "price", "stock"] as const;
export type SortKey = (typeof SORT_KEYS)[number];
const SORTS = SORT_KEYS.flatMap((k) => [k, `-${k}`] as const);

const centsParam = z
  .string()
  .regex(/^\d{1,13}$/, "must be a whole number of cents")
  .transform(Number)
  .pipe(money)
  .optional()
  .openapi({ type: "integer", minimum: 0 });

const tagParam = line().trim().min(1, "must not be empty").max(64);

/** The list's filters and sort (docs/catalog.md "Filters and sort"); shared by the collection's product list. */
export const productFilterQuery = {
  status: productStatus.optional().openapi({ description: "Only drafts or only live products (`draft` implies include_drafts)" }),
  product_type: productType.optional(),
  brand: line().trim().min(1).max(255).optional().openapi({ description: "Exact brand, case-insensitive" }),
  tag: z
    .union([tagParam, z.array(tagParam).max(10)])
    .optional()
    .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]))
    .openapi({
      description: "Repeatable (up to 10): products carrying every one of these tags (case-insensitive)",
      type: "array",
      items: { type: "string", minLength: 1, maxLength: 64, pattern: LINE_RE.source },
    }),
  collection_id: line().max(64).optional().openapi({ description: "Members of this collection (422 if it is not a collection of the store)" }),
  price_min_cents: centsParam.openapi({ description: "Some variant costs at least this" }),
  price_max_cents: centsParam.openapi({ description: "Some variant within [price_min_cents, price_max_cents] costs at most this" }),
  in_stock: z
    .enum(["true", "false", "1", "0"])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === "true" || v === "1"))
    .openapi({ type: "boolean", description: "true: some variant is available; false: none is" }),
  sku: line().trim().min(1).max(100).optional().openapi({ description: "A variant's exact SKU (case-insensitive, as SKUs are unique)" }),
  external_id: line().min(1).max(255).optional().openapi({ description: "The product's exact external_id" }),
  sort: z
    .enum(SORTS as [string, ...string[]])
    .optional()
    .openapi({
      description: "updated_at, created_at, title, price (lowest variant price) or stock (sum of variants); `-` for descending. Default -updated_at",
    }),
};

export const productListQuery = z.object({
  ...cursorQuery,
  ...productFilterQuery,
  search: line().max(200).optional().openapi({ description: "Case-insensitive substring of the title, or prefix of a variant SKU" }),
  include_drafts: booleanParam,
  ...priceContextQuery,
});

/** GET /products/{id}'s query: a price context. */
export const productReadQuery = z.object(priceContextQuery);

export const storeParams = z.object({ store_id: z.string() });
export const productParams = storeParams.extend({ id: z.string() });

export type CreateProductInput = z.infer<typeof createProductBody>;
export type UpdateProductInput = z.infer<typeof updateProductBody>;
export type PutSpecsInput = z.infer<typeof putSpecsBody>;
