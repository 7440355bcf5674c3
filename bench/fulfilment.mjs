// npm run bench:fulfilment (issue 49, docs/api/25-shipments.md), against a local `wrangler dev` with fresh state, one
// run, every figure a median with its ratio against the baseline measured in the same run:
//   1. a shipment of an order's 10 lines, each line's 3 units committed at three locations (1 + 1 + 1), through
//      POST /orders/{id}/shipments, against section 9's transition to `fulfilled` of an order of the same shape:
//      p50 latency at 4 connections, measured interleaved in halves. Target: within 1.5x.
//   2. the store-wide change feed's first page (GET /shipments?updated_since=..., limit 20) at 100,000 shipments
//      against 100: p50 latency. The 100,000 are written straight into the stopped server's store database (one
//      real order's line, every shipment one unit of it; 100,000 API shipments would take hours here). Target:
//      within 1.5x.
import { DatabaseSync } from "node:sqlite";
import { randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { api, fmt, load, median, setupAccount, startServer } from "./lib/harness.mjs";
import { storeFile } from "./lib/local-d1.mjs";

const PORT = Number(process.env.BENCH_FULFILMENT_PORT ?? 8807);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 120);
const READS = Number(process.env.BENCH_FEED_READS ?? 400);
const BIG = Number(process.env.BENCH_SHIPMENTS ?? 100_000);
const LINES = 10;
const persistDir = mkdtempSync(path.join(tmpdir(), "bench-fulfilment-"));

const must = (res, status, what) => {
  if (res.status !== status) throw new Error(`${what}: ${res.status} ${res.text.slice(0, 300)}`);
  return res.body;
};

/** A store with two more locations and LINES live variants holding plenty at the third location only. */
async function threeLocationStore(base) {
  const account = await setupAccount(base);
  const s = `/stores/${account.storeId}`;
  for (const [name, code] of [
    ["Warehouse", "wh"],
    ["Shop", "shop"],
  ])
    must(await api(base, "POST", `${s}/locations`, { token: account.pat, body: { name, code } }), 201, "location");
  const variants = [];
  for (let i = 0; i < LINES; i++) {
    const product = must(
      await api(base, "POST", `${s}/products`, {
        token: account.pat,
        body: { title: `Part ${i}`, product_type: "single", status: "live", default_price_cents: 500 },
      }),
      201,
      "product",
    );
    variants.push(product.variants[0].id);
  }
  must(
    await api(base, "POST", `${s}/inventory/adjustments`, {
      token: account.pat,
      body: { reason: "received", changes: variants.map((variant_id) => ({ variant_id, location_code: "shop", delta: 1_000_000 })) },
    }),
    201,
    "stock",
  );
  return { ...account, variants };
}

/**
 * `count` paid orders of LINES lines of 3 units each, every line committed 1 at the default location, 1 at the
 * warehouse and 1 at the shop: before each order, one unit per variant arrives at the default and the warehouse
 * (allocation takes the default first, then by position).
 */
async function paidOrders(base, store, count) {
  const s = `/stores/${store.storeId}`;
  const ids = [];
  for (let i = 0; i < count; i++) {
    must(
      await api(base, "POST", `${s}/inventory/adjustments`, {
        token: store.pat,
        body: {
          reason: "received",
          changes: store.variants.flatMap((variant_id) => [
            { variant_id, location_code: "default", delta: 1 },
            { variant_id, location_code: "wh", delta: 1 },
          ]),
        },
      }),
      201,
      "restock",
    );
    const order = must(
      await api(base, "POST", `${s}/orders`, {
        token: store.pat,
        body: { email: "b@example.test", currency: "USD", line_items: store.variants.map((variant_id) => ({ variant_id, quantity: 3 })) },
      }),
      201,
      "order",
    );
    if (i === 0 && order.line_items.some((l) => l.allocations.length !== 3))
      throw new Error(`a line is not committed at three locations: ${JSON.stringify(order.line_items[0].allocations)}`);
    must(await api(base, "POST", `${s}/orders/${order.id}/transitions`, { token: store.pat, body: { status: "paid" } }), 200, "pay");
    ids.push(order);
  }
  return ids;
}

