// A second permission bit on a route that `requires` one already (POST /imports needs products.write and
// products.edit): checked after the access middleware, with the same 403 naming the missing bit.
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../lib/context";
import { forbidden } from "../lib/errors";
import { type Permission, has } from "../lib/permissions";

export const requiresAlso =
  (permission: Permission): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    if (!has(c.get("store").permissions, permission)) throw forbidden(`This endpoint needs the ${permission} permission`, permission);
    await next();
  };
