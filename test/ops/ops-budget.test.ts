// Issue 23 item 6: /ops/* refuses an address that is over its failed-authentication budget (docs/api/13-security.md)
// before it compares the token, as every other authenticated route does: guessing OPS_TOKEN from one address stops
// at the budget, and the right token from that address is refused too until the window has passed.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { fetchWithEnv } from "../helpers/support";
import { OPS_TOKEN } from "../moves/support";

const failedAuthLimit = { FAILED_AUTH_RATE_LIMITER: env.TEST_LIMIT_3_PER_60S, RATE_LIMIT_FAILED_AUTH_PER_IP: "3" } as Partial<Env>;

let seq = 0;
const freshIp = () => `192.0.2.${(seq++ % 250) + 1}-${Date.now()}`;

async function opsCall(token: string, ip: string) {
  const res = await fetchWithEnv(
    new Request("http://api.test/ops/shards", { headers: { Authorization: `Bearer ${token}`, "CF-Connecting-IP": ip } }),
    failedAuthLimit,
  );
  return { status: res.status, code: res.status === 200 ? null : ((await res.json()) as { code: string }).code, retryAfter: res.headers.get("Retry-After") };
}

/** Runs `scenario` until one run starts and ends in the same minute (at most 4 tries). */
async function inOneMinute<T>(scenario: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    const window = Math.floor(Date.now() / 60_000);
    const result = await scenario();
    if (Math.floor(Date.now() / 60_000) === window || attempt === 3) return result;
  }
}

describe("/ops/* refuses an address over its failed-authentication budget before comparing the token", () => {
  it("after the budget is spent on wrong tokens, even OPS_TOKEN itself is 429 from that address; other addresses go on", async () => {
    const outcome = await inOneMinute(async () => {
      const ip = freshIp();
      const guesses = [];
      for (let i = 0; i < 4; i++) guesses.push(await opsCall(`wrong-guess-${i}-0123456789abcdef0123456789`, ip));
      const right = await opsCall(OPS_TOKEN, ip);
      const elsewhere = await opsCall(OPS_TOKEN, freshIp());
      return { guesses, right, elsewhere };
    });
    expect(outcome.guesses.map((g) => g.status)).toEqual([401, 401, 401, 429]);
    expect(outcome.right.status).toBe(429);
    expect(outcome.right.code).toBe("rate_limited");
    expect(Number(outcome.right.retryAfter)).toBeGreaterThanOrEqual(1);
    expect(outcome.elsewhere.status).toBe(200);
  });
});
