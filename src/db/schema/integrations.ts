// Integrations (docs/api/16-integrations.md): store-owned credentials (`boi_` keys) that outlive the people who made them.
// The current value's hash and, after a rotation with an overlap, the previous one's are both looked up by the
// access check (src/access/integration.ts). `issued_to` / `previous_issued_to`: who received each working value,
// so removing them flags the integration for rotation. Scope masks are TEXT decimal strings like every mask.
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { stores } from "./identity";

export const integrations = sqliteTable(
  "integrations",
  {
    id: text("id").primaryKey(),
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description"),
    scopes: text("scopes").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    prefix: text("prefix").notNull(),
    previousTokenHash: text("previous_token_hash").unique(),
    previousExpiresAt: text("previous_expires_at"),
    issuedTo: text("issued_to").notNull(),
    previousIssuedTo: text("previous_issued_to"),
    createdBy: text("created_by").notNull(),
    createdAt: text("created_at").notNull(),
    lastUsedAt: text("last_used_at").notNull(),
    rotatedAt: text("rotated_at"),
    revokedAt: text("revoked_at"),
    rotationRecommended: integer("rotation_recommended", { mode: "boolean" }).notNull().default(false),
    rotationRecommendedReason: text("rotation_recommended_reason"),
    /** The API version a request with this key is served by when it sends no `Api-Version` (docs/api-versions.md). */
    apiVersion: text("api_version").notNull().default("2026-11-27"),
  },
  (t) => [index("integrations_store_idx").on(t.storeId, t.createdAt)],
);
