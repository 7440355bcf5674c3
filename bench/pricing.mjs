// npm run bench:pricing (issue 47, docs/api/24-prices.md), against a local `wrangler dev` (bench/lib/harness.mjs
// startServer: WRANGLER_LOG=warn, fresh state under /tmp), one run, every figure a p50 with its ratio against a
// baseline measured in the same run:
//   1. GET /products?limit=20&currency=EUR&country=DE (calculated_price on every variant) against the same list
//      without a price context. Target: within 1.3x.
//   2. POST /prices/resolve of 100 items (EUR, DE, a customer in two groups; every 5th item quantity 10) against
//      GET /products/{id}. Target: within 2x. If the 100 items are not answered (200), the answer is printed and
//      10 items are measured instead, labelled so.
//   3. an order of 10 lines in EUR (country DE, every line priced by a list) against the same 10 lines in USD (the
//      store's currency, no USD list: base prices). Target: within 1.3x.
//   4. one bulk call of 250 prices against 250 single-item bulk calls made one after the other, end to end (every
//      call changes its prices). Target: the bulk at least 20x faster.
// The store: 10,000 products (~20,000 variants; bench/catalog-seed.mjs, straight into the store database) and 100
// price lists made through the API (80 active EUR lists, 30 of them for DE and/or FR and 20 for customer groups;
// 10 active GBP; 10 draft EUR), holding 200,000 prices: each list 2,000 rows (every 4th list 1,000 variants with
// tiers 1 and 10). The first 250 prices of the first list go through the API (POST .../prices/bulk); the other
// 199,750 are written straight into the stopped server's store database, as the bulk endpoint writes them: a
// `prices` row and its `price_history` row (the list's currency, the same changed_at as the price's updated_at, the
// PAT's actor, a UUIDv7 id), 250 per "call" sharing one moment; the rows the API wrote are compared with what the
// seeding would have written for them first, and the run stops if they differ. Not seeded: the audit entry and the
// `prices.updated` event each call of 250 would add (800 of each; nothing measured reads them).
//   BENCH_PRICING_PORT (8812), BENCH_ROUNDS (3), BENCH_REQUESTS (100 per scenario per round), BENCH_CONCURRENCY (4),
//   BENCH_ORDERS (200 per side), BENCH_BULK_ROUNDS (3), BENCH_PARTS ("list,resolve,orders,bulk": which to measure),
//   BENCH_KEEP_STATE (keep the state directory).
import { DatabaseSync } from "node:sqlite";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { api, fmt, load, median, setupAccount, startServer } from "./lib/harness.mjs";
import { storeFile } from "./lib/local-d1.mjs";
import { seedStore } from "./catalog-seed.mjs";

const PORT = Number(process.env.BENCH_PRICING_PORT ?? 8812);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 100);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 200);
const BULK_ROUNDS = Number(process.env.BENCH_BULK_ROUNDS ?? 3);
const PRODUCTS = 10_000;
const PARTS = (process.env.BENCH_PARTS ?? "list,resolve,orders,bulk").split(",");
const LISTS = 100;
const PER_LIST = 2_000;
const CALL = 250;
const persistDir = mkdtempSync(path.join(tmpdir(), "bench-pricing-"));

const must = (res, status, what) => {
  if (res.status !== status) throw new Error(`${what}: ${res.status} ${res.text.slice(0, 300)}`);
  return res.body;
};

// UUIDv7 as src/lib/ids.ts makes them (monotonic within the process), for the history rows' ids.
let lastMs = 0;
let counter = 0;
function uuidv7(now = Date.now()) {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  if (now <= lastMs && counter < 0xfff) {
    now = lastMs;
    counter++;
  } else {
    lastMs = Math.max(now, lastMs + 1);
    now = lastMs;
    counter = bytes[7] & 0x7f;
  }
  let ts = now;
  for (let i = 5; i >= 0; i--) {
    bytes[i] = ts % 256;
    ts = Math.floor(ts / 256);
  }
  bytes[6] = 0x70 | (counter >> 8);
  bytes[7] = counter & 0xff;
  bytes[8] = 0x80 | (bytes[8] & 0x3f);
  const hex = Buffer.from(bytes).toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** List k's definition (groups: the store's 5 customer groups). */
