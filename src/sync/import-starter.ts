// Who started an import, and how it ends when they may no longer act (docs/sync.md "Who an import acts for"). The
// check itself is the one every background job uses (src/access/job-access.ts), run by the import's runner before
// each slice and image step, and by the image step before each fetch. What a lost bit or a lost credential does:
//
// * a member who loses products.write, products.edit or products.publish: the rows that need that bit fail, in
//   words on their line (creating a product needs products.write, changing one products.edit, a status change
//   products.publish; a Shopify row's images need products.edit), and the import goes on with the others;
// * a member removed, a PAT revoked or expired, an integration deleted: the import ends `failed` with one
//   `starter_lost_access` entry, before anything more is fetched, written or credited to them.
import { and, eq, sql } from "drizzle-orm";
import { productImports } from "../db/schema";
import type { Db } from "../lib/context";
import { nowIso } from "../lib/ids";
import type { LostAccess, Starter } from "../access/job-access";
import type { Slices } from "./import-file";

export type ImportRow = typeof productImports.$inferSelect;

export const STARTER_LOST_ACCESS = "starter_lost_access";

/** The import's starter, as the job check reads them. */
export const starterOf = (row: ImportRow): Starter => ({
  storeId: row.storeId,
  userId: row.userId,
  tokenId: row.tokenId,
  integrationId: row.integrationId,
});

const WHO: Record<LostAccess, string> = {
  membership: "the member who started this import was removed",
  token: "the personal access token that started this import was revoked or expired",
  integration: "the integration that started this import was revoked",
};

/**
 * Ends the import `failed` with the entry `{line, code: "starter_lost_access", message}`, where `line` is where its
 * progress stopped: the first line whose row was not applied, or (a Shopify import whose images lag its rows) the
 * first line whose images were not fetched. The entry is added even when `errors` already holds 100 row errors, and
 * only while the import runs, so a duplicate message adds nothing. The uploaded file is deleted.
 */
export async function stopForStarter(env: Env, db: Db, row: ImportRow, lost: LostAccess) {
  const slices = (JSON.parse(row.chunks) as Partial<Slices>).slices ?? [];
  const lineOf = (rowIndex: number) => slices.find((slice) => slice[3] === rowIndex)?.[2] ?? 2;
  const imagesLag = row.format === "shopify" && row.imagesDone < row.rowsDone;
  const line = lineOf(imagesLag ? row.imagesDone : row.rowsDone);
  const what = imagesLag
    ? `the images of the rows from line ${line} on were not fetched or placed, and no later row was applied`
    : `rows from line ${line} on were not applied`;
  const entry = { line, code: STARTER_LOST_ACCESS, message: `${STARTER_LOST_ACCESS}: ${WHO[lost]}; ${what}` };
  const t = productImports;
  await db
    .update(t)
    .set({ state: "failed", errors: sql`json_insert(${t.errors}, '$[#]', json(${JSON.stringify(entry)}))`, updatedAt: nowIso() })
    .where(and(eq(t.id, row.id), eq(t.state, "running")));
  await env.MEDIA.delete(row.objectKey);
}
