// API shapes of personal access tokens (docs/api/05-personal-access-tokens.md).
import { z } from "@hono/zod-openapi";
import { maskInput } from "../lib/permissions";
import { line } from "../lib/text";
import { apiVersionField, apiVersionInput } from "../lib/api-versions";

const timestamp = z.string().openapi({ format: "date-time" });

export const tokenSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    user_id: z.string().openapi({ description: "The user whose permissions the token acts with" }),
    issued_by: z.string().openapi({
      description:
        "The user who last received the raw value: the creator, or after a rotation the rotator. Removing either " +
        "this user or `user_id` from the store stops the token.",
    }),
    store_id: z.string(),
    scopes: z.string().openapi({ description: "64-bit scope mask as a decimal string" }),
    scope_names: z.array(z.string()),
    prefix: z.string().openapi({ example: "bod_AbCd" }),
    created_at: timestamp,
    last_used_at: timestamp,
    expires_at: timestamp.nullable(),
    rotated_at: timestamp.nullable(),
    api_version: apiVersionField,
  })
  .openapi("AccessToken");

export const tokenWithValueSchema = tokenSchema
  .extend({ token: z.string().openapi({ description: "The raw token, shown only in this response" }) })
  .openapi("AccessTokenWithValue");

export const createTokenBody = z
  .strictObject({
    name: line().trim().min(1, "must not be empty").max(100),
    scopes: maskInput,
    user_id: line().optional().openapi({ description: "Issue for a teammate (needs tokens.manage)" }),
    expires_at: z.iso
      .datetime({ offset: true, message: "must be an ISO 8601 timestamp" })
      .nullable()
      .optional()
      .refine((v) => !v || Date.parse(v) > Date.now(), "must be in the future"),
  })
  .openapi("CreateAccessTokenRequest");

export const tokenListQuery = z.object({ user_id: line().optional() });

export const updateTokenBody = z.strictObject({ api_version: apiVersionInput }).openapi("UpdateAccessTokenRequest");
