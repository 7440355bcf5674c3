// The uploaded import file, read by bytes (csv-bytes.ts): the check at upload (UTF-8, header), the split into slices
// of SLICE_ROWS rows recorded as byte ranges, and the rows of one slice read back from exactly those bytes.
import { invalidField } from "../lib/errors";
import { bomLength, cellsOf, firstInvalidByte, lineAt, rawRecords, strictDecoder } from "./csv-bytes";
import { type CsvRecord, type SliceRow, unescapeFormula } from "./csv-columns";

export const SLICE_ROWS = 100;

/** [start byte, end byte, first line, first row index] of each slice; rows are counted without blank lines. */
export type SliceRange = [number, number, number, number];
export interface Slices {
  header: string[];
  slices: SliceRange[];
}

/** The header row: the first record after the BOM, its cells trimmed. */
export function headerOf(bytes: Uint8Array): string[] {
  const from = bomLength(bytes);
  const first = rawRecords(bytes, from, bytes.length, 1, true).next();
  if (first.done) return [];
  return cellsOf(bytes, first.value, strictDecoder()).map((h) => h.trim());
}

/** Upload's check: every byte sequence must be UTF-8 (a BOM is allowed); else 422 naming the line and byte offset. */
export function assertUtf8(bytes: Uint8Array) {
  const at = firstInvalidByte(bytes);
  if (at === -1) return;
  const hex = bytes[at].toString(16).toUpperCase().padStart(2, "0");
  throw invalidField(
    "file",
    `is not UTF-8: line ${lineAt(bytes, at)}, byte offset ${at} (0x${hex}) is not a valid UTF-8 sequence; save the file as "CSV UTF-8"`,
  );
}

/**
 * How a file is cut. By default every SLICE_ROWS rows. With `keyColumn` (Shopify files: the handle), a slice holds at
 * least `rows` rows and ends where the key changes, so one product's rows are read together, but never more than
 * `maxRows` rows (a longer run of one key is cut there).
 */
export interface Slicing {
  rows: number;
  keyColumn?: number;
  maxRows?: number;
}

/** The split: one pass over the bytes counts the rows and records each slice's byte range and first line. */
export function sliceFile(bytes: Uint8Array, slicing: Slicing = { rows: SLICE_ROWS }): Slices & { rows: number } {
  const header = headerOf(bytes);
  const slices: SliceRange[] = [];
  const keyed = slicing.keyColumn !== undefined;
  const decoder = strictDecoder();
  let rows = 0;
  let inSlice = 0;
  let lastKey: string | null = null;
  let first = true;
  for (const record of rawRecords(bytes, bomLength(bytes), bytes.length, 1, keyed)) {
    if (first) {
      first = false; // the header
      continue;
    }
    if (record.blank) continue;
    const key = keyed ? (cellsOf(bytes, record, decoder)[slicing.keyColumn!] ?? "").trim().toLowerCase() : null;
    const full = inSlice >= (slicing.maxRows ?? slicing.rows) || (inSlice >= slicing.rows && key !== lastKey);
    if (slices.length === 0 || full) {
      slices.push([record.start, record.end, record.line, rows]);
      inSlice = 0;
    }
    slices[slices.length - 1][1] = record.end;
    lastKey = key;
    inSlice++;
    rows++;
  }
  return { header, slices, rows };
}

/**
 * The rows of one slice, from its own bytes (fetched by its byte range): each cell decoded strictly (a byte sequence
 * that is not UTF-8 throws, it never becomes U+FFFD) and the export's formula `'` removed, blank lines skipped, each
 * row with the line it starts on.
 */
export function sliceRows(bytes: Uint8Array, header: string[], firstLine: number): SliceRow[] {
  const decoder = strictDecoder();
  const rows: SliceRow[] = [];
  for (const record of rawRecords(bytes, 0, bytes.length, firstLine, true)) {
    if (record.blank) continue;
    const cells = cellsOf(bytes, record, decoder).map(unescapeFormula);
    rows.push({ line: record.line, record: Object.fromEntries(header.map((h, i) => [h, cells[i] ?? ""])) as CsvRecord });
  }
  return rows;
}
