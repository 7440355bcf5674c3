// Shipments (docs/api/25-shipments.md; docs/shipments.md): some or all of a paid order's remaining units leave in one
// batch with their stock (on_hand and committed fall together at the locations that committed them, ledger reason
// order_fulfilled, reference the shipment), the order's new state and its events. The batch is guarded by the
// units the order had shipped when the request read it: of two requests shipping what is left, the second finds
// another count and writes nothing (409), so units are never shipped twice.
import { and, count, eq, type SQL, sql } from "drizzle-orm";
import { inventoryLevels, orders, shipmentDays, shipmentItems, shipmentStock, shipments } from "../db/schema";
import { auditEntry } from "../lib/audit";
import type { StoreCtx } from "../lib/context";
import { ApiError, conflict, invalidField, notFound } from "../lib/errors";
import { isUuid, nowIso, uuidv7 } from "../lib/ids";
import { commit, recordEvent, type Statement } from "../events/outbox";
import { stockChange } from "../events/stock-changes";
import { guarded, stillHolds } from "../lib/guards";
import { isUniqueViolationOf } from "../lib/db";
import { type Walk, pageOf, walkConditions, walkOrder } from "../lib/cursor";
import { lineItemId, linePosition, orderEventData, parseOrder } from "./order-json";
import { findOrderRow, selectOrder } from "./orders.service";
import type { CreateShipmentInput, UpdateShipmentInput } from "./shipment-schemas";
import { noReturn } from "./returns.service";
import { MAX_ON_HAND } from "../inventory/schemas";

/** The shipment resource as JSON text, in a query over `shipments`. */
export const shipmentJson = sql<string>`json_object('id', shipments.id, 'order_id', shipments.order_id, 'status', shipments.status,
  'location_id', shipments.location_id,
  'items', json((SELECT json_group_array(json_object('line_item_id', ${lineItemId(sql`l.order_id`, sql`l.position`)}, 'variant_id', l.variant_id,
      'sku', l.sku, 'quantity', si.quantity) ORDER BY si.position)
    FROM shipment_items si JOIN order_lines l ON l.order_id = shipments.order_id AND l.position = si.position
    WHERE si.shipment_id = shipments.id)),
  'tracking', json(shipments.tracking), 'external_id', shipments.external_id, 'shipped_at', shipments.shipped_at,
  'delivered_at', shipments.delivered_at, 'created_at', shipments.created_at, 'updated_at', shipments.updated_at)`;

const shipmentData = (id: string) => sql`SELECT ${shipmentJson} FROM shipments WHERE shipments.id = ${id}`;

/** Units of the order in shipments that are not canceled. */
const shippedOf = (orderId: string) => sql`(SELECT coalesce(sum(si.quantity), 0) FROM shipment_items si JOIN shipments s ON s.id = si.shipment_id
  WHERE s.order_id = ${orderId} AND s.status <> 'canceled')`;

interface LineState {
  position: number;
  quantity: number;
  reserved: number;
  fulfilled: number;
  stock_shipped: number;
  /** Committed units not yet shipped, per location, in the order they are taken (default first, then position). */
  allocations: Array<{ location_id: string; remaining: number }>;
}

/** The order's lines with what each has shipped, in one round trip. */
async function lineStates(ctx: StoreCtx, orderId: string): Promise<LineState[]> {
  const live = sql`s.order_id = ${orderId} AND s.status <> 'canceled'`;
  const rows = await ctx.db.all<Omit<LineState, "allocations"> & { allocations: string }>(sql`SELECT l.position, l.quantity,
      l.reserved_quantity AS reserved,
      (SELECT coalesce(sum(si.quantity), 0) FROM shipment_items si JOIN shipments s ON s.id = si.shipment_id WHERE ${live} AND si.position = l.position) AS fulfilled,
      (SELECT coalesce(sum(ss.quantity), 0) FROM shipment_stock ss JOIN shipments s ON s.id = ss.shipment_id WHERE ${live} AND ss.position = l.position) AS stock_shipped,
      (SELECT json_group_array(json_object('location_id', a.location_id, 'remaining', a.quantity - coalesce((SELECT sum(ss.quantity)
          FROM shipment_stock ss JOIN shipments s ON s.id = ss.shipment_id WHERE ${live} AND ss.position = a.position AND ss.location_id = a.location_id), 0))
          ORDER BY loc.is_default DESC, loc.position, a.location_id)
        FROM order_allocations a LEFT JOIN locations loc ON loc.id = a.location_id WHERE a.order_id = l.order_id AND a.position = l.position) AS allocations
    FROM order_lines l WHERE l.order_id = ${orderId} ORDER BY l.position`);
  return rows.map((r) => ({ ...r, allocations: JSON.parse(r.allocations) }));
}

