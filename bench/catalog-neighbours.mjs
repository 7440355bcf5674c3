// bench:catalog's last part (issue 35): does a store's search pay for the other stores of its database? Two stores
// with the same 10,000-product catalog (bench/catalog-seed.mjs) on two different store databases: "alone" has its
// database to itself; "crowded" shares its database with `neighbours` other stores of `perNeighbour` products each,
// every title of which contains "Leather" (and 5% "Vintage"), the terms searched. Each search runs on both stores,
// interleaved round by round (the first of the two alternating), against one server; ratio = crowded ÷ alone p50
// (target within 1.5x). The default list is measured the same way as a control (no search: no title index).
// The server is the caller's (`server.start()`/`server.stop()` on `persistDir`, a fresh state directory).
import { DatabaseSync } from "node:sqlite";
import { fmt, load, median, setupAccount } from "./lib/harness.mjs";
import { localShardOf, storeFile } from "./lib/local-d1.mjs";
import { seedNeighbour, seedStore } from "./catalog-seed.mjs";

const COUNT = 10_000;
const WORD = "Leather";

/** Two stores (each a user, a store and an all-bits PAT) on two different store databases. */
async function twoDatabases(base, persistDir) {
  const stores = [];
  for (let i = 0; i < 8; i++) {
    const account = await setupAccount(base);
    const shard = localShardOf(persistDir, account.storeId);
    const other = stores.find((s) => s.shard !== shard);
    if (other) return { alone: other, crowded: { ...account, shard } };
    stores.push({ ...account, shard });
  }
  throw new Error(`8 stores, all on ${stores[0].shard}: placement did not alternate`);
}

/** `count` stores' rows in the crowded store's database (owned by its owner; never requested, so not in the directory). */
function addStoreRows(file, ownerStoreId, count) {
  const db = new DatabaseSync(file);
  try {
    db.exec("PRAGMA busy_timeout = 60000");
    const { owner_id: owner } = db.prepare("SELECT owner_id FROM stores WHERE id = ?").get(ownerStoreId);
    const ids = Array.from({ length: count }, () => crypto.randomUUID());
    const insert = db.prepare("INSERT INTO stores (id, name, owner_id, created_at) VALUES (?, ?, ?, ?)");
    for (const [i, id] of ids.entries()) insert.run(id, `Neighbour ${i}`, owner, new Date().toISOString());
    return ids;
  } finally {
    db.close();
  }
}

export async function measureNeighbours({ base, persistDir, server, rounds, requests, concurrency, neighbours, perNeighbour }) {
  await server.start();
  const { alone, crowded } = await twoDatabases(base, persistDir);
  await server.stop();
  const crowdedFile = await storeFile(persistDir, crowded.storeId);
  seedStore(await storeFile(persistDir, alone.storeId), alone.storeId, COUNT);
  seedStore(crowdedFile, crowded.storeId, COUNT);
  const t0 = performance.now();
  for (const id of addStoreRows(crowdedFile, crowded.storeId, neighbours)) seedNeighbour(crowdedFile, id, perNeighbour, WORD);
  console.log(`seeded ${neighbours} neighbours of ${perNeighbour} products ("${WORD}" in every title) in ${fmt((performance.now() - t0) / 1000)} s`);
  await server.start();
  const scenarios = [
    ["default list (control: no search)", ""],
    [`search "${WORD.toLowerCase()}" (10% of the store; every neighbour title)`, `&search=${WORD.toLowerCase()}`],
    ['search "vintage" (5% of the store; 5% of neighbour titles)', "&search=vintage"],
    ['search "zephyr" (25 products; no neighbour title)', "&search=zephyr"],
  ];
  const rows = [];
  for (const [label, query] of scenarios) {
    const request = (s) => () => fetch(`${base}/stores/${s.storeId}/products?limit=20${query}`, { headers: { Authorization: `Bearer ${s.pat}` } });
    const totals = [];
    for (const s of [alone, crowded]) {
      const res = await request(s)();
      const body = await res.json();
      if (!body.pagination) throw new Error(`${label}: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
      totals.push(body.pagination.total);
    }
    if (totals[0] !== totals[1]) throw new Error(`${label}: totals differ (${totals.join(" vs ")}): the stores should hold the same catalog`);
    const runs = { alone: [], crowded: [] };
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 === 0 ? ["alone", "crowded"] : ["crowded", "alone"];
      for (const which of order) {
        const r = await load(request(which === "alone" ? alone : crowded), { requests, concurrency });
        if (r.errors) throw new Error(`${label} (${which}): ${r.errors} failed requests`);
        runs[which].push(r);
      }
    }
    const p = (rs, key) => median(rs.map((r) => r[key]));
    const row = { label, alone: [p(runs.alone, "p50"), p(runs.alone, "p99")], crowded: [p(runs.crowded, "p50"), p(runs.crowded, "p99")], total: totals[0] };
    row.ratio = median(runs.crowded.map((r, i) => r.p50 / runs.alone[i].p50));
    rows.push(row);
    console.log(JSON.stringify(row));
  }
  await server.stop();
  console.log(
    `\nA store alone in its database against the same store beside ${neighbours} stores of ${perNeighbour} products (stores on ${alone.shard} and ${crowded.shard});`,
  );
  console.log(`${rounds} rounds x ${requests} requests per store, concurrency ${concurrency}; medians over rounds (ratio: median of the rounds' ratios); ms\n`);
  console.log(`| scenario | alone p50 / p99 | with ${neighbours} neighbours p50 / p99 | p50 ratio | total |`);
  console.log("|---|---|---|---|---|");
  for (const r of rows)
    console.log(`| ${r.label} | ${fmt(r.alone[0])} / ${fmt(r.alone[1])} | ${fmt(r.crowded[0])} / ${fmt(r.crowded[1])} | ${fmt(r.ratio, 2)}x | ${r.total} |`);
}
