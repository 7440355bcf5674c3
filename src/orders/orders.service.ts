// Orders: create (stock committed atomically), list, read. Stock is taken by conditional SQL in the order's own
// batch: the line insert computes what it may reserve from the variant's stock (the sum of available over active
// locations) as the batch sees it, and a CHECK on order_lines fails the whole batch when a stocked line could not
// reserve its quantity; the reserved units are then committed at locations (allocations.ts). Of two concurrent
// orders for the last unit, the second batch sees stock 0 and rolls back, leaving nothing changed.
import { and, count, eq, type SQL, sql } from "drizzle-orm";
import { orderLines, orders } from "../db/schema";
import { auditEntry } from "../lib/audit";
import type { StoreCtx } from "../lib/context";
import { ApiError, conflict, invalidField, notFound } from "../lib/errors";
import { isUuid, nowIso, uuidv7 } from "../lib/ids";
import { commit, recordEvent } from "../events/outbox";
import { type Walk, pageOf, walkConditions, walkOrder } from "../lib/cursor";
import { stockChange } from "../events/stock-changes";
import { commitLine } from "./allocations";
import { productUpdatedEvent } from "../products/products.service";
import type { FieldsInput } from "../fields/schemas";
import { prepareFields } from "../fields/field-values";
import { isCheckViolation } from "../lib/db";
import { failedGuard, stillHolds } from "../lib/guards";
import { orderEventData, orderJson, parseOrder } from "./order-json";
import type { OrderStatus } from "./schemas";
import { type PriceContext, type Resolved, resolveVariants } from "../pricing/resolve";
import { servedBy, speaks } from "../lib/api-versions";

type OrderRow = typeof orders.$inferSelect;

export interface CreateOrderInput {
  customer_id?: string;
  email?: string;
  currency: string;
  country?: string;
  line_items: Array<{ variant_id: string; quantity: number }>;
  fields?: FieldsInput;
}

/** One round trip: the named variants of this store with their product's status, and the customer's email. */
async function lookUp(ctx: StoreCtx, input: CreateOrderInput) {
  const ids = JSON.stringify([...new Set(input.line_items.map((l) => l.variant_id))]);
  const row = await ctx.db.get<{ variants: string; customer_email: string | null }>(sql`SELECT
      (SELECT json_group_array(json_object('id', v.id, 'product_id', v.product_id, 'status', p.status))
         FROM product_variants v JOIN products p ON p.id = v.product_id
        WHERE v.store_id = ${ctx.store.storeId} AND v.id IN (SELECT value FROM json_each(${ids}))) AS variants,
      (SELECT email FROM customers WHERE id = ${input.customer_id ?? ""} AND store_id = ${ctx.store.storeId}) AS customer_email`);
  const variants = JSON.parse(row.variants) as Array<{ id: string; product_id: string; status: string }>;
  const status = new Map(variants.map((v) => [v.id, v.status]));
  const productOf = new Map(variants.map((v) => [v.id, v.product_id]));
  return { status, productOf, customerEmail: row.customer_email };
}

export async function createOrder(ctx: StoreCtx, input: CreateOrderInput) {
  const storeId = ctx.store.storeId;
  const { status, productOf, customerEmail } = await lookUp(ctx, input);
  if (input.customer_id !== undefined && !customerEmail) throw invalidField("customer_id", "is not a customer of this store");
  input.line_items.forEach((line, i) => {
    if (!status.has(line.variant_id)) throw invalidField(`line_items.${i}.variant_id`, "is not a variant of this store");
  });
  const notLive = input.line_items.find((line) => status.get(line.variant_id) !== "live");
  if (notLive) throw conflict(`The product of variant ${notLive.variant_id} is not live`);
  const priced = await priceLines(ctx, input);
  const fields = await prepareFields(ctx, "order", input.fields);

  const id = uuidv7();
  const now = nowIso();
  const lineStatements = input.line_items.flatMap((line, position) => [
    ctx.db.insert(orderLines).select(sql`SELECT ${id}, ${position}, v.id, v.product_id,
        p.title || CASE WHEN v.is_default THEN '' ELSE ' / ' || v.title END, v.sku, ${priced[position].price_cents}, ${line.quantity},
        v.fulfillment_mode, CASE v.fulfillment_mode WHEN 'on_demand' THEN 0 ELSE min(max(v.stock, 0), ${line.quantity}) END,
        ${JSON.stringify(priced[position].source)}
      FROM product_variants v JOIN products p ON p.id = v.product_id
      WHERE v.id = ${line.variant_id} AND v.store_id = ${storeId} AND p.status = 'live'`),
    // The product may have been unpublished or deleted since the look-up.
    stillHolds(ctx.db, sql`EXISTS (SELECT 1 FROM order_lines WHERE order_id = ${id} AND position = ${position})`),
    ...commitLine(ctx, id, position, line.variant_id),
  ]);
  let results: unknown[];
  try {
    results = await commit(ctx, [
      ...(fields?.guards ?? []),
      ctx.db.insert(orders).values({
        id,
        storeId,
        customerId: input.customer_id ?? null,
        email: input.email ?? customerEmail!,
        currency: input.currency,
        country: input.country ?? null,
        status: "pending",
        totalCents: 0,
        refundedCents: 0,
        fields: fields?.json ?? "{}",
        createdAt: now,
        updatedAt: now,
      }),
      // The levels' ledger entries say order_committed, this order, and who placed it.
      ...stockChange(ctx, { reason: "order_committed", orderId: id }, lineStatements),
      // Priced from the variants as the batch saw them.
      ctx.db
        .update(orders)
        .set({ totalCents: sql`(SELECT coalesce(sum(unit_price_cents * quantity), 0) FROM order_lines WHERE order_id = ${id})` })
        .where(eq(orders.id, id)),
      auditEntry(ctx, "order.create", "order", id),
      ...recordEvent(ctx.db, storeId, "orders.created", orderEventData(id)),
      // Reserving stock changes the products' variants: subscribers to products.updated see the new stock.
      ...[...new Set(input.line_items.map((line) => productOf.get(line.variant_id)!))].flatMap((productId) => productUpdatedEvent(ctx, productId)),
      selectOrder(ctx, id),
    ]);
  } catch (error) {
    // order_lines_stocked_reserved, or a level's own CHECK: a stocked line could not reserve its quantity.
    if (isCheckViolation(error)) throw new ApiError("insufficient_stock", "Not enough stock for one of the line items; nothing was changed");
    if (failedGuard(error) === "conflict") throw conflict("A product of this order is no longer live");
    throw error;
  }
  return parseOrder(results.at(-1));
}

