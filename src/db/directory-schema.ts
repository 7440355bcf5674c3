// The directory database's tables (drizzle.directory.config.ts generates migrations/directory/ from this list).
// Users, revoked sessions, failed logins and idempotency keys share their definitions with the store databases'
// (./schema/identity): a store database keeps a copy of its members' user rows (id, email, name; no password) for
// its foreign keys and member lists, and its own store-scoped idempotency keys.
export { idempotencyKeys, loginAttempts, revokedSessions, users } from "./schema/identity";
export * from "./schema/directory";
