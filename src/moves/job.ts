// The move job (docs/scale.md section 4, "Moving a store"; docs/api/14-store-databases-and-operators.md). A move is a row of `store_moves` in
// the directory, and each queue message runs one bounded step of it, then sends the message for the next:
//
//   copying   wait         until the store's previous move (done or failed) has finished its purge or cleanup
//   copying   capture      from now on the source writes down every change to the store's rows (src/moves/capture.ts)
//   copying   copy:<every table>                                             the store stays live throughout
//   copying   catchup      apply the changes captured meanwhile, until few are left
//   verifying verify:<every table>   each range's rows hashed on both sides; a difference must be a captured change
//   verifying catchup, hold (no new delivery claims), drain (until no claim is live)
//   paused    pause        one invocation: the last catch-up, writes stopped (source row, directory), the last
//                          changes applied, every row changed since verification began compared on both sides,
//                          then the flip: target `active`, directory → target (version + 1), source `moved`
//   done      settle → purge_wait → purge:<table>, children first                 rows leave the source
//   failed    restore → clean:<table>                                                the store active where it was
//
// What the pause does grows with the writes made during the move, not with the store's size.
// A step commits only if the move's `seq` is still what it read (compare-and-set), and every step is idempotent,
// so a duplicate message, a retry after a crash or a cron re-send (src/moves/queue.ts) can never apply a step
// twice in a way that matters: the loser of the race changes nothing and sends nothing.
import { nowIso } from "../lib/ids";
import { spendDatabaseWrite } from "../access/write-budget";
import { forgetPlacement, placementOf, shardBinding } from "../placement/store-db";
import { STALE_CLAIM_MS } from "../webhooks/delivery/run-attempt";
import { APPLY_ROWS, applyKeys, applyNext, captureState, changedSince, differingSince, endCapture, groupKeys, setCapture, startCapture } from "./capture";
import { copyChunk, deleteChunk, DELETE_ROWS } from "./copy";
import { type MoveRow, type Next, advance, readMove } from "./moves-table";
import { DELETE_ORDER, MOVED_TABLES, type MovedTable, tableNamed } from "./tables";
import { verifyRange } from "./verify";

/** While the store's previous move is still purging or cleaning, look again this much later. */
const WAIT_POLL_MS = 2_000;
/** A live step refused by its target's write budget runs again this much later (a budget window). */
const BUDGET_WAIT_MS = 10_000;
/** While a sender's claim is live, look again this much later. */
const DRAIN_POLL_MS = 1_000;
/** Captured changes left when the live catch-up hands over: what the pause applies is at most about this. */
const PAUSE_BACKLOG = 200;
/** The pause's live catch-up passes before it gives up this run and tries again (a writer outpacing the job). */
const PAUSE_PASSES = 4;
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
 * and the target's partial copy is removed. Once the directory names the target (the pause's flip), a move is
 * never failed: the flip and the purge are retried until they complete.
 */
export async function failMove(env: Env, message: MoveMessage, error: string, now = Date.now()): Promise<MoveRow | null> {
  const move = await readMove(env, message.move_id);
  if (!move || move.finished_at || move.seq !== message.seq) return null;
  if (!["copying", "paused", "verifying"].includes(move.state)) return null;
  if (move.step === "pause" && (await directoryShard(env, move.store_id)) === move.to_shard) return null;
  return advance(env, move, { state: "failed", step: "restore", error }, now);
}

const directoryShard = async (env: Env, storeId: string) =>
  (await env.DIRECTORY.prepare("SELECT shard FROM store_directory WHERE store_id = ?").bind(storeId).first<{ shard: string }>())?.shard;

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
      return { step: "capture" };
    }
    case "capture":
      // Before the first row is read: a change committed before this is seen by the copy, one after it is captured.
      await startCapture(source, store, move.id, nowIso(now));
      return { step: `copy:${MOVED_TABLES[0].name}` };
    case "copy": {
      // The store is live: a copy step spends its target database's write budget like any write, and waits when
      // it is spent.
      if (!(await spendDatabaseWrite(env, move.to_shard))) return { step: move.step, cursor, delayMs: BUDGET_WAIT_MS };
      const done = await copyChunk(source, target, tableNamed(name), store, cursor);
      if (done.cursor) return { step: move.step, cursor: done.cursor, copied: done.copied };
      const next = MOVED_TABLES[MOVED_TABLES.findIndex((t) => t.name === name) + 1];
      return { step: next ? `copy:${next.name}` : "catchup", copied: done.copied };
    }
    case "catchup":
      return catchUp(env, source, target, move);
    case "verify":
      return verify(source, target, move, tableNamed(name), cursor);
    case "hold":
      // No delivery of the store is claimed from now on (the sender backs off); what is in flight is let finish.
      await setCapture(source, store, "hold_claims", 1);
      return { step: "drain" };
    case "drain": {
      const live = await source
        .prepare("SELECT count(*) AS n FROM webhook_deliveries WHERE store_id = ? AND claim_id IS NOT NULL AND claimed_at > ?")
        .bind(store, nowIso(now - STALE_CLAIM_MS))
        .first<{ n: number }>();
      if ((live?.n ?? 0) > 0) return { step: "drain", delayMs: DRAIN_POLL_MS };
      return { step: "pause" };
    }
    case "pause":
      return pause(env, source, target, move, now);
    case "settle":
      return settle(env, source, target, move);
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
      await endCapture(source, store, move.id);
      forgetPlacement(store);
      return { step: `clean:${DELETE_ORDER[0]}` };
    case "clean":
      return deleteStep(target, move, name, "incoming", "clean");
    default:
      throw new Error(`store move ${move.id}: unknown step ${move.step}`);
  }
}

