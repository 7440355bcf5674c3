// The CSV exports' stream (GET /products/export.csv, either layout): the header first, then one page of products
// read per pull by a keyset walk on `id` (memory stays one page whatever the catalog's size), each page written by
// papaparse's unparse (RFC 4180 quoting: fields with commas, quotes or line breaks are quoted, quotes doubled; CRLF
// line ends). Cells are escaped by the layouts themselves (csv-columns.ts, escapeFormula).
import Papa from "papaparse";

/** Products read per pull. */
export const EXPORT_PAGE = 100;

const csv = (rows: readonly (readonly string[])[]) => Papa.unparse(rows as string[][], { newline: "\r\n" }) + "\r\n";

/** `header`, then `rowsOf` every item `readPage(after)` returns, EXPORT_PAGE items at a time, as UTF-8 CSV. */
export function csvStream<T extends { id: string }>(
  header: readonly string[],
  readPage: (after: string) => Promise<T[]>,
  rowsOf: (item: T) => string[][],
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let after = "";
  let done = false;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(csv([header])));
    },
    async pull(controller) {
      if (done) return;
      const items = await readPage(after);
      if (items.length > 0) {
        controller.enqueue(encoder.encode(csv(items.flatMap(rowsOf))));
        after = items[items.length - 1].id;
      }
      if (items.length < EXPORT_PAGE) {
        done = true;
        controller.close();
      }
    },
  });
}
