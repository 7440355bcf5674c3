// Conditions checked inside a change's own D1 batch (docs/api/13-security.md: every delete and state change takes effect
// once). D1 has no interactive transactions, so "check, then act" in two round trips lets two concurrent requests
// both pass the check. Instead the batch starts with an assertion on the row it is about to change: when the
// condition is false, the assertion inserts NULL into a NOT NULL column of an always-empty table, D1 rolls the
// whole batch back (change, audit row, events, deliveries), and `guarded` turns the failure into the answer the
// loser would have got had it come second: 404, 409 or 422 `limit_exceeded`. The one way a change's batch aborts on
// a condition, orders and bulk variant changes included (their former idiom's always-empty commerce_guards table is
// no longer written; the table stays, empty, so no migration). Which assertion failed is read with the classifier of
// src/lib/db.ts (`isNotNullViolation`).
import { type SQL, sql } from "drizzle-orm";
import { guardConflict, guardLimit, guardNotFound } from "../db/schema";
import type { Db } from "./context";
import type { ApiError } from "./errors";
import { isNotNullViolation } from "./db";

type Kind = "not_found" | "conflict" | "limit";
const TABLES = { not_found: guardNotFound, conflict: guardConflict, limit: guardLimit } as const;
/** The column a failed assertion of each kind names (`NOT NULL constraint failed: guard_conflict.ok`). */
const MARKS: Record<Kind, string> = {
  not_found: "guard_not_found.ok",
  conflict: "guard_conflict.ok",
  limit: "guard_limit.ok",
};

const assertion = (db: Db, kind: Kind, condition: SQL) => db.insert(TABLES[kind]).select(sql`SELECT NULL WHERE NOT (${condition})`);

/** The batch fails (404 through `guarded`) unless `condition` holds: the row still exists. */
export const stillExists = (db: Db, condition: SQL) => assertion(db, "not_found", condition);
/** The batch fails (409 through `guarded`) unless `condition` holds: the row is still in the expected state. */
export const stillHolds = (db: Db, condition: SQL) => assertion(db, "conflict", condition);
/** The batch fails (422 `limit_exceeded` through `guarded`) unless `condition` holds: the cap has room. */
export const withinCap = (db: Db, condition: SQL) => assertion(db, "limit", condition);

/** `EXISTS (SELECT 1 FROM <table> WHERE <where>)`, the usual guard condition. */
export const exists = (from: SQL, where: SQL) => sql`EXISTS (SELECT 1 FROM ${from} WHERE ${where})`;

/** Which guard failed, if the error is a guard's. */
export function failedGuard(error: unknown): Kind | null {
  for (const kind of Object.keys(MARKS) as Kind[]) if (isNotNullViolation(error, MARKS[kind])) return kind;
  return null;
}

/** Awaits a guarded batch; a failed guard becomes the error given for its kind. */
export async function guarded<T>(batch: Promise<T>, errors: Partial<Record<Kind, () => ApiError>>): Promise<T> {
  try {
    return await batch;
  } catch (error) {
    const kind = failedGuard(error);
    const make = kind && errors[kind];
    if (make) throw make();
    throw error;
  }
}