/**
 * The statement taking `units` of line `position` from its committed units not yet shipped (at `locationId` only,
 * or the default location first, then by position) into shipment `shipmentId`'s stock part.
 */
function takeStock(ctx: StoreCtx, orderId: string, shipmentId: string, position: number, units: number, locationId?: string) {
  const remaining = sql`a.quantity - coalesce((SELECT sum(ss.quantity) FROM shipment_stock ss JOIN shipments s ON s.id = ss.shipment_id
    WHERE s.order_id = ${orderId} AND s.status <> 'canceled' AND ss.shipment_id <> ${shipmentId} AND ss.position = a.position AND ss.location_id = a.location_id), 0)`;
  return ctx.db.insert(shipmentStock).select(sql`SELECT ${shipmentId}, ${ctx.store.storeId}, ${position}, location_id, variant_id, give
    FROM (SELECT location_id, variant_id, min(remaining, max(${units} - before, 0)) AS give FROM (
      SELECT location_id, variant_id, remaining,
        coalesce(sum(remaining) OVER (ORDER BY is_default DESC, loc_position, location_id ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS before
      FROM (SELECT a.location_id, a.variant_id, coalesce(loc.is_default, 0) AS is_default, coalesce(loc.position, 0) AS loc_position, ${remaining} AS remaining
        FROM order_allocations a LEFT JOIN locations loc ON loc.id = a.location_id
        WHERE a.order_id = ${orderId} AND a.position = ${position}${locationId === undefined ? sql`` : sql` AND a.location_id = ${locationId}`})))
    WHERE give > 0`);
}

interface Planned {
  position: number;
  quantity: number;
  /** Units taken from committed stock (the rest was on demand and moves no stock). */
  stock: number;
}

/** The items checked against the order's lines as read: 422 per bad item, 409 for units not at `location_id`. */
function plan(orderId: string, lines: LineState[], input: CreateShipmentInput): Planned[] {
  const byPosition = new Map(lines.map((l) => [l.position, l]));
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
      errors.push({ path: `items.${i}.line_item_id`, message: "names a line item already named in this shipment" });
      continue;
    }
    seen.add(line.position);
    const left = line.quantity - line.fulfilled;
    if (item.quantity > left) {
      errors.push({ path: `items.${i}.quantity`, message: `must be at most what the line has left to ship (${left})` });
      continue;
    }
    const onDemandLeft = line.quantity - line.reserved - (line.fulfilled - line.stock_shipped);
    const stockLeft = line.allocations
      .filter((a) => input.location_id === undefined || a.location_id === input.location_id)
      .reduce((sum, a) => sum + a.remaining, 0);
    const stock = Math.min(item.quantity, stockLeft);
    planned.push({ position: line.position, quantity: item.quantity, stock });
    if (item.quantity - stock > onDemandLeft) {
      throw new ApiError(
        "conflict",
        `Line item ${item.line_item_id} does not have ${item.quantity} units committed at location ${input.location_id}; nothing was shipped`,
        {
          errors: [{ path: `items.${i}.quantity`, message: `at most ${stockLeft + onDemandLeft} of the line's units can ship from that location` }],
        },
      );
    }
  }
  if (errors.length > 0) throw new ApiError("validation_failed", errors.map((e) => `${e.path}: ${e.message}`).join("; "), { errors });
  return planned;
}

