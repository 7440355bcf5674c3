// Who may call /ops/* (docs/api/14-store-databases-and-operators.md): the operators, with `Authorization: Bearer <OPS_TOKEN>`. OPS_TOKEN is
// a secret of at least 32 characters; a deployment without one has no operator endpoints (503), rather than
// endpoints guarded by a guessable value. Any other credential, a session JWT or a PAT of any member included,
// is a 401: operators are not store admins, and no store permission reaches these routes.
import type { MiddlewareHandler } from "hono";
import { refuseAddressOverFailedAuth } from "../access/budgets";
import type { AppEnv } from "../lib/context";
import { ApiError, unauthenticated } from "../lib/errors";

const MIN_TOKEN_LENGTH = 32;

const digest = async (text: string) => new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));

/** Compares digests (equal lengths whatever was sent), in constant time. */
async function sameToken(given: string, expected: string): Promise<boolean> {
  const [a, b] = await Promise.all([digest(given), digest(expected)]);
  return crypto.subtle.timingSafeEqual(a, b);
}

export function opsAccess(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const expected = c.env.OPS_TOKEN;
    if (!expected || expected.length < MIN_TOKEN_LENGTH) {
      throw new ApiError("service_unavailable", "The operator endpoints are not configured on this deployment");
    }
    // An address over its failed-authentication budget is refused before the comparison (docs/api/13-security.md), as
    // on every other authenticated route: guessing stops at the budget, whatever the next guess is.
    refuseAddressOverFailedAuth(c);
    // Parsed as the access check parses it (src/access/lookups.ts).
    const match = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header("Authorization") ?? "");
    if (!match || !(await sameToken(match[1], expected))) throw unauthenticated("The operator endpoints take the operators' token only");
    await next();
  };
}
