// What webhook sending writes to a store database (docs/scale.md 7.12), counted on a D1 binding wrapped to count
// queries (test/helpers/support.ts): a change with N subscriptions writes its N deliveries inside its own one batch; each delivered
// attempt then costs exactly two write round trips (its claim, and its record as one batch), whether the store has
// 3 subscriptions or 100. The figures are printed for docs/scale.md.
import { describe, expect, it, vi } from "vitest";
import { dbOf } from "../../src/placement/store-db";
import { runAttempt } from "../../src/webhooks/delivery/run-attempt";
import { env } from "cloudflare:workers";
import { call, newStore } from "../helpers/api";
import { storeD1 } from "../helpers/databases";
import { countingD1 } from "../helpers/support";
import { scriptedReceiver } from "./support";

const WRITE = /^\s*(insert|update|delete|replace)\b/i;

/** Round trips that write: a lone write statement, or a batch (every batch here writes). */
const writeRoundTrips = (statements: string[]) => statements.filter((s) => WRITE.test(s) || s.startsWith("batch(")).length;

async function deliverOneChange(subscriptions: number) {
  const store = await newStore();
  for (let i = 0; i < subscriptions; i += 20) {
    const batch = Array.from({ length: Math.min(20, subscriptions - i) }, (_, j) => i + j);
    const made = await Promise.all(
      batch.map((n) =>
        call("POST", `/stores/${store.id}/webhooks`, {
          token: store.owner.jwt,
          body: { url: `http://127.0.0.1:9152/r/${n}`, events: ["customers.created"], secret: "test-secret-0123456789abcdef" },
        }),
      ),
    );
    for (const res of made) expect(res.status).toBe(201);
  }
  const d1 = await storeD1(store.id);
  // The sender objects are kept out of it: this test runs every attempt itself, on the counting binding.
  const send = vi.spyOn(env.DELIVERIES, "sendBatch").mockResolvedValue(undefined as never);
  const created = await call("POST", `/stores/${store.id}/customers`, { token: store.owner.jwt, body: { email: `c-${crypto.randomUUID()}@example.test` } });
  expect(created.status).toBe(201);
  send.mockRestore();
  const ids = (
    await d1
      .prepare("SELECT d.id FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id WHERE w.store_id = ? AND d.status = 'pending'")
      .bind(store.id)
      .all<{ id: string }>()
  ).results.map((r) => r.id);
  expect(ids).toHaveLength(subscriptions);
  const receiver = scriptedReceiver("http://127.0.0.1:9152", [200]);
  const { db: binding, counter } = countingD1(d1);
  const db = dbOf(binding);
  for (const id of ids) expect(await runAttempt(db, env, id)).toBeNull();
  receiver.restore();
  expect(receiver.received).toHaveLength(subscriptions);
  const delivered = await d1
    .prepare("SELECT count(*) AS n FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id WHERE w.store_id = ? AND d.status = 'delivered'")
    .bind(store.id)
    .first<{ n: number }>();
  expect(delivered?.n).toBe(subscriptions);
  return { perAttempt: { roundTrips: counter.queries / subscriptions, writeRoundTrips: writeRoundTrips(counter.statements) / subscriptions } };
}

describe("webhook sending's D1 writes per delivered attempt do not grow with the number of subscriptions", () => {
  it("3 and 100 subscriptions: two write round trips per delivered attempt (claim; record), the same for both", async () => {
    const three = await deliverOneChange(3);
    const hundred = await deliverOneChange(100);
    console.log(JSON.stringify({ deliveryWritesPerAttempt: { subscriptions3: three.perAttempt, subscriptions100: hundred.perAttempt } }));
    expect(three.perAttempt.writeRoundTrips).toBe(2);
    expect(hundred.perAttempt).toEqual(three.perAttempt);
  }, 60_000);
});
