// The bounded pieces of a move: copy the next rows of one table, delete the next rows of one table, and the
// statements that address rows by key (a move's captured changes, src/moves/capture.ts). Every statement binds at
// most MAX_PARAMS values; one chunk is one read and one batch of statements, so a step is short whatever the store's
// size.
//
// Copies are idempotent: a row already on the target is updated to the source's values (an upsert, which fires the
// target's update triggers, so the search index and counters stay right), except rows another store may share
// (member user copies), which are left as they are. Running a chunk twice writes the same rows twice.
import { MAX_PARAMS, type MovedTable, afterKey, keyOrder, quote, scoped } from "./tables";

type Row = Record<string, unknown>;

/** Rows read per chunk. */
export const CHUNK_ROWS = 200;

/** The key values of a row, in key order. */
export const keyOf = (table: MovedTable, row: Row): unknown[] => table.key.map((k) => row[k]);

/** The next rows of the store in `table` after `cursor`, in key order. */
export async function readChunk(db: D1Database, table: MovedTable, storeId: string, cursor: unknown[] | null, limit = CHUNK_ROWS) {
  const scope = scoped(table, storeId);
  const after = afterKey(table, cursor);
  const { results } = await db
    .prepare(`SELECT * FROM ${quote(table.name)} WHERE ${scope.where} AND ${after.where} ORDER BY ${keyOrder(table)} LIMIT ?`)
    .bind(...scope.params, ...after.params, limit)
    .all<Row>();
  return results;
}

/** INSERT statements for `rows`, as many rows per statement as the parameter limit allows. */
export function insertStatements(db: D1Database, table: MovedTable, rows: Row[]): D1PreparedStatement[] {
  if (rows.length === 0) return [];
  const columns = Object.keys(rows[0]);
  const fixed = table.fixed ?? {};
  const updatable = columns.filter((c) => !table.key.includes(c) && !(c in fixed));
  const onConflict =
    table.shared || updatable.length === 0
      ? "ON CONFLICT DO NOTHING"
      : `ON CONFLICT (${keyOrder(table)}) DO UPDATE SET ${updatable.map((c) => `${quote(c)} = excluded.${quote(c)}`).join(", ")}`;
  const perStatement = Math.max(1, Math.floor(MAX_PARAMS / columns.length));
  const statements: D1PreparedStatement[] = [];
  for (let i = 0; i < rows.length; i += perStatement) {
    const slice = rows.slice(i, i + perStatement);
    const tuple = `(${columns.map(() => "?").join(", ")})`;
    const sql = `INSERT INTO ${quote(table.name)} (${columns.map(quote).join(", ")}) VALUES ${slice.map(() => tuple).join(", ")} ${onConflict}`;
    statements.push(db.prepare(sql).bind(...slice.flatMap((row) => columns.map((c) => (c in fixed ? fixed[c] : (row[c] ?? null))))));
  }
  return statements;
}

/** Copies the next chunk of `table` from source to target. `cursor` null in the answer: the table is done. */
export async function copyChunk(source: D1Database, target: D1Database, table: MovedTable, storeId: string, cursor: unknown[] | null) {
  const rows = await readChunk(source, table, storeId, cursor);
  await writeRows(target, table, rows);
  return { copied: rows.length, cursor: rows.length < CHUNK_ROWS ? null : keyOf(table, rows[rows.length - 1]) };
}

const refused = (error: unknown) => String(error).includes("SQLITE_CONSTRAINT");

/**
 * Writes `rows` to the target in one batch. The store is live while it is copied, so a row may name a parent that
 * arrived on the source after the parent's table was copied (a variant of a product made a moment ago): the target
 * refuses it (foreign key, or a column its trigger fills from the parent). Such a row was written after the
 * capture began, so it is captured and applied later, parent first; here the chunk is written row by row and the
 * refused rows are left out. Verification would find any row left out otherwise.
 */
async function writeRows(target: D1Database, table: MovedTable, rows: Row[]): Promise<void> {
  const statements = insertStatements(target, table, rows);
  if (statements.length === 0) return;
  try {
    await target.batch(statements);
  } catch (error) {
    if (!refused(error)) throw error;
    for (const row of rows)
      await target.batch(insertStatements(target, table, [row])).catch((e) => {
        if (!refused(e)) throw e;
      });
  }
}

/** `(k1, k2) IN (VALUES (?, ?), ...)` statements over `keys`, each within the parameter limit. */
export function byKeys(db: D1Database, table: MovedTable, keys: unknown[][], head: string, extra: { where: string; params: unknown[] }) {
  const per = Math.max(1, Math.floor((MAX_PARAMS - extra.params.length) / table.key.length));
  const statements: D1PreparedStatement[] = [];
  for (let i = 0; i < keys.length; i += per) {
    const slice = keys.slice(i, i + per);
    const tuple = `(${table.key.map(() => "?").join(", ")})`;
    const sql = `${head} WHERE (${keyOrder(table)}) IN (VALUES ${slice.map(() => tuple).join(", ")}) AND ${extra.where}`;
    statements.push(db.prepare(sql).bind(...slice.flat(), ...extra.params));
  }
  return statements;
}

/** Rows deleted per statement when a database gives up a store (the source after a move, the target after a failure). */
export const DELETE_ROWS = 500;

/**
 * Deletes up to DELETE_ROWS of the store's rows in `table`, only while the store's row in `db` says `state` (a
 * guard inside the statement: the cleanup of one side can never delete the rows of a store that lives there).
 * Returns the rows deleted; fewer than DELETE_ROWS means the table is empty of the store.
 */
export async function deleteChunk(db: D1Database, table: MovedTable, storeId: string, state: string): Promise<number> {
  const scope = scoped(table, storeId);
  const guard = table.name === "stores" ? "state = ?" : "(SELECT state FROM stores WHERE id = ?) = ?";
  const guardParams = table.name === "stores" ? [state] : [storeId, state];
  const result = await db
    .prepare(`DELETE FROM ${quote(table.name)} WHERE rowid IN (SELECT rowid FROM ${quote(table.name)} WHERE ${scope.where} LIMIT ?) AND ${guard}`)
    .bind(...scope.params, DELETE_ROWS, ...guardParams)
    .run();
  return result.meta.changes ?? 0;
}
