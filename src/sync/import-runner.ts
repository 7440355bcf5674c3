// The import's background work, on the `product-imports` queue (docs/decisions.md says why a queue). Two kinds of
// message: "split" reads the file's bytes once and records its slices (byte ranges of SLICE_ROWS rows, with the
// line each starts on, import-file.ts); "slice" reads exactly its byte range back, applies it and sends the next.
// Slices run one after another, so a product created by one slice is found by the next.
//
// At-least-once delivery is safe: a slice's changes and its progress commit in one batch, which first asserts
// that the import's rows_done is where that slice starts. A redelivered (or concurrent duplicate) slice fails
// that assertion and changes nothing.
import { eq, sql } from "drizzle-orm";
import { productImports } from "../db/schema";
import type { Db, StoreCtx } from "../lib/context";
import { isNotNullViolation, isUniqueViolation, violatedConstraint } from "../lib/db";
import { isStorePaused } from "../lib/d1-overload";
import { forgetPlacement, legacyStoreDb, storeDb } from "../placement/store-db";
import { nowIso } from "../lib/ids";
import { type Statement, commit } from "../events/outbox";
import { isStockHeldElsewhere, stockChange } from "../events/stock-changes";
import { failedGuard, stillHolds } from "../lib/guards";
import { capErrors, insertedCount } from "./import-caps";
import { type Slices, headerOf, sliceFile } from "./import-file";
import { fileBytes, finish, importCtx, readSlice, sendStep, sliceBounds } from "./import-io";
import { type Group, planSlice } from "./import-plan";
import type { ImportMessage } from "./import.service";
import { isWriteBudgetSpent, shardNameOf, spendWrite } from "../access/write-budget";
import { type ImportRow, starterOf, stopForStarter } from "./import-starter";
import { type JobAccess, StarterLostAccess, jobAccess } from "../access/job-access";
import { readShopifyHeader } from "./shopify/columns";
import { appendIssues, rolesOf, runImages } from "./shopify/images-step";
import { type Issue, fromShopify } from "./shopify/rows";

const MAX_ERRORS = 100;
const MAX_ATTEMPTS = 5;

/** Shopify files: slices of at least this many rows, ending between two handles (one product's rows together). */
export const SHOPIFY_SLICE_ROWS = 100;
/** ... and at most this many (a product has at most 100 variants and 250 images; a longer run is cut). */
export const SHOPIFY_MAX_SLICE_ROWS = 400;

/**
 * Step 1: one pass over the file's bytes finds the rows, their count, and the slices' byte ranges. A Shopify file's
 * header is kept as the role of each column (shopify/columns.ts), which is what its rows are read by.
 */
async function split(env: Env, db: Db, row: ImportRow) {
  const bytes = await fileBytes(env, row);
  const shopify = row.format === "shopify" ? readShopifyHeader(headerOf(bytes)) : null;
  const slicing = shopify ? { rows: SHOPIFY_SLICE_ROWS, keyColumn: shopify.handleIndex, maxRows: SHOPIFY_MAX_SLICE_ROWS } : undefined;
  const { header, slices, rows } = sliceFile(bytes, slicing);
  await db
    .update(productImports)
    .set({
      state: "running",
      rowsTotal: rows,
      chunks: JSON.stringify({ header: shopify ? shopify.roles : header, slices } satisfies Slices),
      updatedAt: nowIso(),
    })
    .where(eq(productImports.id, row.id));
  if (slices.length === 0) await finish(env, db, row, "done");
  else await sendStep(env, row, { step: "slice", index: 0 });
}

/**
 * Step 2..n: apply slice `index`, with its progress, and send the next. In a Shopify import the next step is this
 * slice's images (shopify/images-step.ts), which then sends the next slice.
 */
