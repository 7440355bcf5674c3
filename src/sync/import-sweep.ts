// The cron's safety net for imports: a queue message can be lost (the send after a commit failed, or a consumer
// died after its retries). An import that has not moved for STALL_MS gets its next step's message again. This is
// safe because every step is idempotent (a split runs only from `queued`; a slice only where `rows_done` says; a
// Shopify import's image step only where `images_done` says).
import { and, inArray, lt, sql } from "drizzle-orm";
import { productImports } from "../db/schema";
import { STORES_NOT_ACTIVE, dbOf, shardBinding, shardNames } from "../placement/store-db";
import { nowIso } from "../lib/ids";
import type { ImportMessage } from "./import.service";

export const STALL_MS = 2 * 60 * 1000;

/** The message each stalled import of the given store databases needs next. `now` is injectable for tests. */
export async function runImportSweep(env: Env, now = Date.now(), shards = shardNames(env)): Promise<ImportMessage[]> {
  const stalled = (
    await Promise.all(
      shards.map((name) =>
        dbOf(shardBinding(env, name))
          .select({
            id: productImports.id,
            storeId: productImports.storeId,
            state: productImports.state,
            rowsDone: productImports.rowsDone,
            format: productImports.format,
            imagesDone: productImports.imagesDone,
            chunks: productImports.chunks,
          })
          .from(productImports)
          .where(
            and(
              inArray(productImports.state, ["queued", "running"]),
              lt(productImports.updatedAt, nowIso(now - STALL_MS)),
              // A store being moved, or the copy a moved store left behind, is not this database's to resume.
              sql`${productImports.storeId} NOT IN (${sql.raw(STORES_NOT_ACTIVE)})`,
            ),
          )
          .limit(50),
      ),
    )
  ).flat();
  const messages: ImportMessage[] = stalled.flatMap((row): ImportMessage[] => {
    if (row.state === "queued") return [{ import_id: row.id, store_id: row.storeId, step: "split" }];
    const slices = (JSON.parse(row.chunks) as { slices?: Array<[number, number, number, number]> }).slices ?? [];
    // A Shopify import whose images lag its rows: the image step of the slice that starts where images_done is.
    if (row.format === "shopify" && row.imagesDone < row.rowsDone) {
      const index = slices.findIndex((slice) => slice[3] === row.imagesDone);
      return index === -1 ? [] : [{ import_id: row.id, store_id: row.storeId, step: "images", index }];
    }
    const index = slices.findIndex((slice) => slice[3] === row.rowsDone);
    return index === -1 ? [] : [{ import_id: row.id, store_id: row.storeId, step: "slice", index }];
  });
  if (messages.length > 0) {
    await env.IMPORTS.sendBatch(messages.map((body) => ({ body, contentType: "json" as const })));
    console.log(JSON.stringify({ level: "info", message: "import sweep re-sent steps", imports: messages.map((m) => m.import_id) }));
  }
  return messages;
}
