// `npm run bench:storage`: bytes per product, event, delivery and attempt, and how long one 10 GB D1 database
// lasts for a stated workload, with and without retention (the last line).
//  1. Seeds a local database through the app's own write paths (HTTP against wrangler dev): BENCH_PRODUCTS
//     variable products, each with 3 variants (options, SKU, shipping box), 6 specs, 2 gallery images (uploaded:
//     a media file and a gallery row each) and its search-index entry.
//  2. Subscribes 3 URLs of a local receiver to products.updated and changes every product once (a PATCH), so
//     each change makes an event, 3 deliveries and their attempts; the receiver fails 1 attempt in 10
//     (HTTP 500, 21-byte body; success: 200, 11-byte body), so some deliveries take 2 or 3 attempts.
//  3. Between phases, with wrangler dev stopped, reads every page of the SQLite file with dbstat and charges each
//     table with its indexes (and FTS shadow tables): per-row bytes = a table's growth / its new rows. Tables are
//     measured generically, so moving data between tables (e.g. the envelope from deliveries to events) shows up.
// Environment: BENCH_PORT (8860), BENCH_RECEIVER_PORT (8861), BENCH_PRODUCTS (300), BENCH_CONCURRENCY (4);
// the workload: BENCH_STORES (1000), BENCH_STORE_PRODUCTS (10000), BENCH_CHANGE_RATE (0.05 a day),
// BENCH_SUBSCRIPTIONS (3 per event), BENCH_FAIL_RATE (0.1 of attempts), BENCH_RETENTION_DAYS (30),
// BENCH_AUDIT_DAYS (365).
import { once } from "node:events";
import { createServer } from "node:http";
import { deflateSync } from "node:zlib";
import { api, fmt, setupAccount, startServer } from "./lib/harness.mjs";
import { storeFile } from "./lib/local-d1.mjs";
import { attemptsPerDelivery, daysUntilFull, growth, measure, retentionClass } from "./storage-model.mjs";

const env = (name, fallback) => Number(process.env[name] ?? fallback);
const port = env("BENCH_PORT", 8860);
const receiverPort = env("BENCH_RECEIVER_PORT", 8861);
const products = env("BENCH_PRODUCTS", 300);
const concurrency = env("BENCH_CONCURRENCY", 4);
const workload = {
  stores: env("BENCH_STORES", 1000),
  storeProducts: env("BENCH_STORE_PRODUCTS", 10_000),
  changeRate: env("BENCH_CHANGE_RATE", 0.05),
  subscriptions: env("BENCH_SUBSCRIPTIONS", 3),
  failRate: env("BENCH_FAIL_RATE", 0.1),
  logDays: env("BENCH_RETENTION_DAYS", 30),
  auditDays: env("BENCH_AUDIT_DAYS", 365),
};
const CAP = 10e9; // D1: 10 GB per database (Workers Paid), https://developers.cloudflare.com/d1/platform/limits/
const SUBSCRIPTIONS = 3;
const SECRET = "bench-secret-0123456789abcdef";

/** A solid-colour PNG (the upload path stores the original in R2; D1 keeps the media and gallery rows). */
function png(size, rgb) {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf) => buf.reduce((c, b) => crcTable[(c ^ b) & 0xff] ^ (c >>> 8), 0xffffffff) ^ 0xffffffff;
  const chunk = (type, data) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body) >>> 0, body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(size * 3, Buffer.from(rgb))]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: size }, () => row)));
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk("IHDR", header), chunk("IDAT", pixels), chunk("IEND", Buffer.alloc(0))]);
}

// The receiver: every 10th attempt fails.
let attempts = 0;
const receiver = createServer((req, res) => {
  req.resume();
  req.on("end", () => {
    attempts++;
    if (attempts % 10 === 0) res.writeHead(500, { "Content-Type": "application/json" }).end('{"error":"try again"}');
    else res.writeHead(200, { "Content-Type": "application/json" }).end('{"ok":true}');
  });
});
receiver.listen(receiverPort, "127.0.0.1");
await once(receiver, "listening");

let server = await startServer({ port });
const persistDir = server.persistDir;
const stopAll = () => {
  server.stop();
  receiver.close();
};
process.on("SIGINT", () => {
  stopAll();
  process.exit(130);
});

async function check(res, what) {
  if (res.status >= 300) throw new Error(`${what}: ${res.status} ${res.text}`);
  return res.body;
}

async function parallel(count, task) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) await task(next++);
    }),
  );
}

/**
 * Stops wrangler dev, measures the store's own database file (the one whose `stores` table holds it: the directory
 * and the other store databases are separate files), starts it again on the same state.
 */
async function snapshot(storeId) {
  server.stop();
  await new Promise((r) => setTimeout(r, 1500));
  const m = measure(await storeFile(persistDir, storeId));
  server = await startServer({ port, persistDir });
  return m;
}

const words = "sturdy bright handmade cotton linen recycled classic modern travel everyday gift comfortable".split(" ");
const sentence = (n, i) => Array.from({ length: n }, (_, k) => words[(i * 7 + k * 3) % words.length]).join(" ");

