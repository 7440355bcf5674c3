// The move job (docs/scale.md section 4, "Moving a store"; API.md section 14). A move is a row of `store_moves` in
// the directory, and each queue message runs one bounded step of it, then sends the message for the next:
//
//   copying   wait         until the store's previous move (done or failed) has finished its purge or cleanup
//   copying   copy:users, copy:stores (arrives `incoming`), copy:<history>      the store stays live
//   copying   pause        the source's row and the directory say `moving`: writes answer 503
//   paused    drain        wait (delayed messages) until no delivery holds a live claim
//   paused    copy:<every table>, history again from shortly before the move began
//   verifying verify:<every table>                                               every row's key and contents, both sides
//   verifying flip         target `active`, directory → target (version + 1), source `moved`
//   done      purge_wait → purge:<table>, children first                        rows leave the source
//   failed    restore → clean:<table>                                            the store active where it was
//
// A step commits only if the move's `seq` is still what it read (compare-and-set), and every step is idempotent,
// so a duplicate message, a retry after a crash or a cron re-send (src/moves/queue.ts) can never apply a step
// twice in a way that matters: the loser of the race changes nothing and sends nothing.
import { nowIso } from "../lib/ids";
import { spendDatabaseWrite } from "../access/write-budget";
import { forgetPlacement, placementOf, shardBinding } from "../lib/store-db";
import { uuidv7Floor } from "../retention/tables";
import { STALE_CLAIM_MS } from "../webhooks/attempt";
import { copyChunk, copyKeys, deleteChunk, deleteKeys, DELETE_ROWS } from "./copy";
import { type MoveRow, type Next, advance, readMove } from "./moves-table";
import { DELETE_ORDER, EARLY_TABLES, MOVED_TABLES, type MovedTable, tableNamed } from "./tables";
import { verifyRange } from "./verify";

/** While the store's previous move is still purging or cleaning, look again this much later. */
const WAIT_POLL_MS = 2_000;
/** A live copy step refused by its target's write budget runs again this much later (a budget window). */
const BUDGET_WAIT_MS = 10_000;
/** While a sender's claim is live, look again this much later. */
const DRAIN_POLL_MS = 2_000;
/** Step 3 copies history again from this long before the move began: ids made then may have committed late. */
const REWIND_MS = 60_000;
/** Default for MOVE_PURGE_DELAY_SECONDS: longer than the isolates' 60 s placement cache. */
const PURGE_DELAY_SECONDS = 150;

export type MoveMessage = { move_id: string; seq: number };

export function purgeDelayMs(env: Env): number {
  const seconds = Number(env.MOVE_PURGE_DELAY_SECONDS);
  return (Number.isFinite(seconds) && seconds >= 0 ? seconds : PURGE_DELAY_SECONDS) * 1000;
}

/**
 * Runs the step `message` names. Returns the move after the step, or null when the message was stale (its step
 * already taken) or the move is finished. Throws when the step failed: nothing was committed to the move row.
 */
export async function runMoveStep(env: Env, message: MoveMessage, now = Date.now()): Promise<MoveRow | null> {
  const move = await readMove(env, message.move_id);
  if (!move || move.finished_at || move.seq !== message.seq) return null;
  return advance(env, move, await nextOf(env, move, now), now);
}

/**
 * A move the job cannot get past (its step failed every retry): the store goes back to being active where it was
 * and the target's partial copy is removed. From the flip on, a move is never failed: the flip and the purge are
 * retried until they complete.
 */
export async function failMove(env: Env, message: MoveMessage, error: string, now = Date.now()): Promise<MoveRow | null> {
  const move = await readMove(env, message.move_id);
  if (!move || move.finished_at || move.seq !== message.seq) return null;
  if (!["copying", "paused", "verifying"].includes(move.state) || move.step === "flip") return null;
  return advance(env, move, { state: "failed", step: "restore", error }, now);
}

