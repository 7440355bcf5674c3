// Request-scoped types: the Hono environment, the authenticated principal, and the `ctx` that services take.
import type { Context } from "hono";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import type * as schema from "../db/schema";

export type Db = DrizzleD1Database<typeof schema>;

/** Who is calling: a user, through a session JWT or through one of their personal access tokens. */
export interface Principal {
  kind: "jwt" | "pat";
  userId: string;
  token: { id: string; name: string; storeId: string; scopes: bigint; effective: bigint; role: Role } | null;
}

export type Role = "owner" | "member";

/** The caller's standing in the store named by the path. */
export interface StoreAccess {
  storeId: string;
  role: Role;
  /** The user's membership mask. */
  memberPermissions: bigint;
  /** What this request may do: the membership mask, AND the token's scope for a PAT. */
  permissions: bigint;
}

export type AppEnv = {
  Bindings: Env;
  Variables: { requestId: string; db: Db; principal: Principal; store: StoreAccess };
};

export interface Ctx {
  db: Db;
  env: Env;
  requestId: string;
  principal: Principal;
  waitUntil: (promise: Promise<unknown>) => void;
}

export interface StoreCtx extends Ctx {
  store: StoreAccess;
}

export function ctxOf(c: Context<AppEnv>): Ctx {
  return {
    db: c.var.db,
    env: c.env,
    requestId: c.var.requestId,
    principal: c.var.principal,
    waitUntil: (promise) => c.executionCtx.waitUntil(promise),
  };
}

export function storeCtxOf(c: Context<AppEnv>): StoreCtx {
  return { ...ctxOf(c), store: c.var.store };
}