interface ShipOptions {
  /** Through the section 9 transition to `fulfilled`: the answer is the order, audited as order.fulfill. */
  viaTransition?: boolean;
}

async function ship(ctx: StoreCtx, orderId: string, input: CreateShipmentInput, options: ShipOptions = {}) {
  const order = await findOrderRow(ctx, orderId);
  if (order.status !== "paid") throw conflict(`A ${order.status} order cannot ship (only a paid one)`);
  const [lines, location] = await Promise.all([
    lineStates(ctx, orderId),
    input.location_id === undefined
      ? null
      : ctx.db.get<{ id: string } | undefined>(sql`SELECT id FROM locations WHERE id = ${input.location_id} AND store_id = ${ctx.store.storeId}`),
  ]);
  if (input.location_id !== undefined && !location) throw invalidField("location_id", "is not a location of this store");
  if (options.viaTransition) {
    input = {
      items: lines.filter((l) => l.quantity > l.fulfilled).map((l) => ({ line_item_id: `${orderId}:${l.position}`, quantity: l.quantity - l.fulfilled })),
    };
    if (input.items.length === 0) throw conflict("The order has no units left to ship");
  }
  const planned = plan(orderId, lines, input);
  const totalQuantity = lines.reduce((sum, l) => sum + l.quantity, 0);
  const shippedBefore = lines.reduce((sum, l) => sum + l.fulfilled, 0);
  const shippedAfter = shippedBefore + planned.reduce((sum, p) => sum + p.quantity, 0);
  const completes = shippedAfter === totalQuantity;
  // fulfillment_status: unfulfilled → partially_fulfilled, or → fulfilled (with the status); partial → partial is no change.
  const orderChanges = shippedBefore === 0 || completes;

  const id = uuidv7();
  const now = nowIso();
  const shippedAt = input.shipped_at ? new Date(input.shipped_at).toISOString() : now;
  const tracking = (input.tracking ?? []).map((t) => ({ number: t.number, carrier: t.carrier ?? null, url: t.url ?? null }));
  const taken = sql`(SELECT sum(ss.quantity) FROM shipment_stock ss WHERE ss.shipment_id = ${id}
    AND ss.variant_id = inventory_levels.variant_id AND ss.location_id = inventory_levels.location_id)`;
  const statements: Statement[] = [
    // The order as it was read: still paid, with exactly the units shipped that the plan was made from.
    stillHolds(ctx.db, sql`(SELECT status FROM orders WHERE id = ${orderId}) = 'paid' AND ${shippedOf(orderId)} = ${shippedBefore}`),
    ctx.db.insert(shipments).values({
      id,
      storeId: ctx.store.storeId,
      orderId,
      status: "shipped",
      locationId: input.location_id ?? null,
      tracking: JSON.stringify(tracking),
      externalId: input.external_id ?? null,
      shippedAt,
      deliveredAt: null,
      createdAt: now,
      updatedAt: now,
    }),
    ...planned.map((p) => ctx.db.insert(shipmentItems).values({ shipmentId: id, storeId: ctx.store.storeId, position: p.position, quantity: p.quantity })),
    ...stockChange(ctx, { reason: "order_fulfilled", reference: id, orderId }, [
      ...planned.filter((p) => p.stock > 0).map((p) => takeStock(ctx, orderId, id, p.position, p.stock, input.location_id)),
      ctx.db
        .update(inventoryLevels)
        .set({ onHand: sql`on_hand - ${taken}`, committed: sql`committed - ${taken}`, updatedAt: now })
        .where(
          sql`store_id = ${ctx.store.storeId} AND (variant_id, location_id) IN (SELECT variant_id, location_id FROM shipment_stock WHERE shipment_id = ${id})`,
        ),
    ]),
    // Every planned stock unit was found where the plan found it.
    stillHolds(
      ctx.db,
      sql`(SELECT coalesce(sum(quantity), 0) FROM shipment_stock WHERE shipment_id = ${id}) = ${planned.reduce((sum, p) => sum + p.stock, 0)}`,
    ),
    ...(input.location_id === undefined
      ? [
          ctx.db
            .update(shipments)
            .set({
              locationId: sql`(SELECT CASE WHEN count(DISTINCT location_id) = 1 THEN max(location_id) END FROM shipment_stock WHERE shipment_id = ${id})`,
            })
            .where(eq(shipments.id, id)),
        ]
      : []),
    ctx.db
      .update(orders)
      .set({ ...(completes ? { status: "fulfilled" as const } : {}), updatedAt: now })
      .where(eq(orders.id, orderId)),
    options.viaTransition
      ? auditEntry(ctx, "order.fulfill", "order", orderId, { shipment_id: id })
      : auditEntry(ctx, "shipment.create", "shipment", id, { order_id: orderId }),
    ...recordEvent(ctx.db, ctx.store.storeId, "shipments.created", shipmentData(id)),
    ...(orderChanges ? recordEvent(ctx.db, ctx.store.storeId, "orders.updated", orderEventData(orderId)) : []),
    options.viaTransition ? selectOrder(ctx, orderId) : ctx.db.select({ json: shipmentJson }).from(shipments).where(eq(shipments.id, id)),
  ];
  try {
    const results = await guarded(commit(ctx, statements), {
      conflict: () => conflict("The order changed meanwhile (shipped, canceled or refunded); nothing was shipped"),
    });
    return parseOrder(results.at(-1));
  } catch (error) {
    if (isUniqueViolationOf(error, "shipments.external_id")) throw conflict(`A shipment with external_id ${input.external_id} exists; nothing was shipped`);
    throw error;
  }
}

