// The events outbox. `recordEvent` returns the statements that record one store event; they go into the
// change's own db.batch (through `commit`), so an event exists exactly when its change does.
import type { BatchItem } from "drizzle-orm/batch";
import { type SQL, sql } from "drizzle-orm";
import { batchActor, events } from "../db/schema";
import type { Db, Principal } from "../lib/context";
import type { EventName } from "./names";
import type { EventData } from "../webhooks/event-schemas";
import { nowIso, uuidv7 } from "../lib/ids";
import { enqueueDeliveries, envelopeSql, fanOutStatement, isFanOutResult } from "./fan-out";
import { type IdempotencyClaim, keyStatement, lostKey } from "../lib/idempotency";

export type Statement = BatchItem<"sqlite">;

/** What a change needs to commit: the database, plus what runs after the batch (queueing deliveries). */
export interface CommitCtx {
  db: Db;
  env: Env;
  waitUntil: (promise: Promise<unknown>) => void;
  /** The request's Idempotency-Key, committed in the same batch as the change. */
  idempotency?: IdempotencyClaim;
  /** Who makes the change, in which store: the batch's `batch_actor` row (read by the price history triggers). */
  principal?: Principal;
  store?: { storeId: string };
}

/** The batch's actor row, first and last in the batch: what triggers that record a change's author read. */
function actorRows(ctx: CommitCtx): [Statement[], Statement[]] {
  if (!ctx.principal || !ctx.store) return [[], []];
  const { userId, token, integration } = ctx.principal;
  const actor = JSON.stringify({ user_id: integration ? null : userId, token_id: token?.id ?? null, integration_id: integration?.id ?? null });
  return [[ctx.db.insert(batchActor).values({ singleton: 1, storeId: ctx.store.storeId, actor })], [ctx.db.delete(batchActor)]];
}

/**
 * The statements recording one event. `data` is either a value, or a SQL expression that yields the JSON text,
 * evaluated inside the batch after the change's own statements (so it sees the changed rows).
 */
export function recordEvent<E extends EventName>(db: Db, storeId: string, name: E, data: EventData<E> | SQL): Statement[] {
  // The insert builder, not db.run(sql`...`): Drizzle's D1 batch cannot bind the parameters of a raw statement
  // (it throws "Cannot read properties of undefined (reading 'bind')"). A SQL `data` is parenthesised so that a
  // bare SELECT works as a scalar subquery.
  const json = isSql(data) ? sql`(${data})` : sql`${JSON.stringify(data)}`;
  const now = Date.now();
  const id = uuidv7(now);
  const at = nowIso(now);
  // The event is stored once, as the webhook envelope built from its data: every delivery sends those bytes.
  const insert = db.insert(events).select(sql`SELECT ${id}, ${storeId}, ${name}, ${at}, ${envelopeSql(id, storeId, name, at, json)}, NULL, NULL`);
  // The webhook fan-out rides in the same batch: the deliveries exist exactly when the event does. Its result rows
  // name each delivery and its store, which is how `commit` finds what to queue.
  return [insert, fanOutStatement(db, id, storeId, name, now)];
}

const isSql = (value: unknown): value is SQL => typeof value === "object" && value !== null && "queryChunks" in value;

/**
 * Runs a change's statements as one atomic D1 batch, with the request's idempotency key when it holds one (first,
 * its result dropped, so the results line up with `statements`), then queues the webhook deliveries it created.
 */
export async function commit(ctx: CommitCtx, statements: Statement[]) {
  if (statements.length === 0) return [];
  const key = ctx.idempotency ? [keyStatement(ctx.db, ctx.idempotency)] : [];
  const [open, close] = actorRows(ctx);
  const batch = ctx.db.batch([...key, ...open, ...statements, ...close] as [Statement, ...Statement[]]).catch((error: unknown) => {
    throw (ctx.idempotency && lostKey(error)) || error;
  });
  const results = (await batch).slice(key.length + open.length, key.length + open.length + statements.length);
  // After the commit only: a queued id always names a stored delivery. Lost sends are recovered by the sweep.
  const byStore = new Map<string, string[]>();
  for (const result of results) {
    if (!isFanOutResult(result)) continue;
    for (const { fannedOutDeliveryId: id, fannedOutStoreId: storeId } of result) byStore.set(storeId, [...(byStore.get(storeId) ?? []), id]);
  }
  for (const [storeId, ids] of byStore) if (ids.length > 0) ctx.waitUntil(enqueueDeliveries(ctx.env, storeId, ids));
  return results;
}
