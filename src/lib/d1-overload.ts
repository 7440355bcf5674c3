// When D1 cannot take a request: it is overloaded (its queue is full, or a query waited too long in it and did
// not run) or full (the database reached its size limit; writes fail until space is freed). The API answers
// 503 `service_unavailable` with Retry-After; a read-only request (GET, HEAD) first tries the overloaded query
// once more. Writes are never retried here: a change is one batch, so a 503 means nothing was written, and the
// client decides. D1 itself already retries read-only queries after transient errors (network, restarts).
// Error texts: https://developers.cloudflare.com/d1/observability/debug-d1/#error-list. See docs/decisions.md.
// A third kind is ours: "store_paused", raised by the store databases' triggers while a move has the store's writes
// paused (migrations/store/0015_store_pause.sql, docs/api/14-store-databases-and-operators.md).
import { ApiError } from "./errors";

export const PAUSED_TEXT = "store_paused";
const OVERLOADED_TEXTS = ["D1 DB is overloaded"];
const FULL_TEXTS = ["Exceeded maximum DB size", "Exceeded maximum account storage", "SQLITE_FULL", "database or disk is full"];

/** D1 reports these only through the message text (of the error, or its cause when Drizzle wraps it). */
function d1Unavailable(error: unknown): "overloaded" | "full" | "paused" | null {
  const text = `${String(error)} ${String((error as { cause?: unknown })?.cause ?? "")}`;
  if (text.includes(PAUSED_TEXT)) return "paused";
  if (OVERLOADED_TEXTS.some((t) => text.includes(t))) return "overloaded";
  if (FULL_TEXTS.some((t) => text.includes(t))) return "full";
  return null;
}

/** Seconds a client should wait: an overload passes in moments; space is freed by the retention cron (every minute). */
const RETRY_AFTER_SECONDS = { overloaded: 1, full: 60, paused: 5 } as const;

const DETAIL = {
  overloaded: "The database is busy; nothing was changed. Retry after the time in Retry-After",
  full: "The database is out of space; nothing was changed. Retry after the time in Retry-After",
  paused: "This store is being moved to another database and its changes are paused; nothing was changed. Retry after the time in Retry-After",
} as const;

/** The 503 for writes to a store whose move has paused them (reads go on). */
export const storePaused = () => new ApiError("service_unavailable", DETAIL.paused, { headers: { "Retry-After": String(RETRY_AFTER_SECONDS.paused) } });

/** A write refused by the pause triggers. */
export const isStorePaused = (error: unknown) => d1Unavailable(error) === "paused";

/** The 503 for a D1 overload or full database, or null for any other error. */
export function unavailableError(error: unknown): ApiError | null {
  const kind = d1Unavailable(error);
  return kind && new ApiError("service_unavailable", DETAIL[kind], { headers: { "Retry-After": String(RETRY_AFTER_SECONDS[kind]) } });
}

/** A short pause with jitter before the one retry, so the retries of many requests do not arrive together. */
const RETRY_DELAY_MS = 50;

async function withOneRetry<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (d1Unavailable(error) !== "overloaded") throw error;
    await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS * (1 + Math.random())));
    return run();
  }
}

const QUERY_METHODS = new Set<PropertyKey>(["first", "all", "run", "raw"]);

/** The wrapped statements, so that a batch hands D1 its own statement objects. */
const originals = new WeakMap<object, D1PreparedStatement>();

function retryingStatement(statement: D1PreparedStatement): D1PreparedStatement {
  const proxy = new Proxy(statement, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target);
      if (prop === "bind") return (...args: unknown[]) => retryingStatement(value.apply(target, args));
      if (QUERY_METHODS.has(prop)) return (...args: unknown[]) => withOneRetry(() => value.apply(target, args));
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  originals.set(proxy, statement);
  return proxy;
}

/** `db` (the binding or a session) with every query and batch tried once more on overload: for reads only. */
export function retryingReads<T extends D1Database | D1DatabaseSession>(db: T): T {
  return new Proxy(db, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target);
      if (prop === "prepare") return (query: string) => retryingStatement(target.prepare(query));
      if (prop === "batch") {
        return (statements: D1PreparedStatement[]) => withOneRetry(() => target.batch(statements.map((s) => originals.get(s) ?? s)));
      }
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
