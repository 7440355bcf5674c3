// API shapes of custom fields (docs/api/21-custom-fields.md): definitions and their bodies, and the `fields` object that every
// owner resource carries and its create and update bodies accept. Bodies are strict: unknown members are 422.
import { z } from "@hono/zod-openapi";
import { paginationQuery } from "../lib/pagination";
import { line, multiline } from "../lib/text";
import { FIELD_TYPES, KEY_RE, MAX_CHOICES, MAX_REGEX_LENGTH, OWNERS } from "./field-types";

const timestamp = z.string().openapi({ format: "date-time", example: "2026-11-21T10:00:00.000Z" });
const owner = z.enum(OWNERS).openapi({ description: "The resource the field belongs to" });
const type = z.enum(FIELD_TYPES).openapi({
  description:
    "Never changes. text (one line, <= 1,000 characters), multiline_text (<= 65,535), integer (safe integer), decimal (a JSON number, " +
    "15 significant digits), boolean, date (YYYY-MM-DD), date_time (ISO 8601 with its offset; stored and returned in UTC), url (absolute " +
    "http(s)), money (integer minor units of the store's currency, >= 0), color (#rrggbb, returned in lower case), json (any JSON value, " +
    "<= 16 KiB, nested at most 32 levels deep), product_reference / variant_reference / collection_reference / customer_reference (an id of that resource in this store), " +
    "list.<t> (0..128 items of a scalar type; an empty list is no value)",
});
const key = z
  .string()
  .min(1)
  .max(64)
  .regex(KEY_RE, "must be 1..64 of a-z, 0-9 and _, starting with a letter")
  .openapi({ description: "1..64 of [a-z][a-z0-9_]*, unique per (store, owner) (409); never changes" });
const name = line().trim().min(1, "must not be empty").max(255);
const description = multiline().max(1_000).nullable().optional();
const bound = z.union([z.number(), line().max(64)]);

export const validationsSchema = z
  .strictObject({
    min: bound.optional().openapi({
      description:
        "Inclusive. integer, decimal, money: the least value; date, date_time: the earliest (as a value of the type); texts: the least length; lists: the least item count",
    }),
    max: bound.optional().openapi({ description: "Inclusive; as min, the greatest" }),
    regex: line()
      .min(1)
      .max(MAX_REGEX_LENGTH)
      .optional()
      .openapi({
        description:
          "Texts and lists of texts (each item): the value must match somewhere (anchor with ^...$ for the whole value). JavaScript syntax " +
          "(u flag) without backreferences or lookarounds, run in linear time; a pattern that does not compile, or whose size times the " +
          "longest value allowed exceeds the work budget, is a 422",
      }),
    choices: z
      .array(line().min(1).max(1_000))
      .min(1, `give 1..${MAX_CHOICES} choices`)
      .max(MAX_CHOICES, `give 1..${MAX_CHOICES} choices`)
      .optional()
      .openapi({ description: "Texts and lists of texts: the allowed values (each must itself pass the field's validations)" }),
  })
  .openapi("FieldValidations", { description: "Changing validations applies to later writes; stored values stay" });

export const fieldDefinitionSchema = z
  .object({
    id: z.string(),
    store_id: z.string(),
    owner,
    key: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    type,
    validations: validationsSchema,
    filterable: z.boolean().openapi({ description: "Product lists filter by it (`field.<key>`); product and variant fields of a scalar type only" }),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .openapi("FieldDefinition");

export const createDefinitionBody = z
  .strictObject({
    owner,
    key,
    name,
    type,
    description,
    validations: validationsSchema.optional(),
    filterable: z.boolean().optional().openapi({ description: "Product and variant fields of a scalar type; at most 20 per owner (422 limit_exceeded)" }),
  })
  .openapi("CreateFieldDefinitionRequest");

export const updateDefinitionBody = z
  .strictObject({
    name: name.optional(),
    description,
    validations: validationsSchema.nullable().optional().openapi({ description: "Replaces the whole set; null or {} removes them" }),
    filterable: z.boolean().optional().openapi({ description: "true indexes the stored values (at most 20 per owner); false drops the index" }),
    owner: owner.optional().openapi({ description: "Cannot change (422)" }),
    key: key.optional().openapi({ description: "Cannot change (422): make a new field" }),
    type: type.optional().openapi({ description: "Cannot change (422): make a new field" }),
  })
  .openapi("UpdateFieldDefinitionRequest");

export const definitionListQuery = z.object({ owner: owner.optional(), ...paginationQuery });
export const definitionParams = z.object({ store_id: z.string(), id: z.string() });

/** `fields` on a resource: the values of its custom fields, keys with a value only. */
export const fieldsSchema = z.record(z.string(), z.unknown()).openapi("FieldValues", {
  description:
    "Custom field values {key: value} (GET /stores/{store_id}/field-definitions says each key's type); only keys with a value. " +
    "Strings for texts, urls, colors, dates, date-times (UTC) and references; numbers for integer, decimal and money (minor units); " +
    "booleans; arrays for list.<t>; any JSON for json",
});

/** `fields` in a create body: a value per key to set (null sets nothing). */
export const fieldsCreateInput = z
  .record(z.string(), z.unknown())
  .optional()
  .openapi({ description: "Values by key, each checked against its definition (422 at fields.<key>, .<index> inside lists)" });

/** `fields` in a change: merged into the stored values; a key set to null is removed. */
export const fieldsUpdateInput = z
  .record(z.string(), z.unknown())
  .optional()
  .openapi({
    description:
      "Merged into the stored values: keys given are set (a json value is replaced by exactly what was sent, null members included), a key " +
      "set to null is removed, others stay (422 at fields.<key>). Values already stored change nothing",
  });

export type CreateDefinitionInput = z.infer<typeof createDefinitionBody>;
export type UpdateDefinitionInput = z.infer<typeof updateDefinitionBody>;
export type FieldsInput = Record<string, unknown>;
