// /stores/{store_id}/inventory: the levels, adjustments, transfers and the ledger (docs/inventory.md). Adjustments
// and transfers have no URL of their own (no Location header): the ledger is where they are read.
import { createRoute } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { ZodError } from "zod";
import { type AppEnv, type StoreCtx, storeCtxOf } from "../lib/context";
import { cursorPageSchema, walkOf } from "../lib/cursor";
import { type FieldError, validationError } from "../lib/errors";
import { type App, errorResponses, idempotent, jsonBody, jsonResponse } from "../lib/route";
import { requires } from "../access/requires";
import { storeParams } from "../products/schemas";
import { adjustInventory, errorsOfWellFormedChanges } from "./adjustments.service";
import { listLedger } from "./ledger.service";
import { listLevels } from "./levels.service";
import { levelsInvalid } from "./races";
import { adjustmentBody, adjustmentSchema, ledgerEntrySchema, ledgerQuery, levelSchema, levelsQuery, transferBody, transferSchema } from "./schemas";
import { errorsOfWellFormedTransfer, transferInventory } from "./transfers.service";

const tags = ["Inventory"];
const base = "/stores/{store_id}/inventory";

const levelsRoute = createRoute({
  method: "get",
  path: base,
  tags,
  operationId: "listInventoryLevels",
  summary: "Levels (a variant's stock at a location) that exist, by variant then location; filters and cursor paging",
  ...requires("inventory.read"),
  request: { params: storeParams, query: levelsQuery },
  responses: { 200: jsonResponse(cursorPageSchema(levelSchema), "A page of levels"), ...errorResponses(404) },
});
const adjustRoute = createRoute(
  idempotent({
    method: "post",
    path: `${base}/adjustments`,
    tags,
    operationId: "adjustInventory",
    summary: "Change up to 250 levels, all or nothing, with a reason (ledger entries, inventory.updated events)",
    description:
      "Every bad item is named at once (422, `errors[].path` = `changes.<i>.<field>`); a `compare_on_hand` that does not hold is a 409 naming each such item and its current on_hand. Nothing changes unless everything does.",
    ...requires("inventory.write"),
    request: { params: storeParams, ...jsonBody(adjustmentBody) },
    responses: { 201: jsonResponse(adjustmentSchema, "The adjustment and its ledger entries"), ...errorResponses(400, 404, 409) },
  }),
);
const transferRoute = createRoute(
  idempotent({
    method: "post",
    path: `${base}/transfers`,
    tags,
    operationId: "transferInventory",
    summary: "Move up to 250 variants' units from one location to another, all or nothing",
    description:
      "One pair of ledger entries per item (reason `transfer`, the source's first), each carrying the reference and the transfer's id as `adjustment_id`. A source without that much available: 422 on the item's quantity.",
    ...requires("inventory.write"),
    request: { params: storeParams, ...jsonBody(transferBody) },
    responses: { 201: jsonResponse(transferSchema, "The transfer and its ledger entries"), ...errorResponses(400, 404, 409) },
  }),
);
const ledgerRoute = createRoute({
  method: "get",
  path: `${base}/ledger`,
  tags,
  operationId: "listInventoryLedger",
  summary: "Every change of a level, newest first; filters and cursor paging",
  ...requires("inventory.read"),
  request: { params: storeParams, query: ledgerQuery },
  responses: { 200: jsonResponse(cursorPageSchema(ledgerEntrySchema), "A page of ledger entries"), ...errorResponses(404) },
});

type Result = { success: boolean; error?: ZodError; data?: unknown; target: string };

/**
 * The validation hook of a body with items: a malformed body is a 422 that also names the well-formed items' own
 * errors (unknown targets, repeats, results outside the invariants), so one answer names every bad item.
 */
const everyBadItem = (errorsOfRest: (ctx: StoreCtx, body: unknown) => Promise<FieldError[]>) => (result: Result, c: Context<AppEnv>) =>
  result.success ? undefined : refuse(result, storeCtxOf(c), errorsOfRest);

async function refuse(result: Result, ctx: StoreCtx, errorsOfRest: (ctx: StoreCtx, body: unknown) => Promise<FieldError[]>): Promise<never> {
  const error = validationError(result.error!);
  if (result.target !== "json") throw error;
  const rest = await errorsOfRest(ctx, result.data);
  throw rest.length === 0 ? error : levelsInvalid([...(error.extra.errors ?? []), ...rest]);
}

export function registerInventoryLevelRoutes(app: App) {
  app.openapi(levelsRoute, async (c) => {
    const { limit, offset, cursor, ...filter } = c.req.valid("query");
    const walk = walkOf("inventory", { limit, offset, cursor }, c.req.query("offset"), true, "text");
    return c.json(await listLevels(storeCtxOf(c), walk, filter), 200);
  });
  app.openapi(adjustRoute, async (c) => c.json(await adjustInventory(storeCtxOf(c), c.req.valid("json")), 201), everyBadItem(errorsOfWellFormedChanges));
  app.openapi(transferRoute, async (c) => c.json(await transferInventory(storeCtxOf(c), c.req.valid("json")), 201), everyBadItem(errorsOfWellFormedTransfer));
  app.openapi(ledgerRoute, async (c) => {
    const { limit, offset, cursor, ...filter } = c.req.valid("query");
    const walk = walkOf("ledger", { limit, offset, cursor }, c.req.query("offset"), false, "integer");
    return c.json(await listLedger(storeCtxOf(c), walk, filter), 200);
  });
}
