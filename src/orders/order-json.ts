// SQL that renders an order as the API returns it, and the `data` of its events, from the rows themselves:
// used inside a change's batch, the event and the response show exactly what was committed; and the parse of the
// order JSON a batch ends with.
import { type SQL, sql } from "drizzle-orm";

/** Where a line's committed units came from: the default location first, then by position. */
const allocations = sql`json((SELECT json_group_array(json_object('location_id', a.location_id, 'quantity', a.quantity)
    ORDER BY loc.is_default DESC, loc.position, a.location_id)
  FROM order_allocations a LEFT JOIN locations loc ON loc.id = a.location_id WHERE a.order_id = l.order_id AND a.position = l.position))`;

/** Units of line `l` in the order's shipments that are not canceled (docs/api/25-shipments.md). */
export const fulfilledOfLine = sql`(SELECT coalesce(sum(si.quantity), 0) FROM shipment_items si JOIN shipments s ON s.id = si.shipment_id
  WHERE s.order_id = l.order_id AND s.status <> 'canceled' AND si.position = l.position)`;

/** Units of line `l` in the order's returns (docs/api/25-shipments.md). */
export const returnedOfLine = sql`(SELECT coalesce(sum(ri.quantity), 0) FROM return_items ri JOIN returns r ON r.id = ri.return_id
  WHERE r.order_id = l.order_id AND ri.position = l.position)`;

/** A line item's stable id: its order and position (docs/shipments.md). */
export const lineItemId = (orderId: SQL, position: SQL) => sql`${orderId} || ':' || ${position}`;

/** The position a line item id names in order `orderId`; undefined for any other text (another order's line included). */
export function linePosition(orderId: string, id: string): number | undefined {
  const cut = id.lastIndexOf(":");
  const position = id.slice(cut + 1);
  return cut > 0 && id.slice(0, cut) === orderId && /^\d+$/.test(position) ? Number(position) : undefined;
}

const lineItems = sql`json((SELECT json_group_array(json_object(
    'id', ${lineItemId(sql`l.order_id`, sql`l.position`)}, 'variant_id', l.variant_id, 'product_id', l.product_id, 'title', l.title, 'sku', l.sku,
    'unit_price_cents', l.unit_price_cents, 'quantity', l.quantity, 'price_source', json(l.price_source),
    'allocations', ${allocations}, 'fulfilled_quantity', ${fulfilledOfLine}, 'returned_quantity', ${returnedOfLine}) ORDER BY l.position)
  FROM order_lines l WHERE l.order_id = orders.id))`;

/** unfulfilled, partially_fulfilled or fulfilled, from the units in shipments that are not canceled. */
const fulfillmentStatus = sql`(SELECT CASE WHEN coalesce(sum(f.shipped), 0) = 0 THEN 'unfulfilled'
    WHEN sum(f.shipped) >= sum(f.quantity) THEN 'fulfilled' ELSE 'partially_fulfilled' END
  FROM (SELECT l.quantity, ${fulfilledOfLine} AS shipped FROM order_lines l WHERE l.order_id = orders.id) f)`;

/** The order resource as JSON text, in a query over the `orders` table. */
export const orderJson = sql<string>`json_object('id', orders.id, 'store_id', orders.store_id,
  'customer_id', orders.customer_id, 'email', orders.email, 'currency', orders.currency, 'country', orders.country, 'status', orders.status,
  'fulfillment_status', ${fulfillmentStatus}, 'total_cents', orders.total_cents, 'refunded_cents', orders.refunded_cents, 'line_items', ${lineItems},
  'fields', json(orders.fields), 'created_at', orders.created_at, 'updated_at', orders.updated_at)`;

/** The order a batch's last statement (`SELECT orderJson AS json`) returned, parsed. */
export const parseOrder = (result: unknown) => JSON.parse((result as Array<{ json: string }>)[0].json);

/** The `data` of orders.* events (docs/api/08-webhooks.md): a SELECT yielding the JSON text. */
export const orderEventData = (orderId: string) =>
  sql`SELECT json_object('id', orders.id, 'status', orders.status, 'fulfillment_status', ${fulfillmentStatus}, 'total_cents', orders.total_cents,
    'currency', orders.currency, 'line_items', ${lineItems}, 'customer_id', orders.customer_id, 'fields', json(orders.fields))
    FROM orders WHERE orders.id = ${orderId}`;
