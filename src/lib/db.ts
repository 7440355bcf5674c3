// Database access. Each request runs on one D1 session that starts at the primary ("first-primary"), so the
// token check always sees the latest revocation, and every later read of the request is at least as fresh.
import { drizzle } from "drizzle-orm/d1";
import * as schema from "../db/schema";
import type { Db } from "./context";

export function requestDb(env: Env): Db {
  const session = env.DB.withSession("first-primary");
  // A D1 session offers the prepare/batch surface Drizzle uses.
  return drizzle(session as unknown as D1Database, { schema });
}

/** For the queue consumer and the cron sweep, which have no request. */
export const backgroundDb = (env: Env): Db => drizzle(env.DB, { schema });

/** D1 reports unique-index violations only through the message text. */
export const isUniqueViolation = (error: unknown) =>
  String((error as { cause?: unknown })?.cause ?? error).includes("UNIQUE constraint failed") ||
  String(error).includes("UNIQUE constraint failed");
