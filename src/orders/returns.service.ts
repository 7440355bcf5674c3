// Returns (docs/api/25-shipments.md; docs/shipments.md "Returns"): shipped units of an order that came back. One batch
// records the return, raises on_hand where restocked units go (ledger reason returned, reference the return) and
// announces it. The batch is guarded by what each line has shipped and not had returned as the batch sees it, and a
// shipment's cancel is guarded by the order having no return: of a return and a cancel racing, exactly one lands.
import { and, count, eq, sql } from "drizzle-orm";
import { inventoryLevels, orders, returnItems, returns } from "../db/schema";
import { auditEntry } from "../lib/audit";
import type { StoreCtx } from "../lib/context";
import { ApiError, conflict } from "../lib/errors";
import { nowIso, uuidv7 } from "../lib/ids";
import { commit, recordEvent, type Statement } from "../events/outbox";
import { stockChange } from "../events/stock-changes";
import { guarded, stillHolds } from "../lib/guards";
import { type Walk, pageOf, walkConditions, walkOrder } from "../lib/cursor";
import { productUpdatedEvent } from "../products/products.service";
import { fulfilledOfLine, lineItemId, linePosition, parseOrder, returnedOfLine } from "./order-json";
import { findOrderRow } from "./orders.service";
import type { CreateReturnInput } from "./return-schemas";
import { MAX_ON_HAND } from "../inventory/schemas";

/** The return resource as JSON text, in a query over `returns`. */
export const returnJson = sql<string>`json_object('id', returns.id, 'order_id', returns.order_id,
  'items', json((SELECT json_group_array(json_object('line_item_id', ${lineItemId(sql`l.order_id`, sql`l.position`)}, 'variant_id', l.variant_id,
      'sku', l.sku, 'quantity', ri.quantity, 'restock', json(CASE WHEN ri.restock THEN 'true' ELSE 'false' END), 'location_id', ri.location_id)
      ORDER BY ri.position)
    FROM return_items ri JOIN order_lines l ON l.order_id = returns.order_id AND l.position = ri.position
    WHERE ri.return_id = returns.id)),
  'reason', returns.reason, 'note', returns.note, 'created_at', returns.created_at)`;

interface LineState {
  position: number;
  variant_id: string;
  /** The variant's product now; null when the variant was deleted since the order. */
  product_id: string | null;
  /** Units shipped (in shipments not canceled) and not yet returned. */
  returnable: number;
}

interface Location {
  id: string;
  code: string;
  is_default: number;
  active: number;
}

/** A level of one of the order's variants: restocking must keep its on_hand within MAX_ON_HAND. */
interface Level {
  variant_id: string;
  location_id: string;
  on_hand: number;
}

/** The order's lines with what each can still have returned, the default and named locations, and the lines' variants' levels, side by side. */
async function readState(ctx: StoreCtx, orderId: string, locationIds: string[]) {
  const [lines, locations, levels] = await Promise.all([
    ctx.db.all<LineState>(sql`SELECT l.position, l.variant_id, v.product_id, ${fulfilledOfLine} - ${returnedOfLine} AS returnable
      FROM order_lines l LEFT JOIN product_variants v ON v.id = l.variant_id AND v.store_id = ${ctx.store.storeId}
      WHERE l.order_id = ${orderId} ORDER BY l.position`),
    ctx.db.all<Location>(sql`SELECT id, code, is_default, active FROM locations WHERE store_id = ${ctx.store.storeId}
      AND (is_default = 1 OR id IN (SELECT value FROM json_each(${JSON.stringify(locationIds)})))`),
    ctx.db.all<Level>(sql`SELECT il.variant_id, il.location_id, il.on_hand FROM inventory_levels il
      WHERE il.store_id = ${ctx.store.storeId} AND il.variant_id IN (SELECT variant_id FROM order_lines WHERE order_id = ${orderId})`),
  ]);
  return { lines, locations, levels };
}

interface Planned {
  position: number;
  quantity: number;
  restock: boolean;
  locationId: string | null;
  variantId: string;
  productId: string | null;
  /** The restock location is active: the variant's stock changes (products.updated). */
  activeLocation: boolean;
}

/**
 * The items checked against the order's lines as read: 422 per bad item (a restock that would take a level past
 * MAX_ON_HAND included, as an adjustment's would), 409 for restocking a deleted variant.
 */
