// The per-subscription sender: a Durable Object that holds the deliveries of one subscription and sends each when
// it is due: a run loop started by the hand-off sleeps until the next retry, and the object's alarm is the durable
// backstop (a run that died with the process, a retry far off). Each subscription has its own object, so a receiver
// that hangs, is slow, resets or redirects only ever delays its own deliveries; the queue consumer hands
// deliveries over by a quick RPC and acks, so the queue never waits on a receiver.
//
// The object's storage is a to-do list (delivery id → when to look at it next); D1 stays the source of truth:
// every attempt is claimed there before it is sent and recorded there after. Losing the object's state costs
// latency, never a delivery: the cron sweep finds what nobody holds and hands it back (lost-sweep.ts).
//
// A subscription belongs to one store: the object is told the store id with every hand-off and keeps it, so its
// claims and records go to that store's database (storeDb), wherever the store lives now.
//
// The database layer and the attempt are loaded on the first attempt (./sender-attempt.ts), not when the Worker starts.
import { DurableObject } from "cloudflare:workers";
import { MAX_IN_FLIGHT } from "./http-post";

export { MAX_IN_FLIGHT };
/** One run hands over to the alarm after this long, well inside the 15 min alarm duration limit. */
const MAX_RUN_MS = 5 * 60_000;
/** A run keeps going (sleeping) while the next due delivery is this close; further out, the alarm wakes the object. */
const HORIZON_MS = 60_000;
/**
 * While a run is alive, the alarm is kept this far ahead (the run wakes at least every half of it to push it on), so
 * it never fires beside a live run; if the run dies with the process, it fires within this and a new run resumes.
 */
const WATCHDOG_MS = 10_000;
/** After an unexpected error (D1 unreachable), look at the delivery again this much later. */
const ERROR_BACKOFF_MS = 5_000;
/**
 * An attempt its database's delivery budget refused (docs/scale.md 7.12) is looked at again this much later: not
 * claimed, not counted as an attempt, only later.
 */
export const BUDGET_WAIT_MS = 2_000;
const KEY = "d:";
/** Storage key of the subscription's store id. */
const STORE_KEY = "store";

export class DeliverySender extends DurableObject<Env> {
  /** Delivery id → epoch ms when it is due; mirrored in storage (the object may be evicted at any time). */
  private due = new Map<string, number>();
  private running = false;
  private wake: (() => void) | null = null;
  private watchdogUntil = 0;
  /**
   * The subscription's store. Null only for an object whose to-do list was written before hand-offs carried the
   * store id: its deliveries are in the database every store lived in then.
   */
  private storeId: string | null = null;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.blockConcurrencyWhile(async () => {
      for (const [key, at] of await ctx.storage.list<number>({ prefix: KEY })) this.due.set(key.slice(KEY.length), at);
      this.storeId = (await ctx.storage.get<string>(STORE_KEY)) ?? null;
    });
  }

  /**
   * Takes deliveries of the subscription (store `storeId`) to send, from the queue consumer or the sweep. Returns
   * the ids it did not already hold. Always makes sure the object runs: a held delivery whose run was lost (a
   * local restart) runs again.
   */
  async take(ids: string[], storeId?: string): Promise<string[]> {
    const now = Date.now();
    const fresh = ids.filter((id) => !this.due.has(id));
    const entries: Record<string, unknown> = Object.fromEntries(fresh.map((id) => [KEY + id, now]));
    // A caller without a store id (a Worker still on the code before it, during a deploy) leaves what is known.
    const newStore = typeof storeId === "string" && storeId !== this.storeId ? storeId : null;
    if (newStore) entries[STORE_KEY] = newStore;
    if (Object.keys(entries).length > 0) {
      for (const id of fresh) this.due.set(id, now);
      this.storeId = newStore ?? this.storeId;
      await this.ctx.storage.put(entries);
    }
    this.kick();
    return fresh;
  }

  /** Ids this object holds, for tests and the sweep's bookkeeping. */
  async held(): Promise<string[]> {
    return [...this.due.keys()];
  }

  /** The store this object sends for, as it last heard (for tests). */
  async store(): Promise<string | null> {
    return this.storeId;
  }

  /** The durable backstop: wakes the object when a run died with it, or when a far-off delivery falls due. */
  async alarm() {
    if (this.running) return this.armWatchdog(Date.now());
    await this.loop();
  }

  /** Wakes the running loop, or starts one at once (no alarm round trip), kept alive by waitUntil. */
  private kick() {
    if (this.running) return this.wake?.();
    this.ctx.waitUntil(this.loop());
  }

  private async loop() {
    this.running = true;
    try {
      await this.run();
    } catch (error) {
      console.error(JSON.stringify({ level: "error", message: "delivery sender run failed", error: String(error) }));
    } finally {
      this.running = false;
      this.wake = null;
      this.watchdogUntil = 0;
    }
    // What is left is due beyond the horizon (or the run handed over): the alarm takes it from here.
    if (this.due.size > 0) await this.ctx.storage.setAlarm(Math.min(...this.due.values()));
    else await this.ctx.storage.deleteAlarm();
    // A take() that arrived while the alarm was being set: run again rather than wait for the alarm.
    if (!this.running && [...this.due.values()].some((at) => at <= Date.now() + HORIZON_MS)) this.kick();
  }

  /** Keeps the alarm WATCHDOG_MS ahead while a run is alive; a storage write at most every WATCHDOG_MS / 2. */
  private async armWatchdog(now: number) {
    if (this.watchdogUntil > now + WATCHDOG_MS / 2) return;
    this.watchdogUntil = now + WATCHDOG_MS;
    await this.ctx.storage.setAlarm(this.watchdogUntil);
  }

  /**
   * Sends every due delivery, at most MAX_IN_FLIGHT at a time, and keeps going while sends are in flight or the
   * next due delivery is near: a retry that falls due while another attempt hangs is started on time, not after
   * the hang, and without waiting for an alarm to be dispatched.
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
          inFlight.set(
            id,
            this.attempt(id).finally(() => inFlight.delete(id)),
          );
        }
      }
      if (inFlight.size === 0 && (!accepting || next - now > HORIZON_MS)) return;
      await this.armWatchdog(now);
      const woken = new Promise<void>((resolve) => (this.wake = resolve));
      const timer = sleep(Math.min(next - now, WATCHDOG_MS / 2));
      await Promise.race([...inFlight.values(), woken, timer.promise]);
      timer.cancel();
    }
  }

  private async attempt(id: string) {
    const { forgetPlacement, legacyStoreDb, runAttempt, shardNameOf, spendDeliveryWrite, storeDb } = await import("./sender-attempt");
    let next: number | null;
    try {
      const db = this.storeId ? await storeDb(this.env, this.storeId) : legacyStoreDb(this.env);
      // No such store any more (deleted): nothing left to send. An attempt writes twice (claim, record): it spends
      // its database's delivery budget first, and waits when that is spent.
      if (!db) next = null;
      else if (!(await spendDeliveryWrite(this.env, shardNameOf(this.env, db.$client)))) next = Date.now() + BUDGET_WAIT_MS;
      else next = await runAttempt(db, this.env, id);
    } catch (error) {
      // A move may have paused the store's writes (the claim is refused) or moved it: the next try reads the
      // directory again.
      if (this.storeId) forgetPlacement(this.storeId);
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
