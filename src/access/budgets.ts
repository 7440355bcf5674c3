// Abuse limits (docs/api/11-limits-retries-sessions.md and docs/api/13-security.md) that live in the Workers Rate Limiting bindings: per client IP on POST
// /login and POST /users, per IP for failed authentication (requests answered 401), per credential (one PAT, or all
// of one user's session JWTs) and per store on authenticated requests. Approximate by design (the binding counts
// per Cloudflare location) and free of D1 round trips. The exact per-email login limit is in D1:
// src/access/login-limit.ts. IPv6 clients are counted by their /64 (./client-address.ts).
//
// The bindings' own limits in wrangler.toml ([[ratelimits]]) are the production defaults and the unit of each
// budget. A var (RATE_LIMIT_PER_IP, RATE_LIMIT_FAILED_AUTH_PER_IP, RATE_LIMIT_PER_CREDENTIAL, RATE_LIMIT_PER_STORE)
// names the limit: a value of
// k times the unit gives each key k counters of the binding, filled one after another, so the limit becomes about
// k units (how .dev.vars raises them far above local test loads). A value at or below the unit leaves the binding's
// own limit; lowering one means changing the binding in wrangler.toml.
import type { Context, MiddlewareHandler } from "hono";
import { clientAddress } from "./client-address";
import type { AppEnv } from "../lib/types";
import { ApiError } from "../lib/errors";
import { LruMap } from "../lib/lru";

type RateLimitBinding =
  | "IP_RATE_LIMITER"
  | "FAILED_AUTH_RATE_LIMITER"
  | "CREDENTIAL_RATE_LIMITER"
  | "STORE_RATE_LIMITER"
  | "STORE_WRITE_RATE_LIMITER"
  | "DATABASE_WRITE_RATE_LIMITER"
  | "STORE_STEADY_WRITE_RATE_LIMITER"
  | "DATABASE_STEADY_WRITE_RATE_LIMITER"
  | "DELIVERY_WRITE_RATE_LIMITER";
type Setting =
  | "RATE_LIMIT_PER_IP"
  | "RATE_LIMIT_FAILED_AUTH_PER_IP"
  | "RATE_LIMIT_PER_CREDENTIAL"
  | "RATE_LIMIT_PER_STORE"
  | "RATE_LIMIT_STORE_WRITES"
  | "RATE_LIMIT_DATABASE_WRITES"
  | "RATE_LIMIT_STORE_STEADY_WRITES"
  | "RATE_LIMIT_DATABASE_STEADY_WRITES"
  | "RATE_LIMIT_DELIVERY_WRITES";

/** Each budget's binding and its configured `simple` limit: keep in step with wrangler.toml (a test compares). */
export const BUDGETS = {
  ip: { binding: "IP_RATE_LIMITER", setting: "RATE_LIMIT_PER_IP", unit: 60, period: 60, what: "requests from this address" },
  failedAuth: {
    binding: "FAILED_AUTH_RATE_LIMITER",
    setting: "RATE_LIMIT_FAILED_AUTH_PER_IP",
    unit: 30,
    period: 60,
    what: "failed authentications from this address",
  },
  credential: { binding: "CREDENTIAL_RATE_LIMITER", setting: "RATE_LIMIT_PER_CREDENTIAL", unit: 100, period: 10, what: "requests with this credential" },
  store: { binding: "STORE_RATE_LIMITER", setting: "RATE_LIMIT_PER_STORE", unit: 1000, period: 10, what: "requests to this store" },
  // Writes (./write-budget.ts). A database's 200 changes per 10 s are two lanes: a steady lane of 100, from which each
  // store takes its first 15 per 10 s, and a burst lane of 100 for the rest, of which a store may take all.
  storeSteadyWrites: {
    binding: "STORE_STEADY_WRITE_RATE_LIMITER",
    setting: "RATE_LIMIT_STORE_STEADY_WRITES",
    unit: 15,
    period: 10,
    what: "steady changes to this store",
  },
  databaseSteadyWrites: {
    binding: "DATABASE_STEADY_WRITE_RATE_LIMITER",
    setting: "RATE_LIMIT_DATABASE_STEADY_WRITES",
    unit: 100,
    period: 10,
    what: "steady changes to the stores of this store's database",
  },
  storeWrites: { binding: "STORE_WRITE_RATE_LIMITER", setting: "RATE_LIMIT_STORE_WRITES", unit: 100, period: 10, what: "changes to this store" },
  databaseWrites: {
    binding: "DATABASE_WRITE_RATE_LIMITER",
    setting: "RATE_LIMIT_DATABASE_WRITES",
    unit: 100,
    period: 10,
    what: "changes to the stores of this store's database",
  },
  // Webhook sending's own writes (a claim and a record per attempt): one unit per attempt, per store database.
  deliveryWrites: {
    binding: "DELIVERY_WRITE_RATE_LIMITER",
    setting: "RATE_LIMIT_DELIVERY_WRITES",
    unit: 150,
    period: 10,
    what: "webhook delivery attempts on this store database",
  },
} as const satisfies Record<string, { binding: RateLimitBinding; setting: Setting; unit: number; period: 10 | 60; what: string }>;

