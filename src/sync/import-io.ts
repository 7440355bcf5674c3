// What every step of an import needs (import-runner.ts, and the image step of a Shopify import in shopify/): the
// uploaded file's bytes from R2, a slice's rows read back from its byte range, the context the changes are made
// in, the next step's message, and the end of an import.
import { eq } from "drizzle-orm";
import { productImports } from "../db/schema";
import type { Db, StoreCtx } from "../lib/context";
import { nowIso } from "../lib/ids";
import { type Slices, sliceRows } from "./import-file";
import type { SliceRow } from "./csv-columns";
import type { ImportMessage } from "./import.service";
import type { ImportRow } from "./import-starter";

/** The whole file's bytes, from R2. */
export async function fileBytes(env: Env, row: ImportRow, range?: { offset: number; length: number }): Promise<Uint8Array> {
  const object = await env.MEDIA.get(row.objectKey, range ? { range } : undefined);
  if (!object) throw new Error("import file missing");
  return new Uint8Array(await object.arrayBuffer());
}

/** The end of an import: its state, and the uploaded file is deleted (the progress row stays). */
export async function finish(env: Env, db: Db, row: ImportRow, state: "done" | "failed") {
  await db.update(productImports).set({ state, updatedAt: nowIso() }).where(eq(productImports.id, row.id));
  await env.MEDIA.delete(row.objectKey);
}

/** Queues a step of the import. */
export const sendStep = (env: Env, row: ImportRow, step: { step: "slice" | "images"; index: number }) =>
  env.IMPORTS.send({ import_id: row.id, store_id: row.storeId, ...step } satisfies ImportMessage, { contentType: "json" });

/**
 * The import's changes are made in the name of whoever started it (audit rows name them and their token), with the
 * permission they hold at this step (`held`, from the job check of src/access/job-access.ts).
 */
export function importCtx(env: Env, db: Db, row: ImportRow, held: bigint): StoreCtx {
  return {
    db,
    env,
    requestId: row.id,
    waitUntil: () => {},
    principal: {
      kind: row.integrationId ? "integration" : row.tokenId ? "pat" : "jwt",
      userId: row.userId,
      token: row.tokenId ? ({ id: row.tokenId, name: row.tokenName ?? "" } as NonNullable<StoreCtx["principal"]["token"]>) : null,
      session: null,
      integration: row.integrationId ? { id: row.integrationId, name: row.integrationName ?? "", storeId: row.storeId, scopes: held } : null,
    },
    store: { storeId: row.storeId, role: "member", memberPermissions: held, permissions: held },
  };
}

/**
 * The slice's rows, read from exactly its byte range. Their count must be the one the split found (same bytes, same
 * reader): anything else is a defect, and the step fails rather than apply rows to the wrong progress.
 */
export async function readSlice(env: Env, row: ImportRow, slices: Slices, index: number): Promise<SliceRow[]> {
  const [from, to, firstLine, firstRow] = slices.slices[index];
  const rows = sliceRows(await fileBytes(env, row, { offset: from, length: to - from }), slices.header, firstLine);
  const expected = (slices.slices[index + 1]?.[3] ?? row.rowsTotal) - firstRow;
  if (rows.length !== expected) throw new Error(`slice ${index} holds ${rows.length} rows, the split found ${expected}`);
  return rows;
}

/** The rows slice `index` covers: [its first row index, the first row index after it). */
export function sliceBounds(row: ImportRow, slices: Slices, index: number): [number, number] {
  return [slices.slices[index][3], slices.slices[index + 1]?.[3] ?? row.rowsTotal];
}
