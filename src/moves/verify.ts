// Step 4 of a move: the target must hold exactly the store's rows the source holds, table by table. Walked in key
// ranges of at most VERIFY_ROWS keys: per range, the count and a SHA-256 of the sorted keys on each side; when they
// differ, the keys themselves say which rows are missing on the target and which are extra.
import { sha256Hex } from "../lib/crypto";
import { CHUNK_ROWS } from "./copy";
import { type MovedTable, afterKey, keyOrder, quote, scoped } from "./tables";

export interface RangeCheck {
  /** Where the next range starts, or null: the table is verified. */
  cursor: unknown[] | null;
  /** Keys the source has and the target lacks. */
  missing: unknown[][];
  /** Keys the target has and the source does not. */
  extra: unknown[][];
}

/** SQLite's order for key tuples of text and integer columns (binary text order; ids here are ASCII). */
export function compareKeys(a: unknown[], b: unknown[]): number {
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as string | number;
    const y = b[i] as string | number;
    if (x === y) continue;
    if (typeof x === "number" && typeof y === "string") return -1;
    if (typeof x === "string" && typeof y === "number") return 1;
    return x < y ? -1 : 1;
  }
  return 0;
}

/** The next CHUNK_ROWS keys of the store in `table` after `cursor`, in key order. */
async function readKeys(db: D1Database, table: MovedTable, storeId: string, cursor: unknown[] | null): Promise<unknown[][]> {
  const scope = scoped(table, storeId);
  const after = afterKey(table, cursor);
  const rows = await db
    .prepare(`SELECT ${keyOrder(table)} FROM ${quote(table.name)} WHERE ${scope.where} AND ${after.where} ORDER BY ${keyOrder(table)} LIMIT ?`)
    .bind(...scope.params, ...after.params, CHUNK_ROWS)
    .raw();
  return rows as unknown[][];
}

const digest = (keys: unknown[][]) => sha256Hex(JSON.stringify(keys));

/** Compares the next range of keys of `table` after `cursor`, source against target. */
export async function verifyRange(
  source: D1Database,
  target: D1Database,
  table: MovedTable,
  storeId: string,
  cursor: unknown[] | null,
): Promise<RangeCheck> {
  const [fromSource, fromTarget] = await Promise.all([
    readKeys(source, table, storeId, cursor),
    readKeys(target, table, storeId, cursor),
  ]);
  // The range ends where the shorter full page ends, so both sides are complete up to it; when neither page is
  // full, both sides are complete to the end of the table.
  const full = [fromSource, fromTarget].filter((keys) => keys.length === CHUNK_ROWS);
  const upper = full.length === 0 ? null : full.map((keys) => keys[keys.length - 1]).sort(compareKeys)[0];
  const within = (keys: unknown[][]) => (upper ? keys.filter((k) => compareKeys(k, upper) <= 0) : keys);
  const s = within(fromSource);
  const t = within(fromTarget);
  if (s.length === t.length && (await digest(s)) === (await digest(t))) return { cursor: upper, missing: [], extra: [] };
  const inTarget = new Set(t.map((k) => JSON.stringify(k)));
  const inSource = new Set(s.map((k) => JSON.stringify(k)));
  return {
    cursor: upper,
    missing: s.filter((k) => !inTarget.has(JSON.stringify(k))),
    extra: t.filter((k) => !inSource.has(JSON.stringify(k))),
  };
}