/**
 * Each line's price by the one resolution rule (src/pricing/resolve.ts) at this moment, for the order's customer and
 * the line's quantity. A line with no price is 409 `no_price` naming every such line, before anything is written;
 * a request served by API version 2026-11-27 keeps base prices in any currency (docs/api-versions.md).
 */
async function priceLines(ctx: StoreCtx, input: CreateOrderInput) {
  const context: PriceContext = {
    storeId: ctx.store.storeId,
    currency: input.currency,
    country: input.country ?? null,
    customerId: input.customer_id ?? null,
    at: nowIso(),
    baseInAnyCurrency: !speaks(servedBy(ctx), "order_no_price"),
  };
  const resolved = await resolveVariants(
    ctx.db,
    context,
    input.line_items.map((line) => ({ variantId: line.variant_id, quantity: line.quantity })),
  );
  const missing = resolved.flatMap((price, i) => (price ? [] : [i]));
  if (missing.length > 0) {
    throw new ApiError("no_price", `No price applies in ${input.currency} to ${missing.map((i) => `line_items.${i}`).join(", ")}; nothing was created`, {
      errors: missing.map((i) => ({ path: `line_items.${i}.variant_id`, message: `has no price in ${input.currency} for this order` })),
    });
  }
  return resolved as Resolved[];
}

const selectOrder = (ctx: StoreCtx, id: string) =>
  ctx.db
    .select({ json: orderJson })
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.storeId, ctx.store.storeId)));

export async function getOrder(ctx: StoreCtx, id: string) {
  if (!isUuid(id)) throw notFound("Order");
  const rows = await selectOrder(ctx, id);
  if (rows.length === 0) throw notFound("Order");
  return parseOrder(rows);
}

export async function findOrderRow(ctx: StoreCtx, id: string): Promise<OrderRow> {
  const row = isUuid(id) ? await ctx.db.query.orders.findFirst({ where: and(eq(orders.id, id), eq(orders.storeId, ctx.store.storeId)) }) : undefined;
  if (!row) throw notFound("Order");
  return row;
}

/** Newest first (created_at desc); with updated_since, a change feed (updated_at, then id, ascending). */
export async function listOrders(ctx: StoreCtx, walk: Walk, filter: { status?: OrderStatus; customer_id?: string }) {
  const conditions: SQL[] = [eq(orders.storeId, ctx.store.storeId)];
  if (filter.status) conditions.push(eq(orders.status, filter.status));
  if (filter.customer_id) conditions.push(eq(orders.customerId, filter.customer_id));
  const at = walk.ascending ? orders.updatedAt : orders.createdAt;
  const counted = and(...conditions, ...(walk.since ? [sql`${orders.updatedAt} >= ${walk.since}`] : []));
  const [rows, [{ total }]] = await ctx.db.batch([
    ctx.db
      .select({ json: orderJson, at, id: orders.id })
      .from(orders)
      .where(and(...conditions, ...walkConditions(walk, at, orders.id)))
      .orderBy(walkOrder(walk, at, orders.id))
      .limit(walk.limit + 1)
      .offset(walk.offset),
    ctx.db.select({ total: count() }).from(orders).where(counted),
  ]);
  const page = pageOf(walk, rows, (r) => ({ at: r.at, id: r.id }), total);
  return { data: page.data.map((r) => JSON.parse(r.json)), pagination: page.pagination };
}

export { selectOrder };
