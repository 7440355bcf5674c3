// Abuse limits (docs/api/11-limits-retries-sessions.md). Failed logins per email are exact and counted in D1, with the deployed limit
// (10 per 15 minutes; .dev.vars never raises it). The per-IP, per-credential and per-store limits run through the
// Rate Limiting bindings: each test swaps in a low-limit binding (3 per window, declared in vitest.config.ts) for
// the real one, so the real middleware and the simulated binding decide. Binding windows are aligned to the clock:
// a scenario that straddles a window boundary is run again with fresh keys (`inOneWindow`), never timed.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { BUDGETS } from "../../src/access/budgets";
import { call, newStore, newToken, newUser } from "../helpers/api";
import { fetchWithEnv, sqlFirst, sqlRun } from "../helpers/support";

let seq = 0;
const freshIp = () => `198.51.100.${(seq++ % 250) + 1}-${Date.now()}`;

async function send(method: string, path: string, overrides: Partial<Env>, { token, body, ip }: { token?: string; body?: unknown; ip?: string } = {}) {
  const headers: Record<string, string> = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  if (ip) headers["CF-Connecting-IP"] = ip;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const res = await fetchWithEnv(
    new Request(`http://api.test${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }),
    overrides,
  );
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
}

/** Runs `scenario` until one run starts and ends in the same window of `period` seconds (at most 4 tries). */
async function inOneWindow<T>(period: number, scenario: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    const window = Math.floor(Date.now() / (period * 1000));
    const result = await scenario();
    if (Math.floor(Date.now() / (period * 1000)) === window || attempt === 3) return result;
  }
}

function expectRateLimited(res: { status: number; headers: Headers; body: any }, retryAfter?: number) {
  expect(res.status).toBe(429);
  expect(res.headers.get("Content-Type")).toMatch(/application\/problem\+json/);
  expect(res.body.code).toBe("rate_limited");
  const seconds = Number(res.headers.get("Retry-After"));
  expect(Number.isInteger(seconds) && seconds >= 1).toBe(true);
  if (retryAfter !== undefined) expect(seconds).toBe(retryAfter);
}

describe("the limits are configuration with docs/api/11-limits-retries-sessions.md's production defaults", () => {
  it("wrangler.toml: the vars and the Rate Limiting bindings hold the production defaults, as BUDGETS says", () => {
    const { vars, ratelimits } = env.TEST_DEPLOYED_LIMITS;
    expect(vars).toMatchObject({
      LOGIN_FAILURE_LIMIT: "10",
      LOGIN_FAILURE_WINDOW_SECONDS: "900",
      RATE_LIMIT_PER_IP: "60",
      RATE_LIMIT_PER_CREDENTIAL: "100",
      RATE_LIMIT_PER_STORE: "1000",
    });
    for (const budget of Object.values(BUDGETS)) {
      const binding = ratelimits.find((r) => r.name === budget.binding);
      expect(binding?.simple, budget.binding).toEqual({ limit: budget.unit, period: budget.period });
      expect(vars[budget.setting]).toBe(String(budget.unit));
    }
  });

  it("local runs (.dev.vars) raise the per-IP, per-credential and per-store limits, never the per-email one", () => {
    expect(env.LOGIN_FAILURE_LIMIT).toBe("10");
    expect(env.LOGIN_FAILURE_WINDOW_SECONDS).toBe("900");
    for (const budget of Object.values(BUDGETS)) expect(Number(env[budget.setting])).toBeGreaterThanOrEqual(1_000_000);
  });
});

describe("failed logins per email: 10 per 15 minutes, exact, then every login for that email is 429", () => {
  const login = (email: string, password: string) => call("POST", "/login", { body: { email, password } });

  it("after 10 failures the right password is 429 too (checked before the password), with Retry-After", async () => {
    const user = await newUser();
    for (let i = 0; i < 10; i++) expect((await login(user.email, "wrong password!")).status).toBe(401);
    const res = await login(user.email, user.password);
    expectRateLimited(res);
    expect(Number(res.headers.get("Retry-After"))).toBeLessThanOrEqual(900);
    expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(850);
    // Case-insensitive, and another email is not affected.
    expect((await login(user.email.toUpperCase(), user.password)).status).toBe(429);
    const other = await newUser();
    expect((await login(other.email, other.password)).status).toBe(200);
    // The JWT issued before is untouched: the limit is on logging in.
    expect((await call("GET", "/me", { token: user.jwt })).status).toBe(200);
  });

  it("nine failures still let the right password in; a success does not erase them", async () => {
    const user = await newUser();
    for (let i = 0; i < 9; i++) expect((await login(user.email, "wrong password!")).status).toBe(401);
    expect((await login(user.email, user.password)).status).toBe(200);
    expect((await login(user.email, "wrong password!")).status).toBe(401);
    expect((await login(user.email, user.password)).status).toBe(429);
  });

  it("unknown emails are counted alike (the answers do not tell whether the account exists)", async () => {
    const email = `nobody-${Date.now()}-${seq++}@example.test`;
    for (let i = 0; i < 10; i++) expect((await login(email, "whatever password")).status).toBe(401);
    expectRateLimited(await login(email, "whatever password"));
  });

  it("exact under concurrency: of 16 simultaneous wrong guesses, 10 are checked (401) and 6 refused (429)", async () => {
    const user = await newUser();
    const results = await Promise.all(Array.from({ length: 16 }, () => login(user.email, "wrong password!")));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(6);
  });

  it("once the window has passed the email may log in again; Retry-After counts down to that moment", async () => {
    const user = await newUser();
    for (let i = 0; i < 10; i++) expect((await login(user.email, "wrong password!")).status).toBe(401);
    const emailLower = user.email.toLowerCase();
    // Age the failures: the oldest by 890 s, so it leaves the window in about 10 s.
    await sqlRun("UPDATE login_attempts SET attempted_at = attempted_at - 890000 WHERE email_lower = ?", emailLower);
    const res = await login(user.email, user.password);
    expectRateLimited(res);
    expect(Number(res.headers.get("Retry-After"))).toBeLessThanOrEqual(10);
    await sqlRun("UPDATE login_attempts SET attempted_at = attempted_at - 11000 WHERE email_lower = ?", emailLower);
    expect((await login(user.email, user.password)).status).toBe(200);
    expect(await sqlFirst("SELECT count(*) AS n FROM login_attempts WHERE email_lower = ? AND attempted_at > ?", emailLower, Date.now() - 900_000)).toEqual({
      n: 0,
    });
  });
});

describe("POST /login and POST /users per IP (CF-Connecting-IP): the binding's limit, before validation", () => {
  const overrides = () => ({ IP_RATE_LIMITER: env.TEST_LIMIT_3_PER_60S, RATE_LIMIT_PER_IP: "3" }) as Partial<Env>;

  it("a 4th request from one address in the window is 429 with Retry-After 60; other addresses go on", async () => {
    const { fourth, other } = await inOneWindow(60, async () => {
      const ip = freshIp();
      const user = await newUser();
      expect(
        (await send("POST", "/users", overrides(), { ip, body: { email: `ip-${seq++}-${Date.now()}@example.test`, password: "long enough pass", name: "A" } }))
          .status,
      ).toBe(201);
      expect((await send("POST", "/login", overrides(), { ip, body: { email: user.email, password: user.password } })).status).toBe(200);
      expect((await send("POST", "/login", overrides(), { ip, body: { email: user.email, password: "wrong password!" } })).status).toBe(401);
      // Over the limit: 429 before the body is even validated, and before the password is checked.
      const fourth = await send("POST", "/users", overrides(), { ip, body: { nonsense: true } });
      const other = await send("POST", "/login", overrides(), { ip: freshIp(), body: { email: user.email, password: user.password } });
      return { fourth, other };
    });
    expectRateLimited(fourth, 60);
    expect(other.status).toBe(200);
  });

  it("a var raises the limit in multiples of the binding's: 3 x the unit allows 9 requests, the 10th is 429", async () => {
    const raised = { IP_RATE_LIMITER: env.TEST_LIMIT_3_PER_60S, RATE_LIMIT_PER_IP: String(BUDGETS.ip.unit * 3) } as Partial<Env>;
    const statuses = await inOneWindow(60, async () => {
      const ip = freshIp();
      const out: number[] = [];
      for (let i = 0; i < 10; i++) out.push((await send("POST", "/users", raised, { ip, body: {} })).status);
      return out;
    });
    expect(statuses).toEqual([...Array(9).fill(422), 429]);
  });
});

describe("authenticated requests per credential: one PAT, or all of one user's session JWTs", () => {
  const overrides = { CREDENTIAL_RATE_LIMITER: env.TEST_LIMIT_3_PER_10S, RATE_LIMIT_PER_CREDENTIAL: "3" } as Partial<Env>;

  it("a PAT's 4th request in the window is 429 (Retry-After 10), before the permission check; another PAT goes on", async () => {
    const store = await newStore();
    const { results, other } = await inOneWindow(10, async () => {
      const pat = await newToken(store.id, store.owner.jwt, ["products.read"]);
      const second = await newToken(store.id, store.owner.jwt, ["products.read"]);
      const results = [
        await send("GET", `/stores/${store.id}`, overrides, { token: pat.token }),
        await send("GET", `/stores/${store.id}/products`, overrides, { token: pat.token }),
        await send("GET", "/me", overrides, { token: pat.token }),
        // products.write is missing (403 otherwise): the limit answers first.
        await send("POST", `/stores/${store.id}/products`, overrides, { token: pat.token, body: { title: "x", product_type: "single" } }),
        await send("GET", `/stores/${store.id}/products`, overrides, { token: pat.token }),
      ];
      const other = await send("GET", `/stores/${store.id}/products`, overrides, { token: second.token });
      return { results, other };
    });
    expect(results.slice(0, 3).map((r) => r.status)).toEqual([200, 200, 200]);
    expectRateLimited(results[3], 10);
    expectRateLimited(results[4], 10);
    expect(other.status).toBe(200);
  });

  it("a user's session JWTs share one budget; a bad token is still 401 (authentication first)", async () => {
    const user = await newUser();
    const { statuses, shared, bad } = await inOneWindow(10, async () => {
      const second = (await call("POST", "/login", { body: { email: user.email, password: user.password } })).body.token;
      const statuses = [
        (await send("GET", "/me", overrides, { token: user.jwt })).status,
        (await send("GET", "/stores", overrides, { token: user.jwt })).status,
        (await send("GET", "/me", overrides, { token: second })).status,
      ];
      const shared = await send("GET", "/me", overrides, { token: second });
      const bad = await send("GET", "/me", overrides, { token: `${second}x` });
      return { statuses, shared, bad };
    });
    expect(statuses).toEqual([200, 200, 200]);
    expectRateLimited(shared, 10);
    expect(bad.status).toBe(401);
  });
});

describe("authenticated requests per store: one store's integrations cannot starve the others", () => {
  const overrides = { STORE_RATE_LIMITER: env.TEST_LIMIT_3_PER_10S, RATE_LIMIT_PER_STORE: "3" } as Partial<Env>;

  it("the store's 4th request is 429 whichever credential sends it; another store and a non-member are unaffected", async () => {
    const [store, otherStore, outsider] = await Promise.all([newStore(), newStore(), newUser()]);
    const outcome = await inOneWindow(10, async () => {
      const a = await newToken(store.id, store.owner.jwt, ["products.read"]);
      const b = await newToken(store.id, store.owner.jwt, ["products.read"]);
      const statuses = [
        (await send("GET", `/stores/${store.id}/products`, overrides, { token: a.token })).status,
        (await send("GET", `/stores/${store.id}`, overrides, { token: b.token })).status,
        // A non-member is refused (403) without spending the store's budget.
        (await send("GET", `/stores/${store.id}`, overrides, { token: outsider.jwt })).status,
        (await send("GET", `/stores/${store.id}`, overrides, { token: store.owner.jwt })).status,
      ];
      const limited = await send("GET", `/stores/${store.id}/products`, overrides, { token: b.token });
      const elsewhere = await send("GET", `/stores/${otherStore.id}`, overrides, { token: otherStore.owner.jwt });
      return { statuses, limited, elsewhere };
    });
    expect(outcome.statuses).toEqual([200, 200, 403, 200]);
    expectRateLimited(outcome.limited, 10);
    expect(outcome.elsewhere.status).toBe(200);
  });
});
