// Test-side tools for the store moves (docs/api/14-store-databases-and-operators.md): operator calls, a queue that keeps the move's messages
// so the test runs each step itself (no background job racing the test), the store's rows table by table on one
// database, and bindings that crash at a chosen D1 call.
import { env } from "cloudflare:workers";
import { type MoveMessage, type MoveRow, runMoveStep, runMoveSweep } from "../../src/moves";
import { MOVED_TABLES, scoped } from "../../src/moves/tables";
import { call } from "../helpers/api";
import { shardOf } from "../helpers/databases";
import { fetchWithEnv } from "../helpers/support";

export const OPS_TOKEN = "development-only-ops-token-0123456789abcdef";

export const ops = (method: string, path: string, body?: unknown, token = OPS_TOKEN) => call(method, path, { token, body });

export const d1 = (name: string) => (env as unknown as Record<string, D1Database>)[name];

/** The store database a store is not on (the tests run two). */
export const otherShard = async (storeId: string) => ((await shardOf(storeId)) === "STORE_DB_001" ? "STORE_DB_002" : "STORE_DB_001");

/** A stand-in for the MOVES queue that keeps what is sent, in order. */
export function keptQueue() {
  const sent: MoveMessage[] = [];
  const queue = {
    send: async (body: MoveMessage) => void sent.push(body),
    sendBatch: async (messages: Array<{ body: MoveMessage }>) => void sent.push(...messages.map((m) => m.body)),
  } as unknown as Queue;
  return { queue, sent };
}
export type KeptQueue = ReturnType<typeof keptQueue>;

/** POST /ops/stores/{id}/move through the Worker's app, its queue messages kept by `q`. */
export async function startMove(storeId: string, to: string, q: KeptQueue) {
  const request = new Request(`http://api.test/ops/stores/${storeId}/move`, {
    method: "POST",
    headers: { Authorization: `Bearer ${OPS_TOKEN}`, "Content-Type": "application/json" },
    body: JSON.stringify({ to }),
  });
  const response = await fetchWithEnv(request, { MOVES: q.queue } as Partial<Env>);
  return { status: response.status, body: (await response.json()) as any };
}

/** The environment the job runs with in tests: messages kept, no wait before the purge. */
export const jobEnv = (q: KeptQueue, overrides: Record<string, unknown> = {}) =>
  ({ ...env, MOVES: q.queue, MOVE_PURGE_DELAY_SECONDS: "0", ...overrides }) as unknown as Env;

export const moveRow = (id: string) => env.DIRECTORY.prepare("SELECT * FROM store_moves WHERE id = ?").bind(id).first<MoveRow>();

/**
 * Runs the kept messages one at a time, as the queue would deliver them, until none is left or `stop` says so.
 * `around` runs beside each step (the concurrent load). Returns the move as it stands.
 */
export async function drive(
  moveId: string,
  q: KeptQueue,
  options: { stop?: (move: MoveRow) => boolean; around?: (before: MoveRow) => Promise<unknown>; overrides?: Record<string, unknown> } = {},
): Promise<MoveRow> {
  for (let steps = 0; q.sent.length > 0; steps++) {
    if (steps > 5000) throw new Error("the move did not end");
    const before = (await moveRow(moveId))!;
    const message = q.sent.shift()!;
    await Promise.all([runMoveStep(jobEnv(q, options.overrides), message), options.around?.(before)]);
    const after = (await moveRow(moveId))!;
    if (options.stop?.(after)) return after;
  }
  return (await moveRow(moveId))!;
}

/**
 * Runs the cron's re-send of stalled steps `ms` from now; `q` gets the message for `moveId` only (moves left by
 * other tests of the file are not this test's). Returns every move id the cron re-sent.
 */
export async function cronLater(q: KeptQueue, ms: number, moveId: string) {
  const all = keptQueue();
  const ids = await runMoveSweep(jobEnv(all), Date.now() + ms);
  q.sent.push(...all.sent.filter((m) => m.move_id === moveId));
  return ids;
}

