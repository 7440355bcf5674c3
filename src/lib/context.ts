// The `ctx` that services take, built from the request (its types are in ./types).
import type { Context } from "hono";
import { servedVersion } from "./api-versions";
import { requestDb } from "./db";
import type { AppEnv, Ctx, StoreCtx, StoreReadCtx } from "./types";

// The types live in ./types (which imports nothing from lib/); re-exported here for the domains that use both.
export type { AppEnv, Ctx, Db, IdempotencyClaim, PendingAccess, Principal, Role, Session, StoreAccess, StoreCtx, StoreReadCtx } from "./types";

export function ctxOf(c: Context<AppEnv>): Ctx {
  return {
    db: requestDb(c),
    env: c.env,
    requestId: c.get("requestId"),
    principal: c.get("principal"),
    waitUntil: (promise) => c.executionCtx.waitUntil(promise),
    idempotency: c.get("idempotency"),
    apiVersion: servedVersion(c.get("requestedVersion"), c.get("principal")?.apiVersion),
  };
}

export function storeCtxOf(c: Context<AppEnv>): StoreCtx {
  return { ...ctxOf(c), store: c.get("store") };
}

export function storeReadCtxOf(c: Context<AppEnv>): StoreReadCtx {
  const pending = c.get("pendingAccess") ?? null;
  // `db` is read when used: a pending check that met a stale placement has moved on to the store's database.
  return pending
    ? {
        get db() {
          return pending.db;
        },
        storeId: pending.storeId,
        access: pending,
      }
    : { db: requestDb(c), storeId: c.get("store").storeId, access: null };
}