async function runSlice(env: Env, db: Db, row: ImportRow, index: number, access: JobAccess) {
  const slices = JSON.parse(row.chunks) as Slices;
  const [firstRow, end] = sliceBounds(row, slices, index);
  const last = index === slices.slices.length - 1;
  const shopify = row.format === "shopify";
  const next = () => (shopify ? sendStep(env, row, { step: "images", index }) : sendStep(env, row, { step: "slice", index: index + 1 }));
  if (row.rowsDone !== firstRow || (shopify && row.imagesDone !== firstRow)) {
    // A redelivery: this slice was applied. Its next message may have been lost with the first delivery, so it is
    // sent again when the next step has not started (a duplicate of it is harmless, see above).
    if (row.rowsDone === end && shopify && row.imagesDone === firstRow) await next();
    else if (row.rowsDone === end && !last && (!shopify || row.imagesDone === end)) await sendStep(env, row, { step: "slice", index: index + 1 });
    return;
  }
  const ctx = importCtx(env, db, row, access.held);
  const raw = await readSlice(env, row, slices, index);
  // A Shopify slice's rows become this layout's rows (the images wait for the image step).
  const mapped = shopify ? fromShopify(raw, rolesOf(slices)) : { rows: raw, errors: [], warnings: [] };
  const { groups, errors, bits } = await planSlice(ctx, row.id, mapped.rows, access.held);
  errors.push(...mapped.errors);
  errors.sort((a, b) => a.line - b.line);
  // A Shopify slice that names no image needs no image step: its progress says its images are placed too.
  const noImages = shopify && "images" in mapped && mapped.images.length === 0 && mapped.variantImages.length === 0;
  const done = { firstRow, count: raw.length, finished: last && (!shopify || noImages), warnings: mapped.warnings, noImages };
  try {
    // The bits the planned rows use are asserted again inside the batch: a removal or a demotion after the step's
    // check applies nothing of the slice.
    const starter = stillHolds(ctx.db, access.holds(bits));
    await commit(ctx, [
      starter,
      ...stockWrites(
        ctx,
        row,
        groups.flatMap((g) => g.statements),
      ),
      progress(ctx, row, done, groups, errors),
    ]);
  } catch (error) {
    if (isNotNullViolation(error, "product_imports.rows_done")) return; // a duplicate delivery got there first
    if (failedGuard(error) === "conflict") {
      // Lost altogether: the runner ends the import. Lost a bit: the step runs again, planned with what is left.
      await access.checkpoint();
      throw error;
    }
    if (!violatedConstraint(error) && !isStockHeldElsewhere(error)) throw error;
    // A product changed under the import (e.g. an SKU taken meanwhile): apply the slice product by product.
    await applyOneByOne(ctx, row, done, groups, errors);
  }
  if (done.finished) await env.MEDIA.delete(row.objectKey);
  else if (noImages) await sendStep(env, row, { step: "slice", index: index + 1 });
  else if (shopify || !last) await next();
}

/** Where a slice's progress goes: its rows, whether the import ends with it, and its warnings. */
interface SliceDone {
  firstRow: number;
  count: number;
  finished: boolean;
  warnings: Issue[];
  /** A Shopify slice without images: images_done moves with rows_done. */
  noImages: boolean;
}

/** A slice's statements, whose `stock` values set default locations' on_hand with the ledger's `import:<id>`. */
const stockWrites = (ctx: StoreCtx, row: ImportRow, statements: Statement[]) =>
  stockChange(ctx, { reason: "stock_write", reference: `import:${row.id}` }, statements);

async function applyOneByOne(ctx: StoreCtx, row: ImportRow, done: SliceDone, groups: Group[], errors: Issue[]) {
  const applied: Group[] = [];
  for (const group of groups) {
    try {
      await commit(ctx, stockWrites(ctx, row, group.statements));
      applied.push(group);
    } catch (error) {
      const reason = isStockHeldElsewhere(error)
        ? "stock: cannot be written: the stock is held at several locations (use inventory adjustments)"
        : isUniqueViolation(error)
          ? "a variant SKU, external id or option values are already used"
          : "could not be applied";
      errors.push(...group.lines.map((line) => ({ line, message: reason })));
    }
  }
  errors.sort((a, b) => a.line - b.line);
  await commit(ctx, [progress(ctx, row, done, applied, errors)]);
}

/**
 * The import's progress after this slice (guarded: it fails the batch if the slice was already applied). Last in the
 * slice's batch, it reads what the batch's capped inserts did (import-caps.ts).
 */