function listBody(k, groups) {
  const kind = k % 10;
  const body = {
    name: `List ${k}`,
    code: `list-${k}`,
    currency: kind === 8 ? "GBP" : "EUR",
    status: kind === 9 ? "draft" : "active",
    priority: ((k * 37) % 5) * 10,
  };
  if (kind === 1) body.countries = ["DE"];
  if (kind === 2) body.countries = ["FR"];
  if (kind === 3) body.countries = ["DE", "FR"];
  const g = Math.floor(k / 10) % 5;
  if (kind === 4) body.customer_group_ids = [groups[g]];
  if (kind === 5) body.customer_group_ids = [groups[g], groups[(g + 1) % 5]];
  return body;
}

/**
 * List k's prices, in the order they are written (250 per call): {v (index into `variants`), min_quantity,
 * price_cents, compare_at_price_cents}. A window of 2,000 variants starting at k * 200 (wrapping), or, for every
 * 4th list, 1,000 variants with tiers 1 and 10; so each variant has 7 to 10 prices across the lists.
 */
function listPrices(k, variants) {
  const tiered = k % 4 === 3;
  const count = tiered ? PER_LIST / 2 : PER_LIST;
  const factor = 0.85 + (k % 7) * 0.02;
  const out = [];
  for (let i = 0; i < count; i++) {
    const v = (k * 200 + i) % variants.length;
    const price = Math.round(variants[v].price_cents * factor);
    out.push({ v, min_quantity: 1, price_cents: price, compare_at_price_cents: k % 3 === 0 ? price + 200 : null });
    if (tiered) out.push({ v, min_quantity: 10, price_cents: Math.round(price * 0.9), compare_at_price_cents: null });
  }
  return out;
}

const bulkItem = (p, variants) => ({
  variant_id: variants[p.v].id,
  min_quantity: p.min_quantity,
  price_cents: p.price_cents,
  compare_at_price_cents: p.compare_at_price_cents,
});

