// The image step of a Shopify import (docs/api/23-one-call-sync-and-imports.md; docs/sync.md "Images"). A Shopify import runs slice n's
// rows, then this step for slice n's images, then slice n+1: the queue carries {step: "images", index: n} between
// them. The step reads the slice's bytes again, fetches the images its rows name that the library does not hold yet
// (outside any batch, a few at a time, each bounded in time and size), then commits the gallery placements and its
// progress (`images_done`, the warnings) in one batch. The progress fails that batch when the step was already
// applied (images_done is no longer where the slice starts), so a redelivered step places nothing twice; a URL
// already fetched is found in the library and not fetched again.
import { and, eq, sql } from "drizzle-orm";
import { productImports } from "../../db/schema";
import type { Db, StoreCtx } from "../../lib/context";
import { isNotNullViolation, violatedConstraint } from "../../lib/db";
import { failedGuard, stillHolds } from "../../lib/guards";
import { nowIso } from "../../lib/ids";
import { type Statement, commit } from "../../events/outbox";
import type { Slices } from "../import-file";
import { importCtx, readSlice, sendStep, sliceBounds } from "../import-io";
import type { ImportRow } from "../import-starter";
import type { JobAccess } from "../../access/job-access";
import { bitOf } from "../../lib/permissions";
import type { Role } from "./columns";
import { type Placement, placeImages } from "./gallery-placement";
import { type StepGuard, fetchIntoLibrary, filesFromUrls } from "./library-files";
import { type Issue, type ShopifySlice, fromShopify } from "./rows";

/** A Shopify import's state beside its slices: the URLs that failed so far (each fetched once per import). */
export type ShopifyState = Slices & { failed?: Array<[url: string, message: string]> };

/**
 * Images fetched by one invocation at most: a slice may name several hundred, and one invocation's time and
 * subrequests (a fetch, an R2 write and an Images call per image) stay bounded.
 */
export const MAX_FETCHES_PER_STEP = 50;
/** Failed URLs remembered per import; past this many, a URL that failed may be tried again by a later slice. */
const MAX_REMEMBERED_FAILURES = 1000;
/** Warnings kept per import, as errors are. */
const MAX_ISSUES = 100;

/** The roles a Shopify file's header carries (the header is stored as roles, import-runner.ts). */
export const rolesOf = (slices: Slices) => new Set(slices.header.filter(Boolean) as Role[]);

/** The slice's rows as Shopify rows: what the slice step plans and this step places. */
export const shopifySlice = async (env: Env, row: ImportRow, slices: Slices, index: number): Promise<ShopifySlice> =>
  fromShopify(await readSlice(env, row, slices, index), rolesOf(slices));

const shortUrl = (url: string) => (url.length > 200 ? `${url.slice(0, 200)}…` : url);

/** Appends `items` to a JSON list column (warnings or errors), keeping the first MAX_ISSUES. */
export const appendIssues = (column: typeof productImports.warnings | typeof productImports.errors, items: Issue[]) =>
  sql`(SELECT json_group_array(json(value)) FROM (SELECT value FROM json_each(${column})
    UNION ALL SELECT value FROM json_each(${JSON.stringify(items)}) LIMIT ${MAX_ISSUES}))`;

/** Placing images (and adding them to the library) needs products.edit, as the JSON API's uploads do. */
const EDIT = bitOf("products.edit");

/** The starter still may act but lost products.edit: the slice's images fail on their lines. */
class EditLost extends Error {}

/** The starter gone: StarterLostAccess (the runner ends the import); products.edit gone: EditLost. */
function stepGuard(access: JobAccess): StepGuard {
  return {
    before: async () => {
      if (((await access.checkpoint()) & EDIT) === 0n) throw new EditLost();
    },
    holds: access.holds(EDIT),
  };
}