/** POST /orders/{id}/shipments → the shipment. */
export const createShipment = (ctx: StoreCtx, orderId: string, input: CreateShipmentInput) => ship(ctx, orderId, input);

/** The section 9 transition to `fulfilled`: one shipment of every remaining unit → the order. */
export const shipEverythingLeft = (ctx: StoreCtx, orderId: string) => ship(ctx, orderId, { items: [] }, { viaTransition: true });

/** The batch guard of an order's cancel: no shipment of it that is not canceled. */
export const noLiveShipment = (ctx: StoreCtx, orderId: string): Statement =>
  stillHolds(ctx.db, sql`NOT EXISTS (SELECT 1 FROM shipments WHERE order_id = ${orderId} AND status <> 'canceled')`);

export async function hasLiveShipment(ctx: StoreCtx, orderId: string) {
  const row = await ctx.db.get<{ n: number }>(sql`SELECT count(*) AS n FROM shipments WHERE order_id = ${orderId} AND status <> 'canceled'`);
  return row.n > 0;
}

export async function getShipment(ctx: StoreCtx, id: string) {
  if (!isUuid(id)) throw notFound("Shipment");
  const rows = await ctx.db
    .select({ json: shipmentJson })
    .from(shipments)
    .where(and(eq(shipments.id, id), eq(shipments.storeId, ctx.store.storeId)));
  if (rows.length === 0) throw notFound("Shipment");
  return parseOrder(rows);
}

/**
 * How many of the store's shipments changed at or after `since`: the days after since's UTC day from the day counts,
 * plus since's own day's shipments from the index (at most one day of entries, where counting them all read every
 * entry after `since`: docs/shipments.md "The change feed's total").
 */
const feedTotal = (ctx: StoreCtx, since: string) =>
  ctx.db
    .select({
      total: sql<number>`coalesce((SELECT sum(d.shipments) FROM ${shipmentDays} d WHERE d.store_id = ${ctx.store.storeId} AND d.day > substr(${since}, 1, 10)), 0)
      + (SELECT count(*) FROM ${shipments} WHERE ${shipments.storeId} = ${ctx.store.storeId} AND ${shipments.updatedAt} >= ${since}
        AND ${shipments.updatedAt} < date(substr(${since}, 1, 10), '+1 day'))`,
    })
    .from(sql`(SELECT 1)`);

