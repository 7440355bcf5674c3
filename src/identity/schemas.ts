// API shapes of users, stores, members and invites (docs/api/03-identity-stores-members.md).
import { currencyInput } from "../lib/money";
import { integrationSchema } from "../integrations/schemas";
import { z } from "@hono/zod-openapi";
import { maskInput } from "../lib/permissions";
import { line } from "../lib/text";

const timestamp = z.string().openapi({ format: "date-time", example: "2026-11-21T10:00:00.000Z" });
const mask = z.string().openapi({ description: "64-bit permission mask as a decimal string", example: "3" });
const roleSchema = z.enum(["owner", "member"]);

export const userSchema = z.object({ id: z.string(), email: z.string(), name: z.string(), created_at: timestamp }).openapi("User");

export const storeSchema = z.object({ id: z.string(), name: z.string(), created_at: timestamp }).openapi("Store");

export const storeSettingsSchema = storeSchema
  .extend({
    currency: z.string().openapi({ description: "ISO 4217 code the console shows prices in", example: "EUR" }),
    timezone: z.string().openapi({ description: "IANA time zone the console shows times in", example: "Europe/Berlin" }),
  })
  .openapi("StoreWithSettings");

export const storeMembershipSchema = storeSchema
  .extend({ role: roleSchema, permissions: mask, permission_names: z.array(z.string()) })
  .openapi("StoreWithPermissions");

export const personMeSchema = userSchema
  .extend({ stores: z.array(z.object({ id: z.string(), name: z.string(), role: roleSchema, permissions: mask, permission_names: z.array(z.string()) })) })
  .openapi("Me");

/** GET /me with an integration's key (docs/api/16-integrations.md): the integration, no person. */
export const integrationMeSchema = z.object({ kind: z.literal("integration"), integration: integrationSchema }).openapi("IntegrationMe");

export const meSchema = z.union([personMeSchema, integrationMeSchema]);

export const memberSchema = z
  .object({
    user_id: z.string(),
    store_id: z.string(),
    email: z.string(),
    name: z.string(),
    role: roleSchema,
    permissions: mask,
    permission_names: z.array(z.string()),
    created_at: timestamp,
  })
  .openapi("Member");

export const inviteSchema = z
  .object({
    id: z.string(),
    store_id: z.string(),
    email: z.string(),
    permissions: mask,
    permission_names: z.array(z.string()),
    invited_by: z.string().openapi({
      description: "The member who sent it. Removing them revokes it; accepting needs them still to hold every bit it grants",
    }),
    expires_at: timestamp,
    accepted_at: timestamp.nullable(),
    created_at: timestamp,
  })
  .openapi("Invite");

export const email = line()
  .trim()
  .max(254)
  .pipe(z.email({ message: "must be an email address" }));

export const signupBody = z
  .strictObject({
    email,
    password: line().min(10, "must be at least 10 characters").max(1024),
    name: line().trim().min(1, "must not be empty").max(200),
  })
  .openapi("SignupRequest");

export const loginBody = z.strictObject({ email: line().max(254), password: line().max(1024) }).openapi("LoginRequest");

export const loginResponse = z.object({ token: z.string(), token_type: z.literal("Bearer"), expires_at: timestamp, user: userSchema }).openapi("LoginResponse");

export const createStoreBody = z.strictObject({ name: line().trim().min(1, "must not be empty").max(200) }).openapi("CreateStoreRequest");

/** Intl's own list of IANA zone names where the runtime has it. */
const supported = (key: "timeZone") => {
  try {
    return new Set<string>(Intl.supportedValuesOf(key));
  } catch {
    return null;
  }
};
const isTimeZone = (name: string) => {
  if (name === "UTC" || supported("timeZone")?.has(name)) return true;
  try {
    return new Intl.DateTimeFormat("en", { timeZone: name }).resolvedOptions().timeZone === name;
  } catch {
    return false;
  }
};

export const updateStoreBody = z
  .strictObject({
    name: line().trim().min(1, "must not be empty").max(200).optional(),
    currency: currencyInput.optional(),
    timezone: line().max(100).refine(isTimeZone, "must be an IANA time zone name, e.g. Europe/Berlin").optional(),
  })
  .openapi("UpdateStoreRequest");

export const inviteBody = z.strictObject({ email, permissions: maskInput }).openapi("CreateInviteRequest");
export const acceptInviteBody = z.strictObject({ token: line().min(1).max(200) }).openapi("AcceptInviteRequest");
export const updateMemberBody = z.strictObject({ permissions: maskInput }).openapi("UpdateMemberRequest");

export const logoutBody = z
  .strictObject({
    everywhere: z.boolean().optional().openapi({ description: "true: end every session JWT of the user issued until now, not only this one" }),
  })
  .openapi("LogoutRequest");
