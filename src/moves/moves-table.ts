// The `store_moves` rows in the directory: reading one, and taking a step (compare-and-set on `seq`, then the
// message for the next step). A lost message is not lost work: the cron re-sends every move whose next step is
// overdue (src/moves/queue.ts).

export type MoveState = "copying" | "paused" | "verifying" | "done" | "failed";

export interface MoveRow {
  id: string;
  store_id: string;
  from_shard: string;
  to_shard: string;
  state: MoveState;
  step: string;
  cursor: string | null;
  rows_copied: number;
  error: string | null;
  seq: number;
  due_at: string | null;
  finished_at: string | null;
  created_at: string;
  updated_at: string;
}

/** What a step decided: the move's next step (and state), its cursor, rows it copied, and when to run it. */
export interface Next {
  state?: MoveState;
  step: string;
  cursor?: unknown[] | null;
  copied?: number;
  error?: string;
  /** Run the next step this much later (a wait), instead of at once. */
  delayMs?: number;
  /** Nothing is left to do. */
  finished?: boolean;
}

export const readMove = (env: Env, id: string) => env.DIRECTORY.prepare("SELECT * FROM store_moves WHERE id = ?").bind(id).first<MoveRow>();

/**
 * Records `next` if the move is still at the `seq` its step started from, then sends the message for the step
 * after. Returns the move as recorded, or null when another run of the same step got there first.
 */
export async function advance(env: Env, move: MoveRow, next: Next, now = Date.now()): Promise<MoveRow | null> {
  const recorded = await env.DIRECTORY.prepare(
    `UPDATE store_moves SET state = ?, step = ?, cursor = ?, rows_copied = rows_copied + ?, error = coalesce(?, error), seq = seq + 1,
       due_at = ?, finished_at = ?, updated_at = ? WHERE id = ? AND seq = ? RETURNING *`,
  )
    .bind(
      next.state ?? move.state,
      next.step,
      next.cursor ? JSON.stringify(next.cursor) : null,
      next.copied ?? 0,
      next.error ?? null,
      new Date(now + (next.delayMs ?? 0)).toISOString(),
      next.finished ? new Date(now).toISOString() : null,
      new Date(now).toISOString(),
      move.id,
      move.seq,
    )
    .first<MoveRow>();
  if (!recorded) return null;
  if (next.error) console.error(JSON.stringify({ level: "error", message: "store move failed", move_id: move.id, store_id: move.store_id, error: next.error }));
  if (!recorded.finished_at) await sendStep(env, recorded, next.delayMs ?? 0);
  return recorded;
}

/** The message for a move's current step. A failed send is left to the cron's re-send (logged). */
export async function sendStep(env: Env, move: Pick<MoveRow, "id" | "seq">, delayMs = 0): Promise<void> {
  const delaySeconds = Math.ceil(delayMs / 1000);
  try {
    await env.MOVES.send({ move_id: move.id, seq: move.seq }, { contentType: "json", ...(delaySeconds > 0 ? { delaySeconds } : {}) });
  } catch (error) {
    console.error(JSON.stringify({ level: "error", message: "store move step not queued", move_id: move.id, error: String(error) }));
  }
}
