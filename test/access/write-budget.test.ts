// Write budgets (docs/scale.md sections 7.4 and 7.12): a store's first changes of a window come from its database's
// steady lane, the rest spend its store's write budget and then its database's burst lane, shared by every store on
// it. A store's burst meets its own 429 while a neighbour on the same database goes on writing; a write the store's
// budget refused spends nothing of the database's; when the database's burst lane is spent, bursting stores get 429
// (never a 503 from an overloaded database) while a steady neighbour still writes; reads spend nothing. The real
// budgets are raised locally (.dev.vars): each test swaps in low-limit bindings (vitest.config.ts), with keys made
// fresh per run so a scenario that straddles a window boundary is run again (`inOneWindow`), never timed.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { newStore } from "../helpers/api";
import { shardOf } from "../helpers/databases";
import { onDatabase } from "../helpers/spread";
import { fetchWithEnv } from "../helpers/support";
import { fresh, ownLimits, steadyLaneClosed } from "../helpers/write-lanes";

async function inOneWindow<T>(period: number, scenario: (run: string) => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    const window = Math.floor(Date.now() / (period * 1000));
    const result = await scenario(crypto.randomUUID());
    if (Math.floor(Date.now() / (period * 1000)) === window || attempt === 3) return result;
  }
}

async function write(storeId: string, jwt: string, overrides: Partial<Env>) {
  const res = await fetchWithEnv(
    new Request(`http://api.test/stores/${storeId}/products`, {
      method: "POST",
      headers: { Authorization: `Bearer ${jwt}`, "Content-Type": "application/json" },
      body: JSON.stringify({ title: "Burst", product_type: "single" }),
    }),
    overrides,
  );
  const text = await res.text();
  return { status: res.status, retryAfter: res.headers.get("Retry-After"), body: text ? JSON.parse(text) : null };
}

/** Three stores on one database: the flooding one, its steady neighbour, and a latecomer. */
async function neighbours() {
  const flooding = await newStore();
  const shard = await shardOf(flooding.id);
  const neighbour = await onDatabase(shard, newStore);
  const latecomer = await onDatabase(shard, newStore);
  return { flooding, neighbour, latecomer };
}

describe("a store's burst meets its own 429 while its neighbours on the same database go on writing", () => {
  it("burst lane (steady lane closed), store budget 3, database budget 6: the flood gets 3 then 429s; the neighbour's 3 all pass; then the database's budget is spent for everyone (429, not 503)", async () => {
    const { flooding, neighbour, latecomer } = await neighbours();
    const outcome = await inOneWindow(60, async (run) => {
      const overrides = {
        STORE_WRITE_RATE_LIMITER: fresh(env.TEST_LIMIT_3_PER_60S, run),
        DATABASE_WRITE_RATE_LIMITER: fresh(env.TEST_LIMIT_6_PER_60S, run),
        ...ownLimits,
        ...steadyLaneClosed,
      } as Partial<Env>;
      const flood = [];
      for (let i = 0; i < 8; i++) flood.push(await write(flooding.id, flooding.owner.jwt, overrides));
      const steady = [];
      for (let i = 0; i < 3; i++) steady.push(await write(neighbour.id, neighbour.owner.jwt, overrides));
      const late = await write(latecomer.id, latecomer.owner.jwt, overrides);
      const read = await fetchWithEnv(
        new Request(`http://api.test/stores/${flooding.id}/products`, { headers: { Authorization: `Bearer ${flooding.owner.jwt}` } }),
        overrides,
      );
      return { flood, steady, late, read: read.status };
    });
    expect(outcome.flood.map((r) => r.status)).toEqual([201, 201, 201, 429, 429, 429, 429, 429]);
    expect(outcome.flood[3].body.code).toBe("rate_limited");
    expect(outcome.flood[3].body.detail).toMatch(/changes to this store/);
    expect(Number(outcome.flood[3].retryAfter)).toBeGreaterThanOrEqual(1);
    // The five refused writes spent nothing of the database's budget: the neighbour's three all pass.
    expect(outcome.steady.map((r) => r.status)).toEqual([201, 201, 201]);
    // Six writes admitted on the database: the next store's first write is refused by the database's budget.
    expect(outcome.late.status).toBe(429);
    expect(outcome.late.body.detail).toMatch(/stores of this store's database/);
    // Reads spend neither budget.
    expect(outcome.read).toBe(200);
  });

  it("stores on another database are not touched by this database's budget", async () => {
    const first = await newStore();
    const shard = await shardOf(first.id);
    const elsewhere = await onDatabase(shard === "STORE_DB_001" ? "STORE_DB_002" : "STORE_DB_001", newStore);
    const outcome = await inOneWindow(60, async (run) => {
      const overrides = { DATABASE_WRITE_RATE_LIMITER: fresh(env.TEST_LIMIT_3_PER_60S, run), ...ownLimits, ...steadyLaneClosed } as Partial<Env>;
      const here = [];
      for (let i = 0; i < 4; i++) here.push((await write(first.id, first.owner.jwt, overrides)).status);
      return { here, there: (await write(elsewhere.id, elsewhere.owner.jwt, overrides)).status };
    });
    expect(outcome.here).toEqual([201, 201, 201, 429]);
    expect(outcome.there).toBe(201);
  });
});

describe("fair shares: while several stores flood a database, a steady neighbour is never refused", () => {
  it("steady share 2, steady lane 10, store budget 3, burst lane 6: three flooders spend the burst lane and meet 429s; the neighbour's writes all pass", async () => {
    const first = await newStore();
    const shard = await shardOf(first.id);
    const flooders = [first, await onDatabase(shard, newStore), await onDatabase(shard, newStore)];
    const neighbour = await onDatabase(shard, newStore);
    const outcome = await inOneWindow(60, async (run) => {
      const overrides = {
        STORE_STEADY_WRITE_RATE_LIMITER: fresh(env.TEST_LIMIT_2_PER_60S, run),
        DATABASE_STEADY_WRITE_RATE_LIMITER: fresh(env.TEST_LIMIT_10_PER_60S, run),
        STORE_WRITE_RATE_LIMITER: fresh(env.TEST_LIMIT_3_PER_60S, run),
        DATABASE_WRITE_RATE_LIMITER: fresh(env.TEST_LIMIT_6_PER_60S, run),
        ...ownLimits,
      } as Partial<Env>;
      const floods = [];
      for (const flooder of flooders) {
        const answers = [];
        for (let i = 0; i < 7; i++) answers.push(await write(flooder.id, flooder.owner.jwt, overrides));
        floods.push(answers);
      }
      const steady = [];
      for (let i = 0; i < 2; i++) steady.push(await write(neighbour.id, neighbour.owner.jwt, overrides));
      return { floods, steady };
    });
    const statuses = outcome.floods.map((answers) => answers.map((r) => r.status));
    // Each flooder: 2 from the steady lane, then its store budget of 3 from the burst lane while the lane lasts.
    expect(statuses[0]).toEqual([201, 201, 201, 201, 201, 429, 429]);
    expect(statuses[1]).toEqual([201, 201, 201, 201, 201, 429, 429]);
    // The burst lane (6) is spent by the first two: the third flooder's burst is refused by the database.
    expect(statuses[2]).toEqual([201, 201, 429, 429, 429, 429, 429]);
    expect(outcome.floods[0][5].body.detail).toMatch(/changes to this store/);
    expect(outcome.floods[2][2].body.detail).toMatch(/stores of this store's database/);
    // The neighbour writes from the steady lane (6 of its 10 taken by the flooders): both pass.
    expect(outcome.steady.map((r) => r.status)).toEqual([201, 201]);
  });
});
