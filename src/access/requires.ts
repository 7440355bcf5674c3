// Who may call a route, stated next to its schema:
//   createRoute({ method, path, ...requires("products.read"), request, responses })
// which installs the auth middleware and documents the bearer scheme and the permission in OpenAPI.
import { authenticated, sessionOnly, storeAccess } from "./admission";
import { batchedStoreAccess } from "./batched";
import type { Permission } from "../lib/permissions";

type Requirement = Permission | "member" | "authenticated" | "session" | "public";

/**
 * The access rule of a route: a permission bit in the path's store, plain store membership ("member"),
 * any valid token ("authenticated"), a session JWT ("session"), or none ("public").
 */
export function requires(rule: Requirement) {
  // `security: []` says "no credential" to OpenAPI tools (Redocly's security-defined, client generators).
  if (rule === "public") return { "x-required-permission": "none" as const, security: [] as Array<Record<string, string[]>> };
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

/** `requires` for a route that needs several bits: all must be held, and a 403 names the first missing one. */
export const requiresAll = (...permissions: Permission[]) => ({
  ...requires(permissions[0]),
  middleware: [storeAccess(permissions)],
  "x-required-permission": permissions.join(", "),
  description: `Requires ${permissions.map((p) => `\`${p}\``).join(" and ")}.`,
});

/**
 * `requires` for a route whose bit depends on the state it finds (the whole-product PUT: products.write to create,
 * products.edit to change): holding none of them is a 403 naming the first; the service checks the one it needs.
 */
export const requiresOneOf = (permissions: Permission[], note: string) => ({
  ...requires(permissions[0]),
  middleware: [storeAccess({ anyOf: permissions })],
  "x-required-permission": permissions.join(" | "),
  description: `Requires ${permissions.map((p) => `\`${p}\``).join(" or ")}: ${note}`,
});

/**
 * `requires(permission)` for a hot read-only route whose handler makes its one read through `withAuthBatch`: the
 * access check travels in the same D1 batch as that read (see `batchedStoreAccess`). Same contract, same answers.
 */
export const requiresWithBatchedRead = (permission: Permission) => ({
  ...requires(permission),
  middleware: [batchedStoreAccess(permission)],
});
