// Change capture on a move's source (migration store/0026): while the store stays live, its changed rows are
// written down by triggers, and the job applies them to the target in order of capture. Applying a key copies the
// row as the source holds it at that moment (or deletes it on the target when the source no longer has it), so
// applying a key twice, or a later change before an earlier one, leaves the same result.
import { CHUNK_ROWS, byKeys, insertStatements, keyOf } from "./copy";
import { DELETE_ORDER, MAX_PARAMS, MOVED_TABLES, type MovedTable, quote, scoped, tableNamed } from "./tables";
import { rowContents } from "./verify";

type Row = Record<string, unknown>;

/** Captured changes applied per step (and per pass of the pause). */
export const APPLY_ROWS = 500;

/** Starts (or, run again, keeps) the capture of `storeId` for `moveId`; a leftover of an earlier move is dropped. */
export async function startCapture(source: D1Database, storeId: string, moveId: string, now: string): Promise<void> {
  await source.batch([
    source
      .prepare("DELETE FROM move_changes WHERE store_id = ? AND NOT EXISTS (SELECT 1 FROM move_capture WHERE store_id = ? AND move_id = ?)")
      .bind(storeId, storeId, moveId),
    source.prepare("DELETE FROM move_capture WHERE store_id = ? AND move_id != ?").bind(storeId, moveId),
    source.prepare("INSERT INTO move_capture (store_id, move_id, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING").bind(storeId, moveId, now),
  ]);
}

/** Ends the capture: no more changes are written down, deliveries may be claimed again, the log is dropped. */
export async function endCapture(source: D1Database, storeId: string, moveId: string): Promise<void> {
  await source.batch([
    source.prepare("DELETE FROM move_capture WHERE store_id = ? AND move_id = ?").bind(storeId, moveId),
    source.prepare("DELETE FROM move_changes WHERE store_id = ? AND NOT EXISTS (SELECT 1 FROM move_capture WHERE store_id = ?)").bind(storeId, storeId),
  ]);
}

export interface CaptureState {
  applied_seq: number;
  verify_seq: number | null;
  hold_claims: number;
  /** Captured changes not yet applied. */
  pending: number;
}

export async function captureState(source: D1Database, storeId: string): Promise<CaptureState | null> {
  return source
    .prepare(
      `SELECT applied_seq, verify_seq, hold_claims,
         (SELECT count(*) FROM move_changes m WHERE m.store_id = c.store_id AND m.seq > c.applied_seq) AS pending
       FROM move_capture c WHERE store_id = ?`,
    )
    .bind(storeId)
    .first<CaptureState>();
}

export const setCapture = (source: D1Database, storeId: string, column: "verify_seq" | "hold_claims", value: number) =>
  source.prepare(`UPDATE move_capture SET ${column} = ? WHERE store_id = ?`).bind(value, storeId).run();

/** Captured keys grouped by table, each key once (parsed from its JSON). */
export function groupKeys(rows: { table_name: string; key: string }[]): Map<MovedTable, unknown[][]> {
  const byTable = new Map<MovedTable, Map<string, unknown[]>>();
  for (const row of rows) {
    const table = tableNamed(row.table_name);
    const keys = byTable.get(table) ?? new Map<string, unknown[]>();
    const key = JSON.parse(row.key) as unknown[];
    keys.set(JSON.stringify(key), key);
    byTable.set(table, keys);
  }
  return new Map([...byTable].map(([table, keys]) => [table, [...keys.values()]]));
}

/** The store's rows of `table` with these keys, read in one round trip. */
async function readKeys(db: D1Database, table: MovedTable, storeId: string, keys: unknown[][]): Promise<Row[]> {
  const reads = byKeys(db, table, keys, `SELECT * FROM ${quote(table.name)}`, scoped(table, storeId));
  if (reads.length === 0) return [];
  return (await db.batch<Row>(reads)).flatMap((r) => r.results);
}

/**
 * Makes the target hold these keys as the source does: rows the source has are upserted (parents first), rows it
 * no longer has are deleted (children first). User copies are only ever added (other stores may share them).
 * `deletesOnly`: only the deletions (after the flip, when the target's rows are the store's own).
 */
