// API shapes of customers (docs/api/09-orders-and-customers.md).
import { z } from "@hono/zod-openapi";
import { email } from "../identity/schemas";
import { cursorQuery } from "../lib/cursor";
import { line } from "../lib/text";
import { fieldsCreateInput, fieldsSchema, fieldsUpdateInput } from "../fields/schemas";

const timestamp = z.string().openapi({ format: "date-time" });
const optionalText = (max: number) => line().trim().min(1, "must not be empty").max(max).nullable().optional();

export const customerSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    name: z.string().nullable(),
    phone: z.string().nullable(),
    group_ids: z.array(z.string()).openapi({ description: "The customer groups it belongs to (docs/api/24-prices.md)" }),
    fields: fieldsSchema,
    created_at: timestamp,
    updated_at: timestamp,
  })
  .openapi("Customer");

export const createCustomerBody = z
  .strictObject({ email, name: optionalText(255), phone: optionalText(50), fields: fieldsCreateInput })
  .openapi("CreateCustomerRequest");

export const updateCustomerBody = z
  .strictObject({ email: email.optional(), name: optionalText(255), phone: optionalText(50), fields: fieldsUpdateInput })
  .openapi("UpdateCustomerRequest");

export const customerListQuery = z.object({
  email: line().optional().openapi({ description: "Exact email, case-insensitive" }),
  search: line()
    .trim()
    .refine((v) => [...v].length >= 2, "must be at least 2 characters")
    .pipe(z.string().max(200))
    .optional()
    .openapi({ description: "Part of the email, name or phone, case-insensitive (at least 2 characters)" }),
  ...cursorQuery,
});
