// The per-subscription sender: a Durable Object that holds the deliveries of one subscription, sends each when
// it is due, and wakes itself with its alarm for retries. Each subscription has its own object, so a receiver
// that hangs, is slow, resets or redirects only ever delays its own deliveries; the queue consumer hands
// deliveries over by a quick RPC and acks, so the queue never waits on a receiver.
//
// The object's storage is a to-do list (delivery id → when to look at it next); D1 stays the source of truth:
// every attempt is claimed there before it is sent and recorded there after. Losing the object's state costs
// latency, never a delivery: the cron sweep finds what nobody holds and hands it back (sweep.ts).
import { DurableObject } from "cloudflare:workers";
import { primaryDb } from "../lib/db";
import { runAttempt } from "./attempt";

/** Sends in flight per object: a Worker invocation opens at most 6 connections at once (more would queue). */
export const MAX_IN_FLIGHT = 6;
/** One alarm run hands over to the next after this long, well inside the 15 min alarm duration limit. */
const MAX_RUN_MS = 5 * 60_000;
/** After an unexpected error (D1 unreachable), look at the delivery again this much later. */
const ERROR_BACKOFF_MS = 5_000;
const KEY = "d:";

export class DeliverySender extends DurableObject<Env> {
  /** Delivery id → epoch ms when it is due; mirrored in storage (the object may be evicted at any time). */
  private due = new Map<string, number>();
  private running = false;
  private wake: (() => void) | null = null;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.blockConcurrencyWhile(async () => {
      for (const [key, at] of await ctx.storage.list<number>({ prefix: KEY })) this.due.set(key.slice(KEY.length), at);
    });
  }

  /**
   * Takes deliveries to send (from the queue consumer, or the sweep). Returns the ids it did not already hold.
   * Always makes sure the object will run: a held delivery whose alarm was lost (a local restart) runs again.
   */
  async take(ids: string[]): Promise<string[]> {
    const now = Date.now();
    const fresh = ids.filter((id) => !this.due.has(id));
    if (fresh.length > 0) {
      for (const id of fresh) this.due.set(id, now);
      await this.ctx.storage.put(Object.fromEntries(fresh.map((id) => [KEY + id, now])));
    }
    await this.schedule();
    return fresh;
  }

  /** Ids this object holds, for tests and the sweep's bookkeeping. */
  async held(): Promise<string[]> {
    return [...this.due.keys()];
  }

  async alarm() {
    this.running = true;
    try {
      await this.run();
    } finally {
      this.running = false;
      this.wake = null;
    }
    await this.schedule();
  }

  /** Wakes the running loop, or sets the alarm for the earliest due delivery. */
  private async schedule() {
    if (this.running) return this.wake?.();
    if (this.due.size === 0) return;
    const earliest = Math.min(...this.due.values());
    const current = await this.ctx.storage.getAlarm();
    if (current === null || current > earliest) await this.ctx.storage.setAlarm(earliest);
  }

  /**
   * Sends every due delivery, at most MAX_IN_FLIGHT at a time, and keeps going while sends are in flight: a retry
   * that falls due while another attempt hangs is started on time, not after the hang.
   */
  private async run() {
    const started = Date.now();
    const inFlight = new Map<string, Promise<void>>();
    for (;;) {
      const now = Date.now();
      const accepting = now - started < MAX_RUN_MS;
      let next = Number.POSITIVE_INFINITY;
      for (const [id, at] of this.due) {
        if (inFlight.has(id)) continue;
        if (at > now) next = Math.min(next, at);
        else if (accepting && inFlight.size < MAX_IN_FLIGHT) {
          inFlight.set(id, this.attempt(id).finally(() => inFlight.delete(id)));
        }
      }
      // Nothing in flight: the alarm takes over until the next due moment (set by alarm() on return).
      if (inFlight.size === 0) return;
      const woken = new Promise<void>((resolve) => (this.wake = resolve));
      const timer = Number.isFinite(next) ? sleep(next - now) : null;
      await Promise.race([...inFlight.values(), woken, ...(timer ? [timer.promise] : [])]);
      timer?.cancel();
    }
  }

  private async attempt(id: string) {
    let next: number | null;
    try {
      next = await runAttempt(primaryDb(this.env), this.env, id);
    } catch (error) {
      console.error(JSON.stringify({ level: "error", message: "delivery attempt failed to run", delivery_id: id, error: String(error) }));
      next = Date.now() + ERROR_BACKOFF_MS;
    }
    if (next === null) {
      this.due.delete(id);
      await this.ctx.storage.delete(KEY + id);
    } else {
      this.due.set(id, next);
      await this.ctx.storage.put(KEY + id, next);
    }
  }
}

function sleep(ms: number) {
  let handle: ReturnType<typeof setTimeout> | undefined;
  const promise = new Promise<void>((resolve) => {
    handle = setTimeout(resolve, Math.max(0, ms));
  });
  return { promise, cancel: () => handle !== undefined && clearTimeout(handle) };
}
