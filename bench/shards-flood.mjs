// bench:shards part e (docs/scale.md sections 7.4 and 7.12): FLOOD_STORES stores flooding writes beside a neighbour on
// the same store database writing about once a second, on a server started with the production write budgets (the
// steady lane: 15 per store and 100 per database per 10 s; the burst lane: 100 per store and 100 per database; the
// other limits stay raised as in .dev.vars). Each flooder sends PATCHes with FLOOD_CONCURRENCY in flight for
// FLOOD_SECONDS; the neighbour one PATCH every NEIGHBOUR_INTERVAL_MS. Counts each store's answers by status: the
// neighbour should see no 503 and no 429, the flooders their own 429s.
import { api } from "./lib/harness.mjs";
import { localShardOf } from "./lib/local-d1.mjs";

const FLOOD_SECONDS = Number(process.env.BENCH_FLOOD_SECONDS ?? 30);
const FLOOD_CONCURRENCY = Number(process.env.BENCH_FLOOD_CONCURRENCY ?? 8);
const NEIGHBOUR_INTERVAL_MS = Number(process.env.BENCH_NEIGHBOUR_INTERVAL_MS ?? 1000);
const FLOOD_STORES = Number(process.env.BENCH_FLOOD_STORES ?? 3);

/** The production write budgets (wrangler.toml), for the server this part starts. */
export const FLOOD_VARS = {
  RATE_LIMIT_STORE_STEADY_WRITES: "15",
  RATE_LIMIT_DATABASE_STEADY_WRITES: "100",
  RATE_LIMIT_STORE_WRITES: "100",
  RATE_LIMIT_DATABASE_WRITES: "100",
};

/** A store with one product and an all-bits PAT. */
async function writeStore(server, jwt, names, n) {
  const store = (await api(server.base, "POST", "/stores", { token: jwt, body: { name: `Flood ${n}` } })).body;
  const pat = (await api(server.base, "POST", `/stores/${store.id}/api-tokens`, { token: jwt, body: { name: "w", scopes: names } })).body.token;
  const product = (await api(server.base, "POST", `/stores/${store.id}/products`, { token: pat, body: { title: "Flooded", product_type: "single" } })).body;
  return { id: store.id, pat, product: product.id, shard: localShardOf(server.persistDir, store.id) };
}

/** FLOOD_STORES flooders and a neighbour on one database (stores are made until enough share one: placement alternates). */
async function neighbours(server, jwt) {
  const names = (await api(server.base, "GET", "/permissions")).body.data.map((p) => p.name);
  const stores = [];
  for (let n = 0; n < 4 * (FLOOD_STORES + 1); n++) {
    stores.push(await writeStore(server, jwt, names, n));
    const shared = stores.filter((s) => s.shard === stores.at(-1).shard);
    if (shared.length === FLOOD_STORES + 1) return { flooders: shared.slice(0, FLOOD_STORES), neighbour: shared.at(-1) };
  }
  throw new Error(`no ${FLOOD_STORES + 1} stores on one database`);
}

const patch = (base, store, n) =>
  fetch(`${base}/stores/${store.id}/products/${store.product}`, {
    method: "PATCH",
    headers: { Authorization: `Bearer ${store.pat}`, "Content-Type": "application/json" },
    body: JSON.stringify({ description: `rev ${n}` }),
  }).then(
    async (res) => {
      await res.arrayBuffer();
      return res.status;
    },
    () => 0,
  );

const tally = (statuses) =>
  statuses.reduce((t, s) => {
    t[s] = (t[s] ?? 0) + 1;
    return t;
  }, {});

export async function measureFlood({ server, jwt }) {
  const { flooders, neighbour } = await neighbours(server, jwt);
  // Let the window the set-up wrote in pass.
  await new Promise((r) => setTimeout(r, 10_000));
  const until = performance.now() + FLOOD_SECONDS * 1000;
  const floods = flooders.map(() => []);
  const steady = [];
  let n = 0;
  const flooding = flooders.flatMap((flooder, i) =>
    Array.from({ length: FLOOD_CONCURRENCY }, async () => {
      while (performance.now() < until) floods[i].push(await patch(server.base, flooder, n++));
    }),
  );
  const steadily = (async () => {
    while (performance.now() < until) {
      const next = performance.now() + NEIGHBOUR_INTERVAL_MS;
      steady.push(await patch(server.base, neighbour, n++));
      await new Promise((r) => setTimeout(r, Math.max(0, next - performance.now())));
    }
  })();
  await Promise.all([...flooding, steadily]);
  return {
    database: neighbour.shard,
    seconds: FLOOD_SECONDS,
    flooders: floods.map((flood) => ({
      concurrency: FLOOD_CONCURRENCY,
      answers: tally(flood),
      admittedPerSecond: flood.filter((s) => s === 200).length / FLOOD_SECONDS,
    })),
    neighbour: { intervalMs: NEIGHBOUR_INTERVAL_MS, answers: tally(steady) },
  };
}