async function nextOf(env: Env, move: MoveRow, now: number): Promise<Next> {
  const [kind, name] = move.step.split(":");
  const source = shardBinding(env, move.from_shard);
  const target = shardBinding(env, move.to_shard);
  const store = move.store_id;
  const cursor = move.cursor ? (JSON.parse(move.cursor) as unknown[]) : null;
  switch (kind) {
    case "wait": {
      // The store's previous move may be done or failed and still deleting the store's rows somewhere (its purge or
      // cleanup): this move starts copying only once that is over, so no two jobs touch the store's rows at once.
      const previous = await env.DIRECTORY.prepare("SELECT count(*) AS n FROM store_moves WHERE store_id = ? AND id != ? AND finished_at IS NULL")
        .bind(store, move.id)
        .first<{ n: number }>();
      if ((previous?.n ?? 0) > 0) return { step: "wait", delayMs: WAIT_POLL_MS };
      return { step: `copy:${EARLY_TABLES[0].name}` };
    }
    case "copy": {
      // While the store is live, a copy step spends its target database's write budget like any write, and waits
      // when it is spent. Paused, it does not: the store's writes are stopped, and waiting would lengthen the pause.
      if (move.state === "copying" && !(await spendDatabaseWrite(env, move.to_shard))) return { step: move.step, cursor, delayMs: BUDGET_WAIT_MS };
      const done = await copyChunk(source, target, tableNamed(name), store, cursor);
      return done.cursor ? { step: move.step, cursor: done.cursor, copied: done.copied } : { ...afterCopy(move, name), copied: done.copied };
    }
    case "pause":
      return pause(env, source, move, now);
    case "drain": {
      const live = await source
        .prepare("SELECT count(*) AS n FROM webhook_deliveries WHERE store_id = ? AND claim_id IS NOT NULL AND claimed_at > ?")
        .bind(store, nowIso(now - STALE_CLAIM_MS))
        .first<{ n: number }>();
      if ((live?.n ?? 0) > 0) return { step: "drain", delayMs: DRAIN_POLL_MS };
      return { step: `copy:${MOVED_TABLES[0].name}` };
    }
    case "verify":
      return verify(source, target, move, tableNamed(name), cursor);
    case "flip":
      return flip(env, source, target, move, now);
    case "purge_wait": {
      const due = Date.parse(move.due_at ?? "");
      if (due > now) return { step: "purge_wait", delayMs: due - now };
      await source.prepare("UPDATE stores SET state = 'purging' WHERE id = ? AND state = 'moved'").bind(store).run();
      return { step: `purge:${DELETE_ORDER[0]}` };
    }
    case "purge":
      return deleteStep(source, move, name, "purging", "purge");
    case "restore":
      await source.prepare("UPDATE stores SET state = 'active' WHERE id = ? AND state = 'moving'").bind(store).run();
      await env.DIRECTORY.prepare(
        "UPDATE store_directory SET state = 'active', version = version + 1, updated_at = ? WHERE store_id = ? AND shard = ? AND state = 'moving'",
      )
        .bind(nowIso(now), store, move.from_shard)
        .run();
      forgetPlacement(store);
      return { step: `clean:${DELETE_ORDER[0]}` };
    case "clean":
      return deleteStep(target, move, name, "incoming", "clean");
    default:
      throw new Error(`store move ${move.id}: unknown step ${move.step}`);
  }
}

/** The step after a table's copy: the phase's next table, or the phase's end. */
function afterCopy(move: MoveRow, name: string): Next {
  const tables = move.state === "copying" ? EARLY_TABLES : MOVED_TABLES;
  const next = tables[tables.findIndex((t) => t.name === name) + 1];
  if (next) {
    const rewind = move.state === "paused" && next.history ? [uuidv7Floor(Date.parse(move.created_at) - REWIND_MS)] : null;
    return { step: `copy:${next.name}`, cursor: rewind };
  }
  return move.state === "copying" ? { step: "pause" } : { state: "verifying", step: `verify:${MOVED_TABLES[0].name}` };
}

