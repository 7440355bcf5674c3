// Runs one read query on the raw D1 result, so callers also get D1's own count of rows read (result meta). The
// catalog's list and get report it in development (X-D1-Rows-Read) for the benchmark.
import type { SQL } from "drizzle-orm";
import type { StoreCtx } from "../lib/context";

export interface Rows<T> {
  rows: T[];
  rowsRead: number;
}

export async function readRows<T>(ctx: StoreCtx, query: SQL): Promise<Rows<T>> {
  const result = (await ctx.db.run(query)) as unknown as D1Result<T>;
  return { rows: result.results ?? [], rowsRead: result.meta?.rows_read ?? 0 };
}
