// Order status changes and refunds. Each runs as one batch guarded by the status it was decided on, so a
// concurrent change makes it fail (409) instead of applying twice: no double release of stock, no double refund.
import { eq, sql } from "drizzle-orm";
import { orderLines, orders } from "../db/schema";
import { auditEntry } from "../lib/audit";
import type { StoreCtx } from "../lib/context";
import { conflict, invalidField } from "../lib/errors";
import { productUpdatedEvent } from "../products/products.service";
import { nowIso } from "../lib/ids";
import { commit, recordEvent, type Statement } from "../events/outbox";
import { stockChange } from "../events/stock-changes";
import { settleAllocations } from "./allocations";
import { guarded, stillHolds } from "../lib/guards";
import { orderEventData, parseOrder } from "./order-json";
import { findOrderRow, selectOrder } from "./orders.service";
import type { OrderStatus } from "./schemas";
import { hasLiveShipment, noLiveShipment, shipEverythingLeft } from "./shipments.service";

/** target ← the statuses it may be reached from through POST .../transitions. */
const TRANSITIONS: Partial<Record<OrderStatus, OrderStatus[]>> = {
  paid: ["pending"],
  fulfilled: ["paid"],
  canceled: ["pending", "paid"],
};
const REFUNDABLE: OrderStatus[] = ["paid", "fulfilled"];

const inStatus = (id: string, statuses: OrderStatus[]) =>
  sql`EXISTS (SELECT 1 FROM orders WHERE id = ${id} AND status IN (${sql.join(
    statuses.map((s) => sql`${s}`),
    sql`, `,
  )}))`;

async function run(ctx: StoreCtx, id: string, statements: Statement[]) {
  const results = await guarded(commit(ctx, [...statements, selectOrder(ctx, id)]), {
    conflict: () => conflict("The order changed meanwhile; nothing was applied"),
  });
  return parseOrder(results.at(-1));
}

export async function transitionOrder(ctx: StoreCtx, id: string, target: OrderStatus) {
  const order = await findOrderRow(ctx, id);
  if (target === "refunded") throw conflict("An order becomes refunded only through POST .../refunds");
  if (!(TRANSITIONS[target] ?? []).includes(order.status)) {
    throw conflict(`An order cannot move from ${order.status} to ${target}`);
  }
  // Shipping everything left is one shipment (docs/api/25-shipments.md "Order status").
  if (target === "fulfilled") return shipEverythingLeft(ctx, id);
  if (target === "canceled" && (await hasLiveShipment(ctx, id))) {
    throw conflict("An order with a shipment that is not canceled cannot be canceled");
  }
  const statements: Statement[] = [
    stillHolds(ctx.db, inStatus(id, [order.status])),
    ctx.db.update(orders).set({ status: target, updatedAt: nowIso() }).where(eq(orders.id, id)),
  ];
  if (target === "canceled") {
    const lines = await ctx.db.selectDistinct({ productId: orderLines.productId }).from(orderLines).where(eq(orderLines.orderId, id));
    // Exactly what the order committed is released at each location (nothing for on-demand units).
    statements.push(
      // A shipment racing the cancel: of the two, the batch that comes second fails.
      noLiveShipment(ctx, id),
      ...stockChange(ctx, { reason: "order_released", orderId: id }, [settleAllocations(ctx, id, "release")]),
      // The returned stock is a change of those products (see createOrder).
      ...lines.flatMap((line) => productUpdatedEvent(ctx, line.productId)),
    );
  }
  statements.push(
    auditEntry(ctx, `order.${target === "canceled" ? "cancel" : "pay"}`, "order", id),
    ...recordEvent(ctx.db, ctx.store.storeId, "orders.updated", orderEventData(id)),
  );
  return run(ctx, id, statements);
}

/** Records a refund as cleared (no payment provider here): status refunded, orders.updated + orders.refunded. */
export async function refundOrder(ctx: StoreCtx, id: string, input: { amount_cents?: number }) {
  const order = await findOrderRow(ctx, id);
  if (!REFUNDABLE.includes(order.status)) throw conflict(`A ${order.status} order cannot be refunded`);
  const amount = input.amount_cents ?? order.totalCents;
  if (amount > order.totalCents) throw invalidField("amount_cents", `must be at most the order total (${order.totalCents})`);
  return run(ctx, id, [
    stillHolds(ctx.db, inStatus(id, REFUNDABLE)),
    ctx.db.update(orders).set({ status: "refunded", refundedCents: amount, updatedAt: nowIso() }).where(eq(orders.id, id)),
    auditEntry(ctx, "order.refund", "order", id),
    ...recordEvent(ctx.db, ctx.store.storeId, "orders.updated", orderEventData(id)),
    ...recordEvent(ctx.db, ctx.store.storeId, "orders.refunded", orderEventData(id)),
  ]);
}
