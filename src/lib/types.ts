// The request's shared types: the Hono environment, the principal, the store access and the `ctx` services take.
// This file imports nothing from src/lib, so every lib module (auth, sessions, budgets, idempotency, db) can use
// these types without an import circle (docs/conventions.md rule 12); src/lib/context.ts builds the values.
import type { SQL } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import type * as schema from "../db/schema";

/** `$client` is the D1 binding or session under Drizzle, for what Drizzle cannot batch (raw SQL with parameters). */
export type Db = DrizzleD1Database<typeof schema> & { $client: D1Database };

/**
 * Who is calling: a user, through a session JWT or through one of their personal access tokens; or a store's
 * integration (its `boi_` key, docs/api/16-integrations.md), which is no person: `userId` is null and `integration` is set.
 */
export interface Principal {
  kind: "jwt" | "pat" | "integration";
  userId: string | null;
  /** `issuedBy`: who holds this PAT's raw value (docs/api/13-security.md); what it mints or rotates is theirs too. */
  token: { id: string; name: string; storeId: string; issuedBy: string; scopes: bigint; effective: bigint; role: Role } | null;
  /** A session JWT's identity for logout: its signature, the user's session version it carries, its end. */
  session: Session | null;
  /** An integration's key: which integration (its effective permission is its scope). */
  integration?: { id: string; name: string; storeId: string; scopes: bigint } | null;
  /** A PAT's or an integration's pinned API version, used when the request sends no `Api-Version` (src/versions). */
  apiVersion?: string;
}

export interface Session {
  id: string;
  version: number;
  expiresAt: string;
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
  /** A move has paused the store's writes (docs/api/14-store-databases-and-operators.md): a change-making request is 503. */
  paused?: boolean;
}

export type AppEnv = {
  Bindings: Env;
  Variables: {
    requestId: string;
    /** Set by `requestDb` on first use. */
    db?: Db;
    /** The database holding the path's store, set by the access check (src/access/lookups.ts); `requestDb` uses it. */
    storeBinding?: D1Database;
    /** The database a PAT or an integration's key was found in (its store's), set by the token check. */
    patBinding?: D1Database;
    principal: Principal;
    store: StoreAccess;
    pendingAccess?: PendingAccess;
    /** Set by the idempotency middleware when the request holds an Idempotency-Key. */
    idempotency?: IdempotencyClaim;
    /** The `Api-Version` the request sent, once checked (src/versions/middleware.ts). */
    requestedVersion?: string;
  };
};

export interface Ctx {
  db: Db;
  env: Env;
  requestId: string;
  principal: Principal;
  waitUntil: (promise: Promise<unknown>) => void;
  /** The request's Idempotency-Key: `commit` writes it in the change's own batch. */
  idempotency?: IdempotencyClaim;
  /** The API version serving the request (src/lib/api-versions.ts); absent in background work, which uses the current one. */
  apiVersion?: string;
}

export interface StoreCtx extends Ctx {
  store: StoreAccess;
}

/**
 * For read-only services on routes with `batchedStoreAccess`: the caller's standing is not known until their one
 * read returns (through `withAuthBatch`), so they get the path's store id and the pending check, no principal.
 */
export interface StoreReadCtx {
  db: Db;
  storeId: string;
  access: PendingAccess | null;
}

/** The request's Idempotency-Key, claimed by the idempotency middleware and written by `commit` in the change's batch. */
export interface IdempotencyClaim {
  scope: string;
  key: string;
  owner: string;
  /**
   * What an earlier request with this key, presumed dead, had recorded as its resource (`location`) before it could
   * finish: a change spanning two databases (POST /stores) resumes that resource instead of making a second one.
   */
  earlierLocation?: string | null;
}

/**
 * A store access check whose lookup is prepared but not yet sent (src/access/batched.ts): it goes out with the route's
 * one read in a single D1 batch (`withRead`), or alone (`resolve`) when the request ends without that read.
 */
export interface PendingAccess {
  readonly storeId: string;
  readonly db: Db;
  readonly sent: boolean;
  resolve(): Promise<void>;
  withRead<T>(read: SQL): Promise<D1Result<T>>;
}