const report = {};
let server = await startServer({ port: PORT, persistDir });
const { base } = server;
let big;
let small;
try {
  // 1. A shipment of 10 lines from three locations against the transition to fulfilled.
  {
    const store = await threeLocationStore(base);
    const s = `${base}/stores/${store.storeId}`;
    const headers = { Authorization: `Bearer ${store.pat}`, "Content-Type": "application/json" };
    const shipQueue = await paidOrders(base, store, ORDERS + 8);
    const fulfilQueue = await paidOrders(base, store, ORDERS + 8);
    const ship = () => {
      const order = shipQueue.shift();
      return fetch(`${s}/orders/${order.id}/shipments`, {
        method: "POST",
        headers,
        body: JSON.stringify({ items: order.line_items.map((l) => ({ line_item_id: l.id, quantity: l.quantity })), tracking: [{ number: `T-${order.id}` }] }),
      });
    };
    const fulfil = () => fetch(`${s}/orders/${fulfilQueue.shift().id}/transitions`, { method: "POST", headers, body: JSON.stringify({ status: "fulfilled" }) });
    await load(ship, { requests: 8, concurrency: 4 });
    await load(fulfil, { requests: 8, concurrency: 4 });
    const runs = { ship: [], fulfil: [] };
    for (let half = 0; half < 2; half++) {
      runs.fulfil.push(await load(fulfil, { requests: ORDERS / 2, concurrency: 4, maxSeconds: 600 }));
      runs.ship.push(await load(ship, { requests: ORDERS / 2, concurrency: 4, maxSeconds: 600 }));
    }
    const errors = [...runs.ship, ...runs.fulfil].reduce((n, r) => n + r.errors, 0);
    if (errors > 0) throw new Error(`${errors} shipments or transitions failed`);
    const check = must(await api(base, "GET", `/stores/${store.storeId}/shipments?limit=1`, { token: store.pat }), 200, "shipments");
    if (check.data[0].items.length !== LINES) throw new Error("a shipment does not hold every line");
    const p50 = (rs) => median(rs.map((r) => r.p50));
    report.shipment = {
      orders_each: ORDERS,
      lines: LINES,
      locations: 3,
      transition_p50_ms: p50(runs.fulfil),
      shipment_p50_ms: p50(runs.ship),
      ratio: p50(runs.ship) / p50(runs.fulfil),
    };
    console.log("shipment of 10 lines from three locations vs the transition to fulfilled", report.shipment);
  }

  // 2. Two stores with one paid order each (one line of one unit), shipped once through the API.
  const feedStore = async () => {
    const account = await setupAccount(base);
    const s = `/stores/${account.storeId}`;
    const product = must(
      await api(base, "POST", `${s}/products`, {
        token: account.pat,
        body: { title: "Feed", product_type: "single", status: "live", default_price_cents: 500 },
      }),
      201,
      "product",
    );
    must(
      await api(base, "POST", `${s}/inventory/adjustments`, {
        token: account.pat,
        body: { reason: "received", changes: [{ variant_id: product.variants[0].id, location_code: "default", delta: 1 }] },
      }),
      201,
      "stock",
    );
    const order = must(
      await api(base, "POST", `${s}/orders`, {
        token: account.pat,
        body: { email: "f@example.test", currency: "USD", line_items: [{ variant_id: product.variants[0].id, quantity: 1 }] },
      }),
      201,
      "order",
    );
    must(await api(base, "POST", `${s}/orders/${order.id}/transitions`, { token: account.pat, body: { status: "paid" } }), 200, "pay");
    must(
      await api(base, "POST", `${s}/orders/${order.id}/shipments`, {
        token: account.pat,
        body: { items: [{ line_item_id: order.line_items[0].id, quantity: 1 }] },
      }),
      201,
      "ship",
    );
    return { ...account, orderId: order.id };
  };
  big = await feedStore();
  small = await feedStore();
} catch (error) {
  server.stop();
  throw error;
}
server.stop();
await new Promise((r) => setTimeout(r, 2000));
// Canceled shipments of the order's one line (so the order's own state stays true), spread over a year of updates.
for (const [store, count] of [
  [big, BIG - 1],
  [small, 99],
]) {
  const db = new DatabaseSync(await storeFile(persistDir, store.storeId));
  db.exec("PRAGMA busy_timeout = 60000");
  const shipment =
    db.prepare(`INSERT INTO shipments (id, store_id, order_id, status, location_id, tracking, external_id, shipped_at, delivered_at, created_at, updated_at)
    VALUES (?, ?, ?, 'canceled', NULL, '[]', NULL, ?, NULL, ?, ?)`);
  const item = db.prepare("INSERT INTO shipment_items (shipment_id, store_id, position, quantity) VALUES (?, ?, 0, 1)");
  const at = (n) => new Date(Date.parse("2026-01-01T00:00:00.000Z") + n * Math.floor((300 * 86_400_000) / count)).toISOString();
  db.exec("BEGIN IMMEDIATE");
  for (let i = 0; i < count; i++) {
    const id = randomUUID();
    shipment.run(id, store.storeId, store.orderId, at(i), at(i), at(i));
    item.run(id, store.storeId);
  }
  db.exec("COMMIT");
  db.close();
}
server = await startServer({ port: PORT, persistDir });
try {
  const since = "2026-06-01T00:00:00.000Z";
  const page = (store) => () =>
    fetch(`${base}/stores/${store.storeId}/shipments?updated_since=${since}`, { headers: { Authorization: `Bearer ${store.pat}` } });
  await load(page(big), { requests: 20, concurrency: 4 });
  await load(page(small), { requests: 20, concurrency: 4 });
  const runs = { big: [], small: [] };
  for (let half = 0; half < 2; half++) {
    runs.small.push(await load(page(small), { requests: READS / 2, concurrency: 4 }));
    runs.big.push(await load(page(big), { requests: READS / 2, concurrency: 4 }));
  }
  const errors = [...runs.big, ...runs.small].reduce((n, r) => n + r.errors, 0);
  if (errors > 0) throw new Error(`${errors} feed reads failed`);
  for (const store of [big, small]) {
    const first = must(await api(base, "GET", `/stores/${store.storeId}/shipments?updated_since=${since}`, { token: store.pat }), 200, "feed");
    if (first.data.length !== 20 || first.pagination.next_cursor === null) throw new Error("the feed's first page is not a full page");
  }
  const p50 = (rs) => median(rs.map((r) => r.p50));
  report.feed = { shipments_big: BIG, shipments_small: 100, small_p50_ms: p50(runs.small), big_p50_ms: p50(runs.big), ratio: p50(runs.big) / p50(runs.small) };
  console.log("GET /shipments?updated_since= first page, 100,000 shipments vs 100", report.feed);
} finally {
  server.stop();
}
console.log(
  `\nbench:fulfilment: shipment of 10 lines from three locations ${fmt(report.shipment.ratio, 2)}x the transition to fulfilled (target <= 1.5x); ` +
    `shipment feed's first page at 100,000 shipments ${fmt(report.feed.ratio, 2)}x 100 (target <= 1.5x)`,
);
console.log(JSON.stringify(report));