/** Step 2: the source's row first (it is what the access check and the triggers read), then the directory. */
async function pause(env: Env, source: D1Database, move: MoveRow, now: number): Promise<Next> {
  await source.prepare("UPDATE stores SET state = 'moving' WHERE id = ? AND state = 'active'").bind(move.store_id).run();
  const row = await source.prepare("SELECT state FROM stores WHERE id = ?").bind(move.store_id).first<{ state: string }>();
  if (row?.state !== "moving") return { state: "failed", step: "restore", error: `the store's row on ${move.from_shard} is ${row?.state ?? "missing"}` };
  await env.DIRECTORY.prepare(
    "UPDATE store_directory SET state = 'moving', version = version + 1, updated_at = ? WHERE store_id = ? AND shard = ? AND state = 'active'",
  )
    .bind(nowIso(now), move.store_id, move.from_shard)
    .run();
  forgetPlacement(move.store_id);
  return { state: "paused", step: "drain" };
}

/** Step 4 for one range of one table. */
async function verify(source: D1Database, target: D1Database, move: MoveRow, table: MovedTable, cursor: unknown[] | null): Promise<Next> {
  const range = await verifyRange(source, target, table, move.store_id, cursor);
  // History the source's retention deleted after it was copied; lock rows that came and went, or changed, at the pause.
  if (range.extra.length > 0 && (table.history || table.volatile)) await deleteKeys(target, table, move.store_id, range.extra);
  const recopy = [...range.missing, ...range.changed];
  if (recopy.length > 0 && table.volatile) await copyKeys(source, target, table, move.store_id, recopy);
  const missing = table.volatile ? 0 : range.missing.length;
  const extra = table.history || table.volatile ? 0 : range.extra.length;
  const changed = table.volatile ? 0 : range.changed.length;
  if (missing > 0 || extra > 0 || changed > 0) {
    return {
      state: "failed",
      step: "restore",
      error: `verification failed: ${table.name}: ${missing} rows missing on the target, ${extra} rows not on the source, ${changed} rows whose contents differ`,
    };
  }
  if (range.cursor) return { step: move.step, cursor: range.cursor };
  const next = MOVED_TABLES[MOVED_TABLES.indexOf(table) + 1];
  return next ? { step: `verify:${next.name}` } : { step: "flip" };
}

/** Step 5. Each write is conditional on the state before it, so a step run again after a crash redoes only what is left. */
async function flip(env: Env, source: D1Database, target: D1Database, move: MoveRow, now: number): Promise<Next> {
  await target.prepare("UPDATE stores SET state = 'active' WHERE id = ? AND state = 'incoming'").bind(move.store_id).run();
  const row = await target.prepare("SELECT state FROM stores WHERE id = ?").bind(move.store_id).first<{ state: string }>();
  if (row?.state !== "active") throw new Error(`store move ${move.id}: the target's row is ${row?.state ?? "missing"}`);
  await env.DIRECTORY.prepare(
    "UPDATE store_directory SET shard = ?, state = 'active', version = version + 1, updated_at = ? WHERE store_id = ? AND shard = ?",
  )
    .bind(move.to_shard, nowIso(now), move.store_id, move.from_shard)
    .run();
  await source.prepare("UPDATE stores SET state = 'moved' WHERE id = ? AND state = 'moving'").bind(move.store_id).run();
  // This isolate knows the new place at once; others meet `moved` on the source and read the directory again.
  await placementOf(env, move.store_id, true);
  return { state: "done", step: "purge_wait", delayMs: purgeDelayMs(env) };
}

/** Steps 6 (purge, on the source) and the failure's cleanup (clean, on the target): one bounded DELETE. */
async function deleteStep(db: D1Database, move: MoveRow, name: string, state: string, kind: "purge" | "clean"): Promise<Next> {
  const deleted = await deleteChunk(db, tableNamed(name), move.store_id, state);
  if (deleted >= DELETE_ROWS) return { step: move.step };
  const next = DELETE_ORDER[DELETE_ORDER.indexOf(name) + 1];
  return next ? { step: `${kind}:${next}` } : { step: "end", finished: true };
}