function plan(orderId: string, lines: LineState[], locations: Location[], levels: Level[], input: CreateReturnInput): Planned[] {
  const byPosition = new Map(lines.map((l) => [l.position, l]));
  const onHand = new Map(levels.map((l) => [`${l.variant_id} ${l.location_id}`, l.on_hand]));
  const byId = new Map(locations.map((l) => [l.id, l]));
  const fallback = locations.find((l) => l.is_default === 1);
  const seen = new Set<number>();
  const errors: Array<{ path: string; message: string }> = [];
  const planned: Planned[] = [];
  for (const [i, item] of input.items.entries()) {
    const position = linePosition(orderId, item.line_item_id);
    const line = position === undefined ? undefined : byPosition.get(position);
    if (!line) {
      errors.push({ path: `items.${i}.line_item_id`, message: "is not a line item of this order" });
      continue;
    }
    if (seen.has(line.position)) {
      errors.push({ path: `items.${i}.line_item_id`, message: "names a line item already named in this return" });
      continue;
    }
    seen.add(line.position);
    if (item.quantity > line.returnable) {
      errors.push({ path: `items.${i}.quantity`, message: `must be at most what the line has shipped and not had returned (${line.returnable})` });
      continue;
    }
    if (!item.restock) {
      if (item.location_id !== undefined) errors.push({ path: `items.${i}.location_id`, message: "is given only with restock true" });
      planned.push({
        position: line.position,
        quantity: item.quantity,
        restock: false,
        locationId: null,
        variantId: line.variant_id,
        productId: line.product_id,
        activeLocation: false,
      });
      continue;
    }
    const location = item.location_id === undefined ? fallback : byId.get(item.location_id);
    if (!location) {
      errors.push({ path: `items.${i}.location_id`, message: "is not a location of this store" });
      continue;
    }
    if (line.product_id === null) {
      throw new ApiError(
        "conflict",
        `The variant of line item ${item.line_item_id} was deleted: its units cannot be restocked (record them with restock false); nothing was recorded`,
        {
          errors: [{ path: `items.${i}.restock`, message: "the line's variant no longer exists" }],
        },
      );
    }
    const after = (onHand.get(`${line.variant_id} ${location.id}`) ?? 0) + item.quantity;
    if (after > MAX_ON_HAND) {
      errors.push({ path: `items.${i}.quantity`, message: `would make on_hand at ${location.code} ${after}, above the maximum ${MAX_ON_HAND}` });
      continue;
    }
    planned.push({
      position: line.position,
      quantity: item.quantity,
      restock: true,
      locationId: location.id,
      variantId: line.variant_id,
      productId: line.product_id,
      activeLocation: location.active === 1,
    });
  }
  if (errors.length > 0) throw new ApiError("validation_failed", errors.map((e) => `${e.path}: ${e.message}`).join("; "), { errors });
  return planned;
}

