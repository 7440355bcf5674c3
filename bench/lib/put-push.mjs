// bench:sync part 6 (issue 37): an ERP pushing whole products by its own key, PUT
// /stores/{id}/products/by-external-id/{key}, 1,000 products (variable, 2 variants each, with stock) in a fresh store,
// three passes: all new (201), all unchanged (200, must emit no event), then 10% changed (one variant's price).
// Per pass: requests/s at BENCH_CONCURRENCY (default 4), the median and p90 request latency, and the events it emitted, read from the event log
// (GET /stores/{id}/events?after=<the last sequence before the pass>), by name.
import { api, setupAccount } from "./harness.mjs";

const PRODUCTS = Number(process.env.BENCH_PUT_PRODUCTS ?? 1_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);

const desired = (n, bump) => ({
  title: `ERP product ${n}`,
  product_type: "variable",
  status: "live",
  description: "Pushed by bench:sync",
  tags: ["erp"],
  variants: ["S", "M"].map((size, i) => ({
    external_id: `erp-${n}-${size}`,
    sku: `ERP-${n}-${size}`,
    price_cents: 1000 + n + (bump && i === 0 ? 1 : 0),
    stock: 5,
    option_values: [{ name: "Size", value: size }],
  })),
});

/** Every event after `after` in the store's log, walked page by page: {last, byName}. */
async function eventsAfter(base, storeId, token, after) {
  const byName = {};
  let last = after;
  for (;;) {
    const res = await api(base, "GET", `/stores/${storeId}/events?after=${last}&limit=100`, { token });
    if (res.status !== 200) throw new Error(`events: ${res.status} ${res.text.slice(0, 200)}`);
    for (const e of res.body.data) {
      byName[e.event] = (byName[e.event] ?? 0) + 1;
      last = Math.max(last, e.sequence);
    }
    if (res.body.data.length < 100) return { last, byName };
  }
}

async function pass(base, storeId, token, bodyOf, expected) {
  const started = performance.now();
  let next = 0;
  const statuses = {};
  const latencies = [];
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < PRODUCTS) {
        const n = next++;
        const sent = performance.now();
        const res = await api(base, "PUT", `/stores/${storeId}/products/by-external-id/erp-${n}`, { token, body: bodyOf(n) });
        latencies.push(performance.now() - sent);
        if (res.status !== expected) throw new Error(`PUT erp-${n}: ${res.status} ${res.text.slice(0, 300)}`);
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      }
    }),
  );
  const ms = performance.now() - started;
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
  return { requests: PRODUCTS, seconds: ms / 1000, requests_per_s: PRODUCTS / (ms / 1000), median_ms: at(0.5), p90_ms: at(0.9), statuses };
}

export async function putPart(base) {
  const { pat, storeId } = await setupAccount(base);
  let { last } = await eventsAfter(base, storeId, pat, 0);
  const report = { products: PRODUCTS, concurrency: CONCURRENCY };
  const passes = [
    ["created", (n) => desired(n, false), 201],
    ["unchanged", (n) => desired(n, false), 200],
    ["changed_10pct", (n) => desired(n, n % 10 === 0), 200],
  ];
  for (const [name, bodyOf, expected] of passes) {
    const result = await pass(base, storeId, pat, bodyOf, expected);
    const events = await eventsAfter(base, storeId, pat, last);
    last = events.last;
    report[name] = { ...result, events: events.byName, events_total: Object.values(events.byName).reduce((a, b) => a + b, 0) };
    console.log(`put ${name}`, report[name]);
  }
  if (report.unchanged.events_total !== 0) throw new Error(`the unchanged pass emitted ${report.unchanged.events_total} events`);
  return report;
}
