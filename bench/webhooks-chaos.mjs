// `npm run bench:webhooks -- --chaos`: webhook delivery under faults, against `npm run dev` (the local queue, the
// sender objects, the sweep every minute) on loopback, with one restart of the dev server half way.
//
// Six stores, each with one subscription (customers.created) to its own receiver on 127.0.0.1: two healthy
// receivers (always 200) and four chaos receivers that fail the first attempt of 2 events in 3, rotating through a
// 500, a redirect (302), a connection reset and a hang longer than the sender's 10 s timeout, and fail the second
// attempt too (500) for 1 event in 4 of those; the third attempt always succeeds. Events (customer creations) go
// out in bursts of 20, spread over the stores; the dev server is stopped and started again half way.
//
// Prints: events lost (no attempt ever answered 2xx), acknowledged more than once, the gap before attempts 2 and 3
// (from the moment the previous attempt ended at the receiver: answer sent, connection reset, or the sender giving
// up on a hang; median and p90), the healthy receivers' first-attempt latency after the API response (p50, p99),
// queue messages per attempt (messages the consumer received, from its log line per batch, over attempts the
// receivers saw), and the time from the last event to the last outcome.
//
// Environment: BENCH_PORT (dev server, default 8795), BENCH_RECEIVER_PORT (first of six receiver ports, default
// 9160), BENCH_EVENTS (default 360), BENCH_BURST (20), BENCH_BURST_GAP_MS (1500).
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { account, api, startDev, startReceiver } from "../test/e2e/harness.mjs";
import { fmt, median, percentile } from "./lib/harness.mjs";

const port = Number(process.env.BENCH_PORT ?? 8795);
const receiverPort = Number(process.env.BENCH_RECEIVER_PORT ?? 9160);
const totalEvents = Number(process.env.BENCH_EVENTS ?? 360);
const burst = Number(process.env.BENCH_BURST ?? 20);
const burstGapMs = Number(process.env.BENCH_BURST_GAP_MS ?? 1500);
const SECRET = "bench-secret-0123456789abcdef";
const FIRST_FAILURES = [500, 302, "reset", "hang"];
const persistDir = mkdtempSync(path.join(tmpdir(), "bench-chaos-"));

/** Deterministic per event: 0..n-1 from the event id. */
const pick = (eventId, salt, n) => createHash("sha256").update(`${salt}:${eventId}`).digest().readUInt32BE(0) % n;

/** What a chaos receiver does for attempt `n` of the event in this request. */
function chaosAction(request, n) {
  const eventId = request.headers["x-webhook-id"];
  if (n === 1 && pick(eventId, "fail1", 3) < 2) return FIRST_FAILURES[pick(eventId, "mode", FIRST_FAILURES.length)];
  if (n === 2 && pick(eventId, "fail1", 3) < 2 && pick(eventId, "fail2", 4) === 0) return 500;
  return 200;
}

const receivers = [];
for (let i = 0; i < 6; i++) {
  const healthy = i < 2;
  receivers.push({
    name: healthy ? `healthy-${i + 1}` : `chaos-${i - 1}`,
    healthy,
    server: await startReceiver({
      port: receiverPort + i,
      secret: SECRET,
      script: () => [200],
      decide: healthy ? () => 200 : chaosAction,
    }),
  });
}

let queueMessages = 0;
const onLine = (line) => {
  const match = /"message":"delivery batch","messages":(\d+)/.exec(line);
  if (match) queueMessages += Number(match[1]);
};
let server = await startDev({ port, persistDir, onLine, logLevel: "log" });
const stopAll = async () => {
  await server.stop();
  await Promise.all(receivers.map((r) => r.server.close()));
  rmSync(persistDir, { recursive: true, force: true });
};
process.on("SIGINT", async () => {
  await stopAll();
  process.exit(130);
});

