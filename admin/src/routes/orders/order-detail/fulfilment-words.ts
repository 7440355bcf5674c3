// How the order page names lines, shipments and the order's fulfilment (docs/api/25-shipments.md), shared by its
// shipments, the "Ship items" and "Record return" dialogs and the returns.
import type { Order } from "../../../hooks/api/orders";
import type { ShipmentStatus } from "../../../hooks/api/shipments";

export type OrderLine = Order["line_items"][number];

/** A line as the order page names it: its title and SKU ("Oak stool (OAK-1)"). */
export const lineName = (line: { title: string; sku: string | null }) => (line.sku ? `${line.title} (${line.sku})` : line.title);

/** Units of a line still to ship: ordered, less those in shipments not canceled. */
export const leftToShip = (line: OrderLine) => Math.max(0, line.quantity - line.fulfilled_quantity);

/** Units of a line that can come back: shipped, less those returned already. */
export const returnable = (line: OrderLine) => Math.max(0, line.fulfilled_quantity - line.returned_quantity);

export const FULFILMENT_LABEL: Record<Order["fulfillment_status"], string> = {
  unfulfilled: "Not shipped",
  partially_fulfilled: "Partially shipped",
  fulfilled: "Shipped",
};

export const SHIPMENT_STATUS_LABEL: Record<ShipmentStatus, string> = {
  shipped: "Shipped",
  delivered: "Delivered",
  canceled: "Canceled",
};

const units = (n: number) => `${n} ${n === 1 ? "unit" : "units"}`;

/** The order's fulfilment in words: "Partially shipped: 2 of 5 units shipped, 3 to ship, 1 returned." */
export function fulfilmentWords(order: Order): string {
  const ordered = order.line_items.reduce((n, l) => n + l.quantity, 0);
  const shipped = order.line_items.reduce((n, l) => n + l.fulfilled_quantity, 0);
  const returned = order.line_items.reduce((n, l) => n + l.returned_quantity, 0);
  const left = ordered - shipped;
  const parts = [`${shipped} of ${units(ordered)} shipped`];
  if (left > 0 && (order.status === "pending" || order.status === "paid")) parts.push(`${left} to ship`);
  if (returned > 0) parts.push(`${returned} returned`);
  return `${FULFILMENT_LABEL[order.fulfillment_status]}: ${parts.join(", ")}.`;
}
