// Route-contract helpers. Every route states who may call it next to its schema:
//   createRoute({ method, path, ...requires("products.read"), request, responses })
// which installs the auth middleware and documents the bearer scheme and the permission in OpenAPI.
import { OpenAPIHono, z } from "@hono/zod-openapi";
import { authenticated, batchedStoreAccess, sessionOnly, storeAccess } from "./auth";
import type { AppEnv } from "./context";
import { validationError } from "./errors";
import type { Permission } from "./permissions";

export const problemSchema = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    code: z.string(),
    detail: z.string(),
    request_id: z.string(),
    errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
    missing_permission: z.string().optional(),
  })
  .openapi("Problem");

const problem = (description: string) => ({
  description,
  content: { "application/problem+json": { schema: problemSchema } },
});

const COMMON_ERRORS = {
  401: problem("Missing, invalid, expired or revoked token"),
  403: problem("The token's effective permission lacks the required bit"),
  422: problem("Validation failed"),
} as const;

type Requirement = Permission | "member" | "authenticated" | "session" | "public";

export type App = OpenAPIHono<AppEnv>;

/**
 * The access rule of a route: a permission bit in the path's store, plain store membership ("member"),
 * any valid token ("authenticated"), a session JWT ("session"), or none ("public").
 */
export function requires(rule: Requirement) {
  if (rule === "public") return { "x-required-permission": "none" } as const;
  const middleware =
    rule === "authenticated"
      ? authenticated()
      : rule === "session"
        ? sessionOnly()
        : storeAccess(rule === "member" ? undefined : rule);
  const notes: Record<string, string> = {
    authenticated: "Any valid token.",
    session: "A session JWT from POST /login (personal access tokens get 403).",
    member: "Any member of the store.",
  };
  const note = notes[rule] ?? `Requires \`${rule}\`.`;
  return {
    middleware: [middleware],
    security: [{ bearerAuth: [] }],
    "x-required-permission": rule,
    description: note,
  };
}

/**
 * `requires(permission)` for a hot read-only route whose handler makes its one read through `withAuthBatch`: the
 * access check travels in the same D1 batch as that read (see `batchedStoreAccess`). Same contract, same answers.
 */
export const requiresWithBatchedRead = (permission: Permission) => ({
  ...requires(permission),
  middleware: [batchedStoreAccess(permission)],
});

/** Error responses a route documents besides 401/403/422. */
export const errorResponses = (...statuses: Array<400 | 404 | 409 | 412 | 413 | 415>) => {
  const described: Record<number, ReturnType<typeof problem>> = {
    400: problem("Malformed JSON body"),
    404: problem("Not found"),
    409: problem("Conflict"),
    412: problem("If-Match does not match the current ETag"),
    413: problem("Payload too large"),
    415: problem("Unsupported media type"),
  };
  return { ...COMMON_ERRORS, ...Object.fromEntries(statuses.map((s) => [s, described[s]])) };
};

/** A router whose validation failures all become the same 422 problem. */
export const createRouter = () =>
  new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) throw validationError(result.error);
    },
  });

/** Path parameter: ids are lowercase UUIDs; anything else is simply not found (checked in `idParams`). */
export const idParam = z.string().openapi({ format: "uuid" });

/** A JSON response entry of a route contract. */
export const jsonResponse = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { "application/json": { schema } },
});

/** A required JSON request body (unknown fields are rejected by the schema being strict). */
export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  body: { required: true, content: { "application/json": { schema } } },
});
