// npm run bench:inventory (issue 34, docs/api/20-inventory.md), against a local `wrangler dev` with fresh state, one run,
// every figure a median with its ratio against the baseline measured in the same run:
//   1. one adjustment of 250 changes against 250 single-variant PATCHes of `stock` (4 at a time), end to end, over
//      ROUNDS rounds: the time of each. Target: the adjustment at least 20x faster.
//   2. order creation (one line, quantity 1) in a store with three locations, where every order's units come from
//      the second and third (the default holds none, so each line is split or moved), against a store with the one
//      default location: p50 latency at 4 connections. Target: within 1.3x.
//   3. the ledger's first page (limit 50) for a variant with 100,000 entries against one with 10: p50 latency.
//      The entries are written straight into the stopped server's store database (100,000 API changes would take
//      hours here); they alternate +1 and -1 so the variant's level stays 0, as its entries say. Target: within 1.5x.
import { DatabaseSync } from "node:sqlite";
import { randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { api, fmt, load, median, setupAccount, startServer } from "./lib/harness.mjs";
import { storeFile } from "./lib/local-d1.mjs";

const PORT = Number(process.env.BENCH_INVENTORY_PORT ?? 8806);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 300);
const LEDGER_READS = Number(process.env.BENCH_LEDGER_READS ?? 400);
const BIG_LEDGER = Number(process.env.BENCH_LEDGER_ENTRIES ?? 100_000);
const persistDir = mkdtempSync(path.join(tmpdir(), "bench-inventory-"));

const must = (res, status, what) => {
  if (res.status !== status) throw new Error(`${what}: ${res.status} ${res.text.slice(0, 300)}`);
  return res.body;
};

async function pool(tasks, concurrency = 4) {
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < tasks.length) await tasks[next++]();
    }),
  );
  return performance.now() - started;
}

/** `count` live single products with the given stock; their default variants' ids and products' ids. */
async function variants(base, account, count, stock = 0) {
  const made = [];
  for (let i = 0; i < count; i += 8) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(8, count - i) }, (_, k) =>
        api(base, "POST", `/stores/${account.storeId}/products`, {
          token: account.pat,
          body: { title: `Item ${i + k}`, product_type: "single", status: "live", default_price_cents: 500 },
        }),
      ),
    );
    for (const res of batch) {
      const product = must(res, 201, "product");
      made.push({ productId: product.id, variantId: product.variants[0].id });
    }
  }
  if (stock > 0) {
    for (let i = 0; i < made.length; i += 250) {
      must(
        await api(base, "POST", `/stores/${account.storeId}/inventory/adjustments`, {
          token: account.pat,
          body: { reason: "received", changes: made.slice(i, i + 250).map((v) => ({ variant_id: v.variantId, location_code: "default", delta: stock })) },
        }),
        201,
        "stock",
      );
    }
  }
  return made;
}

