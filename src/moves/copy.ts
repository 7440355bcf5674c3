// The bounded pieces of a move: copy the next rows of one table, delete the next rows of one table, and write a
// given set of rows (verification's repairs). Every statement binds at most MAX_PARAMS values; one chunk is one
// read and one batch of statements, so a step is short whatever the store's size.
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
  const statements = insertStatements(target, table, rows);
  if (statements.length > 0) await target.batch(statements);
  return { copied: rows.length, cursor: rows.length < CHUNK_ROWS ? null : keyOf(table, rows[rows.length - 1]) };
}

/** `(k1, k2) IN (VALUES (?, ?), ...)` statements over `keys`, each within the parameter limit. */
function byKeys(db: D1Database, table: MovedTable, keys: unknown[][], head: string, extra: { where: string; params: unknown[] }) {
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

/** Copies the rows with these keys from source to target (verification found them missing). */
export async function copyKeys(source: D1Database, target: D1Database, table: MovedTable, storeId: string, keys: unknown[][]) {
  const reads = byKeys(source, table, keys, `SELECT * FROM ${quote(table.name)}`, scoped(table, storeId));
  const rows = (await Promise.all(reads.map((s) => s.all<Row>()))).flatMap((r) => r.results);
  const statements = insertStatements(target, table, rows);
  if (statements.length > 0) await target.batch(statements);
  return rows.length;
}

/** Deletes the store's rows with these keys from `db` (history the source's retention removed meanwhile). */
export async function deleteKeys(db: D1Database, table: MovedTable, storeId: string, keys: unknown[][]) {
  const statements = byKeys(db, table, keys, `DELETE FROM ${quote(table.name)}`, scoped(table, storeId));
  if (statements.length > 0) await db.batch(statements);
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
    .prepare(
      `DELETE FROM ${quote(table.name)} WHERE rowid IN (SELECT rowid FROM ${quote(table.name)} WHERE ${scope.where} LIMIT ?) AND ${guard}`,
    )
    .bind(...scope.params, DELETE_ROWS, ...guardParams)
    .run();
  return result.meta.changes ?? 0;
}