export async function runImages(env: Env, db: Db, row: ImportRow, index: number, access: JobAccess) {
  const state = JSON.parse(row.chunks) as ShopifyState;
  const [firstRow, end] = sliceBounds(row, state, index);
  const last = index === state.slices.length - 1;
  if (row.imagesDone !== firstRow || row.rowsDone !== end) {
    // Applied already (a redelivery), whose next message may have been lost with the first delivery: send it again
    // while the next slice has not started. Or the slice's rows are not applied yet: its slice step sends this one.
    if (row.imagesDone === end && row.rowsDone === end && !last) await sendStep(env, row, { step: "slice", index: index + 1 });
    return;
  }
  const ctx = importCtx(env, db, row, access.held);
  const slice = await shopifySlice(env, row, state, index);
  const refs = [...slice.images.map((r) => ({ ...r, column: "Image Src" })), ...slice.variantImages.map((r) => ({ ...r, column: "Variant Image", alt: null }))];
  const done = last ? () => env.MEDIA.delete(row.objectKey) : () => sendStep(env, row, { step: "slice", index: index + 1 });
  // Without products.edit (lost since the slice's rows), no image is fetched: each fails on its line.
  const withoutEdit = async () => {
    const errors = refs.map((ref) => ({
      line: ref.line,
      message: `${ref.column}: not fetched: placing images needs the products.edit permission, which whoever started this import no longer holds`,
    }));
    try {
      await commit(ctx, [imagesProgress(ctx, row, firstRow, end, { warnings: [], errors }, null, last)]);
    } catch (error) {
      if (isNotNullViolation(error, "product_imports.images_done")) return; // a duplicate delivery got there first
      throw error;
    }
    await done();
  };
  if ((access.held & EDIT) === 0n) return withoutEdit();
  try {
    await fetchAndPlace(ctx, row, state, index, slice, refs, stepGuard(access));
  } catch (error) {
    if (error instanceof EditLost) return withoutEdit();
    throw error;
  }
}

type Ref = { line: number; url: string; alt: string | null; column: string };

/** The step with products.edit held: fetch what the library lacks, place, record progress, send the next step. */
async function fetchAndPlace(ctx: StoreCtx, row: ImportRow, state: ShopifyState, index: number, slice: ShopifySlice, refs: Ref[], guard: StepGuard) {
  const { env, db } = ctx;
  const [firstRow, end] = sliceBounds(row, state, index);
  const last = index === state.slices.length - 1;
  const urls = [...new Set(refs.map((r) => r.url))];
  const known = await filesFromUrls(ctx, urls);
  const failedBefore = new Map(state.failed ?? []);
  const wanted = new Map<string, string | null>();
  for (const ref of refs) if (!known.has(ref.url) && !failedBefore.has(ref.url) && !wanted.has(ref.url)) wanted.set(ref.url, ref.alt);
  if (wanted.size > MAX_FETCHES_PER_STEP) {
    // More than one invocation should fetch: fetch a share into the library, remember its failures, and run this
    // step again, which finds those files in the library (the placements wait for the step that fetches the rest).
    const share = await fetchIntoLibrary(ctx, row.id, new Map([...wanted].slice(0, MAX_FETCHES_PER_STEP)), heartbeat(db, row), guard);
    const remembered = [...failedBefore, ...share.failed].slice(0, MAX_REMEMBERED_FAILURES);
    await db
      .update(productImports)
      .set({ chunks: sql`json_set(${productImports.chunks}, '$.failed', json(${JSON.stringify(remembered)}))`, updatedAt: nowIso() })
      .where(and(eq(productImports.id, row.id), eq(productImports.imagesDone, firstRow)));
    await sendStep(env, row, { step: "images", index });
    return;
  }
  const { files, failed } = await fetchIntoLibrary(ctx, row.id, wanted, heartbeat(db, row), guard);
  const warnings: Issue[] = [];
  for (const ref of refs) {
    const why = failed.get(ref.url) ?? failedBefore.get(ref.url);
    if (why)
      warnings.push({ line: ref.line, message: `${ref.column}: ${shortUrl(ref.url)} could not be fetched (${why}); the product was imported without it` });
  }
  const placements = await placeImages(ctx, row.id, slice, new Map([...known, ...files]), warnings);
  const remembered = [...failedBefore, ...failed].slice(0, MAX_REMEMBERED_FAILURES);
  const progress = (issues: Issue[]) =>
    imagesProgress(ctx, row, firstRow, end, { warnings: issues.sort((a, b) => a.line - b.line), errors: [] }, failed.size > 0 ? remembered : null, last);
  const mayPlace = stillHolds(ctx.db, guard.holds);
  try {
    await commit(ctx, [mayPlace, ...placements.flatMap((p) => p.statements), progress(warnings)]);
  } catch (error) {
    if (isNotNullViolation(error, "product_imports.images_done")) return; // a duplicate delivery got there first
    if (!failedGuard(error) && !violatedConstraint(error)) throw error;
    // The starter lost access or products.edit meanwhile: `before` throws, and nothing is placed.
    if (failedGuard(error) === "conflict") await guard.before();
    // A product deleted meanwhile, a gallery filled meanwhile, a library file withdrawn meanwhile: one at a time.
    if (!(await placeOneByOne(ctx, row, firstRow, placements, warnings, guard))) return;
    try {
      await commit(ctx, [progress(warnings)]);
    } catch (again) {
      if (isNotNullViolation(again, "product_imports.images_done")) return;
      throw again;
    }
  }
  if (last) await env.MEDIA.delete(row.objectKey);
  else await sendStep(env, row, { step: "slice", index: index + 1 });
}

