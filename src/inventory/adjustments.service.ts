// POST /stores/{store_id}/inventory/adjustments (docs/inventory.md "Adjustments"): up to 250 changes of levels, all
// or nothing. One read finds every target and current level, and every bad item is reported at once (422); a
// compare_on_hand that does not hold is a 409 naming each such item. Then one batch: the guards re-check what the
// read saw (targets still there, each compare_on_hand still true), the level writes compute `on_hand + delta` from the
// row as the batch sees it (a concurrent change is never lost), the table's CHECK keeps 0 <= committed <= on_hand <=
// 1e9, and the triggers write the ledger from the context row `stockChange` opens. A batch that loses a race is rolled
// back whole; the read runs again and answers what it now finds (or the batch is tried once more).
import { and, eq, sql } from "drizzle-orm";
import { inventoryLevels } from "../db/schema";
import { auditEntry } from "../lib/audit";
import type { StoreCtx } from "../lib/context";
import { ApiError, type FieldError } from "../lib/errors";
import { stillHolds } from "../lib/guards";
import { nowIso, uuidv7 } from "../lib/ids";
import { type Statement, commit } from "../events/outbox";
import { stockChange } from "../events/stock-changes";
import { productUpdatedEvent } from "../products/products.service";
import { type LedgerRow, selectEntriesOf, toLedgerEntry } from "./ledger.service";
import { isRaceLost, levelsInvalid, raceLost } from "./races";
import { type AdjustmentInput, type ChangeInput, MAX_ITEMS, MAX_ON_HAND, changeSchema } from "./schemas";
import { type Found, errorList, indexOf, lookUp, targetsStillThere } from "./targets";

interface Target {
  variantId: string;
  productId: string;
  locationId: string;
  active: boolean;
  /** The read saw on_hand change by it (a new value equal to the current one changes nothing). */
  changes: boolean;
  delta?: number;
  onHand?: number;
  compare?: number;
}

/** What a set of changes names, for the one read. */
export const wantedOf = (changes: ChangeInput[]) => ({
  variantIds: changes.flatMap((c) => (c.variant_id !== undefined ? [c.variant_id] : [])),
  skus: changes.flatMap((c) => (c.sku !== undefined ? [c.sku] : [])),
  locationIds: changes.flatMap((c) => (c.location_id !== undefined ? [c.location_id] : [])),
  codes: changes.flatMap((c) => (c.location_code !== undefined ? [c.location_code] : [])),
});

/**
 * Every change checked against what the read found: the targets, or the 422 errors of every bad item, and the
 * compare_on_hand that do not hold (a 409 when nothing else is wrong). `changes` are [index in the request, change].
 */
export function checkChanges(changes: Array<[number, ChangeInput]>, found: Found) {
  const find = indexOf(found);
  const { errors, at } = errorList();
  const mismatches: FieldError[] = [];
  const targets: Target[] = [];
  const seen = new Map<string, number>();
  for (const [i, c] of changes) {
    const path = (field: string) => `changes.${i}.${field}`;
    const targetField = c.variant_id !== undefined ? "variant_id" : "sku";
    const placeField = c.location_id !== undefined ? "location_id" : "location_code";
    const amountField = c.delta !== undefined ? "delta" : "on_hand";
    const before = errors.length;
    if ((c.variant_id === undefined) === (c.sku === undefined)) at(path(targetField), "name exactly one of variant_id and sku");
    if ((c.location_id === undefined) === (c.location_code === undefined)) at(path(placeField), "name exactly one of location_id and location_code");
    if ((c.delta === undefined) === (c.on_hand === undefined)) at(path(amountField), "give exactly one of delta and on_hand");
    if (errors.length > before) continue;
    const variant = find.variant(c);
    const location = find.location(c.location_id, c.location_code);
    if (!variant) at(path(targetField), c.variant_id !== undefined ? "is not a variant of this store" : "no variant of this store has this SKU");
    if (!location) at(path(placeField), c.location_id !== undefined ? "is not a location of this store" : "no location of this store has this code");
    if (!variant || !location) continue;
    const pair = `${variant.id}/${location.id}`;
    const earlier = seen.get(pair);
    if (earlier !== undefined) {
      at(path(targetField), `names the same variant and location as changes.${earlier}`);
      continue;
    }
    seen.set(pair, i);
    const level = find.level(variant.id, location.id);
    if (c.compare_on_hand !== undefined && c.compare_on_hand !== level.on_hand) {
      mismatches.push({ path: path("compare_on_hand"), message: `on_hand is ${level.on_hand} now, not ${c.compare_on_hand}` });
      continue;
    }
    const next = c.delta !== undefined ? level.on_hand + c.delta : c.on_hand!;
    if (next < level.committed || next < 0) {
      const floor = level.committed > 0 ? `below the ${level.committed} committed` : "below 0";
      at(path(amountField), `would make on_hand ${next}, ${floor} (on_hand is ${level.on_hand})`);
    } else if (next > MAX_ON_HAND) {
      at(path(amountField), `would make on_hand ${next}, above the maximum ${MAX_ON_HAND} (on_hand is ${level.on_hand})`);
    }
    targets.push({
      variantId: variant.id,
      productId: variant.product_id,
      locationId: location.id,
      active: location.active === 1,
      changes: next !== level.on_hand,
      delta: c.delta,
      onHand: c.on_hand,
      compare: c.compare_on_hand,
    });
  }
  return { targets, errors, mismatches };
}