try {
  const stores = [];
  for (const receiver of receivers) {
    const owner = await account(server.base);
    const res = await api(server.base, "POST", `/stores/${owner.storeId}/webhooks`, {
      token: owner.token,
      body: { url: receiver.server.url("/hook"), events: ["customers.created"], secret: SECRET },
    });
    if (res.status !== 201) throw new Error(`subscribe: ${res.status} ${res.text}`);
    stores.push({ ...owner, receiver });
  }

  /** customer id → { store, answeredAt } for every event the API accepted. */
  const events = new Map();
  let apiErrors = 0;
  const bursts = Math.ceil(totalEvents / burst);
  const restart = { stoppedAt: 0, readyAt: 0 };
  let sent = 0;
  for (let b = 0; b < bursts; b++) {
    if (b === Math.floor(bursts / 2)) {
      console.log(`burst ${b}: restarting the dev server`);
      restart.stoppedAt = Date.now();
      await server.stop();
      server = await startDev({ port, persistDir, onLine, logLevel: "log" });
      restart.readyAt = Date.now();
    }
    const started = Date.now();
    await Promise.all(
      Array.from({ length: Math.min(burst, totalEvents - sent) }, async (_, i) => {
        const store = stores[(sent + i) % stores.length];
        const res = await api(server.base, "POST", `/stores/${store.storeId}/customers`, {
          token: store.token,
          body: { email: `chaos-${b}-${i}-${Date.now()}@example.test` },
        });
        if (res.status === 201) events.set(res.body.id, { store, answeredAt: Date.now() });
        else apiErrors++;
      }),
    );
    sent += Math.min(burst, totalEvents - sent);
    await new Promise((r) => setTimeout(r, Math.max(0, burstGapMs - (Date.now() - started))));
  }
  const lastEventAt = Math.max(...[...events.values()].map((e) => e.answeredAt));
  console.log(`${events.size} events accepted (${apiErrors} API errors); waiting for every outcome (at most 120 s)`);

  // Outcome per event: acknowledged (some attempt answered 2xx) or failed after three attempts.
  const requestsOf = (e, customerId) => e.store.receiver.server.received.filter((r) => JSON.parse(r.body.toString("utf8")).data.id === customerId);
  const outcome = (customerId, e) => {
    const got = requestsOf(e, customerId);
    const acks = got.filter((r) => r.action === 200);
    if (acks.length > 0) return { done: true, at: acks[0].endedAt, acks: acks.length, got };
    const thirds = got.filter((r) => r.headers["x-webhook-attempt"] === "3" && r.endedAt);
    return { done: thirds.length > 0, at: thirds[0]?.endedAt, acks: 0, got };
  };
  const deadline = Date.now() + 120_000;
  let outcomes;
  for (;;) {
    outcomes = [...events].map(([id, e]) => ({ id, e, ...outcome(id, e) }));
    if (outcomes.every((o) => o.done) || Date.now() > deadline) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  // Late duplicates would show up here.
  await new Promise((r) => setTimeout(r, 3000));
  outcomes = [...events].map(([id, e]) => ({ id, e, ...outcome(id, e) }));

  const lost = outcomes.filter((o) => o.acks === 0);
  const ackedTwice = outcomes.filter((o) => o.acks > 1);
  const gaps = { 2: [], 3: [] };
  const gapsByMode = {};
  // Retries whose wait spans the restart include the server's downtime (stop, migrations, start).
  const calmGaps = { 2: [], 3: [] };
  const healthyFirst = [];
  let attempts = 0;
  for (const o of outcomes) {
    attempts += o.got.length;
    if (o.e.store.receiver.healthy) {
      const first = o.got.find((r) => r.headers["x-webhook-attempt"] === "1");
      if (first) healthyFirst.push(first.at - o.e.answeredAt);
    }
    for (const n of [2, 3]) {
      const next = o.got.find((r) => r.headers["x-webhook-attempt"] === String(n));
      const previous = o.got.filter((r) => r.headers["x-webhook-attempt"] === String(n - 1) && r.at < (next?.at ?? 0)).at(-1);
      if (next && previous?.endedAt) {
        gaps[n].push(next.at - previous.endedAt);
        if (previous.endedAt > restart.readyAt || next.at < restart.stoppedAt) calmGaps[n].push(next.at - previous.endedAt);
        if (n === 2) {
          gapsByMode[previous.action] ??= [];
          gapsByMode[previous.action].push(next.at - previous.endedAt);
        }
      }
    }
  }
  const lastOutcome = Math.max(...outcomes.filter((o) => o.done).map((o) => o.at));
  const sorted = (xs) => [...xs].sort((a, b) => a - b);
  const p = (xs, q) => (xs.length ? percentile(sorted(xs), q) : NaN);
  const s = (ms) => fmt(ms / 1000, 2);

  console.log("");
  console.log(
    `Webhooks under chaos, npm run dev on 127.0.0.1 (${events.size} events in bursts of ${burst} to 6 stores, 2 healthy and 4 chaos receivers, one restart half way):`,
  );
  console.log(`  events lost (never acknowledged):        ${lost.length}  (target 0)`);
  console.log(`  events acknowledged more than once:      ${ackedTwice.length}`);
  console.log(`  gap before attempt 2: median ${s(median(gaps[2]))} s, p90 ${s(p(gaps[2], 90))} s  (n=${gaps[2].length}; target p90 <= 3 s)`);
  console.log(
    `    by how attempt 1 failed: ${Object.entries(gapsByMode)
      .map(([mode, xs]) => `${mode} median ${s(median(xs))} s / p90 ${s(p(xs, 90))} s (n=${xs.length})`)
      .join("; ")}`,
  );
  console.log(`  gap before attempt 3: median ${s(median(gaps[3]))} s, p90 ${s(p(gaps[3], 90))} s  (n=${gaps[3].length}; target p90 <= 6 s)`);
  console.log(
    `  gaps of retries not spanning the restart: before attempt 2 median ${s(median(calmGaps[2]))} s, p90 ${s(p(calmGaps[2], 90))} s (n=${calmGaps[2].length}); before attempt 3 median ${s(median(calmGaps[3]))} s, p90 ${s(p(calmGaps[3], 90))} s (n=${calmGaps[3].length}); restart downtime ${s(restart.readyAt - restart.stoppedAt)} s`,
  );
  console.log(
    `  healthy first attempts after the API response: p50 ${fmt(p(healthyFirst, 50), 0)} ms, p99 ${fmt(p(healthyFirst, 99), 0)} ms  (n=${healthyFirst.length}; target p99 <= 2000 ms)`,
  );
  console.log(`  queue messages per attempt: ${fmt(queueMessages / attempts, 2)}  (${queueMessages} messages, ${attempts} attempts; target <= 1.5)`);
  console.log(`  last event → last outcome: ${s(lastOutcome - lastEventAt)} s  (target <= 60 s; ${outcomes.filter((o) => !o.done).length} without an outcome)`);
} finally {
  await stopAll();
}