async function seedProduct(base, account, i) {
  const { pat, storeId } = account;
  const product = await check(
    await api(base, "POST", `/stores/${storeId}/products`, {
      token: pat,
      body: {
        title: `${sentence(3, i)} ${i}`,
        description: `${sentence(60, i)}.`, // about 400 characters
        brand: "Bench Goods",
        product_type: "variable",
        seo_title: sentence(6, i),
        seo_description: sentence(20, i),
      },
    }),
    "product",
  );
  for (const [v, size] of ["S", "M", "L"].entries()) {
    await check(
      await api(base, "POST", `/stores/${storeId}/products/${product.id}/variants`, {
        token: pat,
        body: {
          price_cents: 1999 + v * 500,
          sku: `SKU-${String(i).padStart(6, "0")}-${size}`,
          stock: 25,
          option_values: [
            { name: "Size", value: size },
            { name: "Colour", value: "Blue" },
          ],
          shipping_box: { length_mm: 300, width_mm: 200, height_mm: 100, weight_g: 450 + v * 50 },
        },
      }),
      "variant",
    );
  }
  const specs = ["Material", "Care", "Origin", "Weight", "Fit", "Warranty"].map((key, position) => ({
    group: "Details",
    key,
    value: sentence(4, i + position),
    position,
  }));
  await check(await api(base, "PUT", `/stores/${storeId}/products/${product.id}/specs`, { token: pat, body: { specs } }), "specs");
  for (let k = 0; k < 2; k++) {
    const form = new FormData();
    form.append("file", new File([png(64, [i % 256, k * 100, 50])], `p${i}-${k}.png`, { type: "image/png" }));
    form.append("alt", `${sentence(4, i)} view ${k + 1}`);
    const res = await fetch(`${base}/stores/${storeId}/products/${product.id}/images`, {
      method: "POST",
      headers: { Authorization: `Bearer ${pat}` },
      body: form,
    });
    if (res.status !== 201) throw new Error(`image: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
  }
  return product.id;
}

try {
  const account = await setupAccount(server.base);
  const before = await snapshot(account.storeId);

  console.log(`seeding ${products} products through the API (${concurrency} at a time)...`);
  const ids = [];
  let t0 = performance.now();
  await parallel(products, async (i) => ids.push(await seedProduct(server.base, account, i)));
  console.log(`  ${fmt((performance.now() - t0) / 1000)} s`);
  const seeded = await snapshot(account.storeId);

  const subs = [];
  for (let s = 0; s < SUBSCRIPTIONS; s++) {
    const body = await check(
      await api(server.base, "POST", `/stores/${account.storeId}/webhooks`, {
        token: account.pat,
        body: { url: `http://127.0.0.1:${receiverPort}/hook/${s}`, events: ["products.updated"], secret: SECRET },
      }),
      "subscribe",
    );
    subs.push(body.data[0].id);
  }
  console.log(`changing every product once (${SUBSCRIPTIONS} subscriptions, 1 attempt in 10 failing)...`);
  t0 = performance.now();
  await parallel(ids.length, async (i) =>
    check(
      await api(server.base, "PATCH", `/stores/${account.storeId}/products/${ids[i]}`, {
        token: account.pat,
        body: { description: `${sentence(60, i + 1)}!` },
      }),
      "change",
    ),
  );
  // Wait until every delivery has finished (the queue is in memory: stopping earlier would lose its messages).
  for (let quiet = 0; quiet < 2; ) {
    await new Promise((r) => setTimeout(r, 2000));
    let pending = 0;
    for (const sub of subs) {
      pending += (
        await check(
          await api(server.base, "GET", `/stores/${account.storeId}/webhooks/${sub}/deliveries?status=pending&limit=1`, { token: account.pat }),
          "pending",
        )
      ).data.length;
    }
    quiet = pending === 0 ? quiet + 1 : 0;
    if (performance.now() - t0 > 300_000) throw new Error("deliveries did not finish in 5 minutes");
  }
  console.log(`  ${fmt((performance.now() - t0) / 1000)} s, ${attempts} attempts received`);
  const changed = await snapshot(account.storeId);

  const seedGrowth = growth(before, seeded);
  const changeGrowth = growth(seeded, changed);
  // A table the phase must have grown that did not: the wrong file was measured, or a write path changed. Every
  // figure below would be 0 and the model would say "never": stop instead.
  const stale = [
    ...["products", "product_variants", "product_specs", "media_files", "product_images"]
      .filter((t) => !(seedGrowth[t]?.allocated > 0))
      .map((t) => `seeding: ${t}`),
    ...["events", "webhook_deliveries", "webhook_attempts", "audit_log"].filter((t) => !(changeGrowth[t]?.allocated > 0)).map((t) => `changes: ${t}`),
  ];
  if (stale.length > 0) throw new Error(`tables that grew by 0 bytes (${stale.join(", ")}): not the store's database, or nothing was written`);
  const perRow = (g, t) => (g[t]?.rows > 0 ? g[t].allocated / g[t].rows : 0);

  console.log("\nSeeding: growth per product, by table (allocated = whole pages; used = without free space in pages)");
  let catalogPerProduct = 0;
  for (const [table, g] of Object.entries(seedGrowth)
    .filter(([t]) => retentionClass(t) === "kept")
    .sort((a, b) => b[1].allocated - a[1].allocated)) {
    catalogPerProduct += g.allocated / products;
    console.log(
      `  ${table.padEnd(22)} ${fmt(g.allocated / products, 0).padStart(7)} B allocated ${fmt(g.used / products, 0).padStart(7)} B used   (${g.rows} rows)`,
    );
  }
  console.log(`  ${"per product".padEnd(22)} ${fmt(catalogPerProduct, 0).padStart(7)} B`);

  console.log(`\nChanges: ${ids.length} product updates; per new row of each table`);
  for (const [table, g] of Object.entries(changeGrowth).sort((a, b) => b[1].allocated - a[1].allocated)) {
    const row = g.rows > 0 ? `${fmt(g.allocated / g.rows, 0).padStart(7)} B per row (${g.rows} rows; used ${fmt(g.used / g.rows, 0)} B)` : "(no new rows)";
    console.log(`  ${table.padEnd(22)} ${String(g.allocated).padStart(9)} B  ${row}   [${retentionClass(table)}]`);
  }
  const perEvent = perRow(changeGrowth, "events");
  const perDelivery = perRow(changeGrowth, "webhook_deliveries");
  const perAttempt = perRow(changeGrowth, "webhook_attempts");
  const perAudit = perRow(changeGrowth, "audit_log");
  // Log tables other than the three (e.g. if the envelope moves to a table of its own) count per event.
  const otherLog = Object.entries(changeGrowth)
    .filter(([t]) => retentionClass(t) === "log" && !["events", "webhook_deliveries", "webhook_attempts"].includes(t))
    .reduce((n, [, g]) => n + g.allocated / ids.length, 0);
  console.log(
    `\nPer product ${fmt(catalogPerProduct, 0)} B | per event ${fmt(perEvent + otherLog, 0)} B | per delivery ${fmt(perDelivery, 0)} B | per attempt ${fmt(perAttempt, 0)} B | per audit row ${fmt(perAudit, 0)} B`,
  );
  console.log(`(measured: ${changeGrowth.webhook_attempts?.rows ?? 0} attempts for ${changeGrowth.webhook_deliveries?.rows ?? 0} deliveries)`);

  const w = workload;
  const changesPerDay = w.stores * w.storeProducts * w.changeRate;
  const catalogBytes = w.stores * w.storeProducts * catalogPerProduct;
  const logBytes = changesPerDay * (perEvent + otherLog + w.subscriptions * (perDelivery + attemptsPerDelivery(w.failRate) * perAttempt));
  const auditBytes = changesPerDay * perAudit;
  const model = { capBytes: CAP, catalogBytes, logBytes, auditBytes, logDays: w.logDays, auditDays: w.auditDays };
  const days = (d) => (d === Infinity ? "never" : `${fmt(d, 1)} days`);
  const gb = (b) => `${fmt(b / 1e9, 2)} GB`;
  const perStore = w.storeProducts * catalogPerProduct + (w.logDays * logBytes + w.auditDays * auditBytes) / w.stores;
  console.log(
    `\nWorkload: ${w.stores} stores × ${w.storeProducts} products (catalog ${gb(catalogBytes)}), ${w.changeRate * 100}% of products changing a day (${changesPerDay} events), ${w.subscriptions} subscriptions per event, 1 in ${fmt(1 / w.failRate, 0)} attempts failing`,
  );
  console.log(`  growth a day: events + deliveries + attempts ${gb(logBytes)}, audit ${gb(auditBytes)}`);
  console.log(
    `  with retention (${w.logDays} d; audit ${w.auditDays} d) the steady state is ${gb(catalogBytes + w.logDays * logBytes + w.auditDays * auditBytes)}; one 10 GB database holds ${Math.floor(CAP / perStore)} such stores at steady state`,
  );
  console.log("  the same stores, fewer per database:");
  for (const stores of [10, 50, 100, 500].filter((n) => n < w.stores)) {
    const f = stores / w.stores;
    const m = { ...model, catalogBytes: catalogBytes * f, logBytes: logBytes * f, auditBytes: auditBytes * f };
    console.log(
      `    ${String(stores).padStart(4)} stores: catalog ${gb(m.catalogBytes)}, lasts ${days(daysUntilFull({ ...m, retention: false }))} without retention, ${days(daysUntilFull({ ...m, retention: true }))} with`,
    );
  }
  const without = daysUntilFull({ ...model, retention: false });
  const withRetention = daysUntilFull({ ...model, retention: true });
  const reason = catalogBytes >= CAP ? ` (the catalog alone, ${gb(catalogBytes)}, exceeds 10 GB)` : "";
  console.log(
    `One 10 GB D1 database lasts ${days(without)} without retention and ${days(withRetention)} with retention${reason}: ${w.stores} stores × ${w.storeProducts} products, ${w.changeRate * 100}%/day changing, ${w.subscriptions} subscriptions/event, 1 in ${fmt(1 / w.failRate, 0)} attempts failing`,
  );
} finally {
  stopAll();
}