/** Newest first (created_at desc); with updated_since, a change feed (updated_at, then id, ascending). */
export async function listShipments(ctx: StoreCtx, walk: Walk, filter: { order_id?: string; status?: string }) {
  const conditions: SQL[] = [eq(shipments.storeId, ctx.store.storeId)];
  if (filter.order_id) conditions.push(eq(shipments.orderId, filter.order_id));
  if (filter.status) conditions.push(sql`${shipments.status} = ${filter.status}`);
  const at = walk.ascending ? shipments.updatedAt : shipments.createdAt;
  const counted = and(...conditions, ...(walk.since ? [sql`${shipments.updatedAt} >= ${walk.since}`] : []));
  const onlySince = walk.since !== undefined && !filter.order_id && !filter.status;
  const [rows, [{ total }]] = await ctx.db.batch([
    ctx.db
      .select({ json: shipmentJson, at, id: shipments.id })
      .from(shipments)
      .where(and(...conditions, ...walkConditions(walk, at, shipments.id)))
      .orderBy(walkOrder(walk, at, shipments.id))
      .limit(walk.limit + 1)
      .offset(walk.offset),
    onlySince ? feedTotal(ctx, walk.since!) : ctx.db.select({ total: count() }).from(shipments).where(counted),
  ]);
  const page = pageOf(walk, rows, (r) => ({ at: r.at, id: r.id }), total);
  return { data: page.data.map((r) => JSON.parse(r.json)), pagination: page.pagination };
}

type ShipmentRow = typeof shipments.$inferSelect;

async function findShipmentRow(ctx: StoreCtx, id: string): Promise<ShipmentRow> {
  const row = isUuid(id) ? await ctx.db.query.shipments.findFirst({ where: and(eq(shipments.id, id), eq(shipments.storeId, ctx.store.storeId)) }) : undefined;
  if (!row) throw notFound("Shipment");
  return row;
}

const selectShipment = (ctx: StoreCtx, id: string) => ctx.db.select({ json: shipmentJson }).from(shipments).where(eq(shipments.id, id));

/** PATCH: tracking replaces the list; status only becomes delivered, from shipped. A PATCH changing nothing writes nothing. */
export async function updateShipment(ctx: StoreCtx, id: string, input: UpdateShipmentInput) {
  const row = await findShipmentRow(ctx, id);
  if (row.status === "canceled") throw conflict("A canceled shipment cannot change");
  const delivering = input.status === "delivered" || row.status === "delivered";
  if (input.delivered_at !== undefined && !delivering) throw invalidField("delivered_at", "is set only with status delivered, or on a delivered shipment");
  const now = nowIso();
  const tracking =
    input.tracking === undefined
      ? row.tracking
      : JSON.stringify(input.tracking.map((t) => ({ number: t.number, carrier: t.carrier ?? null, url: t.url ?? null })));
  const status = delivering ? "delivered" : row.status;
  const deliveredAt =
    input.delivered_at !== undefined ? new Date(input.delivered_at).toISOString() : row.status === "delivered" ? row.deliveredAt : delivering ? now : null;
  if (tracking === row.tracking && status === row.status && deliveredAt === row.deliveredAt) return getShipment(ctx, id);
  const results = await guarded(
    commit(ctx, [
      stillHolds(ctx.db, sql`EXISTS (SELECT 1 FROM shipments WHERE id = ${id} AND status = ${row.status})`),
      ctx.db.update(shipments).set({ tracking, status, deliveredAt, updatedAt: now }).where(eq(shipments.id, id)),
      auditEntry(ctx, "shipment.update", "shipment", id, { order_id: row.orderId }),
      ...recordEvent(ctx.db, ctx.store.storeId, "shipments.updated", shipmentData(id)),
      selectShipment(ctx, id),
    ]),
    { conflict: () => conflict("The shipment changed meanwhile (delivered or canceled); nothing was applied") },
  );
  return parseOrder(results.at(-1));
}

const hasReturn = () => conflict("The order has a return: its shipments can no longer be canceled (the returned units were shipped by them)");

/**
 * Cancel: the shipment's units are to ship again; on_hand and committed rise back at the locations they left (ledger
 * reason order_committed, reference the shipment); a fulfilled order goes back to paid.
 */
