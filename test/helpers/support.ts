// Test-side tools for the foundation tests: direct D1 access, session JWTs signed like a client could, and a
// D1 binding that counts the queries a request makes (for "one indexed query per token check").
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { sign } from "hono/jwt";
import { createApp } from "../../src/app";
import { shardOf, storeD1s, storeShardNames } from "./databases";

export const DEV_JWT_SECRET = "development-only-jwt-secret-not-for-deployment";

/** A session JWT for `userId` issued `ageSeconds` ago, with the given lifetime (default 24 h). */
export async function jwtIssuedAgo(userId: string, ageSeconds: number, lifetimeSeconds = 86_400, secret = DEV_JWT_SECRET) {
  const iat = Math.floor(Date.now() / 1000) - ageSeconds;
  return sign({ sub: userId, iat, exp: iat + lifetimeSeconds }, secret, "HS256");
}

// Direct SQL for tests that read or set rows. The directory's own tables (users, sessions, login attempts, the store
// directory and its indexes) are read on DIRECTORY; every other table lives in the store databases, where a query
// runs on each of them (a store's rows are in one, so a query by id or store_id finds them wherever they are):
// `sqlAll` concatenates, `sqlFirst` takes the first database that returns a row, `sqlRun` runs everywhere.
// idempotency_keys is in both (user-scoped keys in the directory, store-scoped ones with the store). A count or any
// other aggregate answers a row in every database: use `storeFirst` with the store's id for those.
const DIRECTORY_TABLES = /\b(users|revoked_sessions|login_attempts|store_directory|user_stores|token_index|invite_index|shards|store_moves)\b/i;
const BOTH = /\bidempotency_keys\b/i;

const databasesFor = (query: string): D1Database[] =>
  BOTH.test(query) ? [env.DIRECTORY, ...storeD1s()] : DIRECTORY_TABLES.test(query) ? [env.DIRECTORY] : storeD1s();

export async function sqlFirst<T = Record<string, unknown>>(query: string, ...params: unknown[]): Promise<T | null> {
  for (const db of databasesFor(query)) {
    const row = await db
      .prepare(query)
      .bind(...params)
      .first<T>();
    if (row !== null) return row;
  }
  return null;
}

export const sqlAll = async <T = Record<string, unknown>>(query: string, ...params: unknown[]) =>
  (
    await Promise.all(
      databasesFor(query).map((db) =>
        db
          .prepare(query)
          .bind(...params)
          .all<T>(),
      ),
    )
  ).flatMap((r) => r.results);

/** Runs on every database the query's tables are in; `meta.changes` is the sum. An insert of store rows: `storeRun`. */
export async function sqlRun(query: string, ...params: unknown[]): Promise<D1Result> {
  if (/^\s*(INSERT|REPLACE)\b/i.test(query) && !DIRECTORY_TABLES.test(query)) {
    throw new Error("sqlRun would insert the rows into every store database: use storeRun(storeId, ...)");
  }
  const results = await Promise.all(
    databasesFor(query).map((db) =>
      db
        .prepare(query)
        .bind(...params)
        .run(),
    ),
  );
  return { ...results[0], meta: { ...results[0].meta, changes: results.reduce((n, r) => n + r.meta.changes, 0) } };
}

// Queries on the database holding one store.
export { storeAll, storeFirst, storeRun } from "./databases";

export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** CRC-32 (IEEE), written independently of src/lib/crypto.ts so the test checks the format, not the code. */
export function crc32(bytes: Uint8Array): number {
  let crc = ~0 >>> 0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return ~crc >>> 0;
}

export function base64urlDecode(text: string): Uint8Array {
  const b64 = text.replace(/-/g, "+").replace(/_/g, "/");
  return Uint8Array.from(atob(b64 + "=".repeat((4 - (b64.length % 4)) % 4)), (c) => c.charCodeAt(0));
}

/** What a counted query did, in order across every counted binding: for "sent in parallel". */
export type QueryLog = Array<{ binding: string; at: "start" | "end"; statement: string }>;

/**
 * Wraps a D1 binding (and the sessions it opens) so that every executed statement is counted. With `log`, the start
 * and end of each query are also recorded there under `name`; with `latencyMs`, each round trip takes that long more.
 */
