// Runs the one read query of the catalog's list and get, in the same D1 batch as the request's token check
// (`withAuthBatch`), on the raw D1 result, so callers also get D1's own count of rows read (result meta), which
// they report in development (X-D1-Rows-Read) for the benchmark.
import type { SQL } from "drizzle-orm";
import { withAuthBatch } from "../../access/batched";
import type { StoreReadCtx } from "../../lib/context";

export interface Rows<T> {
  rows: T[];
  rowsRead: number;
}

export async function readRows<T>(ctx: StoreReadCtx, query: SQL): Promise<Rows<T>> {
  const result = await withAuthBatch<T>(ctx, query);
  return { rows: result.results ?? [], rowsRead: result.meta?.rows_read ?? 0 };
}
