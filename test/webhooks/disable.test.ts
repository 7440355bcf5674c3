// When the service disables a subscription (docs/webhooks.md "When a subscription is disabled"): at once on a 410
// Gone (`gone`), from the cron when all its deliveries have failed for WEBHOOK_DISABLE_AFTER_DAYS (`failing`);
// `active: false` with disabled_reason and disabled_at; its pending retries end `subscription_inactive`;
// PATCH {active: true} enables it again and clears both.
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { maintainShard } from "../../src/maintenance";
import { disableFailingSubscriptions } from "../../src/webhooks";
import { call, newStore, type TestStore } from "../helpers/api";
import { shardOf, storeFirst, storeRun } from "../helpers/databases";
import { attemptNow, attemptRows, deliveryRow, insertDelivery, makeDue, scriptedReceiver, subscribe } from "./support";

let receiver: ReturnType<typeof scriptedReceiver> | undefined;
afterEach(() => receiver?.restore());

const getHook = async (store: TestStore, id: string) => (await call("GET", `/stores/${store.id}/webhooks/${id}`, { token: store.owner.jwt })).body;
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

/** Runs a delivery to its end against the receiver in place. */
async function runToEnd(id: string) {
  for (let i = 0; i < 3 && (await attemptNow(id)) !== null; i++) await makeDue(id);
}

describe("A receiver answering 410 Gone disables the subscription at once", () => {
  it("no retry of that delivery; disabled_reason gone; pending retries end subscription_inactive; PATCH active true enables again", async () => {
    const store = await newStore();
    const url = "http://127.0.0.1:9226/gone";
    const [hook] = await subscribe(store, url, ["customers.created"]);
    const waiting = await insertDelivery(store.id, hook.id);
    const gone = await insertDelivery(store.id, hook.id);
    receiver = scriptedReceiver(url, [410]);
    expect(await attemptNow(gone.id)).toBeNull();
    expect(await deliveryRow(gone.id)).toMatchObject({ status: "failed", attempt_count: 1 });
    const disabled = await getHook(store, hook.id);
    expect(disabled).toMatchObject({ active: false, disabled_reason: "gone" });
    expect(Date.now() - Date.parse(disabled.disabled_at)).toBeLessThan(10_000);

    expect(await attemptNow(waiting.id)).toBeNull();
    expect((await attemptRows(waiting.id)).map((a) => a.error)).toEqual(["subscription_inactive"]);
    expect(receiver.received).toHaveLength(1);

    const enabled = await call("PATCH", `/stores/${store.id}/webhooks/${hook.id}`, { token: store.owner.jwt, body: { active: true } });
    expect(enabled.body).toMatchObject({ active: true, disabled_reason: null, disabled_at: null });
    expect(await getHook(store, hook.id)).toMatchObject({ active: true, disabled_reason: null, disabled_at: null });
  });

  it("a user's deactivation carries no reason", async () => {
    const store = await newStore();
    const [hook] = await subscribe(store, "http://127.0.0.1:9226/manual", ["customers.created"]);
    const res = await call("PATCH", `/stores/${store.id}/webhooks/${hook.id}`, { token: store.owner.jwt, body: { active: false } });
    expect(res.body).toMatchObject({ active: false, disabled_reason: null, disabled_at: null });
  });
});

describe("All deliveries failed for WEBHOOK_DISABLE_AFTER_DAYS (5): the cron disables the subscription", () => {
  it("failing for more than 5 days: disabled as failing; for less, or after a delivered one, left alone", async () => {
    const store = await newStore();
    const url = "http://127.0.0.1:9227/";
    const [old, recent, recovered] = await Promise.all(
      ["old", "recent", "recovered"].map(async (p) => (await subscribe(store, `${url}${p}`, ["customers.created"]))[0]),
    );
    receiver = scriptedReceiver(url, [500]);
    const started = new Date().toISOString();
    for (const hook of [old, recent, recovered]) await runToEnd((await insertDelivery(store.id, hook.id)).id);
    // A delivery that ended failed starts the failing run.
    const since = await storeFirst<{ failing_since: string }>(store.id, "SELECT failing_since FROM webhooks WHERE id = ?", old.id);
    expect(since!.failing_since >= started).toBe(true);
    // The failing run started when the first failed delivery ended; set it back in time as if days had passed.
    await storeRun(store.id, "UPDATE webhooks SET failing_since = ? WHERE id IN (?, ?)", daysAgo(5.1), old.id, recovered.id);
    await storeRun(store.id, "UPDATE webhooks SET failing_since = ? WHERE id = ?", daysAgo(4.9), recent.id);
    // A delivered one ends the run.
    receiver.restore();
    receiver = scriptedReceiver(url, [200]);
    await runToEnd((await insertDelivery(store.id, recovered.id)).id);

    const disabled = await disableFailingSubscriptions(env);
    expect(disabled).toContain(old.id);
    expect(disabled).not.toContain(recent.id);
    expect(disabled).not.toContain(recovered.id);
    expect(await getHook(store, old.id)).toMatchObject({ active: false, disabled_reason: "failing", disabled_at: expect.any(String) });
    expect(await getHook(store, recent.id)).toMatchObject({ active: true, disabled_reason: null });
    expect(await getHook(store, recovered.id)).toMatchObject({ active: true, disabled_reason: null });

    // Enabled again, it starts afresh: the next cron run leaves it alone.
    await call("PATCH", `/stores/${store.id}/webhooks/${old.id}`, { token: store.owner.jwt, body: { active: true } });
    expect(await disableFailingSubscriptions(env)).not.toContain(old.id);
    expect(await getHook(store, old.id)).toMatchObject({ active: true, disabled_reason: null, disabled_at: null });
  });

  it("the number of days is the WEBHOOK_DISABLE_AFTER_DAYS var", async () => {
    const store = await newStore();
    const [hook] = await subscribe(store, "http://127.0.0.1:9228/x", ["customers.created"]);
    await storeRun(store.id, "UPDATE webhooks SET failing_since = ? WHERE id = ?", daysAgo(1.5), hook.id);
    expect(await disableFailingSubscriptions(env)).not.toContain(hook.id);
    expect(await disableFailingSubscriptions({ ...env, WEBHOOK_DISABLE_AFTER_DAYS: "1" } as unknown as Env)).toContain(hook.id);
  });

  it("the cron does it through each store database's maintenance message (issue 27): that database's run only", async () => {
    const store = await newStore();
    const [hook] = await subscribe(store, "http://127.0.0.1:9228/y", ["customers.created"]);
    await storeRun(store.id, "UPDATE webhooks SET failing_since = ? WHERE id = ?", daysAgo(5.1), hook.id);
    const shard = await shardOf(store.id);
    await maintainShard(env, shard === "STORE_DB_001" ? "STORE_DB_002" : "STORE_DB_001");
    expect(await getHook(store, hook.id)).toMatchObject({ active: true, disabled_reason: null });
    const report = await maintainShard(env, shard);
    expect(report.disabled).toBeGreaterThanOrEqual(1);
    expect(await getHook(store, hook.id)).toMatchObject({ active: false, disabled_reason: "failing" });
  });
});
