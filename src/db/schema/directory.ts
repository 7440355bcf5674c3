// The directory database (binding DIRECTORY, docs/scale.md section 2): what is not one store's. Users, sessions,
// failed logins and user-scoped idempotency keys are defined in ./identity (their tables are the same in both kinds
// of database; src/db/directory-schema.ts lists the directory's). Here: the store databases (shards), which one
// holds each store, and the indexes that find a store from what carries no store id (a user, a PAT hash, an invite
// token hash). The store databases stay the authority on memberships, tokens and invites: an index row is written
// before the store's own row and removed after it, so an index is a superset and every hit is checked there.
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/** One row per store database binding (`STORE_DB_nnn`), made when the Worker first sees the binding. */
export const shards = sqliteTable("shards", {
  name: text("name").primaryKey(),
  /** Taking new stores (placement); an operator sets 0 to drain a database or before it is ready. */
  accepting: integer("accepting").notNull().default(1),
  /** The D1 location hint the database was created with (`wrangler d1 create --location`); null: none. PATCH /ops/shards/{name}. */
  location: text("location", { enum: ["wnam", "enam", "weur", "eeur", "apac", "oc"] }),
  /** Bytes, as D1 last reported them (refreshed by the cron and by GET /ops/shards). */
  sizeBytes: integer("size_bytes").notNull().default(0),
  measuredAt: text("measured_at"),
  /** Its store_directory rows, counted by triggers in the same statement as each change (migrations/directory/0004). */
  stores: integer("stores").notNull().default(0),
});

/**
 * Which database holds a store. `state`: `creating` (POST /stores between its two writes), `active`, `moving`
 * (a move has paused its writes). `version` grows with every change of shard or state: the isolate caches compare it.
 */
export const storeDirectory = sqliteTable(
  "store_directory",
  {
    storeId: text("store_id").primaryKey(),
    shard: text("shard").notNull(),
    state: text("state", { enum: ["creating", "active", "moving"] }).notNull(),
    version: integer("version").notNull().default(1),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [index("store_directory_shard_idx").on(t.shard), index("store_directory_state_idx").on(t.state, t.updatedAt)],
);

/** The stores a user belongs to, for GET /stores and /me (roles and names come from each store's database). */
export const userStores = sqliteTable(
  "user_stores",
  {
    userId: text("user_id").notNull(),
    storeId: text("store_id").notNull(),
    /** The store's own created_at: GET /stores is newest store first. */
    storeCreatedAt: text("store_created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.storeId] }), index("user_stores_user_created_idx").on(t.userId, t.storeCreatedAt, t.storeId)],
);

/** PAT hash → store, for a PAT used where the path names no store (GET /me) or another store. */
export const tokenIndex = sqliteTable("token_index", {
  tokenHash: text("token_hash").primaryKey(),
  storeId: text("store_id").notNull(),
});

/** Integration key hash (current or previous value) → store, for a `boi_` key used off its store's path (GET /me) or on another store's. */
export const integrationKeyIndex = sqliteTable("integration_key_index", {
  keyHash: text("key_hash").primaryKey(),
  storeId: text("store_id").notNull(),
});

/** Invite token hash → store, for POST /invites/accept (its body carries only the token). */
export const inviteIndex = sqliteTable("invite_index", {
  tokenHash: text("token_hash").primaryKey(),
  storeId: text("store_id").notNull(),
});

/**
 * A store's move between databases (docs/api/14-store-databases-and-operators.md), with its cursor: the job resumes from here after a crash.
 * `state`: copying, paused, verifying, done, failed. `step` and `cursor` are the job's own place (table, last key).
 */
export const storeMoves = sqliteTable(
  "store_moves",
  {
    id: text("id").primaryKey(),
    storeId: text("store_id").notNull(),
    fromShard: text("from_shard").notNull(),
    toShard: text("to_shard").notNull(),
    state: text("state", { enum: ["copying", "paused", "verifying", "done", "failed"] }).notNull(),
    step: text("step").notNull().default(""),
    cursor: text("cursor"),
    rowsCopied: integer("rows_copied").notNull().default(0),
    error: text("error"),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
    /** Grows with every step taken: a step commits only if `seq` is still what it read, so a duplicate message loses. */
    seq: integer("seq").notNull().default(0),
    /** When the next step is due (later than now while the job waits); the cron re-sends a step overdue by a while. */
    dueAt: text("due_at"),
    /** Set when nothing is left to do: after `done`, once the source is purged; after `failed`, once the target is cleaned. */
    finishedAt: text("finished_at"),
  },
  (t) => [
    index("store_moves_store_idx").on(t.storeId, t.state),
    // One running move per store (copying, paused or verifying), enforced by the insert itself (two concurrent
    // POSTs: one gets the conflict). A move that is done or failed may still be purging or cleaning: the next move
    // of the store waits for that in its first step (`wait`, src/moves/job.ts).
    uniqueIndex("store_moves_active_idx").on(t.storeId).where(sql`state IN ('copying', 'paused', 'verifying')`),
    index("store_moves_due_idx").on(t.finishedAt, t.dueAt),
  ],
);
