// The events outbox. `recordEvent` returns the statements that record one store event; they go into the
// change's own db.batch (see `commit`), so an event exists exactly when its change does.
import type { BatchItem } from "drizzle-orm/batch";
import { events } from "../db/schema";
import type { Db } from "./context";
import { nowIso, uuidv7 } from "./ids";

export const EVENT_NAMES = {
  "orders.created": "A new order was committed (payment intent issued)",
  "orders.updated": "An order's status changed: paid, fulfilled, canceled, refunded",
  "orders.refunded": "A refund has cleared",
  "products.created": "A product was created, drafts included",
  "products.updated": "A product, its variants, specs, reviews, status or media changed",
  "products.deleted": "A product was deleted",
  "product.image.created": "A gallery item was added",
  "product.image.updated": "A gallery item was changed",
  "product.image.deleted": "A gallery item was removed",
  "customers.created": "A customer was created",
  "customers.updated": "A customer profile was edited",
  "user.created": "A teammate accepted an invite",
} as const;

export type EventName = keyof typeof EVENT_NAMES;

export type Statement = BatchItem<"sqlite">;

export function recordEvent(db: Db, storeId: string, name: EventName, data: { id: string; [key: string]: unknown }): Statement[] {
  return [
    db.insert(events).values({ id: uuidv7(), storeId, name, data: JSON.stringify(data), createdAt: nowIso() }),
  ];
}

/** Runs a change's statements as one atomic D1 batch. */
export async function commit(db: Db, statements: Statement[]) {
  if (statements.length === 0) return [];
  return db.batch(statements as [Statement, ...Statement[]]);
}
