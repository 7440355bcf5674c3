// npm run bench:writes (issue 50): creating a product with three variants at 16 in flight, against the floor route
// (GET /stores/{store_id}: the PAT's lookup with the store access check, then one store row; bench:catalog's floor)
// at the same concurrency, in the same run, on a local `wrangler dev` with fresh state (.dev.vars raises the write
// budgets far above this load). Three writes, each interleaved with the floor round by round (the order rotates):
//   - "PUT, one request": PUT /products/by-external-id/{key} with a live variable product and its three variants,
//     with stock (the one request that creates a product with its variants: one D1 batch);
//   - "POST /products": a single product (its hidden default variant), one request;
//   - "POST + 3 variants": POST /products (variable, draft), then POST .../variants three times, each variant with
//     stock: four requests in a row, timed together as one product.
// p50 and p99 are medians over rounds; ratio = the write's p50 / the floor's p50 in the same rounds. Then what each
// step of the PUT's and the POST's batch costs (triggers, FTS, events, sequence, audit), on the batches' statements
// replayed in node:sqlite (bench/writes-steps.mjs; `npm run bench:writes -- --steps` runs that part alone,
// BENCH_STEPS=0 skips it).
//   BENCH_WRITES_PORT (8809), BENCH_ROUNDS (3), BENCH_WRITES (96 products per write per round), BENCH_CONCURRENCY (16),
//   BENCH_FLOOR_REQUESTS (400 per round).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { api, fmt, load, median, percentile, setupAccount, startServer } from "./lib/harness.mjs";
import { measureSteps } from "./writes-steps.mjs";

const PORT = Number(process.env.BENCH_WRITES_PORT ?? 8809);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WRITES = Number(process.env.BENCH_WRITES ?? 96);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const FLOOR_REQUESTS = Number(process.env.BENCH_FLOOR_REQUESTS ?? 400);

const SIZES = ["S", "M", "L"];
const variantBody = (n, size, i) => ({
  sku: `W-${n}-${size}`,
  price_cents: 1500 + 100 * i,
  stock: 5 + i,
  option_values: [{ name: "Size", value: size }],
});

/** Closed loop of `count` writes at CONCURRENCY; `write(n)` resolves once the product is made (throws otherwise). */
async function writeLoad(write, count, offset) {
  const latencies = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < count) {
        const n = offset + next++;
        const t0 = performance.now();
        await write(n);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { p50: percentile(latencies, 50), p99: percentile(latencies, 99), perSecond: count / seconds };
}

const must = (res, status, what) => {
  if (res.status !== status) throw new Error(`${what}: ${res.status} ${res.text.slice(0, 300)}`);
  return res.body;
};

async function measureLatencies() {
  const persistDir = mkdtempSync(path.join(tmpdir(), "bench-writes-"));
  let server;
  try {
    server = await startServer({ port: PORT, persistDir });
    const { base } = server;
    const { pat, storeId } = await setupAccount(base);
    const s = `/stores/${storeId}`;
    const writes = {
      "PUT, one request (live, 3 variants with stock)": async (n) =>
        must(
          await api(base, "PUT", `${s}/products/by-external-id/w-${n}`, {
            token: pat,
            body: {
              title: `Written product ${n}`,
              product_type: "variable",
              status: "live",
              description: "Written by bench:writes",
              tags: ["bench", `t${n % 20}`],
              variants: SIZES.map((size, i) => ({ external_id: `w-${n}-${size}`, ...variantBody(n, size, i) })),
            },
          }),
          201,
          "PUT",
        ),
      "POST /products (single, live)": async (n) =>
        must(
          await api(base, "POST", `${s}/products`, {
            token: pat,
            body: { title: `Posted product ${n}`, product_type: "single", status: "live", default_price_cents: 1500, tags: ["bench"] },
          }),
          201,
          "POST",
        ),
      "POST /products + 3 POST variants (4 requests)": async (n) => {
        const product = must(
          await api(base, "POST", `${s}/products`, {
            token: pat,
            body: { title: `Posted variable ${n}`, product_type: "variable", tags: ["bench"] },
          }),
          201,
          "POST variable",
        );
        for (const [i, size] of SIZES.entries()) {
          must(await api(base, "POST", `${s}/products/${product.id}/variants`, { token: pat, body: variantBody(n, size, i) }), 201, "POST variant");
        }
      },
    };
    const floor = () => fetch(`${base}${s}`, { headers: { Authorization: `Bearer ${pat}` } });
    // Warm-up: every route once, and a first batch of each write.
    must(await api(base, "GET", s, { token: pat }), 200, "floor");
    let offset = 1_000_000;
    for (const write of Object.values(writes)) {
      await writeLoad(write, CONCURRENCY, offset);
      offset += CONCURRENCY;
    }
    const rows = [];
    for (const [label, write] of Object.entries(writes)) {
      const app = [];
      const ref = [];
      for (let round = 0; round < ROUNDS; round++) {
        const parts = [
          async () => ref.push(await load(floor, { requests: FLOOR_REQUESTS, concurrency: CONCURRENCY })),
          async () => {
            app.push(await writeLoad(write, WRITES, offset));
            offset += WRITES;
          },
        ];
        for (let k = 0; k < parts.length; k++) await parts[(round + k) % parts.length]();
      }
      const row = {
        label,
        p50: median(app.map((r) => r.p50)),
        p99: median(app.map((r) => r.p99)),
        perSecond: median(app.map((r) => r.perSecond)),
        floorP50: median(ref.map((r) => r.p50)),
        floorP99: median(ref.map((r) => r.p99)),
        floorErrors: ref.reduce((n, r) => n + r.errors, 0),
      };
      row.ratio = row.p50 / row.floorP50;
      rows.push(row);
      console.log(JSON.stringify(row));
    }
    console.log(
      `\n${ROUNDS} rounds x ${WRITES} products per write, ${FLOOR_REQUESTS} floor requests per round, ${CONCURRENCY} in flight; medians over rounds; ms\n`,
    );
    console.log("| write | p50 / p99 | products/s | floor p50 / p99 (same rounds) | p50 ratio |");
    console.log("|---|---|---|---|---|");
    for (const r of rows) {
      console.log(
        `| ${r.label} | ${fmt(r.p50)} / ${fmt(r.p99)} | ${fmt(r.perSecond)} | ${fmt(r.floorP50)} / ${fmt(r.floorP99)} | ${fmt(r.ratio, 2)}x |${r.floorErrors ? ` floor errors: ${r.floorErrors}` : ""}`,
      );
    }
  } finally {
    server?.stop();
    await new Promise((r) => setTimeout(r, 1000));
    rmSync(persistDir, { recursive: true, force: true });
  }
}

if (!process.argv.includes("--steps")) await measureLatencies();
if (process.argv.includes("--steps") || process.env.BENCH_STEPS !== "0") await measureSteps();
