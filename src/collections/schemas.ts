// API shapes of collections (docs/catalog.md "Collections") and their request bodies. Bodies are strict.
import { z } from "@hono/zod-openapi";
import { SLUG_RE, storeParams } from "../products/schemas";
import { line, multiline } from "../lib/text";
import { rulesSchema } from "../products/list/collection-rules";
import { fieldsCreateInput, fieldsSchema, fieldsUpdateInput } from "../fields/schemas";

/** A manual collection holds at most this many products. */
export const MAX_MEMBERS = 5000;

const timestamp = z.string().openapi({ format: "date-time", example: "2026-11-21T10:00:00.000Z" });
const title = line().trim().min(1, "must not be empty").max(255);
const slug = z.string().max(200).regex(SLUG_RE, "must be lowercase ASCII letters and digits in words joined by '-'");
const description = multiline().max(20_000).nullable().optional();
const kind = z.enum(["manual", "automatic"]);

export const createCollectionBody = z
  .strictObject({
    title,
    slug: slug.optional().openapi({ description: "Unique per store (409); derived from the title when omitted" }),
    description,
    kind,
    rules: rulesSchema.optional().openapi({ description: "Required for automatic collections; manual ones take none" }),
    fields: fieldsCreateInput,
  })
  .superRefine((body, ctx) => {
    if (body.kind === "automatic" && !body.rules) ctx.addIssue({ code: "custom", path: ["rules"], message: "required for an automatic collection" });
    if (body.kind === "manual" && body.rules) ctx.addIssue({ code: "custom", path: ["rules"], message: "a manual collection has no rules" });
  })
  .openapi("CreateCollectionRequest");

export const updateCollectionBody = z
  .strictObject({
    title: title.optional(),
    slug: slug.optional(),
    description,
    kind: kind.optional().openapi({ description: "Cannot change after creation (422)" }),
    rules: rulesSchema.optional().openapi({ description: "Automatic collections only (422 on a manual one)" }),
    fields: fieldsUpdateInput,
  })
  .openapi("UpdateCollectionRequest");

export const setMembersBody = z
  .strictObject({ product_ids: z.array(line().max(64)).max(MAX_MEMBERS) })
  .superRefine((body, ctx) => {
    const seen = new Set<string>();
    body.product_ids.forEach((id, i) => {
      if (seen.has(id)) ctx.addIssue({ code: "custom", path: ["product_ids", i], message: "is listed twice" });
      seen.add(id);
    });
  })
  .openapi("SetCollectionProductsRequest");

export const addMemberBody = z
  .strictObject({
    product_id: line().max(64),
    position: z.number().int("must be an integer").min(0).max(MAX_MEMBERS).optional().openapi({ description: "From 0; default: last" }),
  })
  .openapi("AddCollectionProductRequest");

export const collectionSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    slug: z.string(),
    description: z.string().nullable(),
    kind,
    rules: rulesSchema.nullable(),
    product_count: z.number().int().openapi({
      description: "Members, drafts included; for an automatic collection, the products matching its rules when read",
    }),
    fields: fieldsSchema,
    created_at: timestamp,
    updated_at: timestamp,
  })
  .openapi("Collection");

export const collectionParams = storeParams.extend({ id: z.string() });
export const memberParams = collectionParams.extend({ product_id: z.string() });

export type CreateCollectionInput = z.infer<typeof createCollectionBody>;
export type UpdateCollectionInput = z.infer<typeof updateCollectionBody>;
