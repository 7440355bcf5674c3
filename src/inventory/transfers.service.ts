// POST /stores/{store_id}/inventory/transfers (docs/inventory.md "Transfers"): up to 250 variants moved from one
// location to another, all or nothing. Per item the source's on_hand falls by the quantity and the destination's
// rises by it: a pair of ledger entries (reason `transfer`, adjustment_id = the transfer's id, the transfer's
// reference). A source without that much available is a 422 on the item; the batch re-checks it (a guard, and the
// levels' CHECK), so a concurrent order or adjustment cannot make a transfer take units that are committed.
import { and, eq, sql } from "drizzle-orm";
import { inventoryLevels } from "../db/schema";
import { auditEntry } from "../lib/audit";
import type { StoreCtx } from "../lib/context";
import { stillHolds } from "../lib/guards";
import { nowIso, uuidv7 } from "../lib/ids";
import { type Statement, commit } from "../events/outbox";
import { stockChange } from "../events/stock-changes";
import { productUpdatedEvent } from "../products/products.service";
import { type LedgerRow, selectEntriesOf, toLedgerEntry } from "./ledger.service";
import { isRaceLost, levelsInvalid, raceLost } from "./races";
import type { FieldError } from "../lib/errors";
import { MAX_ITEMS, MAX_ON_HAND, type TransferInput, type TransferItemInput, transferEnds, transferItem } from "./schemas";
import { type Found, type LocationFound, errorList, indexOf, lookUp, targetsStillThere } from "./targets";

type Ends = Pick<TransferInput, "from_location_id" | "from_location_code" | "to_location_id" | "to_location_code">;

interface Item {
  variantId: string;
  productId: string;
  quantity: number;
}

export const wantedOf = (input: Ends & Pick<TransferInput, "items">) => ({
  variantIds: input.items.flatMap((i) => (i.variant_id !== undefined ? [i.variant_id] : [])),
  skus: input.items.flatMap((i) => (i.sku !== undefined ? [i.sku] : [])),
  locationIds: [input.from_location_id, input.to_location_id].flatMap((v) => (v !== undefined ? [v] : [])),
  codes: [input.from_location_code, input.to_location_code].flatMap((v) => (v !== undefined ? [v] : [])),
});

/**
 * The source, the destination and the items, or the 422 errors of every bad field and item (paths
 * `from_location_id`, `items.<i>.quantity`, ...). `items` are [index in the request, item].
 */
export function checkTransfer(ends: Ends, items: Array<[number, TransferItemInput]>, found: Found) {
  const find = indexOf(found);
  const { errors, at } = errorList();
  const end = (side: "from" | "to") => {
    const idValue = ends[`${side}_location_id`];
    const code = ends[`${side}_location_code`];
    const field = idValue !== undefined ? `${side}_location_id` : `${side}_location_code`;
    if ((idValue === undefined) === (code === undefined)) return void at(field, `name exactly one of ${side}_location_id and ${side}_location_code`);
    const location = find.location(idValue, code);
    if (!location) return void at(field, idValue !== undefined ? "is not a location of this store" : "no location of this store has this code");
    return { location, field };
  };
  const from = end("from");
  const to = end("to");
  if (from && to && from.location.id === to.location.id) at(to.field, "must be another location than the source");
  const moves: Item[] = [];
  const seen = new Map<string, number>();
  for (const [i, item] of items) {
    const field = item.variant_id !== undefined ? "variant_id" : "sku";
    if ((item.variant_id === undefined) === (item.sku === undefined)) {
      at(`items.${i}.${field}`, "name exactly one of variant_id and sku");
      continue;
    }
    const variant = find.variant(item);
    if (!variant) {
      at(`items.${i}.${field}`, item.variant_id !== undefined ? "is not a variant of this store" : "no variant of this store has this SKU");
      continue;
    }
    const earlier = seen.get(variant.id);
    if (earlier !== undefined) {
      at(`items.${i}.${field}`, `names the same variant as items.${earlier}`);
      continue;
    }
    seen.set(variant.id, i);
    if (from && to && from.location.id !== to.location.id) {
      const source = find.level(variant.id, from.location.id);
      const destination = find.level(variant.id, to.location.id);
      const available = source.on_hand - source.committed;
      if (item.quantity > available) at(`items.${i}.quantity`, `is more than the ${available} available at ${from.location.code}`);
      else if (destination.on_hand + item.quantity > MAX_ON_HAND) {
        at(`items.${i}.quantity`, `would make on_hand at ${to.location.code} ${destination.on_hand + item.quantity}, above the maximum ${MAX_ON_HAND}`);
      }
    }
    moves.push({ variantId: variant.id, productId: variant.product_id, quantity: item.quantity });
  }
  return { from: from?.location, to: to?.location, moves, errors };
}

