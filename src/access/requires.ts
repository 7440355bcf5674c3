// Who may call a route, stated next to its schema:
//   createRoute({ method, path, description, ...requires("products.read"), request, responses })
// which installs the auth middleware and documents the bearer scheme and the permission (`x-required-permission`) in
// OpenAPI. The rule adds no `description` of its own, so spreading it can never replace the route's: the published
// document appends the rule's sentence (`permissionSentence`) after each operation's own description (src/app.ts).
import { authenticated, sessionOnly, storeAccess } from "./admission";
import { batchedStoreAccess } from "./batched";
import type { Permission } from "../lib/permissions";
import { operationsOf } from "../lib/openapi-operations";

type Requirement = Permission | "member" | "authenticated" | "session" | "public";

/**
 * The access rule of a route: a permission bit in the path's store, plain store membership ("member"),
 * any valid token ("authenticated"), a session JWT ("session"), or none ("public").
 */
export function requires(rule: Requirement) {
  // `security: []` says "no credential" to OpenAPI tools (Redocly's security-defined, client generators).
  if (rule === "public") return { "x-required-permission": "none" as const, security: [] as Array<Record<string, string[]>> };
  const middleware = rule === "authenticated" ? authenticated() : rule === "session" ? sessionOnly() : storeAccess(rule === "member" ? undefined : rule);
  return {
    middleware: [middleware],
    security: [{ bearerAuth: [] }],
    "x-required-permission": rule,
  };
}

/** `requires` for a route that needs several bits: all must be held, and a 403 names the first missing one. */
export const requiresAll = (...permissions: Permission[]) => ({
  ...requires(permissions[0]),
  middleware: [storeAccess(permissions)],
  "x-required-permission": permissions.join(", "),
});

/**
 * `requires` for a route whose bit depends on the state it finds (the whole-product PUT: products.write to create,
 * products.edit to change): holding none of them is a 403 naming the first; the service checks the one it needs, and
 * the route's own description says which.
 */
export const requiresOneOf = (permissions: Permission[]) => ({
  ...requires(permissions[0]),
  middleware: [storeAccess({ anyOf: permissions })],
  "x-required-permission": permissions.join(" | "),
});

/**
 * `requires(permission)` for a hot read-only route whose handler makes its one read through `withAuthBatch`: the
 * access check travels in the same D1 batch as that read (see `batchedStoreAccess`). Same contract, same answers.
 */
export const requiresWithBatchedRead = (permission: Permission) => ({
  ...requires(permission),
  middleware: [batchedStoreAccess(permission)],
});

const code = (bits: string[], joiner: string) => bits.map((bit) => `\`${bit}\``).join(joiner);
const RULE_SENTENCES: Record<string, string> = {
  none: "No token needed.",
  authenticated: "Requires any valid token.",
  session: "Requires a session JWT from POST /login (personal access tokens get 403).",
  member: "Requires a credential of the store: a member's session or token, or an integration key (no particular bit).",
  // src/ops/ops.routes.ts: the operators' token, not a store member's credential.
  ops: "Operators only: `Authorization: Bearer <OPS_TOKEN>`. Any other credential is a 401; a deployment without OPS_TOKEN answers 503.",
};

/**
 * The sentence an operation's `x-required-permission` publishes, as `requires`, `requiresAll` and `requiresOneOf`
 * state it: "products.read", "products.write, products.edit" (all), "products.write | products.edit" (one of),
 * "member", "session", "authenticated", "none" or "ops".
 */
export function permissionSentence(declared: string): string {
  if (RULE_SENTENCES[declared]) return RULE_SENTENCES[declared];
  if (declared.includes("|"))
    return `Requires ${code(
      declared.split("|").map((b) => b.trim()),
      " or ",
    )}.`;
  return `Requires ${code(
    declared.split(",").map((b) => b.trim()),
    " and ",
  )}.`;
}

type Operation = { description?: string; "x-required-permission"?: unknown };

/**
 * The published document: each operation's own description, then its permission sentence (a paragraph of its own).
 * An operation that declares no `x-required-permission` fails the document: every route states who may call it.
 */
export function withPermissionSentences<D extends { paths?: object }>(document: D): D {
  for (const { path, method, operation } of operationsOf<Operation>(document)) {
    const declared = operation["x-required-permission"];
    if (typeof declared !== "string") throw new Error(`${method.toUpperCase()} ${path} declares no x-required-permission (use requires())`);
    const sentence = permissionSentence(declared);
    operation.description = operation.description ? `${operation.description}\n\n${sentence}` : sentence;
  }
  return document;
}
