// Step 4 of a move: the target must hold exactly the store's rows the source holds, table by table, with the same
// contents. Walked in key ranges of at most CHUNK_ROWS keys: per range, the count and a SHA-256 of the sorted rows
// on each side (each row's key and its contents); when they differ, the rows themselves say which keys are missing
// on the target, which are extra, and which are on both sides with different contents.
// What is compared of a row: every column, except the ones a move sets on the target whatever the source says
// (`fixed`: the store's row arrives `incoming`), and only the key of a row other stores may share (`shared`: a
// member's user copy already on the target is never overwritten, so its contents may differ there).
import { sha256Hex } from "../lib/crypto";
import { CHUNK_ROWS, keyOf, readChunk } from "./copy";
import type { MovedTable } from "./tables";

export interface RangeCheck {
  /** Where the next range starts, or null: the table is verified. */
  cursor: unknown[] | null;
  /** Keys the source has and the target lacks. */
  missing: unknown[][];
  /** Keys the target has and the source does not. */
  extra: unknown[][];
  /** Keys on both sides whose rows differ. */
  changed: unknown[][];
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

/** One row as verification sees it: its key, and its compared contents as text (column order independent). */
interface Seen {
  key: unknown[];
  contents: string;
}

/** A row's compared contents as text (column order independent). */
export function rowContents(table: MovedTable, row: Record<string, unknown>): string {
  const compared = table.shared
    ? []
    : Object.keys(row)
        .filter((column) => !(column in (table.fixed ?? {})))
        .sort()
        .map((column) => [column, row[column] ?? null]);
  return JSON.stringify(compared);
}

const seen = (table: MovedTable, row: Record<string, unknown>): Seen => ({ key: keyOf(table, row), contents: rowContents(table, row) });

/** The next CHUNK_ROWS rows of the store in `table` after `cursor`, in key order. */
async function readRows(db: D1Database, table: MovedTable, storeId: string, cursor: unknown[] | null): Promise<Seen[]> {
  return (await readChunk(db, table, storeId, cursor)).map((row) => seen(table, row));
}

const digest = (rows: Seen[]) => sha256Hex(JSON.stringify(rows.map((r) => [r.key, r.contents])));

/** Compares the next range of rows of `table` after `cursor`, source against target. */
export async function verifyRange(source: D1Database, target: D1Database, table: MovedTable, storeId: string, cursor: unknown[] | null): Promise<RangeCheck> {
  const [fromSource, fromTarget] = await Promise.all([readRows(source, table, storeId, cursor), readRows(target, table, storeId, cursor)]);
  // The range ends where the shorter full page ends, so both sides are complete up to it; when neither page is
  // full, both sides are complete to the end of the table.
  const full = [fromSource, fromTarget].filter((rows) => rows.length === CHUNK_ROWS);
  const upper = full.length === 0 ? null : full.map((rows) => rows[rows.length - 1].key).sort(compareKeys)[0];
  const within = (rows: Seen[]) => (upper ? rows.filter((r) => compareKeys(r.key, upper) <= 0) : rows);
  const s = within(fromSource);
  const t = within(fromTarget);
  if (s.length === t.length && (await digest(s)) === (await digest(t))) return { cursor: upper, missing: [], extra: [], changed: [] };
  const inTarget = new Map(t.map((r) => [JSON.stringify(r.key), r.contents]));
  const inSource = new Set(s.map((r) => JSON.stringify(r.key)));
  return {
    cursor: upper,
    missing: s.filter((r) => !inTarget.has(JSON.stringify(r.key))).map((r) => r.key),
    extra: t.filter((r) => !inSource.has(JSON.stringify(r.key))).map((r) => r.key),
    changed: s.filter((r) => inTarget.has(JSON.stringify(r.key)) && inTarget.get(JSON.stringify(r.key)) !== r.contents).map((r) => r.key),
  };
}
