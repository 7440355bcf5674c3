// Database access within a request (which database: src/placement/store-db.ts). Without a session, D1 sends every query to the
// primary database. A request that makes more than one round trip runs on a D1 session that starts at the primary ("first-primary"): its first query (the
// token check) sees the latest revocation, and with read replication on, its later reads may be served by a
// replica at least as fresh as that. A request whose data is one round trip (the catalog reads, which batch the
// token check with the read) gains nothing from a session and goes to the binding directly.
import type { Context } from "hono";
import { drizzle } from "drizzle-orm/d1";
import * as schema from "../db/schema";
import type { AppEnv, Db } from "./types";
import { retryingReads } from "./d1-overload";

export const isReadOnly = (c: Context<AppEnv>) => c.req.method === "GET" || c.req.method === "HEAD";

/**
 * The request's first-primary session, made when the request first needs the database: on a store's path the
 * database holding the store (set by the access check, src/access/lookups.ts), elsewhere the directory. On a read-only
 * request (GET, HEAD) a query that meets an overload is tried once more.
 */
export function requestDb(c: Context<AppEnv>): Db {
  let db = c.get("db");
  if (!db) {
    const session = (c.get("storeBinding") ?? c.env.DIRECTORY).withSession("first-primary");
    // A D1 session offers the prepare/batch surface Drizzle uses.
    db = drizzle((isReadOnly(c) ? retryingReads(session) : session) as unknown as D1Database, { schema });
    c.set("db", db);
  }
  return db;
}

/** D1 reports failures (constraints, RAISE in triggers) only in message text, sometimes on the wrapped cause. */
export const errorText = (error: unknown) => `${String(error)} ${String((error as { cause?: unknown })?.cause ?? "")}`;

type ConstraintKind = "UNIQUE" | "NOT NULL" | "CHECK" | "FOREIGN KEY";
const VIOLATION = /\b(UNIQUE|NOT NULL|CHECK|FOREIGN KEY) constraint failed(?::\s*([^:\n]*))?/;

/**
 * The one classifier of constraint violations: the constraint a failed statement violated, as SQLite words it in the
 * message of the error or of its cause (D1 reports nothing else): its kind and what it names, the columns as
 * `table.column` ("UNIQUE constraint failed: products.store_id, products.slug") or a CHECK's name. Null when the
 * failure is no constraint's (a trigger's RAISE, an overload, ...).
 */
export function violatedConstraint(error: unknown): { kind: ConstraintKind; names: string[] } | null {
  for (const text of [String((error as { cause?: unknown })?.cause ?? ""), String(error)]) {
    const found = VIOLATION.exec(text);
    // "FOREIGN KEY constraint failed: SQLITE_CONSTRAINT" names nothing: the result code is no column.
    if (found)
      return {
        kind: found[1] as ConstraintKind,
        names: (found[2] ?? "")
          .split(",")
          .map((n) => n.trim())
          .filter((n) => n && !n.startsWith("SQLITE_")),
      };
  }
  return null;
}

const violates = (error: unknown, kind: ConstraintKind, name?: string) => {
  const found = violatedConstraint(error);
  return found?.kind === kind && (name === undefined || found.names.includes(name));
};

export const isUniqueViolation = (error: unknown) => violates(error, "UNIQUE");

/** A unique violation whose index covers `table.column` (e.g. "products.external_id", "product_variants.sku_lower"). */
export const isUniqueViolationOf = (error: unknown, column: string) => violates(error, "UNIQUE", column);

/** A row this change refers to was deleted after it was checked (a concurrent request): nothing was written. */
export const isForeignKeyViolation = (error: unknown) => violates(error, "FOREIGN KEY");

/** `column` as `table.column`, e.g. "products.updated_at"; a guard's failed assertion is one (src/lib/guards.ts). */
export const isNotNullViolation = (error: unknown, column: string) => violates(error, "NOT NULL", column);

/** A CHECK constraint failed: any, or the one named `name` (e.g. "order_lines_stocked_reserved"). */
export const isCheckViolation = (error: unknown, name?: string) => violates(error, "CHECK", name);