/** Every row of the store on `db`, table by table, in key order (the store row without its per-database state). */
export async function storeRows(db: D1Database, storeId: string): Promise<Record<string, Array<Record<string, unknown>>>> {
  const out: Record<string, Array<Record<string, unknown>>> = {};
  for (const table of MOVED_TABLES) {
    const scope = scoped(table, storeId);
    const { results } = await db
      .prepare(`SELECT * FROM ${table.name} WHERE ${scope.where} ORDER BY ${table.key.join(", ")}`)
      .bind(...scope.params)
      .all<Record<string, unknown>>();
    out[table.name] = table.name === "stores" ? results.map(({ state: _state, ...rest }) => rest) : results;
  }
  return out;
}

/** Row counts per table. */
export const counts = (rows: Record<string, unknown[]>) => Object.fromEntries(Object.entries(rows).map(([t, r]) => [t, r.length]));

export const INJECTED = "injected crash";

/**
 * `db` with every D1 call (a statement's `first`, `all`, `run` or `raw`, and a `batch`) passed through `around`,
 * which gets the call's SQL (one entry per statement of a batch) and the call itself to run when it chooses.
 */
function intercepted(db: D1Database, around: <T>(sql: string[], run: () => Promise<T>) => Promise<T>): D1Database {
  const unwrap = new WeakMap<object, { statement: D1PreparedStatement; sql: string }>();
  const statement = (s: D1PreparedStatement, sql: string): D1PreparedStatement => {
    const proxy = new Proxy(s, {
      get(target, prop) {
        const value: any = Reflect.get(target, prop, target);
        if (prop === "bind") return (...args: unknown[]) => statement(value.apply(target, args), sql);
        if (prop === "first" || prop === "all" || prop === "run" || prop === "raw")
          return (...args: unknown[]) => around([sql], () => value.apply(target, args));
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    unwrap.set(proxy, { statement: s, sql });
    return proxy;
  };
  return new Proxy(db, {
    get(target, prop) {
      const value: any = Reflect.get(target, prop, target);
      if (prop === "prepare") return (query: string) => statement(value.call(target, query), query);
      if (prop === "batch") {
        return (list: D1PreparedStatement[]) => {
          const inner = list.map((s) => unwrap.get(s) ?? { statement: s, sql: "" });
          return around(
            inner.map((i) => i.sql),
            () =>
              value.call(
                target,
                inner.map((i) => i.statement),
              ),
          );
        };
      }
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/**
 * The directory and both store databases, sharing one count of D1 calls (statement runs and batches): call number
 * `at` throws, before it reaches D1 (`when: "before"`) or after D1 did it (`"after"`: the work is done but the step
 * never learns it, as when a Worker dies mid-step).
 */
export function crashingAt(at: number, when: "before" | "after") {
  const state = { calls: 0, crashed: false };
  const hit = async <T>(_sql: string[], run: () => Promise<T>): Promise<T> => {
    state.calls++;
    if (state.calls !== at) return run();
    state.crashed = true;
    if (when === "after") await run();
    throw new Error(INJECTED);
  };
  const bindings = {
    DIRECTORY: intercepted(env.DIRECTORY, hit),
    STORE_DB_001: intercepted(d1("STORE_DB_001"), hit),
    STORE_DB_002: intercepted(d1("STORE_DB_002"), hit),
  };
  return { bindings, state };
}

/**
 * `db` with `hook` run each time a statement whose SQL contains `match` runs (alone, or as a batch's only
 * statement): just before it reaches D1, or just after. The way a test acts at one exact moment inside a step (the pause's first write, the
 * flip), without a step boundary there.
 */
export function onStatement(db: D1Database, match: string, hook: () => Promise<unknown>, when: "before" | "after" = "after"): D1Database {
  return intercepted(db, async (sql, run) => {
    if (sql.length !== 1 || !sql[0].includes(match)) return run();
    if (when === "before") await hook();
    const result = await run();
    if (when === "after") await hook();
    return result;
  });
}
