// The events outbox. `recordEvent` returns the statements that record one store event; they go into the
// change's own db.batch (through `commit`), so an event exists exactly when its change does.
import type { BatchItem } from "drizzle-orm/batch";
import { type SQL, sql } from "drizzle-orm";
import { events } from "../db/schema";
import type { Db } from "./context";
import { nowIso, uuidv7 } from "./ids";
import { enqueueDeliveries, envelopeSql, fanOutStatement } from "../webhooks/fan-out";
import { type IdempotencyClaim, keyStatement, lostKey } from "./idempotency";

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
  "collections.created": "A collection was created",
  "collections.updated": "A collection, its rules, or a manual collection's products or their order changed",
  "collections.deleted": "A collection was deleted",
  "customers.created": "A customer was created",
  "customers.updated": "A customer profile was edited",
  "user.created": "A teammate accepted an invite",
} as const;

export type EventName = keyof typeof EVENT_NAMES;

export type Statement = BatchItem<"sqlite">;

/** What a change needs to commit: the database, plus what runs after the batch (queueing deliveries). */
export interface CommitCtx {
  db: Db;
  env: Env;
  waitUntil: (promise: Promise<unknown>) => void;
  /** The request's Idempotency-Key, committed in the same batch as the change. */
  idempotency?: IdempotencyClaim;
}

/**
 * The statements recording one event. `data` is either a value, or a SQL expression that yields the JSON text,
 * evaluated inside the batch after the change's own statements (so it sees the changed rows).
 */
export function recordEvent(
  db: Db,
  storeId: string,
  name: EventName,
  data: { id: string; [key: string]: unknown } | SQL,
): Statement[] {
  // The insert builder, not db.run(sql`...`): Drizzle's D1 batch cannot bind the parameters of a raw statement
  // (it throws "Cannot read properties of undefined (reading 'bind')"). A SQL `data` is parenthesised so that a
  // bare SELECT works as a scalar subquery.
  const json = isSql(data) ? sql`(${data})` : sql`${JSON.stringify(data)}`;
  const now = Date.now();
  const id = uuidv7(now);
  const at = nowIso(now);
  // The event is stored once, as the webhook envelope built from its data: every delivery sends those bytes.
  const insert = db.insert(events).select(sql`SELECT ${id}, ${storeId}, ${name}, ${at}, ${envelopeSql(id, storeId, name, at, json)}`);
  // The webhook fan-out rides in the same batch: the deliveries exist exactly when the event does.
  const fanOut = fanOutStatement(db, id, storeId, name, now);
  fanOuts.set(fanOut, storeId);
  return [insert, fanOut];
}

/** The fan-out statements and their store, so that `commit` can find the delivery ids they return. */
const fanOuts = new WeakMap<object, string>();

const isSql = (value: unknown): value is SQL => typeof value === "object" && value !== null && "queryChunks" in value;

/**
 * Runs a change's statements as one atomic D1 batch, with the request's idempotency key when it holds one (first,
 * its result dropped, so the results line up with `statements`), then queues the webhook deliveries it created.
 */
export async function commit(ctx: CommitCtx, statements: Statement[]) {
  if (statements.length === 0) return [];
  const key = ctx.idempotency ? [keyStatement(ctx.db, ctx.idempotency)] : [];
  const batch = ctx.db.batch([...key, ...statements] as [Statement, ...Statement[]]).catch((error: unknown) => {
    throw (ctx.idempotency && lostKey(error)) || error;
  });
  const results = (await batch).slice(key.length);
  // After the commit only: a queued id always names a stored delivery. Lost sends are recovered by the sweep.
  const byStore = new Map<string, string[]>();
  statements.forEach((s, i) => {
    const storeId = fanOuts.get(s);
    if (storeId) byStore.set(storeId, [...(byStore.get(storeId) ?? []), ...(results[i] as Array<{ id: string }>).map((r) => r.id)]);
  });
  for (const [storeId, ids] of byStore) if (ids.length > 0) ctx.waitUntil(enqueueDeliveries(ctx.env, storeId, ids));
  return results;
}
