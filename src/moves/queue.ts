// The move job's queue consumer (`store-moves`, one message per batch) and the cron's re-send of stalled moves.
// A step that throws is retried by the queue with a growing delay; after MAX_ATTEMPTS the move fails (before its
// flip: the store stays where it was) or, from the flip on, is left to the cron, which re-sends it until it
// completes. A message lost with its consumer (or never sent) is found by its overdue `due_at`.
import { type MoveMessage, failMove, runMoveStep } from "./job";
import { sendStep } from "./moves-table";

const MAX_ATTEMPTS = 5;
const RETRY_DELAY_SECONDS = 5;
/** A move whose next step was due this long ago without being taken has lost its message. */
export const STALL_MS = 60_000;

export async function handleMoveBatch(batch: MessageBatch<MoveMessage>, env: Env): Promise<void> {
  for (const message of batch.messages) {
    try {
      await runMoveStep(env, message.body);
      message.ack();
    } catch (error) {
      console.error(
        JSON.stringify({ level: "error", message: "store move step failed", move_id: message.body.move_id, attempt: message.attempts, error: String(error) }),
      );
      if (message.attempts < MAX_ATTEMPTS) {
        message.retry({ delaySeconds: RETRY_DELAY_SECONDS * message.attempts });
        continue;
      }
      await failMove(env, message.body, `a step failed ${MAX_ATTEMPTS} times: ${String(error)}`).catch((e) =>
        console.error(JSON.stringify({ level: "error", message: "store move could not be failed", move_id: message.body.move_id, error: String(e) })),
      );
      message.ack();
    }
  }
}

/** Re-sends the step of every unfinished move that is overdue. Returns the move ids. `now` is injectable for tests. */
export async function runMoveSweep(env: Env, now = Date.now()): Promise<string[]> {
  const { results } = await env.DIRECTORY.prepare("SELECT id, seq FROM store_moves WHERE finished_at IS NULL AND due_at < ? LIMIT 50")
    .bind(new Date(now - STALL_MS).toISOString())
    .all<{ id: string; seq: number }>();
  for (const move of results) await sendStep(env, move);
  if (results.length > 0) console.log(JSON.stringify({ level: "info", message: "store move sweep re-sent steps", moves: results.map((m) => m.id) }));
  return results.map((m) => m.id);
}