function statements(ctx: StoreCtx, input: TransferInput, from: LocationFound, to: LocationFound, moves: Item[], id: string, now: string): Statement[] {
  const l = inventoryLevels;
  const storeId = ctx.store.storeId;
  const wanted = JSON.stringify(moves.map((m) => ({ v: m.variantId, q: m.quantity })));
  const writes = moves.flatMap((m) => [
    ctx.db
      .update(l)
      .set({ onHand: sql`${l.onHand} - ${m.quantity}`, updatedAt: now })
      .where(and(eq(l.variantId, m.variantId), eq(l.locationId, from.id))),
    ctx.db
      .insert(l)
      .values({ variantId: m.variantId, locationId: to.id, storeId, productId: m.productId, onHand: m.quantity, committed: 0, updatedAt: now })
      .onConflictDoUpdate({ target: [l.variantId, l.locationId], set: { onHand: sql`${l.onHand} + ${m.quantity}`, updatedAt: now } }),
  ]);
  // Stock (the sum over active locations) changes only when exactly one end is active.
  const products = from.active === to.active ? [] : [...new Set(moves.map((m) => m.productId))];
  return [
    targetsStillThere(
      ctx,
      moves.map((m) => m.variantId),
      [from.id, to.id],
    ),
    // Each source still has the quantity available (a missing level has none).
    stillHolds(
      ctx.db,
      sql`NOT EXISTS (SELECT 1 FROM json_each(${wanted}) w
      WHERE coalesce((SELECT on_hand - committed FROM inventory_levels WHERE variant_id = w.value ->> 'v' AND location_id = ${from.id}), 0) < w.value ->> 'q')`,
    ),
    ...stockChange(ctx, { reason: "transfer", reference: input.reference ?? null, adjustmentId: id }, writes),
    ...products.flatMap((productId) => productUpdatedEvent(ctx, productId)),
    auditEntry(ctx, "inventory.transfer", "inventory_transfer", id, { from: from.id, to: to.id, reference: input.reference ?? null, items: moves.length }),
    selectEntriesOf(ctx, id),
  ];
}

export async function transferInventory(ctx: StoreCtx, input: TransferInput) {
  const id = uuidv7();
  const items = input.items.map((item, i) => [i, item] as [number, TransferItemInput]);
  for (let attempt = 0; ; attempt++) {
    const { from, to, moves, errors } = checkTransfer(input, items, await lookUp(ctx, wantedOf(input)));
    if (errors.length > 0 || !from || !to) throw levelsInvalid(errors);
    const now = nowIso();
    try {
      const results = await commit(ctx, statements(ctx, input, from, to, moves, id, now));
      const entries = (results[results.length - 1] as LedgerRow[]).map(toLedgerEntry);
      return { id, reference: input.reference ?? null, created_at: now, entries };
    } catch (error) {
      if (!isRaceLost(error)) throw error;
      if (attempt >= 1) throw raceLost();
    }
  }
}

/**
 * For a body that failed its schema: the errors of its well-formed items (and of its ends, when they are well
 * formed), so that the one 422 names every bad item, not only the malformed ones.
 */
export async function errorsOfWellFormedTransfer(ctx: StoreCtx, body: unknown): Promise<FieldError[]> {
  const raw = (body ?? {}) as Record<string, unknown>;
  if (typeof raw !== "object" || !Array.isArray(raw.items) || raw.items.length > MAX_ITEMS) return [];
  const ends = transferEnds.safeParse({
    from_location_id: raw.from_location_id,
    from_location_code: raw.from_location_code,
    to_location_id: raw.to_location_id,
    to_location_code: raw.to_location_code,
  });
  const items = raw.items.flatMap((item, i) => {
    const parsed = transferItem.safeParse(item);
    return parsed.success ? [[i, parsed.data] as [number, TransferItemInput]] : [];
  });
  const known = ends.success ? ends.data : {};
  const { errors } = checkTransfer(known, items, await lookUp(ctx, wantedOf({ ...known, items: items.map(([, item]) => item) })));
  return ends.success ? errors : errors.filter((e) => e.path.startsWith("items."));
}