export async function cancelShipment(ctx: StoreCtx, id: string) {
  const row = await findShipmentRow(ctx, id);
  if (row.status !== "shipped") throw conflict(`A ${row.status} shipment cannot be canceled (only a shipped one)`);
  const order = await findOrderRow(ctx, row.orderId);
  if (order.status !== "paid" && order.status !== "fulfilled") throw conflict(`A shipment of a ${order.status} order cannot be canceled`);
  const [lines, returned, mine] = await Promise.all([
    lineStates(ctx, row.orderId),
    ctx.db.get<{ n: number }>(sql`SELECT count(*) AS n FROM returns WHERE order_id = ${row.orderId}`),
    ctx.db.get<{ n: number }>(sql`SELECT coalesce(sum(quantity), 0) AS n FROM shipment_items WHERE shipment_id = ${id}`),
  ]);
  if (returned.n > 0) throw hasReturn();
  const totalQuantity = lines.reduce((sum, l) => sum + l.quantity, 0);
  const shippedBefore = lines.reduce((sum, l) => sum + l.fulfilled, 0);
  const shippedAfter = shippedBefore - mine.n;
  const orderChanges = shippedBefore === totalQuantity || shippedAfter === 0;
  const now = nowIso();
  const back = sql`(SELECT sum(ss.quantity) FROM shipment_stock ss WHERE ss.shipment_id = ${id}
    AND ss.variant_id = inventory_levels.variant_id AND ss.location_id = inventory_levels.location_id)`;
  const results = await guarded(
    commit(ctx, [
      stillHolds(
        ctx.db,
        sql`EXISTS (SELECT 1 FROM shipments WHERE id = ${id} AND status = 'shipped')
        AND (SELECT status FROM orders WHERE id = ${row.orderId}) IN ('paid', 'fulfilled') AND ${shippedOf(row.orderId)} = ${shippedBefore}`,
      ),
      noReturn(ctx, row.orderId),
      // The stock goes back to levels that still exist (a variant deleted since has none: 409, nothing changes) and
      // have room for it under MAX_ON_HAND (a level counted up meanwhile: 409 rather than the levels' CHECK failing).
      stillHolds(
        ctx.db,
        sql`NOT EXISTS (SELECT 1 FROM shipment_stock ss WHERE ss.shipment_id = ${id} AND NOT EXISTS (SELECT 1 FROM inventory_levels il
        WHERE il.variant_id = ss.variant_id AND il.location_id = ss.location_id AND il.on_hand + (SELECT sum(s2.quantity) FROM shipment_stock s2 WHERE s2.shipment_id = ${id}
          AND s2.variant_id = il.variant_id AND s2.location_id = il.location_id) <= ${MAX_ON_HAND}))`,
      ),
      ctx.db.update(shipments).set({ status: "canceled", updatedAt: now }).where(eq(shipments.id, id)),
      ...stockChange(ctx, { reason: "order_committed", reference: id, orderId: row.orderId }, [
        ctx.db
          .update(inventoryLevels)
          .set({ onHand: sql`on_hand + ${back}`, committed: sql`committed + ${back}`, updatedAt: now })
          .where(
            sql`store_id = ${ctx.store.storeId} AND (variant_id, location_id) IN (SELECT variant_id, location_id FROM shipment_stock WHERE shipment_id = ${id})`,
          ),
      ]),
      ctx.db.update(orders).set({ status: "paid", updatedAt: now }).where(eq(orders.id, row.orderId)),
      auditEntry(ctx, "shipment.cancel", "shipment", id, { order_id: row.orderId }),
      ...recordEvent(ctx.db, ctx.store.storeId, "shipments.canceled", shipmentData(id)),
      ...(orderChanges ? recordEvent(ctx.db, ctx.store.storeId, "orders.updated", orderEventData(row.orderId)) : []),
      selectShipment(ctx, id),
    ]),
    {
      conflict: () =>
        conflict(
          "The shipment or its order changed meanwhile (canceled, delivered, a return recorded, a variant deleted, or a level left with no room for the units under its maximum on_hand); nothing was applied",
        ),
    },
  );
  return parseOrder(results.at(-1));
}