/**
 * The store's capture on the source. Without it nothing would be applied (and a pause would flip a stale copy), so
 * its absence is an error: the step is retried, and the move fails once the retries are spent.
 */
async function capturing(source: D1Database, move: MoveRow) {
  const state = await captureState(source, move.store_id);
  if (!state) throw new Error(`store move ${move.id}: the source has no capture for the store`);
  return state;
}

/**
 * One live catch-up step: the next captured changes applied. Once few are left: verification (the first time)
 * or the hold before the pause (after verification).
 */
async function catchUp(env: Env, source: D1Database, target: D1Database, move: MoveRow): Promise<Next> {
  if (!(await spendDatabaseWrite(env, move.to_shard))) return { step: "catchup", delayMs: BUDGET_WAIT_MS };
  const applied = await applyNext(source, target, move.store_id);
  if (applied >= APPLY_ROWS) return { step: "catchup", copied: applied };
  const state = await capturing(source, move);
  if (state.pending > PAUSE_BACKLOG) return { step: "catchup", copied: applied };
  if (state.verify_seq !== null) return { step: "hold", copied: applied };
  // Verification starts here: every change captured after this point is compared again during the pause.
  await setCapture(source, move.store_id, "verify_seq", state.applied_seq);
  return { state: "verifying", step: `verify:${MOVED_TABLES[0].name}`, copied: applied };
}

/**
 * One range of one table, while the store is live: a row that differs between the two sides must have a change
 * captured since verification began (it is applied later, and compared again in the pause). Any other difference
 * is a row the copy got wrong, and fails the move.
 */
async function verify(source: D1Database, target: D1Database, move: MoveRow, table: MovedTable, cursor: unknown[] | null): Promise<Next> {
  const range = await verifyRange(source, target, table, move.store_id, cursor);
  const differing = [...range.missing, ...range.extra, ...range.changed];
  if (differing.length > 0) {
    const state = await capturing(source, move);
    const explained = await changedSince(source, move.store_id, table, differing, state.verify_seq ?? 0);
    const unexplained = (keys: unknown[][]) => keys.filter((key) => !explained.has(JSON.stringify(key))).length;
    const [missing, extra, changed] = [unexplained(range.missing), unexplained(range.extra), unexplained(range.changed)];
    if (missing + extra + changed > 0) {
      return {
        state: "failed",
        step: "restore",
        error: `verification failed: ${table.name}: ${missing} rows missing on the target, ${extra} rows not on the source, ${changed} rows whose contents differ`,
      };
    }
  }
  if (range.cursor) return { step: move.step, cursor: range.cursor };
  const next = MOVED_TABLES[MOVED_TABLES.indexOf(table) + 1];
  return next ? { step: `verify:${next.name}` } : { step: "catchup" };
}

/**
 * The pause, in one invocation. Live first: the changes captured since the last catch-up are applied. Then the
 * store's writes stop (its row on the source first, which the access check and the triggers read, then the
 * directory), the few changes captured meanwhile are applied, every row changed since verification began is
 * compared on both sides, and the directory is flipped to the target. A run that finds the flip begun (a retry
 * after a crash) completes it.
 */