export function countingD1(db: D1Database, log?: { name: string; events: QueryLog }, latencyMs = 0) {
  const counter = { queries: 0, statements: [] as string[] };
  const track = <T>(statement: string, query: () => Promise<T>): Promise<T> => {
    // With `latencyMs`, each round trip first waits that long, as a query over the network to D1 does.
    const run = latencyMs > 0 ? () => new Promise((r) => setTimeout(r, latencyMs)).then(query) : query;
    if (!log) return run();
    log.events.push({ binding: log.name, at: "start", statement });
    return run().finally(() => log.events.push({ binding: log.name, at: "end", statement }));
  };
  const unwrap = new WeakMap<object, D1PreparedStatement>();
  const wrapStatement = (stmt: D1PreparedStatement, query: string): D1PreparedStatement => {
    const proxy = new Proxy(stmt, {
      get(target, prop) {
        const value: any = Reflect.get(target, prop, target);
        if (prop === "bind") return (...args: unknown[]) => wrapStatement(value.apply(target, args), query);
        if (prop === "first" || prop === "all" || prop === "run" || prop === "raw") {
          return (...args: unknown[]) => {
            counter.queries++;
            counter.statements.push(query);
            return track(query, () => value.apply(target, args));
          };
        }
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    unwrap.set(proxy, stmt);
    return proxy;
  };
  const wrapDb = <T extends object>(inner: T): T =>
    new Proxy(inner, {
      get(target, prop) {
        const value: any = Reflect.get(target, prop, target);
        if (prop === "prepare") return (query: string) => wrapStatement(value.call(target, query), query);
        if (prop === "withSession") return (...args: unknown[]) => wrapDb(value.apply(target, args));
        if (prop === "batch") {
          // One batch is one round trip, however many statements it holds.
          return (statements: D1PreparedStatement[]) => {
            counter.queries++;
            counter.statements.push(`batch(${statements.length})`);
            return track(`batch(${statements.length})`, () =>
              value.call(
                target,
                statements.map((s) => unwrap.get(s) ?? s),
              ),
            );
          };
        }
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
  return { db: wrapDb(db), counter };
}

/**
 * Counters around the two databases a request on `storeId`'s paths can reach, the store's own database and the
 * directory, and around the session objects (USER_SESSIONS). `overrides` is the environment to run the request with (`fetchWithEnv`); `log` orders the queries of
 * both, to show that two of them were in flight together.
 */
export async function countingStoreAndDirectory(storeId: string) {
  const shard = await shardOf(storeId);
  const log: QueryLog = [];
  const store = countingD1((env as unknown as Record<string, D1Database>)[shard], { name: "store", events: log });
  const directory = countingD1(env.DIRECTORY, { name: "directory", events: log });
  const sessions = countingSessions({ name: "sessions", events: log });
  return {
    overrides: { [shard]: store.db, DIRECTORY: directory.db, USER_SESSIONS: sessions.namespace } as Partial<Env>,
    store: store.counter,
    directory: directory.counter,
    sessions: sessions.counter,
    log,
    shard,
  };
}

/** Counters around every D1 binding (the directory and each store database), by binding name. */
export function countingEverywhere() {
  const log: QueryLog = [];
  const names = ["DIRECTORY", ...storeShardNames()];
  const counted = names.map((name) => ({ name, ...countingD1((env as unknown as Record<string, D1Database>)[name], { name, events: log }) }));
  return {
    overrides: Object.fromEntries(counted.map(({ name, db }) => [name, db])) as Partial<Env>,
    counters: Object.fromEntries(counted.map(({ name, counter }) => [name, counter])),
    /** Queries on every database together. */
    total: () => counted.reduce((n, { counter }) => n + counter.queries, 0),
    log,
  };
}

/**
 * The USER_SESSIONS namespace with every call to a session object counted (and, with `log`, its start and end
 * recorded under `name`, to show it was in flight beside a D1 query).
 */
export function countingSessions(log?: { name: string; events: QueryLog }) {
  const counter = { calls: 0, methods: [] as string[] };
  const namespace = env.USER_SESSIONS;
  const wrapped = new Proxy(namespace, {
    get(target, prop) {
      const value: any = Reflect.get(target, prop, target);
      if (prop !== "get") return typeof value === "function" ? value.bind(target) : value;
      return (...args: unknown[]) => {
        const stub = Reflect.apply(value, target, args) as object;
        return new Proxy(stub, {
          get(inner, method) {
            const fn: any = Reflect.get(inner, method, inner);
            if (typeof method !== "string" || typeof fn !== "function") return fn;
            return (...callArgs: unknown[]) => {
              counter.calls++;
              counter.methods.push(method);
              log?.events.push({ binding: log.name, at: "start", statement: method });
              return Promise.resolve(Reflect.apply(fn, inner, callArgs)).finally(() => log?.events.push({ binding: log.name, at: "end", statement: method }));
            };
          },
        });
      };
    },
  });
  return { namespace: wrapped as typeof namespace, counter };
}

/** True when a query on each of the two bindings started before the other's ended: they were sent together. */
export function overlapped(log: QueryLog, a: string, b: string): boolean {
  const index = (binding: string, at: "start" | "end") => log.findIndex((e) => e.binding === binding && e.at === at);
  const [aStart, aEnd, bStart, bEnd] = [index(a, "start"), index(a, "end"), index(b, "start"), index(b, "end")];
  return aStart >= 0 && bStart >= 0 && aStart < bEnd && bStart < aEnd;
}

/** Calls a fresh app with a modified environment; waits for waitUntil work before returning. */
export async function fetchWithEnv(request: Request, overrides: Partial<Env>) {
  const ctx = createExecutionContext();
  const response = await (await createApp()).fetch(request, { ...env, ...overrides } as Env, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}
