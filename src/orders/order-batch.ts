// Helpers for order batches: an assertion statement that rolls the batch back when its condition is false,
// reading D1's error text, and parsing the order JSON a batch ends with.
import type { SQL } from "drizzle-orm";
import { sql } from "drizzle-orm";
import { commerceGuards } from "../db/schema";
import type { Db } from "../lib/context";

/** Inserts NULL into a NOT NULL column (failing the whole batch) exactly when `condition` is false. */
export const assertion = (db: Db, condition: SQL) => db.insert(commerceGuards).select(sql`SELECT NULL WHERE NOT (${condition})`);

export { errorText } from "../lib/db";

export const parseOrder = (result: unknown) => JSON.parse((result as Array<{ json: string }>)[0].json);