async function pause(env: Env, source: D1Database, target: D1Database, move: MoveRow, now: number): Promise<Next> {
  if ((await directoryShard(env, move.store_id)) === move.to_shard) return flip(env, source, target, move, now);
  const { verify_seq: since } = await capturing(source, move);
  for (let pass = 0; ; pass++) {
    const applied = await applyNext(source, target, move.store_id);
    if (applied < PAUSE_BACKLOG) break;
    if (pass >= PAUSE_PASSES) return { step: "pause", copied: applied };
  }
  await env.DIRECTORY.prepare("UPDATE store_moves SET state = 'paused' WHERE id = ? AND seq = ?").bind(move.id, move.seq).run();
  const pausedAt = Date.now();
  await source.prepare("UPDATE stores SET state = 'moving' WHERE id = ? AND state = 'active'").bind(move.store_id).run();
  const row = await source.prepare("SELECT state FROM stores WHERE id = ?").bind(move.store_id).first<{ state: string }>();
  if (row?.state !== "moving") return { state: "failed", step: "restore", error: `the store's row on ${move.from_shard} is ${row?.state ?? "missing"}` };
  await env.DIRECTORY.prepare(
    "UPDATE store_directory SET state = 'moving', version = version + 1, updated_at = ? WHERE store_id = ? AND shard = ? AND state = 'active'",
  )
    .bind(nowIso(now), move.store_id, move.from_shard)
    .run();
  forgetPlacement(move.store_id);
  // Paused, the source still takes a few writes (an attempt already sent is recorded, a key's lock is released),
  // so this ends only when nothing more is left.
  let applied = 0;
  for (let n = await applyNext(source, target, move.store_id); n > 0; n = await applyNext(source, target, move.store_id)) applied += n;
  let differing = await differingSince(source, target, move.store_id, since ?? 0);
  if (differing.size > 0) {
    // One of those late writes may have landed between the last pass and the comparison: applied once more.
    await applyKeys(source, target, move.store_id, differing);
    differing = await differingSince(source, target, move.store_id, since ?? 0);
  }
  if (differing.size > 0) {
    const tables = [...differing].map(([table, keys]) => `${table.name}: ${keys.length}`).join(", ");
    return { state: "failed", step: "restore", error: `verification failed: rows changed during the move differ after the pause (${tables})` };
  }
  const next = await flip(env, source, target, move, now);
  // How long the store's writes were refused, as the job saw it (the source's row `moving` until it says `moved`).
  const log = { level: "info", message: "store move paused", move_id: move.id, store_id: move.store_id, paused_ms: Date.now() - pausedAt, applied };
  console.log(JSON.stringify(log));
  return next;
}

/** The flip. Each write is conditional on the state before it, so a run again after a crash redoes only what is left. */
async function flip(env: Env, source: D1Database, target: D1Database, move: MoveRow, now: number): Promise<Next> {
  await target.prepare("UPDATE stores SET state = 'active' WHERE id = ? AND state = 'incoming'").bind(move.store_id).run();
  const row = await target.prepare("SELECT state FROM stores WHERE id = ?").bind(move.store_id).first<{ state: string }>();
  if (row?.state !== "active") throw new Error(`store move ${move.id}: the target's row is ${row?.state ?? "missing"}`);
  await env.DIRECTORY.prepare("UPDATE store_directory SET shard = ?, state = 'active', version = version + 1, updated_at = ? WHERE store_id = ? AND shard = ?")
    .bind(move.to_shard, nowIso(now), move.store_id, move.from_shard)
    .run();
  await source.prepare("UPDATE stores SET state = 'moved' WHERE id = ? AND state = 'moving'").bind(move.store_id).run();
  // This isolate knows the new place at once; others meet `moved` on the source and read the directory again.
  await placementOf(env, move.store_id, true);
  return { state: "done", step: "settle" };
}

/**
 * After the flip, the capture ends. A key lock the source released during the pause's last moments (allowed while
 * paused, migration 0023) is released on the target too; the source takes no other write once it says `moved`.
 */
async function settle(env: Env, source: D1Database, target: D1Database, move: MoveRow): Promise<Next> {
  const state = await captureState(source, move.store_id);
  if (state) {
    const { results } = await source
      .prepare("SELECT table_name, key FROM move_changes WHERE store_id = ? AND seq > ? AND table_name = 'idempotency_keys'")
      .bind(move.store_id, state.applied_seq)
      .all<{ table_name: string; key: string }>();
    if (results.length > 0) await applyKeys(source, target, move.store_id, groupKeys(results), { deletesOnly: true });
  }
  await endCapture(source, move.store_id, move.id);
  return { step: "purge_wait", delayMs: purgeDelayMs(env) };
}

/** Steps 6 (purge, on the source) and the failure's cleanup (clean, on the target): one bounded DELETE. */
async function deleteStep(db: D1Database, move: MoveRow, name: string, state: string, kind: "purge" | "clean"): Promise<Next> {
  const deleted = await deleteChunk(db, tableNamed(name), move.store_id, state);
  if (deleted >= DELETE_ROWS) return { step: move.step };
  const next = DELETE_ORDER[DELETE_ORDER.indexOf(name) + 1];
  return next ? { step: `${kind}:${next}` } : { step: "end", finished: true };
}
