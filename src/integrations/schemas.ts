// API shapes of integrations (docs/api/16-integrations.md): store-owned keys.
import { z } from "@hono/zod-openapi";
import { maskInput } from "../lib/permissions";
import { apiVersionField, apiVersionInput } from "../lib/api-versions";
import { line, multiline } from "../lib/text";

const timestamp = z.string().openapi({ format: "date-time" });

/** A week: the longest a rotated-out value may keep working. */
export const MAX_PREVIOUS_EXPIRES_IN = 604_800;

export const integrationSchema = z
  .object({
    id: z.string(),
    store_id: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    scopes: z.string().openapi({ description: "64-bit scope mask as a decimal string: the key's whole effective permission" }),
    scope_names: z.array(z.string()),
    prefix: z.string().openapi({ example: "boi_AbCd", description: "The first 8 characters of the current value" }),
    created_by: z.string().openapi({ description: "The member who created it (the integration keeps working after they leave)" }),
    created_at: timestamp,
    last_used_at: timestamp,
    rotated_at: timestamp.nullable(),
    previous_expires_at: timestamp.nullable().openapi({
      description: "Until when the value replaced by the last rotation keeps working (null: never rotated)",
    }),
    rotation_recommended: z.boolean().openapi({
      description: "A member who received a still-working value of this key was removed from the store; a rotation clears it",
    }),
    rotation_recommended_reason: z.string().nullable().openapi({ description: "Why, naming the member" }),
    api_version: apiVersionField,
  })
  .openapi("Integration");

export const integrationWithValueSchema = integrationSchema
  .extend({ token: z.string().openapi({ description: "The raw `boi_` key, shown only in this response" }) })
  .openapi("IntegrationWithValue");

const name = line().trim().min(1, "must not be empty").max(100);
const description = multiline().trim().max(500).nullable();

export const createIntegrationBody = z.strictObject({ name, scopes: maskInput, description: description.optional() }).openapi("CreateIntegrationRequest");

export const updateIntegrationBody = z
  .strictObject({ name: name.optional(), description: description.optional(), api_version: apiVersionInput.optional() })
  .openapi("UpdateIntegrationRequest");

export const rotateIntegrationBody = z
  .strictObject({
    previous_expires_in: z
      .number()
      .int("must be a whole number of seconds")
      .min(0)
      .max(MAX_PREVIOUS_EXPIRES_IN)
      .optional()
      .openapi({ description: "Seconds the current value keeps working after this rotation (0..604800, default 0: 401 from the next request)" }),
  })
  .openapi("RotateIntegrationRequest");
