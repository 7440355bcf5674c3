// Who started an import, and whether they may still (API.md section 16): an import started by a member stops when
// the member is removed or loses products.write or products.edit. Every slice checks this before it plans, and its
// batch asserts it again, so a removal between the two applies nothing. When the check fails the import ends
// `failed` with one `starter_lost_access` entry in `errors`.
//
// `starterMayContinue` is the one place that says what "may continue" means for a kind of starter. An import started
// with an integration's key belongs to the store, not to a person: it runs to the end unless the integration is
// revoked (its scope never changes, so there are no bits to lose).
import { type SQL, and, eq, sql } from "drizzle-orm";
import { productImports } from "../db/schema";
import type { Db } from "../lib/context";
import { nowIso } from "../lib/ids";
import { bitOf } from "../lib/permissions";

export type ImportRow = typeof productImports.$inferSelect;

/** What an import needs of its starter for as long as it runs (the bits POST /imports asked for). */
const IMPORT_BITS = Number(bitOf("products.write") | bitOf("products.edit"));

export const STARTER_LOST_ACCESS = "starter_lost_access";

/** An SQL condition, true while the import's starter may go on: a member still holding both bits, or an integration not revoked. */
export function starterMayContinue(row: ImportRow): SQL {
  if (row.integrationId) {
    return sql`EXISTS (SELECT 1 FROM integrations i WHERE i.store_id = ${row.storeId} AND i.id = ${row.integrationId}
      AND i.revoked_at IS NULL)`;
  }
  return sql`EXISTS (SELECT 1 FROM memberships m WHERE m.store_id = ${row.storeId} AND m.user_id = ${row.userId}
    AND (CAST(m.permissions AS INTEGER) & ${IMPORT_BITS}) = ${IMPORT_BITS})`;
}

/** One round trip: may the starter go on? */
export async function starterHasAccess(db: Db, row: ImportRow): Promise<boolean> {
  const result = await db.get<{ ok: number }>(sql`SELECT ${starterMayContinue(row)} AS ok`);
  return result.ok === 1;
}

/**
 * Ends the import `failed` with the entry `{line, code: "starter_lost_access", message}`, where `line` is the first
 * line not applied (the rows before it stay applied and are counted in rows_done). The entry is added even when
 * `errors` already holds 100 row errors. Only from where the slice found it, so a duplicate message adds nothing.
 */
export async function stopForStarter(db: Db, row: ImportRow, firstRow: number, firstLine: number) {
  const entry = {
    line: firstLine,
    code: STARTER_LOST_ACCESS,
    message: `${STARTER_LOST_ACCESS}: ${row.integrationId ? "the integration that started this import was revoked" : "the member who started this import was removed or lost products.write or products.edit"}; rows from line ${firstLine} on were not applied`,
  };
  const t = productImports;
  await db
    .update(t)
    .set({ state: "failed", errors: sql`json_insert(${t.errors}, '$[#]', json(${JSON.stringify(entry)}))`, updatedAt: nowIso() })
    .where(and(eq(t.id, row.id), eq(t.state, "running"), eq(t.rowsDone, firstRow)));
}
