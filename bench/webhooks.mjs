// `npm run bench:webhooks`: webhook delivery latency and throughput against wrangler dev on loopback (a local
// queue, the consumer of wrangler.toml: batches of up to 10, 1 s batch timeout).
//  1. Fan-out: one event (a customer creation) to 50 subscriptions, each its own URL on a local receiver: time
//     from the API response to the arrival of the last first attempt (target: within 2 s). Median over rounds.
//  2. Throughput: 1,000 events (customer creations, 8 at a time) to one subscription: deliveries per second
//     sustained, from the first API request to the 1,000th delivery received.
//
// `npm run bench:webhooks -- --chaos` runs the fault scenario instead (bench/webhooks-chaos.mjs).
//
// Environment: BENCH_PORT (default 8795), BENCH_RECEIVER_PORT (9160), BENCH_ROUNDS (5), BENCH_EVENTS (1000),
// BENCH_CONCURRENCY (8).
import { once } from "node:events";
import { createServer } from "node:http";
import { api, fmt, median, setupAccount, startServer } from "./lib/harness.mjs";

if (process.argv.includes("--chaos")) {
  // Faults, isolation and a restart: a separate scenario (bench/webhooks-chaos.mjs).
  await import("./webhooks-chaos.mjs");
  process.exit(0);
}

const port = Number(process.env.BENCH_PORT ?? 8795);
const receiverPort = Number(process.env.BENCH_RECEIVER_PORT ?? 9160);
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const events = Number(process.env.BENCH_EVENTS ?? 1000);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 8);
const FAN_OUT = 50;
const SECRET = "bench-secret-0123456789abcdef";

// The receiver: notes the arrival time of every POST by path, answers 204.
const arrivals = new Map();
const receiver = createServer((req, res) => {
  req.resume();
  req.on("end", () => {
    const list = arrivals.get(req.url) ?? [];
    list.push({ at: performance.now(), attempt: req.headers["x-webhook-attempt"] });
    arrivals.set(req.url, list);
    res.writeHead(204).end();
  });
});
receiver.listen(receiverPort, "127.0.0.1");
await once(receiver, "listening");

const server = await startServer({ port });
const stop = () => {
  server.stop();
  receiver.close();
};
process.on("SIGINT", () => {
  stop();
  process.exit(130);
});

const waitFor = async (check, timeoutMs) => {
  const deadline = performance.now() + timeoutMs;
  while (!check()) {
    if (performance.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 5));
  }
  return true;
};
const count = (prefix) => [...arrivals.entries()].filter(([p]) => p.startsWith(prefix)).reduce((n, [, l]) => n + l.length, 0);

try {
  // 1. Fan-out to 50 subscriptions.
  const fan = await setupAccount(server.base);
  for (let i = 0; i < FAN_OUT; i++) {
    const res = await api(server.base, "POST", `/stores/${fan.storeId}/webhooks`, {
      token: fan.pat,
      body: { url: `http://127.0.0.1:${receiverPort}/fan/${i}`, events: ["customers.created"], secret: SECRET },
    });
    if (res.status !== 201) throw new Error(`subscribe: ${res.status} ${res.text}`);
  }
  const fanOut = [];
  for (let round = 0; round <= rounds; round++) {
    arrivals.clear();
    const res = await api(server.base, "POST", `/stores/${fan.storeId}/customers`, {
      token: fan.pat,
      body: { email: `fan-${round}-${Date.now()}@example.test` },
    });
    const answered = performance.now();
    if (res.status !== 201) throw new Error(`customer: ${res.status} ${res.text}`);
    const complete = await waitFor(() => count("/fan/") >= FAN_OUT, 30_000);
    if (!complete) throw new Error(`round ${round}: only ${count("/fan/")} of ${FAN_OUT} deliveries arrived`);
    const firstAttempts = [...arrivals.values()].map((l) => l.find((a) => a.attempt === "1").at - answered);
    const last = Math.max(...firstAttempts);
    const first = Math.min(...firstAttempts);
    // Round 0 warms up (isolate, JIT, SQLite cache) and is not counted.
    if (round > 0) fanOut.push({ first, last });
    console.log(`fan-out round ${round}${round === 0 ? " (warm-up)" : ""}: first ${fmt(first, 0)} ms, last ${fmt(last, 0)} ms`);
    await new Promise((r) => setTimeout(r, 1500));
  }

  // 2. Throughput: 1,000 events to one receiver.
  const one = await setupAccount(server.base);
  await api(server.base, "POST", `/stores/${one.storeId}/webhooks`, {
    token: one.pat,
    body: { url: `http://127.0.0.1:${receiverPort}/one`, events: ["customers.created"], secret: SECRET },
  });
  arrivals.clear();
  const started = performance.now();
  let issued = 0;
  let apiErrors = 0;
  async function worker() {
    while (issued < events) {
      const n = issued++;
      const res = await fetch(`${server.base}/stores/${one.storeId}/customers`, {
        method: "POST",
        headers: { Authorization: `Bearer ${one.pat}`, "Content-Type": "application/json" },
        body: JSON.stringify({ email: `t-${n}-${Date.now()}@example.test` }),
      });
      if (res.status !== 201) apiErrors++;
      await res.arrayBuffer();
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  const apiDone = performance.now();
  const complete = await waitFor(() => count("/one") >= events - apiErrors, 180_000);
  const lastArrival = Math.max(...(arrivals.get("/one") ?? []).map((a) => a.at));
  const delivered = count("/one");
  const seconds = (lastArrival - started) / 1000;

  const lasts = fanOut.map((r) => r.last);
  console.log("");
  console.log(`Webhooks, wrangler dev on 127.0.0.1 (${rounds} fan-out rounds after a warm-up; medians):`);
  console.log(`  fan-out to ${FAN_OUT} subscriptions: API response → first of the first attempts: ${fmt(median(fanOut.map((r) => r.first)), 0)} ms`);
  console.log(
    `  fan-out to ${FAN_OUT} subscriptions: API response → last of the first attempts:  ${fmt(median(lasts), 0)} ms (max ${fmt(Math.max(...lasts), 0)} ms; target <= 2000 ms: ${Math.max(...lasts) <= 2000 ? "met" : "NOT met"})`,
  );
  console.log(`  ${events} events to one receiver: ${delivered} delivered${complete ? "" : " (incomplete)"}, API errors ${apiErrors}`);
  console.log(`    API: ${fmt(events / ((apiDone - started) / 1000))} events/s accepted (${concurrency} concurrent)`);
  console.log(
    `    deliveries: ${fmt(delivered / seconds)} per second sustained (first request → last delivery ${fmt(seconds)} s); last delivery ${fmt((lastArrival - apiDone) / 1000)} s after the last API response`,
  );
} finally {
  stop();
}
