// One store database's maintenance run at a production-like D1 latency (docs/scale.md 7.12): every round trip to the
// database waits LATENCY_MS first (a proxy around the binding), so the run's wall time is its sequential queries
// times a network hop, as deployed. A quiet database and a busy one (every retained table with rows past their age,
// one row per DELETE so each table takes its full 10 DELETEs): the query count is bounded and asserted; the wall
// times are printed for the sizing of the consumer's max_concurrency in wrangler.toml (docs/scale.md 7.12).
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { maintainShard } from "../../src/maintenance/run";
import { call, newStore } from "../helpers/api";
import { shardOf } from "../helpers/databases";
import { countingD1 } from "../helpers/support";

/** A D1 query from a Worker in production: several ms in D1 (its FAQ) plus the hop to the database. */
const LATENCY_MS = 10;
const DAY = 24 * 60 * 60 * 1000;

async function timedRun(shard: string, now: number, vars: Partial<Env> = {}) {
  const binding = (env as unknown as Record<string, D1Database>)[shard];
  const { db, counter } = countingD1(binding, undefined, LATENCY_MS);
  const started = performance.now();
  const report = await maintainShard({ ...env, ...vars, [shard]: db } as Env, shard, now);
  return { report, queries: counter.queries, ms: performance.now() - started };
}

describe("one store database's maintenance at a production-like query latency", () => {
  it("a quiet database and a busy one: at most 60 sequential queries, the wall time about queries x latency", async () => {
    const store = await newStore();
    const shard = await shardOf(store.id);
    for (let i = 0; i < 12; i++) {
      const made = await call("POST", `/stores/${store.id}/products`, { token: store.owner.jwt, body: { title: `Old ${i}`, product_type: "single" } });
      expect(made.status).toBe(201);
      expect((await call("DELETE", `/stores/${store.id}/products/${made.body.id}`, { token: store.owner.jwt })).status).toBe(204);
    }
    const quiet = await timedRun(shard, Date.now());
    // Two years on: every event, audit row and deletion of the database is past its age; one row per DELETE.
    const busy = await timedRun(shard, Date.now() + 2 * 365 * DAY, { RETENTION_BATCH_ROWS: "1" } as unknown as Partial<Env>);
    expect(busy.report.retained).toBeGreaterThanOrEqual(30);
    for (const run of [quiet, busy]) {
      expect(run.queries).toBeLessThanOrEqual(60);
      expect(Object.values(run.report).every((v) => v !== null)).toBe(true);
    }
    expect(busy.queries).toBeGreaterThan(quiet.queries);
    console.log(
      JSON.stringify({
        maintenanceRun: {
          latencyMs: LATENCY_MS,
          quiet: { queries: quiet.queries, ms: Math.round(quiet.ms) },
          busy: { queries: busy.queries, ms: Math.round(busy.ms) },
        },
      }),
    );
  }, 60_000);
});