const report = {};
let server = await startServer({ port: PORT, persistDir });
const { base } = server;
let big;
let small;
let ledgerAccount;
try {
  // 1. One adjustment of 250 changes against 250 PATCHes.
  {
    const account = await setupAccount(base);
    const items = await variants(base, account, 250);
    const adjustMs = [];
    const patchMs = [];
    for (let round = 0; round < ROUNDS; round++) {
      const t0 = performance.now();
      must(
        await api(base, "POST", `/stores/${account.storeId}/inventory/adjustments`, {
          token: account.pat,
          body: { reason: "cycle_count", changes: items.map((v) => ({ variant_id: v.variantId, location_code: "default", delta: 1 })) },
        }),
        201,
        "adjustment",
      );
      adjustMs.push(performance.now() - t0);
      patchMs.push(
        await pool(
          items.map((v) => async () => {
            must(
              await api(base, "PATCH", `/stores/${account.storeId}/products/${v.productId}/variants/${v.variantId}`, {
                token: account.pat,
                body: { stock: 100 + round },
              }),
              200,
              "patch",
            );
          }),
        ),
      );
    }
    report.adjustment = {
      changes: 250,
      rounds: ROUNDS,
      adjustment_p50_ms: median(adjustMs),
      patches_p50_ms: median(patchMs),
      ratio: median(patchMs) / median(adjustMs),
    };
    console.log("adjustment of 250 vs 250 PATCHes", report.adjustment);
  }

  // 2. Orders with three locations (units from the 2nd and 3rd) against one.
  {
    const one = await setupAccount(base);
    const oneItems = await variants(base, one, 20, 100_000);
    const three = await setupAccount(base);
    const threeItems = await variants(base, three, 20);
    for (const [name, code] of [
      ["Warehouse", "wh"],
      ["Shop", "shop"],
    ]) {
      must(await api(base, "POST", `/stores/${three.storeId}/locations`, { token: three.pat, body: { name, code } }), 201, "location");
    }
    must(
      await api(base, "POST", `/stores/${three.storeId}/inventory/adjustments`, {
        token: three.pat,
        body: {
          reason: "received",
          changes: threeItems.flatMap((v) => [
            { variant_id: v.variantId, location_code: "wh", delta: 1 },
            { variant_id: v.variantId, location_code: "shop", delta: 100_000 },
          ]),
        },
      }),
      201,
      "stock",
    );
    const orderOf = (account, items) => {
      let n = 0;
      return () =>
        fetch(`${base}/stores/${account.storeId}/orders`, {
          method: "POST",
          headers: { Authorization: `Bearer ${account.pat}`, "Content-Type": "application/json" },
          body: JSON.stringify({ email: "b@example.test", currency: "USD", line_items: [{ variant_id: items[n++ % items.length].variantId, quantity: 1 }] }),
        });
    };
    // Warm both, then measure them interleaved in halves so drift hits both alike.
    await load(orderOf(one, oneItems), { requests: 20, concurrency: 4 });
    await load(orderOf(three, threeItems), { requests: 20, concurrency: 4 });
    const runs = { one: [], three: [] };
    for (let half = 0; half < 2; half++) {
      runs.one.push(await load(orderOf(one, oneItems), { requests: ORDERS / 2, concurrency: 4 }));
      runs.three.push(await load(orderOf(three, threeItems), { requests: ORDERS / 2, concurrency: 4 }));
    }
    const errors = [...runs.one, ...runs.three].reduce((n, r) => n + r.errors, 0);
    if (errors > 0) throw new Error(`${errors} orders failed`);
    const p50 = (rs) => median(rs.map((r) => r.p50));
    report.orders = {
      orders_each: ORDERS,
      one_location_p50_ms: p50(runs.one),
      three_locations_p50_ms: p50(runs.three),
      ratio: p50(runs.three) / p50(runs.one),
    };
    console.log("orders, three locations vs one", report.orders);
  }

  // 3. The ledger's first page: 100,000 entries against 10.
  ledgerAccount = await setupAccount(base);
  [big, small] = await variants(base, ledgerAccount, 2);
} catch (error) {
  server.stop();
  throw error;
}
server.stop();
await new Promise((r) => setTimeout(r, 2000));
{
  const db = new DatabaseSync(await storeFile(persistDir, ledgerAccount.storeId));
  db.exec("PRAGMA busy_timeout = 60000");
  const { id: locationId } = db.prepare("SELECT id FROM locations WHERE store_id = ? AND is_default = 1").get(ledgerAccount.storeId);
  const start = db.prepare("SELECT coalesce(max(seq), 0) AS seq FROM inventory_ledger WHERE store_id = ?").get(ledgerAccount.storeId).seq;
  const insert = db.prepare(`INSERT INTO inventory_ledger (id, store_id, seq, variant_id, product_id, sku, location_id, location_code,
    on_hand_delta, committed_delta, on_hand_after, committed_after, reason, reference, created_at, variant_entries)
    VALUES (?, ?, ?, ?, ?, NULL, ?, 'default', ?, 0, ?, 0, 'cycle_count', NULL, ?, ?)`);
  db.exec("BEGIN IMMEDIATE");
  let seq = start;
  const at = (n) => new Date(Date.parse("2026-01-01T00:00:00.000Z") + n * 10).toISOString();
  // Interleaved, as a real ledger is: the small variant's 10 entries are spread among the big one's.
  for (let i = 0; i < BIG_LEDGER; i++) {
    seq++;
    insert.run(randomUUID(), ledgerAccount.storeId, seq, big.variantId, big.productId, locationId, i % 2 ? -1 : 1, i % 2 ? 0 : 1, at(seq), i + 1);
    if (i % (BIG_LEDGER / 10) === 0) {
      const k = i / (BIG_LEDGER / 10);
      seq++;
      insert.run(randomUUID(), ledgerAccount.storeId, seq, small.variantId, small.productId, locationId, k % 2 ? -1 : 1, k % 2 ? 0 : 1, at(seq), k + 1);
    }
  }
  db.exec("COMMIT");
  db.close();
}
server = await startServer({ port: PORT, persistDir });
try {
  const page = (variant) => () =>
    fetch(`${base}/stores/${ledgerAccount.storeId}/inventory/ledger?variant_id=${variant.variantId}&limit=50`, {
      headers: { Authorization: `Bearer ${ledgerAccount.pat}` },
    });
  await load(page(big), { requests: 20, concurrency: 4 });
  await load(page(small), { requests: 20, concurrency: 4 });
  const runs = { big: [], small: [] };
  for (let half = 0; half < 2; half++) {
    runs.small.push(await load(page(small), { requests: LEDGER_READS / 2, concurrency: 4 }));
    runs.big.push(await load(page(big), { requests: LEDGER_READS / 2, concurrency: 4 }));
  }
  const errors = [...runs.big, ...runs.small].reduce((n, r) => n + r.errors, 0);
  if (errors > 0) throw new Error(`${errors} ledger reads failed`);
  const first = await api(base, "GET", `/stores/${ledgerAccount.storeId}/inventory/ledger?variant_id=${big.variantId}&limit=50`, { token: ledgerAccount.pat });
  if (first.body.data.length !== 50 || first.body.pagination.next_cursor === null) throw new Error("the big variant's first page is not a full page");
  const p50 = (rs) => median(rs.map((r) => r.p50));
  report.ledger = {
    entries_big: BIG_LEDGER,
    entries_small: 10,
    small_p50_ms: p50(runs.small),
    big_p50_ms: p50(runs.big),
    ratio: p50(runs.big) / p50(runs.small),
  };
  console.log("ledger first page, 100,000 entries vs 10", report.ledger);
} finally {
  server.stop();
}
console.log(
  `\nbench:inventory: adjustment ${fmt(report.adjustment.ratio)}x faster than 250 PATCHes (target >= 20x); ` +
    `orders at three locations ${fmt(report.orders.ratio, 2)}x one (target <= 1.3x); ledger page at 100,000 entries ${fmt(report.ledger.ratio, 2)}x 10 (target <= 1.5x)`,
);
console.log(JSON.stringify(report));