function progress(ctx: StoreCtx, row: ImportRow, { firstRow, count, finished, warnings, noImages }: SliceDone, groups: Group[], errors: Issue[]): Statement {
  const sum = (k: keyof Group["counts"]) => groups.reduce((n, g) => n + g.counts[k], 0);
  const inserts = groups.flatMap((g) => g.inserts);
  const t = productImports;
  // This slice's errors: the planned ones and the inserts the cap stopped inside this batch, in line order.
  const sliceErrors = sql`SELECT value FROM (SELECT value, line FROM (
      SELECT e.value AS value, json_extract(e.value, '$.line') AS line FROM json_each(${JSON.stringify(errors)}) e
      UNION ALL ${capErrors(inserts)}) ORDER BY line)`;
  return ctx.db
    .update(t)
    .set({
      rowsDone: sql`CASE WHEN ${t.rowsDone} = ${firstRow} THEN ${firstRow + count} END`,
      productsCreated: sql`${t.productsCreated} + ${sum("products_created")}`,
      productsUpdated: sql`${t.productsUpdated} + ${sum("products_updated")}`,
      variantsCreated: sql`${t.variantsCreated} + ${sum("variants_created")} + ${insertedCount(inserts)}`,
      variantsUpdated: sql`${t.variantsUpdated} + ${sum("variants_updated")}`,
      errors: sql`(SELECT json_group_array(json(value)) FROM (SELECT value FROM json_each(${t.errors})
        UNION ALL ${sliceErrors} LIMIT ${MAX_ERRORS}))`,
      ...(warnings.length > 0 ? { warnings: appendIssues(t.warnings, warnings) } : {}),
      ...(noImages ? { imagesDone: firstRow + count } : {}),
      state: finished ? "done" : "running",
      updatedAt: nowIso(),
    })
    .where(eq(t.id, row.id));
}

/** A step refused because the store's writes are paused by a move is tried again this much later. */
const PAUSED_RETRY_S = 10;
/** A slice refused by a write budget waits one budget window (10 s). */
const BUDGET_RETRY_S = 10;

/** The queue consumer of `product-imports`. */
export async function handleImportBatch(batch: MessageBatch<ImportMessage>, env: Env) {
  for (const message of batch.messages) {
    const body = message.body;
    // Messages name the store (older ones, from before several databases, only the import: the first database).
    const db = body.store_id ? await storeDb(env, body.store_id) : legacyStoreDb(env);
    const row = db && (await db.query.productImports.findFirst({ where: eq(productImports.id, body.import_id) }));
    if (!db || !row || row.state === "done" || row.state === "failed") {
      message.ack();
      continue;
    }
    try {
      if (body.step === "split") {
        if (row.state === "queued") await split(env, db, row);
        // Split before, but its first slice message may have been lost: send it again (duplicates are harmless).
        else if (row.rowsDone === 0) await sendStep(env, row, { step: "slice", index: 0 });
      } else {
        // Every step acts only with what its starter holds now (src/access/job-access.ts): a lost membership or
        // credential throws StarterLostAccess, here or from the step's own checks as it goes.
        const access = await jobAccess(db, starterOf(row));
        // A slice is the store's writing: it spends the store's and its database's write budgets like a request.
        await spendWrite(env, row.storeId, shardNameOf(env, db.$client));
        if (body.step === "images") await runImages(env, db, row, body.index, access);
        else await runSlice(env, db, row, body.index, access);
      }
      message.ack();
    } catch (error) {
      if (error instanceof StarterLostAccess && body.step !== "split") {
        await stopForStarter(env, db, row, error.lost);
        message.ack();
        continue;
      }
      if (isWriteBudgetSpent(error)) {
        // Over budget (the store's own writes, or its database's): wait a window, without counting an attempt.
        message.retry({ delaySeconds: BUDGET_RETRY_S });
        continue;
      }
      if (isStorePaused(error)) {
        // The store is being moved (writes paused), or has just moved and this isolate read its old database: not
        // the import's fault. Wait for the pause, then look the store up again; the cron's import sweep re-sends
        // the step should the queue give up first.
        if (body.store_id) forgetPlacement(body.store_id);
        message.retry({ delaySeconds: PAUSED_RETRY_S });
        continue;
      }
      console.error(JSON.stringify({ level: "error", message: "import step failed", import_id: row.id, error: String(error) }));
      if (message.attempts >= MAX_ATTEMPTS) {
        await finish(env, db, row, "failed");
        message.ack();
      } else message.retry({ delaySeconds: 2 });
    }
  }
}