export type Budget = keyof typeof BUDGETS;

/** Counters per key for a configured limit (1: the binding's own). */
function shardsOf(env: Env, budget: Budget): number {
  const { setting, unit } = BUDGETS[budget];
  const limit = Number(env[setting]);
  return Number.isFinite(limit) && limit > unit ? Math.floor(limit / unit) : 1;
}

/** The counter each budget fills now (per isolate); the next one is tried only when it is full. */
const cursors = Object.fromEntries(Object.keys(BUDGETS).map((budget) => [budget, 0])) as Record<Budget, number>;

/**
 * Counts one request against `key`'s budget; false when it is spent. With k counters per key they are filled one
 * after another (a key's next request reuses the counter that admitted its last one), so an ordinary request is one
 * binding call; a refusal has tried each of the k counters once.
 */
export async function spend(env: Env, budget: Budget, key: string): Promise<boolean> {
  const shards = shardsOf(env, budget);
  const binding = env[BUDGETS[budget].binding];
  for (let tried = 0; tried < shards; tried++) {
    const shard = cursors[budget] % shards;
    const { success } = await binding.limit({ key: shards === 1 ? `${budget}:${key}` : `${budget}:${key}#${shard}` });
    if (success) return true;
    cursors[budget] = shard + 1;
  }
  return false;
}

/** 429 `rate_limited`; the binding's windows are fixed, so a whole period is the longest wait. */
export const rateLimited = (detail: string, retryAfterSeconds: number) =>
  new ApiError("rate_limited", detail, { headers: { "Retry-After": String(Math.max(1, Math.ceil(retryAfterSeconds))) } });

export function budgetSpent(budget: Budget): ApiError {
  const { what, period } = BUDGETS[budget];
  return rateLimited(`Too many ${what}: retry after ${period} seconds`, period);
}

export async function requireBudget(env: Env, budget: Budget, key: string): Promise<void> {
  if (!(await spend(env, budget, key))) throw budgetSpent(budget);
}

/**
 * Starts spending `key`'s budget now and hands back the verdict for later (`within`), so the call runs beside
 * whatever the request does next. A rejection is kept for `within` rather than left unhandled.
 */
export function startSpend(env: Env, budget: Budget, key: string): Promise<boolean> {
  const verdict = spend(env, budget, key);
  verdict.catch(() => {});
  return verdict;
}

/** 429 unless a started spend (null: nothing was spent here) admitted the request. */
export async function within(spending: { verdict: Promise<boolean> } | null, budget: Budget): Promise<void> {
  if (spending && !(await spending.verdict)) throw budgetSpent(budget);
}

/** For POST /login and POST /users: the per-IP budget, before the body is looked at. */
export const perIpLimit = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  refuseAddressOverFailedAuth(c);
  await requireBudget(c.env, "ip", clientAddress(c));
  await next();
};

/**
 * Addresses this isolate has seen go over the failed-authentication budget, and until when (ms). The binding has no
 * way to ask "is this key over?" without spending, and only 401s may spend, so the refusal it gives one 401 is kept
 * here: from then until the window's end, the address's authenticated requests are 429 before any D1 query. Bounded (LRU):
 * the oldest entries go first.
 */
export const REFUSED_ADDRESSES_KEPT = 10_000;
export const refusedAddresses = new LruMap<string, number>(REFUSED_ADDRESSES_KEPT);

/** 429 at once for an address over the failed-authentication budget: before any lookup, so it costs no query. */
export function refuseAddressOverFailedAuth(c: Context<AppEnv>): void {
  if (refusedAddresses.size === 0) return;
  const address = clientAddress(c);
  const until = refusedAddresses.get(address);
  if (until === undefined) return;
  const left = until - Date.now();
  if (left > 0) throw rateLimited(`Too many ${BUDGETS.failedAuth.what}: retry after ${Math.ceil(left / 1000)} seconds`, left / 1000);
  refusedAddresses.delete(address);
}

/**
 * A request about to be answered 401 spends its address's failed-authentication budget. Over it: the 429 that
 * replaces the 401, and the address is refused before any lookup until the window has passed.
 */
export async function countFailedAuthentication(c: Context<AppEnv>): Promise<ApiError | null> {
  const address = clientAddress(c);
  // The 401 stands if the binding fails: an outage of the counter must not turn a refusal into a 500.
  const admitted = await spend(c.env, "failedAuth", address).catch((error) => {
    console.error(JSON.stringify({ level: "warn", message: "failed-authentication budget unavailable", error: String(error) }));
    return true;
  });
  if (admitted) return null;
  refusedAddresses.set(address, Date.now() + BUDGETS.failedAuth.period * 1000);
  return budgetSpent("failedAuth");
}
