// Budgets added by docs/api/13-security.md: failed authentication per address (checked before any D1 query), IPv6
// clients counted by their /64 in every per-IP budget, and a 403 that does not spend the store's budget. As in
// rate-limits.test.ts, each test swaps a low-limit twin (3 per window, vitest.config.ts) for the real binding, so
// the real middleware and the simulated binding decide; D1 statements are counted with a Proxy around every D1 binding.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createApp } from "../../src/app";
import { addressKey } from "../../src/access/client-address";
import { addMember, newStore, newToken, newUser } from "../helpers/api";
import { countingEverywhere, crc32 } from "../helpers/support";

let seq = 0;
const freshIpv4 = () => `203.0.113.${(seq++ % 250) + 1}-${Date.now()}`;
/** A /64 nobody else in the suite uses: 2001:db8:<random>:<seq>, to be followed by the 64 bits of a host. */
const freshPrefix = () => `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:${(seq++ % 0xffff).toString(16)}`;

async function send(method: string, path: string, overrides: Partial<Env>, { token, ip, body }: { token?: string; ip?: string; body?: unknown } = {}) {
  const counted = countingEverywhere();
  const headers: Record<string, string> = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  if (ip) headers["CF-Connecting-IP"] = ip;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const ctx = createExecutionContext();
  const request = new Request(`http://api.test${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const res = await (await createApp()).fetch(request, { ...env, ...overrides, ...counted.overrides } as Env, ctx);
  await waitOnExecutionContext(ctx);
  const text = await res.text();
  const directory = counted.counters.DIRECTORY.queries;
  return {
    status: res.status,
    headers: res.headers,
    body: text ? JSON.parse(text) : null,
    queries: counted.total(),
    directory,
    stores: counted.total() - directory,
  };
}

/** Runs `scenario` until one run starts and ends in the same window of `period` seconds (at most 4 tries). */
async function inOneWindow<T>(period: number, scenario: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    const window = Math.floor(Date.now() / (period * 1000));
    const result = await scenario();
    if (Math.floor(Date.now() / (period * 1000)) === window || attempt === 3) return result;
  }
}

function expectRateLimited(res: { status: number; headers: Headers; body: any }) {
  expect(res.status).toBe(429);
  expect(res.headers.get("Content-Type")).toMatch(/application\/problem\+json/);
  expect(res.body.code).toBe("rate_limited");
  const seconds = Number(res.headers.get("Retry-After"));
  expect(Number.isInteger(seconds) && seconds >= 1 && seconds <= 60).toBe(true);
}

/** A PAT value anyone can compute: random bytes with a correct CRC-32, so only the database can refuse it. */
function forgedPat(): string {
  const bytes = new Uint8Array(32);
  crypto.getRandomValues(bytes.subarray(0, 28));
  new DataView(bytes.buffer).setUint32(28, crc32(bytes.subarray(0, 28)));
  return `bod_${btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "")}`;
}

const failedAuthLimit = { FAILED_AUTH_RATE_LIMITER: env.TEST_LIMIT_3_PER_60S, RATE_LIMIT_FAILED_AUTH_PER_IP: "3" } as Partial<Env>;

describe("requests answered 401 spend a per-address budget of failed authentication, checked before any D1 query", () => {
  it("the 4th 401 from an address in the window is 429; from then on its requests are 429 with no D1 query", async () => {
    const store = await newStore();
    const reader = await newToken(store.id, store.owner.jwt, ["products.read"]);
    const outcome = await inOneWindow(60, async () => {
      const ip = freshIpv4();
      // Three forged values: each is looked up (one query in the store's database, which does not have it, and one in
      // the directory's token index, which would name the store of a real token of another store) and refused.
      const refused = [];
      for (let i = 0; i < 3; i++) refused.push(await send("GET", `/stores/${store.id}/products`, failedAuthLimit, { token: forgedPat(), ip }));
      // The 4th finds the budget spent: its 401 becomes a 429.
      const fourth = await send("GET", `/stores/${store.id}`, failedAuthLimit, { token: forgedPat(), ip });
      // Now nothing from that address reaches D1, whatever it carries: a forged value, a real PAT on a catalog read,
      // the owner's session, a login.
      const after = [
        await send("GET", `/stores/${store.id}/products`, failedAuthLimit, { token: forgedPat(), ip }),
        await send("GET", `/stores/${store.id}/products`, failedAuthLimit, { token: reader.token, ip }),
        await send("GET", "/me", failedAuthLimit, { token: store.owner.jwt, ip }),
        await send("POST", "/login", failedAuthLimit, { ip, body: { email: store.owner.email, password: store.owner.password } }),
      ];
      const elsewhere = await send("GET", `/stores/${store.id}/products`, failedAuthLimit, { token: reader.token, ip: freshIpv4() });
      const publicRoute = await send("GET", "/permissions", failedAuthLimit, { ip });
      return { refused, fourth, after, elsewhere, publicRoute };
    });
    expect(outcome.refused.map((r) => [r.status, r.stores, r.directory])).toEqual([
      [401, 1, 1],
      [401, 1, 1],
      [401, 1, 1],
    ]);
    expectRateLimited(outcome.fourth);
    for (const res of outcome.after) {
      expectRateLimited(res);
      expect(res.queries).toBe(0);
    }
    // Other addresses are unaffected, and routes without authentication stay open.
    expect(outcome.elsewhere.status).toBe(200);
    expect(outcome.publicRoute.status).toBe(200);
  });

  it("every kind of 401 counts: no token, a bad checksum, a bad JWT, a wrong password", async () => {
    const user = await newUser();
    const outcome = await inOneWindow(60, async () => {
      const ip = freshIpv4();
      const statuses = [
        (await send("GET", "/me", failedAuthLimit, { ip })).status,
        (await send("GET", "/me", failedAuthLimit, { ip, token: "bod_not-a-token" })).status,
        (await send("GET", "/stores", failedAuthLimit, { ip, token: `${user.jwt}x` })).status,
      ];
      const wrongPassword = await send("POST", "/login", failedAuthLimit, { ip, body: { email: user.email, password: "wrong password!" } });
      const rightPassword = await send("POST", "/login", failedAuthLimit, { ip, body: { email: user.email, password: user.password } });
      return { statuses, wrongPassword, rightPassword };
    });
    expect(outcome.statuses).toEqual([401, 401, 401]);
    expectRateLimited(outcome.wrongPassword);
    // Refused before the password is looked at.
    expectRateLimited(outcome.rightPassword);
    expect(outcome.rightPassword.queries).toBe(0);
  });

  it("successful requests spend nothing of it", async () => {
    const store = await newStore();
    const statuses = await inOneWindow(60, async () => {
      const ip = freshIpv4();
      const out: number[] = [];
      for (let i = 0; i < 5; i++) out.push((await send("GET", `/stores/${store.id}/products`, failedAuthLimit, { ip, token: store.owner.jwt })).status);
      out.push((await send("GET", "/me", failedAuthLimit, { ip })).status);
      return out;
    });
    expect(statuses).toEqual([200, 200, 200, 200, 200, 401]);
  });
});

describe("IPv6 clients are counted by their /64 prefix in every per-IP budget", () => {
  it("the address key: IPv4 as written, IPv6 cut to its /64 whatever its spelling, IPv4-mapped IPv6 as IPv4", () => {
    expect(addressKey("198.51.100.7")).toBe("198.51.100.7");
    expect(addressKey("2001:db8:1:2::1")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:0DB8:0001:0002:ffff:eeee:dddd:cccc")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:db8:1:2:3::")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressKey("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
    expect(addressKey("::ffff:198.51.100.7")).toBe("198.51.100.7");
    expect(addressKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
  });

  it("POST /users and POST /login: addresses in one /64 share the budget; the next /64 has its own", async () => {
    const limited = { IP_RATE_LIMITER: env.TEST_LIMIT_3_PER_60S, RATE_LIMIT_PER_IP: "3" } as Partial<Env>;
    const outcome = await inOneWindow(60, async () => {
      const prefix = freshPrefix();
      const statuses = [];
      for (const host of ["::1", "::2", ":abcd:ef01:2345:6789"])
        statuses.push((await send("POST", "/users", limited, { ip: `${prefix}${host}`, body: {} })).status);
      const fourth = await send("POST", "/login", limited, { ip: `${prefix}:ffff:ffff:ffff:fffe`, body: {} });
      const nextPrefix = await send("POST", "/users", limited, { ip: `${freshPrefix()}::1`, body: {} });
      return { statuses, fourth, nextPrefix };
    });
    expect(outcome.statuses).toEqual([422, 422, 422]);
    expectRateLimited(outcome.fourth);
    expect(outcome.nextPrefix.status).toBe(422);
  });

  it("failed authentication: three 401s from three addresses of one /64 spend its budget", async () => {
    const outcome = await inOneWindow(60, async () => {
      const prefix = freshPrefix();
      const statuses = [];
      for (const host of ["::1", "::2", ":1:2:3:4"]) statuses.push((await send("GET", "/me", failedAuthLimit, { ip: `${prefix}${host}` })).status);
      const fourth = await send("GET", "/me", failedAuthLimit, { ip: `${prefix}::99` });
      return { statuses, fourth };
    });
    expect(outcome.statuses).toEqual([401, 401, 401]);
    expectRateLimited(outcome.fourth);
  });
});

describe("a request refused with 403 does not spend the store's budget", () => {
  const storeLimit = { STORE_RATE_LIMITER: env.TEST_LIMIT_3_PER_10S, RATE_LIMIT_PER_STORE: "3" } as Partial<Env>;

  it("a member without the route's bit gets 403 as often as it likes; the store still has its 3 requests", async () => {
    const store = await newStore();
    const reader = await addMember(store, ["products.read"]);
    const blind = await addMember(store, []);
    // Holds the first of the two bits POST /imports needs (products.write, products.edit), not the second.
    const writer = await addMember(store, ["products.read", "products.write"]);
    const outcome = await inOneWindow(10, async () => {
      const refused = [
        // A write without products.write, a batched catalog read and a plain read without products.read.
        await send("POST", `/stores/${store.id}/products`, storeLimit, { token: reader.jwt, body: { title: "x", product_type: "single" } }),
        await send("POST", `/stores/${store.id}/products`, storeLimit, { token: reader.jwt, body: { title: "x", product_type: "single" } }),
        await send("GET", `/stores/${store.id}/products`, storeLimit, { token: blind.jwt }),
        await send("GET", `/stores/${store.id}/products`, storeLimit, { token: blind.jwt }),
        await send("POST", `/stores/${store.id}/imports`, storeLimit, { token: writer.jwt, body: {} }),
        await send("POST", `/stores/${store.id}/imports`, storeLimit, { token: writer.jwt, body: {} }),
        // A bad token (401) spends nothing of the store's either.
        await send("GET", `/stores/${store.id}/products`, storeLimit, { token: forgedPat() }),
      ];
      const admitted = [];
      for (let i = 0; i < 3; i++) admitted.push(await send("GET", `/stores/${store.id}/products`, storeLimit, { token: reader.jwt }));
      const fourth = await send("GET", `/stores/${store.id}/products`, storeLimit, { token: store.owner.jwt });
      // Over the store's budget, a request without the bit is still 403: it would not have spent the budget.
      const stillForbidden = await send("POST", `/stores/${store.id}/products`, storeLimit, {
        token: reader.jwt,
        body: { title: "x", product_type: "single" },
      });
      return { refused, admitted, fourth, stillForbidden };
    });
    expect(outcome.refused.map((r) => r.status)).toEqual([403, 403, 403, 403, 403, 403, 401]);
    expect(outcome.refused[4].body.missing_permission).toBe("products.edit");
    expect(outcome.admitted.map((r) => r.status)).toEqual([200, 200, 200]);
    expectRateLimited(outcome.fourth);
    expect(outcome.stillForbidden.status).toBe(403);
  });
});