/**
 * Fetching a slice's images may take longer than the import sweep waits for a step that does not move (2 minutes):
 * the step touches its import's updated_at at most every HEARTBEAT_MS while it fetches.
 */
const HEARTBEAT_MS = 30_000;
function heartbeat(db: Db, row: ImportRow) {
  let last = Date.now();
  return async () => {
    if (Date.now() - last < HEARTBEAT_MS) return;
    last = Date.now();
    await db.update(productImports).set({ updatedAt: nowIso() }).where(eq(productImports.id, row.id));
  };
}

/** Each product's placement in its own batch; false when another delivery of this step got there first. */
async function placeOneByOne(ctx: StoreCtx, row: ImportRow, firstRow: number, placements: Placement[], warnings: Issue[], guard: StepGuard) {
  const stillPending = stillHolds(ctx.db, sql`(SELECT images_done FROM product_imports WHERE id = ${row.id}) = ${firstRow} AND ${guard.holds}`);
  for (const placement of placements) {
    try {
      await commit(ctx, [stillPending, ...placement.statements]);
    } catch (error) {
      const kind = failedGuard(error);
      if (kind === "conflict") {
        await guard.before(); // the starter's access, rather than another delivery, may be what changed
        return false;
      }
      const why =
        kind === "not_found"
          ? "the product was deleted before its images were placed"
          : kind === "limit"
            ? "the product's gallery filled up meanwhile"
            : "the image could not be placed (its library file was withdrawn meanwhile?)";
      warnings.push(...placement.lines.map((line) => ({ line, message: `Image Src: ${why}` })));
    }
  }
  return true;
}

/** The step's progress, last in its batch: it fails the batch when this step was applied already. */
function imagesProgress(
  ctx: StoreCtx,
  row: ImportRow,
  firstRow: number,
  end: number,
  issues: { warnings: Issue[]; errors: Issue[] },
  failed: Array<[string, string]> | null,
  last: boolean,
): Statement {
  const t = productImports;
  return ctx.db
    .update(t)
    .set({
      imagesDone: sql`CASE WHEN ${t.imagesDone} = ${firstRow} THEN ${end} END`,
      warnings: appendIssues(t.warnings, issues.warnings),
      ...(issues.errors.length > 0 ? { errors: appendIssues(t.errors, issues.errors) } : {}),
      ...(failed ? { chunks: sql`json_set(${t.chunks}, '$.failed', json(${JSON.stringify(failed)}))` } : {}),
      state: last ? "done" : "running",
      updatedAt: nowIso(),
    })
    .where(eq(t.id, row.id));
}
