// Webhook sending's own writes are bounded per store database (docs/scale.md 7.12): each attempt (its claim and its
// record) spends the database's delivery budget first. Refused, the attempt is not claimed, not sent and not
// counted: the sender looks at it again 2 s later, and it is delivered once the budget admits it. Nothing is lost.
import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { senderOf } from "../../src/webhooks/delivery/hand-off";
import { BUDGET_WAIT_MS, type DeliverySender } from "../../src/webhooks/delivery/subscription-sender";
import { newStore } from "../helpers/api";
import { refusing } from "../helpers/write-lanes";
import { attemptRows, deliveryRow, eventually, insertDelivery, scriptedReceiver, subscribe } from "./support";

afterEach(() => vi.restoreAllMocks());

/** Swaps the sender object's environment (the object keeps `env` as given at construction). */
const senderEnv = (webhookId: string, swap: (current: Env) => Env) =>
  runInDurableObject(senderOf(env, webhookId), (instance: DeliverySender) => {
    const holder = instance as unknown as { env: Env };
    holder.env = swap(holder.env);
  });

describe("a delivery attempt spends its database's delivery budget before it claims", () => {
  it("budget spent: no claim, no request, no attempt row, still pending; admitted again: delivered on the next look", async () => {
    const store = await newStore();
    const [hook] = await subscribe(store, "http://127.0.0.1:9151/ok", ["customers.created"]);
    const receiver = scriptedReceiver("http://127.0.0.1:9151", [200]);
    let asked = 0;
    const counting: RateLimit = { limit: async (options) => (asked++, refusing.limit(options)) };
    await senderEnv(hook.id, (current) => ({ ...current, DELIVERY_WRITE_RATE_LIMITER: counting, RATE_LIMIT_DELIVERY_WRITES: "150" }));
    const delivery = await insertDelivery(store.id, hook.id);
    await senderOf(env, hook.id).take([delivery.id], store.id);
    await eventually(async () => asked > 0);
    // Refused: nothing was claimed, sent or recorded.
    expect(receiver.received).toHaveLength(0);
    expect(await attemptRows(delivery.id)).toEqual([]);
    expect(await deliveryRow(delivery.id)).toMatchObject({ status: "pending", attempt_count: 0, claim_id: null });
    const original = env.DELIVERY_WRITE_RATE_LIMITER;
    await senderEnv(hook.id, (current) => ({ ...current, DELIVERY_WRITE_RATE_LIMITER: original, RATE_LIMIT_DELIVERY_WRITES: env.RATE_LIMIT_DELIVERY_WRITES }));
    const row = await eventually(async () => {
      const r = await deliveryRow(delivery.id);
      return r?.status === "delivered" ? r : null;
    }, BUDGET_WAIT_MS + 8_000);
    // Its first attempt, sent once, on the look after the wait.
    expect(row.attempt_count).toBe(1);
    expect(receiver.received).toHaveLength(1);
    expect(await attemptRows(delivery.id)).toHaveLength(1);
  });
});