const report = {};
let server;
const stopServer = async () => {
  server?.stop();
  server = undefined;
  await new Promise((r) => setTimeout(r, 2000));
};
try {
  // The account; then 10,000 products straight into the store database.
  server = await startServer({ port: PORT, persistDir });
  const { base } = server;
  const account = await setupAccount(base);
  const { storeId, pat } = account;
  await stopServer();
  const file = await storeFile(persistDir, storeId);
  let t0 = performance.now();
  const seeded = seedStore(file, storeId, PRODUCTS);
  let variants;
  {
    const db = new DatabaseSync(file, { readOnly: true });
    variants = db
      .prepare(`SELECT v.id, v.product_id, v.price_cents, v.fulfillment_mode, p.status FROM product_variants v
      JOIN products p ON p.id = v.product_id WHERE v.store_id = ? ORDER BY v.created_at, v.position`)
      .all(storeId);
    db.close();
  }
  console.log(`seeded ${PRODUCTS} products (${variants.length} variants) in ${fmt((performance.now() - t0) / 1000)} s`);

  // Groups, a customer in two of them, the 100 lists, and the first list's first 250 prices, through the API.
  server = await startServer({ port: PORT, persistDir });
  const groups = [];
  for (let g = 0; g < 5; g++) {
    groups.push(
      must(await api(base, "POST", `/stores/${storeId}/customer-groups`, { token: pat, body: { name: `Group ${g}`, code: `group-${g}` } }), 201, "group").id,
    );
  }
  const customer = must(
    await api(base, "POST", `/stores/${storeId}/customers`, { token: pat, body: { email: "buyer@example.test", name: "Buyer" } }),
    201,
    "customer",
  );
  for (const g of groups.slice(0, 2)) {
    must(await api(base, "POST", `/stores/${storeId}/customer-groups/${g}/customers`, { token: pat, body: { add: [customer.id] } }), 200, "members");
  }
  const lists = [];
  for (let k = 0; k < LISTS; k++) {
    lists.push(must(await api(base, "POST", `/stores/${storeId}/price-lists`, { token: pat, body: listBody(k, groups) }), 201, `list ${k}`));
  }
  const first = listPrices(0, variants).slice(0, CALL);
  must(
    await api(base, "POST", `/stores/${storeId}/price-lists/${lists[0].id}/prices/bulk`, {
      token: pat,
      body: { upsert: first.map((p) => bulkItem(p, variants)) },
    }),
    200,
    "first bulk",
  );
  await stopServer();

  // The other 199,750 prices, as the bulk endpoint writes them.
  t0 = performance.now();
  {
    const db = new DatabaseSync(file);
    db.exec("PRAGMA busy_timeout = 60000");
    db.exec("PRAGMA foreign_keys = ON");
    const row = (sql, ...params) => db.prepare(sql).get(...params);
    const actor = row("SELECT actor FROM price_history WHERE price_list_id = ? LIMIT 1", lists[0].id).actor;
    // What the API wrote for those 250 is what the seeding would have written.
    for (const p of first) {
      const v = variants[p.v];
      const stored = row(
        "SELECT store_id, product_id, price_cents, compare_at_price_cents, updated_at FROM prices WHERE variant_id = ? AND price_list_id = ? AND min_quantity = ?",
        v.id,
        lists[0].id,
        p.min_quantity,
      );
      const history = row(
        `SELECT count(*) AS n, max(store_id) AS store_id, max(currency) AS currency, max(price_cents) AS price_cents,
        max(compare_at_price_cents) AS compare_at_price_cents, max(changed_at) AS changed_at, max(actor) AS actor
        FROM price_history WHERE variant_id = ? AND price_list_id = ? AND min_quantity = ?`,
        v.id,
        lists[0].id,
        p.min_quantity,
      );
      const want = JSON.stringify([
        storeId,
        v.product_id,
        p.price_cents,
        p.compare_at_price_cents,
        1,
        storeId,
        lists[0].currency,
        p.price_cents,
        p.compare_at_price_cents,
        stored?.updated_at,
        actor,
      ]);
      const got = JSON.stringify([
        stored?.store_id,
        stored?.product_id,
        stored?.price_cents,
        stored?.compare_at_price_cents,
        history.n,
        history.store_id,
        history.currency,
        history.price_cents,
        history.compare_at_price_cents,
        history.changed_at,
        history.actor,
      ]);
      if (want !== got) throw new Error(`the API's row differs from the seeding's: ${got} against ${want}`);
    }
    const insertPrices = (rows) =>
      db
        .prepare(`INSERT INTO prices (variant_id, price_list_id, min_quantity, store_id, product_id, price_cents, compare_at_price_cents, updated_at)
      VALUES ${rows.map(() => "(?,?,?,?,?,?,?,?)").join(",")}`)
        .run(...rows.flat());
    const insertHistory = (rows) =>
      db
        .prepare(`INSERT INTO price_history (id, store_id, variant_id, price_list_id, currency, min_quantity, price_cents, compare_at_price_cents, changed_at, actor)
      VALUES ${rows.map(() => "(?,?,?,?,?,?,?,?,?,?)").join(",")}`)
        .run(...rows.flat());
    db.exec("BEGIN");
    try {
      for (let k = 0; k < LISTS; k++) {
        const all = listPrices(k, variants);
        for (let at = k === 0 ? CALL : 0; at < all.length; at += CALL) {
          // One call: one moment for its prices' updated_at and its history rows' changed_at.
          const now = new Date().toISOString();
          const call = all.slice(at, at + CALL);
          insertHistory(
            call.map((p) => [
              uuidv7(),
              storeId,
              variants[p.v].id,
              lists[k].id,
              lists[k].currency,
              p.min_quantity,
              p.price_cents,
              p.compare_at_price_cents,
              now,
              actor,
            ]),
          );
          insertPrices(
            call.map((p) => [variants[p.v].id, lists[k].id, p.min_quantity, storeId, variants[p.v].product_id, p.price_cents, p.compare_at_price_cents, now]),
          );
        }
      }
      // The seeded variants' base price rows (written by the variant insert trigger) get the actor an API batch
      // gives them (`commit` writes batch_actor; the seeding had none).
      db.prepare("UPDATE price_history SET actor = ? WHERE store_id = ? AND price_list_id IS NULL AND actor = 'null'").run(actor, storeId);
      db.exec("COMMIT");
    } catch (error) {
      db.exec("ROLLBACK");
      throw error;
    }
    const counts = row(
      `SELECT (SELECT count(*) FROM prices WHERE store_id = ?) AS prices,
      (SELECT count(*) FROM price_history WHERE store_id = ? AND price_list_id IS NOT NULL) AS history`,
      storeId,
      storeId,
    );
    db.close();
    if (counts.prices !== LISTS * PER_LIST || counts.history !== LISTS * PER_LIST) throw new Error(`seeded ${JSON.stringify(counts)}`);
    report.seed = { products: PRODUCTS, variants: variants.length, lists: LISTS, prices: counts.prices, list_history_rows: counts.history };
  }
  console.log(`seeded ${LISTS * PER_LIST - CALL} prices in ${fmt((performance.now() - t0) / 1000)} s`);

  server = await startServer({ port: PORT, persistDir });
  const get = (p) => () => fetch(`${base}${p}`, { headers: { Authorization: `Bearer ${pat}` } });
  const post = (p, body) => () =>
    fetch(`${base}${p}`, {
      method: "POST",
      headers: { Authorization: `Bearer ${pat}`, "Content-Type": "application/json" },
      body: JSON.stringify(typeof body === "function" ? body() : body),
    });
  /** Interleaved rounds of `measured` and `baseline`: p50s (median over rounds) and their ratio. */
  async function compare(measured, baseline, { requests = REQUESTS, rounds = ROUNDS } = {}) {
    await load(baseline, { requests: 20, concurrency: CONCURRENCY });
    await load(measured, { requests: 20, concurrency: CONCURRENCY });
    const runs = { measured: [], baseline: [] };
    for (let round = 0; round < rounds; round++) {
      runs.baseline.push(await load(baseline, { requests, concurrency: CONCURRENCY }));
      runs.measured.push(await load(measured, { requests, concurrency: CONCURRENCY }));
    }
    const errors = [...runs.measured, ...runs.baseline].reduce((n, r) => n + r.errors, 0);
    if (errors > 0) throw new Error(`${errors} requests failed`);
    const p50 = (rs) => median(rs.map((r) => r.p50));
    const p99 = (rs) => median(rs.map((r) => r.p99));
    return {
      baseline_p50_ms: p50(runs.baseline),
      measured_p50_ms: p50(runs.measured),
      baseline_p99_ms: p99(runs.baseline),
      measured_p99_ms: p99(runs.measured),
      ratio: p50(runs.measured) / p50(runs.baseline),
    };
  }

  // 1. The product list with a price context against without.
  if (PARTS.includes("list")) {
    const plain = `/stores/${storeId}/products?limit=20`;
    const priced = `${plain}&currency=EUR&country=DE`;
    const page = must(await api(base, "GET", priced, { token: pat }), 200, "priced list");
    const prices = page.data.flatMap((p) => p.variants.map((v) => v.calculated_price?.source.type ?? "none"));
    const sources = Object.fromEntries(["price_list", "base", "none"].map((t) => [t, prices.filter((s) => s === t).length]));
    if (sources.price_list === 0) throw new Error(`no list price on the first page: ${JSON.stringify(sources)}`);
    report.list = { ...(await compare(get(priced), get(plain))), variants_on_page: prices.length, sources };
    console.log("GET /products?limit=20&currency=EUR&country=DE vs without", report.list);
  }

  // 2. Resolve 100 items against GET one product. If the 100 items are refused, the answer is recorded and the
  // largest request that answers (10 priced items) is measured in its place, so the run still says something.
  if (PARTS.includes("resolve")) {
    const one = `/stores/${storeId}/products/${seeded.sampleIds[Math.floor(seeded.sampleIds.length / 2)]}`;
    const bodyOf = (n) => ({
      currency: "EUR",
      country: "DE",
      customer_id: customer.id,
      items: Array.from({ length: n }, (_, i) => ({ variant_id: variants[(i * 197) % variants.length].id, ...(i % 5 === 4 ? { quantity: 10 } : {}) })),
    });
    const url = `/stores/${storeId}/prices/resolve`;
    const refused = {};
    for (const n of [100, 10]) {
      const res = await api(base, "POST", url, { token: pat, body: bodyOf(n) });
      if (res.status !== 200) {
        refused[`items_${n}`] = { status: res.status, code: res.body?.code ?? null };
        console.log(`POST /prices/resolve of ${n} items: ${res.status} ${res.text.slice(0, 200)}`);
        continue;
      }
      const sources = res.body.data.map((d) => d.source?.type ?? "none");
      report.resolve = {
        ...(await compare(post(url, bodyOf(n)), get(one))),
        items: n,
        priced_by_list: sources.filter((s) => s === "price_list").length,
        tier_10_prices: res.body.data.filter((d) => d.source?.min_quantity === 10).length,
        unpriced: sources.filter((s) => s === "none").length,
        refused,
      };
      break;
    }
    if (!report.resolve) throw new Error(`resolve refused: ${JSON.stringify(refused)}`);
    console.log(`POST /prices/resolve (${report.resolve.items} items) vs GET /products/{id}`, report.resolve);
  }

  // 3. Orders of 10 lines: EUR priced by lists against USD at base prices.
  if (PARTS.includes("orders")) {
    // 40 stocked variants of live products that a EUR list prices for DE without a customer; stock for them all.
    const candidates = variants
      .filter((v) => v.status === "live" && v.fulfillment_mode === "stocked")
      .filter((_, i) => i % 37 === 0)
      .slice(0, 100);
    // 10 at a time: a resolve naming more than 10 priced items is a 500 today (its lowest-price statement binds 10
    // parameters per item, and D1 takes at most 100 a statement; docs/performance.md "Prices (issue 47)").
    const resolved = [];
    for (let i = 0; i < candidates.length; i += 10) {
      resolved.push(
        ...must(
          await api(base, "POST", `/stores/${storeId}/prices/resolve`, {
            token: pat,
            body: { currency: "EUR", country: "DE", items: candidates.slice(i, i + 10).map((v) => ({ variant_id: v.id })) },
          }),
          200,
          "resolve candidates",
        ).data,
      );
    }
    const pool = candidates.filter((_, i) => resolved[i].source?.type === "price_list").slice(0, 40);
    if (pool.length < 40) throw new Error(`only ${pool.length} candidate variants with a EUR list price`);
    must(
      await api(base, "POST", `/stores/${storeId}/inventory/adjustments`, {
        token: pat,
        body: { reason: "received", changes: pool.map((v) => ({ variant_id: v.id, location_code: "default", delta: 1_000_000 })) },
      }),
      201,
      "stock",
    );
    const orderBody = (currency) => {
      let n = 0;
      return () => {
        const start = 10 * (n++ % 4);
        return { email: "b@example.test", currency, country: "DE", line_items: pool.slice(start, start + 10).map((v) => ({ variant_id: v.id, quantity: 1 })) };
      };
    };
    for (const [currency, type] of [
      ["EUR", "price_list"],
      ["USD", "base"],
    ]) {
      const order = must(await api(base, "POST", `/stores/${storeId}/orders`, { token: pat, body: orderBody(currency)() }), 201, `${currency} order`);
      const lines = order.line_items;
      if (lines.length !== 10 || lines.some((l) => l.price_source?.type !== type))
        throw new Error(`${currency} order lines: ${JSON.stringify(lines.map((l) => l.price_source))}`);
    }
    const url = `/stores/${storeId}/orders`;
    report.orders = {
      ...(await compare(post(url, orderBody("EUR")), post(url, orderBody("USD")), { requests: ORDERS / 2, rounds: 2 })),
      lines: 10,
      orders_each: ORDERS,
    };
    console.log("order of 10 lines, EUR (list prices) vs USD (base prices)", report.orders);
  }

  // 4. One bulk of 250 prices against 250 single-item bulks, one after the other; every call changes its price.
  if (PARTS.includes("bulk")) {
    const items = listPrices(0, variants)
      .filter((p) => p.min_quantity === 1)
      .slice(CALL, 2 * CALL);
    const url = `/stores/${storeId}/price-lists/${lists[0].id}/prices/bulk`;
    const upsert = (p, bump) => ({ ...bulkItem(p, variants), price_cents: p.price_cents + bump, compare_at_price_cents: null });
    const bulkMs = [];
    const singlesMs = [];
    for (let round = 0; round < BULK_ROUNDS; round++) {
      let t = performance.now();
      const done = must(await api(base, "POST", url, { token: pat, body: { upsert: items.map((p) => upsert(p, 1 + 2 * round)) } }), 200, "bulk");
      bulkMs.push(performance.now() - t);
      if (done.upserted !== CALL) throw new Error(`bulk upserted ${done.upserted}`);
      t = performance.now();
      for (const p of items) {
        const one = must(await api(base, "POST", url, { token: pat, body: { upsert: [upsert(p, 2 + 2 * round)] } }), 200, "single");
        if (one.upserted !== 1) throw new Error(`single upserted ${one.upserted}`);
      }
      singlesMs.push(performance.now() - t);
    }
    report.bulk = {
      items: CALL,
      rounds: BULK_ROUNDS,
      bulk_p50_ms: median(bulkMs),
      singles_p50_ms: median(singlesMs),
      ratio: median(singlesMs) / median(bulkMs),
      bulk_ms: bulkMs,
      singles_ms: singlesMs,
    };
    console.log("bulk of 250 vs 250 single-item bulks", report.bulk);
  }
} finally {
  server?.stop();
  await new Promise((r) => setTimeout(r, 2000));
  // BENCH_KEEP_STATE=1 keeps the local D1 files (for EXPLAIN QUERY PLAN on the seeded store afterwards).
  if (process.env.BENCH_KEEP_STATE) console.log(`state kept in ${persistDir}`);
  else rmSync(persistDir, { recursive: true, force: true });
}
const summary = [
  report.list && `list with a price context ${fmt(report.list.ratio, 2)}x without (target <= 1.3x)`,
  report.resolve &&
    `resolve of ${report.resolve.items} items ${fmt(report.resolve.ratio, 2)}x GET one product (target for 100 items <= 2x${report.resolve.items === 100 ? "" : "; 100 items refused"})`,
  report.orders && `10-line order in EUR by lists ${fmt(report.orders.ratio, 2)}x USD at base prices (target <= 1.3x)`,
  report.bulk && `bulk of 250 ${fmt(report.bulk.ratio)}x faster than 250 single calls (target >= 20x)`,
].filter(Boolean);
console.log(`\nbench:pricing: ${summary.join("; ")}`);
console.log(JSON.stringify(report));