/** POST /orders/{id}/returns → the return. Moves no money: refunds stay the order's own. */
export async function createReturn(ctx: StoreCtx, orderId: string, input: CreateReturnInput) {
  const named = input.items.flatMap((i) => (i.location_id === undefined ? [] : [i.location_id]));
  // The order (404 when it is not this store's) and its lines side by side: one round trip's wait, not two.
  const [, { lines, locations, levels }] = await Promise.all([findOrderRow(ctx, orderId), readState(ctx, orderId, named)]);
  const planned = plan(orderId, lines, locations, levels, input);
  const restocked = planned.filter((p) => p.restock);

  const id = uuidv7();
  const now = nowIso();
  const units = JSON.stringify(planned.map((p) => ({ p: p.position, q: p.quantity })));
  const l = inventoryLevels;
  const statements: Statement[] = [
    // Every line still has the units to return as the batch sees it: a shipment canceled or a return recorded
    // meanwhile leaves this one unwritten.
    stillHolds(
      ctx.db,
      sql`NOT EXISTS (SELECT 1 FROM json_each(${units}) u JOIN order_lines l ON l.order_id = ${orderId} AND l.position = u.value ->> 'p'
      WHERE ${fulfilledOfLine} - ${returnedOfLine} < u.value ->> 'q')`,
    ),
    ctx.db.insert(returns).values({ id, storeId: ctx.store.storeId, orderId, reason: input.reason ?? null, note: input.note ?? null, createdAt: now }),
    ...planned.map((p) =>
      ctx.db
        .insert(returnItems)
        .values({ returnId: id, storeId: ctx.store.storeId, position: p.position, quantity: p.quantity, restock: p.restock, locationId: p.locationId }),
    ),
    ...(restocked.length === 0
      ? []
      : [
          // The restocked variants and locations still exist (deleted meanwhile: nothing is recorded), and no level
          // rose meanwhile so far that this restock would take it past the maximum (the levels' CHECK would fail).
          stillHolds(
            ctx.db,
            sql`NOT EXISTS (SELECT 1 FROM json_each(${JSON.stringify(restocked.map((p) => ({ v: p.variantId, l: p.locationId, q: p.quantity })))}) r
            WHERE NOT EXISTS (SELECT 1 FROM product_variants WHERE id = r.value ->> 'v')
              OR NOT EXISTS (SELECT 1 FROM locations WHERE id = r.value ->> 'l')
              OR coalesce((SELECT on_hand FROM inventory_levels WHERE variant_id = r.value ->> 'v' AND location_id = r.value ->> 'l'), 0)
                + (r.value ->> 'q') > ${MAX_ON_HAND})`,
          ),
          ...stockChange(
            ctx,
            { reason: "returned", reference: id, orderId },
            restocked.map((p) =>
              ctx.db
                .insert(l)
                .values({
                  variantId: p.variantId,
                  locationId: p.locationId!,
                  storeId: ctx.store.storeId,
                  productId: p.productId!,
                  onHand: p.quantity,
                  committed: 0,
                  updatedAt: now,
                })
                .onConflictDoUpdate({ target: [l.variantId, l.locationId], set: { onHand: sql`${l.onHand} + ${p.quantity}`, updatedAt: now } }),
            ),
          ),
          // Restocked at an active location, the variant's stock rose: its product changed.
          ...[...new Set(restocked.filter((p) => p.activeLocation).map((p) => p.productId!))].flatMap((productId) => productUpdatedEvent(ctx, productId)),
        ]),
    // The order's line items changed (returned_quantity); its status and fulfillment_status did not (no orders.updated).
    ctx.db.update(orders).set({ updatedAt: now }).where(eq(orders.id, orderId)),
    auditEntry(ctx, "return.create", "return", id, { order_id: orderId, restocked: restocked.reduce((sum, p) => sum + p.quantity, 0) }),
    ...recordEvent(ctx.db, ctx.store.storeId, "returns.created", sql`SELECT ${returnJson} FROM returns WHERE returns.id = ${id}`),
    ctx.db.select({ json: returnJson }).from(returns).where(eq(returns.id, id)),
  ];
  const results = await guarded(commit(ctx, statements), {
    conflict: () =>
      conflict(
        "The order's shipments or returns changed meanwhile (a shipment canceled, units returned, a variant or location deleted, or a restock level raised past its maximum); nothing was recorded",
      ),
  });
  return parseOrder(results.at(-1));
}

/** GET /orders/{id}/returns: the order's returns, newest first. */
export async function listReturns(ctx: StoreCtx, orderId: string, walk: Walk) {
  const mine = eq(returns.orderId, orderId);
  const [, [rows, [{ total }]]] = await Promise.all([
    findOrderRow(ctx, orderId),
    ctx.db.batch([
      ctx.db
        .select({ json: returnJson, at: returns.createdAt, id: returns.id })
        .from(returns)
        .where(and(mine, ...walkConditions(walk, returns.createdAt, returns.id)))
        .orderBy(walkOrder(walk, returns.createdAt, returns.id))
        .limit(walk.limit + 1)
        .offset(walk.offset),
      ctx.db.select({ total: count() }).from(returns).where(mine),
    ]),
  ]);
  const page = pageOf(walk, rows, (r) => ({ at: r.at, id: r.id }), total);
  return { data: page.data.map((r) => JSON.parse(r.json)), pagination: page.pagination };
}

/** The batch guard of a shipment's cancel: the order has no return (its returned units were shipped by it). */
export const noReturn = (ctx: StoreCtx, orderId: string): Statement => stillHolds(ctx.db, sql`NOT EXISTS (SELECT 1 FROM returns WHERE order_id = ${orderId})`);