export async function applyKeys(
  source: D1Database,
  target: D1Database,
  storeId: string,
  byTable: Map<MovedTable, unknown[][]>,
  { deletesOnly = false } = {},
): Promise<number> {
  const upserts: D1PreparedStatement[] = [];
  const gone = new Map<string, unknown[][]>();
  for (const table of MOVED_TABLES) {
    const keys = byTable.get(table);
    if (!keys) continue;
    const rows = await readKeys(source, table, storeId, keys);
    if (!deletesOnly) upserts.push(...insertStatements(target, table, rows));
    const present = new Set(rows.map((row) => JSON.stringify(keyOf(table, row))));
    const absent = keys.filter((key) => !present.has(JSON.stringify(key)));
    if (absent.length > 0 && !table.shared) gone.set(table.name, absent);
  }
  const deletes = DELETE_ORDER.flatMap((name) => {
    const keys = gone.get(name);
    const table = tableNamed(name);
    return keys ? byKeys(target, table, keys, `DELETE FROM ${quote(name)}`, scoped(table, storeId)) : [];
  });
  const statements = [...upserts, ...deletes];
  if (statements.length > 0) await target.batch(statements);
  return statements.length;
}

/**
 * Applies the next APPLY_ROWS captured changes to the target and records how far it got. Returns the changes
 * applied; fewer than APPLY_ROWS means the log is applied up to now.
 */
export async function applyNext(source: D1Database, target: D1Database, storeId: string, limit = APPLY_ROWS): Promise<number> {
  const { results } = await source
    .prepare(
      `SELECT seq, table_name, key FROM move_changes
       WHERE store_id = ? AND seq > (SELECT applied_seq FROM move_capture WHERE store_id = ?) ORDER BY seq LIMIT ?`,
    )
    .bind(storeId, storeId, limit)
    .all<{ seq: number; table_name: string; key: string }>();
  if (results.length === 0) return 0;
  await applyKeys(source, target, storeId, groupKeys(results));
  await source.prepare("UPDATE move_capture SET applied_seq = max(applied_seq, ?) WHERE store_id = ?").bind(results.at(-1)!.seq, storeId).run();
  return results.length;
}

/** Of these keys of `table`, the ones with a change captured after `seq` (a difference they explain). */
export async function changedSince(source: D1Database, storeId: string, table: MovedTable, keys: unknown[][], seq: number): Promise<Set<string>> {
  const found = new Set<string>();
  const per = MAX_PARAMS - 3; // besides the keys: the store, the table and the seq
  for (let i = 0; i < keys.length; i += per) {
    const slice = keys.slice(i, i + per).map((k) => JSON.stringify(k));
    const { results } = await source
      .prepare(`SELECT DISTINCT key FROM move_changes WHERE store_id = ? AND table_name = ? AND seq > ? AND key IN (${slice.map(() => "json(?)").join(", ")})`)
      .bind(storeId, table.name, seq, ...slice)
      .all<{ key: string }>();
    for (const row of results) found.add(JSON.stringify(JSON.parse(row.key)));
  }
  return found;
}

/**
 * The rows changed since verification began (`verify_seq`), compared on both sides: the keys whose rows differ,
 * per table. Called paused, after the last changes were applied; the result is what the pause has to check,
 * bounded by the writes made during the move, not by the store's size.
 */
export async function differingSince(source: D1Database, target: D1Database, storeId: string, seq: number): Promise<Map<MovedTable, unknown[][]>> {
  const differing = new Map<MovedTable, unknown[][]>();
  for (let after = seq; ; ) {
    const { results } = await source
      .prepare("SELECT seq, table_name, key FROM move_changes WHERE store_id = ? AND seq > ? ORDER BY seq LIMIT ?")
      .bind(storeId, after, CHUNK_ROWS * 5)
      .all<{ seq: number; table_name: string; key: string }>();
    for (const [table, keys] of groupKeys(results)) {
      const [fromSource, fromTarget] = await Promise.all([readKeys(source, table, storeId, keys), readKeys(target, table, storeId, keys)]);
      const contents = (rows: Row[]) => new Map(rows.map((row) => [JSON.stringify(keyOf(table, row)), rowContents(table, row)]));
      const s = contents(fromSource);
      const t = contents(fromTarget);
      const bad = keys.filter((key) => s.get(JSON.stringify(key)) !== t.get(JSON.stringify(key)));
      if (bad.length > 0) differing.set(table, [...(differing.get(table) ?? []), ...bad]);
    }
    if (results.length < CHUNK_ROWS * 5) return differing;
    after = results.at(-1)!.seq;
  }
}