/** The write of one level: `on_hand + delta` or the new value, computed from the row as the batch sees it. */
function levelWrite(ctx: StoreCtx, t: Target, now: string): Statement {
  const l = inventoryLevels;
  const samePair = and(eq(l.variantId, t.variantId), eq(l.locationId, t.locationId));
  // Setting 0 where no level exists changes nothing: no level is made for it.
  if (t.onHand === 0)
    return ctx.db
      .update(l)
      .set({ onHand: 0, updatedAt: sql`CASE WHEN ${l.onHand} <> 0 THEN ${now} ELSE ${l.updatedAt} END` })
      .where(samePair);
  // A fall needs a level (the read saw it hold enough; it goes only with its variant or location, which the batch's
  // guard checks). Not an upsert: SQLite checks the CHECK on the row to insert before it meets the conflict.
  if (t.delta !== undefined && t.delta < 0)
    return ctx.db
      .update(l)
      .set({ onHand: sql`${l.onHand} + ${t.delta}`, updatedAt: now })
      .where(samePair);
  const next = t.delta !== undefined ? sql`${l.onHand} + ${t.delta}` : sql`${t.onHand}`;
  return ctx.db
    .insert(l)
    .values({
      variantId: t.variantId,
      locationId: t.locationId,
      storeId: ctx.store.storeId,
      productId: t.productId,
      onHand: t.delta ?? t.onHand!,
      committed: 0,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: [l.variantId, l.locationId],
      set: { onHand: next, updatedAt: sql`CASE WHEN ${next} <> ${l.onHand} THEN ${now} ELSE ${l.updatedAt} END` },
    });
}

/** In the batch: each compare_on_hand still holds (a missing level is 0). */
const comparesHold = (ctx: StoreCtx, targets: Target[]) => {
  const compares = targets.flatMap((t) => (t.compare !== undefined ? [{ v: t.variantId, l: t.locationId, o: t.compare }] : []));
  return compares.length === 0
    ? []
    : [
        stillHolds(
          ctx.db,
          sql`NOT EXISTS (SELECT 1 FROM json_each(${JSON.stringify(compares)}) c
        WHERE coalesce((SELECT on_hand FROM inventory_levels WHERE variant_id = c.value ->> 'v' AND location_id = c.value ->> 'l'), 0) <> c.value ->> 'o')`,
        ),
      ];
};

function statements(ctx: StoreCtx, input: AdjustmentInput, targets: Target[], id: string, now: string): Statement[] {
  // products.updated where a variant's stock changes: on_hand changing at an active location (an inactive one counts
  // for nothing).
  const products = [...new Set(targets.filter((t) => t.active && t.changes).map((t) => t.productId))];
  return [
    targetsStillThere(
      ctx,
      targets.map((t) => t.variantId),
      targets.map((t) => t.locationId),
    ),
    ...comparesHold(ctx, targets),
    ...stockChange(
      ctx,
      { reason: input.reason, reference: input.reference ?? null, adjustmentId: id },
      targets.map((t) => levelWrite(ctx, t, now)),
    ),
    ...products.flatMap((productId) => productUpdatedEvent(ctx, productId)),
    auditEntry(ctx, "inventory.adjust", "inventory_adjustment", id, { reason: input.reason, reference: input.reference ?? null, changes: targets.length }),
    selectEntriesOf(ctx, id),
  ];
}

/** 409 naming each change whose compare_on_hand does not hold, with the level's on_hand now. */
const compareFailed = (mismatches: FieldError[]) =>
  new ApiError("conflict", `compare_on_hand does not hold; nothing was changed: ${mismatches.map((m) => `${m.path}: ${m.message}`).join("; ")}`, {
    errors: mismatches,
  });

export async function adjustInventory(ctx: StoreCtx, input: AdjustmentInput) {
  const id = uuidv7();
  const changes = input.changes.map((c, i) => [i, c] as [number, ChangeInput]);
  for (let attempt = 0; ; attempt++) {
    const { targets, errors, mismatches } = checkChanges(changes, await lookUp(ctx, wantedOf(input.changes)));
    if (errors.length > 0) throw levelsInvalid(errors);
    if (mismatches.length > 0) throw compareFailed(mismatches);
    const now = nowIso();
    try {
      const results = await commit(ctx, statements(ctx, input, targets, id, now));
      const entries = (results[results.length - 1] as LedgerRow[]).map(toLedgerEntry);
      return { id, reason: input.reason, reference: input.reference ?? null, created_at: now, entries };
    } catch (error) {
      if (!isRaceLost(error)) throw error;
      if (attempt >= 1) throw raceLost();
    }
  }
}

/**
 * For a body that failed its schema: the errors of its well-formed changes (unknown targets, repeats, results outside
 * the invariants), so that the one 422 names every bad item, not only the malformed ones.
 */
export async function errorsOfWellFormedChanges(ctx: StoreCtx, body: unknown): Promise<FieldError[]> {
  const changes = (body as { changes?: unknown } | null)?.changes;
  if (!Array.isArray(changes) || changes.length > MAX_ITEMS) return [];
  const wellFormed = changes.flatMap((c, i) => {
    const parsed = changeSchema.safeParse(c);
    return parsed.success ? [[i, parsed.data] as [number, ChangeInput]] : [];
  });
  if (wellFormed.length === 0) return [];
  return checkChanges(wellFormed, await lookUp(ctx, wantedOf(wellFormed.map(([, c]) => c)))).errors;
}
