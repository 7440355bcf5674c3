// bench:shards part e (docs/scale.md section 7.4): one store flooding writes beside a neighbour on the same store
// database writing steadily, on a server started with the production write budgets (RATE_LIMIT_STORE_WRITES 100 and
// RATE_LIMIT_DATABASE_WRITES 200 per 10 s; the other limits stay raised as in .dev.vars). The flooder sends PATCHes
// with FLOOD_CONCURRENCY in flight for FLOOD_SECONDS; the neighbour one PATCH every NEIGHBOUR_INTERVAL_MS. Counts
// each store's answers by status: the neighbour should see no 503 and no 429, the flooder its own 429s.
import { api } from "./lib/harness.mjs";
import { localShardOf } from "./lib/local-d1.mjs";

const FLOOD_SECONDS = Number(process.env.BENCH_FLOOD_SECONDS ?? 30);
const FLOOD_CONCURRENCY = Number(process.env.BENCH_FLOOD_CONCURRENCY ?? 8);
const NEIGHBOUR_INTERVAL_MS = Number(process.env.BENCH_NEIGHBOUR_INTERVAL_MS ?? 500);

/** The production write budgets, for the server this part starts. */
export const FLOOD_VARS = { RATE_LIMIT_STORE_WRITES: "100", RATE_LIMIT_DATABASE_WRITES: "200" };

/** A store with one product and an all-bits PAT. */
async function writeStore(server, jwt, names, n) {
  const store = (await api(server.base, "POST", "/stores", { token: jwt, body: { name: `Flood ${n}` } })).body;
  const pat = (await api(server.base, "POST", `/stores/${store.id}/api-tokens`, { token: jwt, body: { name: "w", scopes: names } })).body.token;
  const product = (await api(server.base, "POST", `/stores/${store.id}/products`, { token: pat, body: { title: "Flooded", product_type: "single" } })).body;
  return { id: store.id, pat, product: product.id, shard: localShardOf(server.persistDir, store.id) };
}

/** Two stores on one database (stores are made until two share one: placement alternates). */
async function neighbours(server, jwt) {
  const names = (await api(server.base, "GET", "/permissions")).body.data.map((p) => p.name);
  const stores = [];
  for (let n = 0; n < 8; n++) {
    stores.push(await writeStore(server, jwt, names, n));
    const last = stores.at(-1);
    const first = stores.find((s) => s !== last && s.shard === last.shard);
    if (first) return { flooder: first, neighbour: last };
  }
  throw new Error("no two stores on one database");
}

const patch = (base, store, n) =>
  fetch(`${base}/stores/${store.id}/products/${store.product}`, {
    method: "PATCH",
    headers: { Authorization: `Bearer ${store.pat}`, "Content-Type": "application/json" },
    body: JSON.stringify({ description: `rev ${n}` }),
  }).then(async (res) => {
    await res.arrayBuffer();
    return res.status;
  }, () => 0);

const tally = (statuses) => statuses.reduce((t, s) => ({ ...t, [s]: (t[s] ?? 0) + 1 }), {});

export async function measureFlood({ server, jwt }) {
  const { flooder, neighbour } = await neighbours(server, jwt);
  // Let the window the set-up wrote in pass.
  await new Promise((r) => setTimeout(r, 10_000));
  const until = performance.now() + FLOOD_SECONDS * 1000;
  const flood = [];
  const steady = [];
  let n = 0;
  const flooding = Array.from({ length: FLOOD_CONCURRENCY }, async () => {
    while (performance.now() < until) flood.push(await patch(server.base, flooder, n++));
  });
  const steadily = (async () => {
    while (performance.now() < until) {
      const next = performance.now() + NEIGHBOUR_INTERVAL_MS;
      steady.push(await patch(server.base, neighbour, n++));
      await new Promise((r) => setTimeout(r, Math.max(0, next - performance.now())));
    }
  })();
  await Promise.all([...flooding, steadily]);
  return {
    database: flooder.shard,
    seconds: FLOOD_SECONDS,
    flooder: { concurrency: FLOOD_CONCURRENCY, answers: tally(flood), admittedPerSecond: flood.filter((s) => s === 200).length / FLOOD_SECONDS },
    neighbour: { intervalMs: NEIGHBOUR_INTERVAL_MS, answers: tally(steady) },
  };
}
