// The sweep's rule (docs/api/08-webhooks.md, issue 10): it hands back only deliveries that are really lost (due more than
// 30 s ago, no live claim, not held by their subscription's sender), never one still waiting in the queue or held
// by the sender, so running it again and again never multiplies work.
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { runDeliverySweep } from "../../src/webhooks";
import { newStore } from "../helpers/api";
import { deliveryRow, eventually, heldBySender, insertDelivery, scriptedReceiver, subscribe } from "./support";

let receiver: ReturnType<typeof scriptedReceiver> | undefined;
afterEach(() => {
  receiver?.restore();
  vi.restoreAllMocks();
});

const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

describe("Sweep: a lost delivery is handed back to its sender, a queued or held one is not", () => {
  it("recovers a lost delivery and a stale claim, and leaves queued, live-claimed and finished ones alone", async () => {
    const store = await newStore();
    const [hook] = await subscribe(store, "http://127.0.0.1:9135/a", ["customers.created"]);
    receiver = scriptedReceiver("http://127.0.0.1:9135/", [200]);
    // Written with no queue message and never handed to the sender: lost.
    const lost = await insertDelivery(store.id, hook.id, { next_attempt_at: ago(31_000), attempt_count: 1 });
    const crashed = await insertDelivery(store.id, hook.id, { next_attempt_at: ago(45_000), claim_id: "x", claimed_at: ago(40_000) });
    // Enqueued 10 s ago and still waiting in the queue: not the sweep's business.
    const queued = await insertDelivery(store.id, hook.id, { next_attempt_at: ago(10_000) });
    const sending = await insertDelivery(store.id, hook.id, { next_attempt_at: ago(40_000), claim_id: "y", claimed_at: ago(5_000) });
    const done = await insertDelivery(store.id, hook.id, { next_attempt_at: ago(60_000), status: "failed" });

    const recovered = await runDeliverySweep(env);
    expect(recovered.sort()).toEqual([lost.id, crashed.id].sort());
    for (const id of [queued.id, sending.id, done.id]) expect(recovered).not.toContain(id);

    // The sender sends what it was handed: the lost attempt 2 and the crashed attempt 1 (which never counted).
    await eventually(async () => (await deliveryRow(lost.id))?.status === "delivered" && (await deliveryRow(crashed.id))?.status === "delivered");
    expect((await deliveryRow(lost.id))!.attempt_count).toBe(2);
    expect((await deliveryRow(crashed.id))!.attempt_count).toBe(1);
    expect(receiver.received).toHaveLength(2);
  });

  it("does not hand back a delivery its sender holds (waiting behind its own hanging receiver)", async () => {
    const store = await newStore();
    const [hook] = await subscribe(store, "http://127.0.0.1:9136/hang", ["customers.created"]);
    // A receiver that never answers: each send ends at the 10 s timeout.
    vi.spyOn(globalThis, "fetch").mockImplementation(
      (_input, init) => new Promise((_resolve, reject) => init?.signal?.addEventListener("abort", () => reject(init.signal!.reason))),
    );
    // Seven overdue deliveries, none claimed: as if the queue (or an earlier sweep) had handed them over.
    const rows: Array<{ id: string }> = [];
    for (let i = 0; i < 7; i++) rows.push(await insertDelivery(store.id, hook.id, { next_attempt_at: ago(31_000) }));
    const first = await runDeliverySweep(env);
    expect(first.sort()).toEqual(rows.map((r) => r.id).sort());
    // Six are in flight (claimed in D1); the seventh waits in the sender for a free connection.
    await eventually(async () => {
      const claimed = await Promise.all(rows.map(async (r) => (await deliveryRow(r.id))!.claim_id !== null));
      return claimed.filter(Boolean).length === 6;
    });
    expect((await heldBySender(hook.id)).sort()).toEqual(rows.map((r) => r.id).sort());

    // Sweeping again (and again) hands back nothing: no amplification.
    expect(await runDeliverySweep(env)).toEqual([]);
    expect(await runDeliverySweep(env)).toEqual([]);
  });
});
