// Test-side tools for the foundation tests: direct D1 access, session JWTs signed like a client could, and a
// D1 binding that counts the queries a request makes (for "one indexed query per token check").
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { sign } from "hono/jwt";
import { createApp } from "../../src/app";

export const DEV_JWT_SECRET = "development-only-jwt-secret-not-for-deployment";

/** A session JWT for `userId` issued `ageSeconds` ago, with the given lifetime (default 24 h). */
export async function jwtIssuedAgo(userId: string, ageSeconds: number, lifetimeSeconds = 86_400, secret = DEV_JWT_SECRET) {
  const iat = Math.floor(Date.now() / 1000) - ageSeconds;
  return sign({ sub: userId, iat, exp: iat + lifetimeSeconds }, secret, "HS256");
}

export const sqlFirst = <T = Record<string, unknown>>(query: string, ...params: unknown[]) =>
  env.DB.prepare(query).bind(...params).first<T>();

export const sqlAll = async <T = Record<string, unknown>>(query: string, ...params: unknown[]) =>
  (await env.DB.prepare(query).bind(...params).all<T>()).results;

export const sqlRun = (query: string, ...params: unknown[]) => env.DB.prepare(query).bind(...params).run();

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

/** Wraps a D1 binding (and the sessions it opens) so that every executed statement is counted. */
export function countingD1(db: D1Database) {
  const counter = { queries: 0, statements: [] as string[] };
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
            return value.apply(target, args);
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
            return value.call(target, statements.map((s) => unwrap.get(s) ?? s));
          };
        }
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
  return { db: wrapDb(db), counter };
}

/** Calls a fresh app with a modified environment; waits for waitUntil work before returning. */
export async function fetchWithEnv(request: Request, overrides: Partial<Env>) {
  const ctx = createExecutionContext();
  const response = await createApp().fetch(request, { ...env, ...overrides } as Env, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}
