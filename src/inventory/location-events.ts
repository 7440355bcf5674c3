// products.updated for every product whose stock a location's activation or deactivation changes (docs/inventory.md
// "Locations"). Turning a location on or off changes the stock of every variant holding available units there (the
// trigger `inventory_location_active` recomputes it), which can be thousands of products: rather than four statements
// per product (productUpdatedEvent), three set-based statements do it for all of them in the change's own batch,
// whatever their number: bump their updated_at, record one event each, fan those events out. The events' ids share
// a prefix made for this batch (a UUIDv7 whose last 12 hex digits count the products), which is how the fan-out
// finds exactly them.
import { sql } from "drizzle-orm";
import { events, products, webhookDeliveries } from "../db/schema";
import type { StoreCtx } from "../lib/context";
import { nowIso, uuidv7 } from "../lib/ids";
import type { Statement } from "../events/outbox";
import { envelopeSql, uuidv7Sql } from "../events/fan-out";
import { productJsonSql } from "../products/product-json";

/** The products with available units at the location: their stock moves when it turns on or off. */
const affected = (locationId: string) =>
  sql`SELECT DISTINCT il.product_id FROM inventory_levels il WHERE il.location_id = ${locationId} AND il.on_hand <> il.committed`;

/** Put after the location's update: the events carry each product as it is after the change. */
export function productsOfLocationUpdated(ctx: StoreCtx, locationId: string): Statement[] {
  const storeId = ctx.store.storeId;
  const now = Date.now();
  const at = nowIso(now);
  const prefix = uuidv7(now).slice(0, 24);
  const eventId = sql`${prefix} || printf('%012x', a.n)`;
  const name = "products.updated";
  const bump = ctx.db
    .update(products)
    .set({ updatedAt: at })
    .where(sql`${products.storeId} = ${storeId} AND ${products.id} IN (${affected(locationId)})`);
  const record = ctx.db.insert(events).select(
    sql`SELECT ${eventId}, ${storeId}, ${name}, ${at}, ${envelopeSql(eventId, storeId, name, at, productJsonSql(sql`a.product_id`))}, NULL, NULL
      FROM (SELECT product_id, row_number() OVER (ORDER BY product_id) AS n FROM (${affected(locationId)})) a`,
  );
  const fanOut = ctx.db
    .insert(webhookDeliveries)
    .select(
      sql`SELECT ${uuidv7Sql(now)}, w.store_id, w.id, e.id, w.event, 'pending', 0, ${at}, NULL, NULL, ${at}, NULL, NULL
        FROM events e JOIN webhooks w ON w.store_id = e.store_id AND w.event = e.name AND w.active = 1
        WHERE e.store_id = ${storeId} AND e.id BETWEEN ${`${prefix}000000000000`} AND ${`${prefix}ffffffffffff`}`,
    )
    .returning({ fannedOutDeliveryId: webhookDeliveries.id, fannedOutStoreId: webhookDeliveries.storeId });
  return [bump, record, fanOut];
}
