// Users, stores, memberships, invites, personal access tokens, and the audit log.
// Permission masks are TEXT decimal strings: D1 hands INTEGERs back as JS numbers, which would lose bit 61.
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

export const users = sqliteTable("users", {
  id: text("id").primaryKey(),
  email: text("email").notNull(),
  emailLower: text("email_lower").notNull().unique(),
  name: text("name").notNull(),
  passwordHash: text("password_hash").notNull(),
  createdAt: text("created_at").notNull(),
  /** Copied into each session JWT (`sv`); raised by POST /logout {"everywhere": true} to end every session. */
  sessionVersion: integer("session_version").notNull().default(0),
});

/** Session JWTs ended one by one by POST /logout, by signature, until they would have expired anyway. */
export const revokedSessions = sqliteTable(
  "revoked_sessions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id").notNull(),
    expiresAt: text("expires_at").notNull(),
  },
  (t) => [index("revoked_sessions_expires_idx").on(t.expiresAt)],
);

export const stores = sqliteTable(
  "stores",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => users.id),
    createdAt: text("created_at").notNull(),
    /**
     * Where this database stands with the store (docs/scale.md, moves): `active`; `incoming` on a move's target until
     * the flip; on its source `moving` (writes paused), then `moved` (the directory points elsewhere) and `purging`
     * (its rows are being deleted). Triggers (migration 0014) refuse every write to the store's rows unless `active`
     * or `incoming`, deletes excepted while `purging`.
     */
    state: text("state", { enum: ["active", "incoming", "moving", "moved", "purging"] })
      .notNull()
      .default("active"),
    /** ISO 4217 code the console shows prices in (orders keep their own currency). */
    currency: text("currency").notNull().default("USD"),
    /** IANA time zone the console shows times in. */
    timezone: text("timezone").notNull().default("UTC"),
    /** The last event sequence given to the store (docs/api/22-event-log.md; migrations/store/0028): only ever grows. */
    eventSequence: integer("event_sequence").notNull().default(0),
  },
  // The cron's jobs (retention, the delivery sweep) skip the few stores not `active` here: a lookup of this index.
  (t) => [index("stores_state_idx").on(t.state, t.id)],
);

export const memberships = sqliteTable(
  "memberships",
  {
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    role: text("role", { enum: ["owner", "member"] }).notNull(),
    permissions: text("permissions").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.userId] }), index("memberships_user_idx").on(t.userId)],
);

export const invites = sqliteTable(
  "invites",
  {
    id: text("id").primaryKey(),
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    emailLower: text("email_lower").notNull(),
    permissions: text("permissions").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    invitedBy: text("invited_by").notNull(),
    expiresAt: text("expires_at").notNull(),
    acceptedAt: text("accepted_at"),
    acceptedBy: text("accepted_by"),
    createdAt: text("created_at").notNull(),
    /** Set by DELETE .../invites/{id} or by removing the inviter: the invite can no longer be accepted. */
    revokedAt: text("revoked_at"),
  },
  (t) => [index("invites_store_idx").on(t.storeId, t.createdAt), index("invites_store_inviter_idx").on(t.storeId, t.invitedBy)],
);

export const apiTokens = sqliteTable(
  "api_tokens",
  {
    id: text("id").primaryKey(),
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    /** Who last received the raw value: the creator, or after a rotation the rotator (docs/api/13-security.md). */
    issuedBy: text("issued_by").notNull().default(""),
    name: text("name").notNull(),
    scopes: text("scopes").notNull(),
    tokenHash: text("token_hash").notNull(),
    prefix: text("prefix").notNull(),
    createdAt: text("created_at").notNull(),
    lastUsedAt: text("last_used_at").notNull(),
    expiresAt: text("expires_at"),
    rotatedAt: text("rotated_at"),
    revokedAt: text("revoked_at"),
    /** The API version a request with this token is served by when it sends no `Api-Version` (docs/api-versions.md). */
    apiVersion: text("api_version").notNull().default("2026-11-27"),
  },
  (t) => [
    uniqueIndex("api_tokens_hash_idx").on(t.tokenHash),
    index("api_tokens_store_user_idx").on(t.storeId, t.userId, t.createdAt),
    index("api_tokens_store_issuer_idx").on(t.storeId, t.issuedBy),
  ],
);

export const auditLog = sqliteTable(
  "audit_log",
  {
    id: text("id").primaryKey(),
    storeId: text("store_id").notNull(),
    /** Null for a change made with an integration's key (docs/api/16-integrations.md): no person made it. */
    userId: text("user_id"),
    tokenId: text("token_id"),
    tokenName: text("token_name"),
    integrationId: text("integration_id"),
    integrationName: text("integration_name"),
    action: text("action").notNull(),
    resourceType: text("resource_type").notNull(),
    resourceId: text("resource_id").notNull(),
    createdAt: text("created_at").notNull(),
    /** JSON with what the resource id alone does not say (variant.bulk_update: the variant ids), else null. */
    details: text("details"),
    /** The actor's display name and email as they were when the entry was written (kept after they leave). */
    actorName: text("actor_name"),
    actorEmail: text("actor_email"),
  },
  (t) => [
    index("audit_log_store_idx").on(t.storeId, t.id),
    index("audit_log_store_user_idx").on(t.storeId, t.userId, t.id),
    index("audit_log_store_action_idx").on(t.storeId, t.action, t.id),
    index("audit_log_store_resource_idx").on(t.storeId, t.resourceType, t.id),
    index("audit_log_store_integration_idx").on(t.storeId, t.integrationId, t.id).where(sql`integration_id IS NOT NULL`),
  ],
);

/**
 * Failed logins per email (exact, docs/api/11-limits-retries-sessions.md). `attempted_at` is epoch milliseconds. A row is reserved before
 * the password is checked, so concurrent guesses cannot pass the limit, and removed again when the login succeeds.
 */
export const loginAttempts = sqliteTable(
  "login_attempts",
  {
    id: text("id").primaryKey(),
    emailLower: text("email_lower").notNull(),
    attemptedAt: integer("attempted_at").notNull(),
  },
  (t) => [index("login_attempts_email_idx").on(t.emailLower, t.attemptedAt), index("login_attempts_time_idx").on(t.attemptedAt)],
);

/**
 * Idempotency keys (docs/api/11-limits-retries-sessions.md), per (scope, key): scope names the credential that sent the key, within its
 * store on a store's paths: `store:<store id>:user:<id>` (a session), `:pat:<id>`, `:integration:<id>`; `user:<id>`
 * in the directory (`POST /stores`). See src/lib/idempotency.ts `scopeOf` and migration store/0033. Times are epoch
 * milliseconds. `owner` names the request running with the key; `committed_at` is set in the change's own batch;
 * `status`/`body`/`content_type`/`location` are the kept response.
 */
export const idempotencyKeys = sqliteTable(
  "idempotency_keys",
  {
    scope: text("scope").notNull(),
    key: text("key").notNull(),
    fingerprint: text("fingerprint").notNull(),
    owner: text("owner"),
    lockedAt: integer("locked_at"),
    committedAt: integer("committed_at"),
    status: integer("status"),
    body: text("body"),
    contentType: text("content_type"),
    location: text("location"),
    createdAt: integer("created_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index("idempotency_keys_expires_idx").on(t.expiresAt)],
);
