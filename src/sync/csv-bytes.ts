// The import's CSV reader works on BYTES (docs/sync.md, "Import"): the split step finds each record's byte range and
// the slice step reads exactly those bytes back, with one and the same state machine, so a slice can never start
// inside another row whatever the file holds. The machine reacts only to `"`, `,`, CR and LF, which are ASCII: in
// UTF-8 no byte of a multi-byte character is below 0x80, so cutting at these bytes never splits a character.
//
// Quoting is RFC 4180's: a `"` at the start of a cell opens a quoted section, `""` inside it is one `"`, and the
// next `"` closes it (anything after it up to the separator is kept as written). A line break is CR LF, LF or a lone
// CR; breaks inside quoted cells belong to the cell but still count as lines (errors name physical lines).
const QUOTE = 0x22;
const COMMA = 0x2c;
const CR = 0x0d;
const LF = 0x0a;
const SPACE = 0x20;
const TAB = 0x09;

export const BOM = [0xef, 0xbb, 0xbf] as const;

/** 3 when the bytes start with a UTF-8 byte-order mark (it is skipped, never shifts an offset), else 0. */
export const bomLength = (bytes: Uint8Array) => (bytes[0] === BOM[0] && bytes[1] === BOM[1] && bytes[2] === BOM[2] ? 3 : 0);

export interface RawRecord {
  /** Byte offset of its first byte, and of the byte after its line break (or the end). */
  start: number;
  end: number;
  /** The physical line it starts on. */
  line: number;
  /** Nothing but spaces, tabs and commas: a blank line, not a row. */
  blank: boolean;
  /** Its cells as raw byte ranges [from, to) (quotes still in), when asked for. */
  cells: Array<[number, number]> | null;
}

/**
 * The records of bytes[from, to), the first starting on line `line`. `withCells` keeps each cell's byte range (the
 * split step needs them only for the header).
 */
export function* rawRecords(bytes: Uint8Array, from: number, to: number, line: number, withCells: boolean): Generator<RawRecord> {
  let i = from;
  while (i < to) {
    const start = i;
    const startLine = line;
    const cells: Array<[number, number]> | null = withCells ? [] : null;
    let cellStart = i;
    let atCellStart = true;
    let quoted = false;
    let blank = true;
    let end = to;
    let cellEnd = -1;
    while (i < to) {
      const b = bytes[i];
      if (quoted) {
        if (b === QUOTE) {
          if (bytes[i + 1] === QUOTE && i + 1 < to) i++;
          else quoted = false;
        } else if (b === CR) {
          if (bytes[i + 1] === LF && i + 1 < to) i++;
          line++;
        } else if (b === LF) line++;
        i++;
        continue;
      }
      if (b === CR || b === LF) {
        cellEnd = i;
        i += b === CR && bytes[i + 1] === LF && i + 1 < to ? 2 : 1;
        line++;
        end = i;
        break;
      }
      if (b === COMMA) {
        cells?.push([cellStart, i]);
        cellStart = i + 1;
        atCellStart = true;
        i++;
        continue;
      }
      if (b === QUOTE && atCellStart) quoted = true;
      if (b !== SPACE && b !== TAB) blank = false;
      atCellStart = false;
      i++;
    }
    if (cellEnd === -1) cellEnd = i;
    cells?.push([cellStart, cellEnd]);
    yield { start, end, line: startLine, blank, cells };
  }
}

/** A cell's text from its raw (decoded) form: the quoted section unquoted, `""` as `"`. */
export function unquote(raw: string): string {
  if (!raw.startsWith('"')) return raw;
  let out = "";
  let i = 1;
  for (;;) {
    const q = raw.indexOf('"', i);
    if (q === -1) return out + raw.slice(i);
    if (raw[q + 1] === '"') {
      out += raw.slice(i, q + 1);
      i = q + 2;
      continue;
    }
    return out + raw.slice(i, q) + raw.slice(q + 1);
  }
}

/** A strict decoder: a byte sequence that is not UTF-8 throws instead of becoming U+FFFD. */
export const strictDecoder = () => new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** The cells of a record as text (each decoded strictly, then unquoted). */
export function cellsOf(bytes: Uint8Array, record: RawRecord, decoder: TextDecoder): string[] {
  return (record.cells ?? []).map(([from, to]) => unquote(decoder.decode(bytes.subarray(from, to))));
}

/** The physical line (1-based) that byte `offset` is on: line breaks before it, CR LF counted once. */
export function lineAt(bytes: Uint8Array, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset; i++) {
    if (bytes[i] === LF) line++;
    else if (bytes[i] === CR && bytes[i + 1] !== LF) line++;
  }
  return line;
}

/**
 * The offset of the first byte that does not begin a valid UTF-8 sequence (RFC 3629: no overlong forms, no
 * surrogates, nothing above U+10FFFF), or -1 when all of it is UTF-8. The native strict decoder answers the common
 * case; the walk runs only to name where a bad file goes wrong.
 */
export function firstInvalidByte(bytes: Uint8Array): number {
  try {
    strictDecoder().decode(bytes);
    return -1;
  } catch {
    // find it below
  }
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i];
    if (b < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let lo = 0x80;
    let hi = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) need = 1;
    else if (b >= 0xe0 && b <= 0xef) {
      need = 2;
      if (b === 0xe0) lo = 0xa0;
      if (b === 0xed) hi = 0x9f;
    } else if (b >= 0xf0 && b <= 0xf4) {
      need = 3;
      if (b === 0xf0) lo = 0x90;
      if (b === 0xf4) hi = 0x8f;
    } else return i;
    for (let k = 1; k <= need; k++) {
      const c = bytes[i + k];
      if (c === undefined || c < (k === 1 ? lo : 0x80) || c > (k === 1 ? hi : 0xbf)) return i;
    }
    i += need + 1;
  }
  return -1;
}
