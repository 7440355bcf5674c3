// An attempt is a real try (docs/webhooks.md "What an attempt is"): a send that got no response at all (the runtime
// reused a connection the receiver had closed: "Network connection lost.") is sent once more at once within the
// same attempt, so the attempt reaches the receiver; a receiver that loses every connection still gets exactly
// three failed attempts recorded.
import { afterEach, describe, expect, it, vi } from "vitest";
import { newStore } from "../helpers/api";
import { attemptNow, attemptRows, deliveryRow, insertDelivery, makeDue, subscribe } from "./support";

let spy: { mockRestore: () => void } | undefined;
afterEach(() => spy?.mockRestore());

async function fixture(port: number) {
  const store = await newStore();
  const url = `http://127.0.0.1:${port}/hook`;
  const [webhook] = await subscribe(store, url, ["customers.created"]);
  return insertDelivery(store.id, webhook.id);
}

/** A fetch whose n-th call (from 1) does what `script(n)` says: a status to answer, or "lost" to reject. */
function scriptedFetch(script: (n: number) => number | "lost") {
  const sends: Array<{ attempt: string | null; signature: string | null }> = [];
  const mock = vi.spyOn(globalThis, "fetch").mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    sends.push({ attempt: request.headers.get("X-Webhook-Attempt"), signature: request.headers.get("webhook-signature") });
    const action = script(sends.length);
    if (action === "lost") throw new TypeError("Network connection lost.");
    return new Response(`answer ${sends.length}`, { status: action });
  });
  spy = mock;
  return sends;
}

describe("A send lost before any response is sent again at once, within the same attempt", () => {
  it("the resend's answer is the attempt's: one attempt recorded, delivered", async () => {
    const delivery = await fixture(9141);
    // Two stale connections in a row (two idle ones the receiver closed at the same moment), then a fresh one.
    const sends = scriptedFetch((n) => (n <= 2 ? "lost" : 200));
    expect(await attemptNow(delivery.id)).toBeNull();
    expect(sends.map((s) => s.attempt)).toEqual(["1", "1", "1"]);
    // The same attempt: the same signed headers.
    expect(sends[2].signature).toBe(sends[0].signature);
    expect((await attemptRows(delivery.id)).map((a) => [a.attempt, a.response_status, a.error])).toEqual([[1, 200, null]]);
    expect(await deliveryRow(delivery.id)).toMatchObject({ status: "delivered", attempt_count: 1 });
  });

  it("a 500 after a lost send is an ordinary failed attempt, retried on schedule", async () => {
    const delivery = await fixture(9142);
    const sends = scriptedFetch((n) => (n === 1 ? "lost" : 500));
    expect(await attemptNow(delivery.id)).toEqual(expect.any(Number));
    expect(sends).toHaveLength(2);
    expect((await attemptRows(delivery.id)).map((a) => [a.attempt, a.response_status, a.error])).toEqual([[1, 500, "HTTP 500"]]);
    expect(await deliveryRow(delivery.id)).toMatchObject({ status: "pending", attempt_count: 1 });
  });
});

describe("A receiver that loses every connection: three failed attempts recorded, no more", () => {
  it("each attempt is sent at most 7 times (the sender's 6 connections, then a fresh one); the delivery fails after the third", async () => {
    const delivery = await fixture(9143);
    const sends = scriptedFetch(() => "lost");
    for (let i = 0; i < 3; i++) {
      if (i > 0) await makeDue(delivery.id);
      await attemptNow(delivery.id);
    }
    await makeDue(delivery.id);
    expect(await attemptNow(delivery.id)).toBeNull();
    expect(sends.map((s) => s.attempt)).toEqual(["1", "2", "3"].flatMap((n) => Array(7).fill(n)));
    const attempts = await attemptRows(delivery.id);
    expect(attempts.map((a) => [a.attempt, a.response_status])).toEqual([
      [1, null],
      [2, null],
      [3, null],
    ]);
    for (const a of attempts) {
      expect(a.error).toBe("Network connection lost. (sent 7 times within the attempt; each lost the connection before any response)");
    }
    expect(await deliveryRow(delivery.id)).toMatchObject({ status: "failed", attempt_count: 3 });
  });
});
