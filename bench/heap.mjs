// `npm run bench:heap` (issue 27; docs/scale.md section 7.5): the Worker isolate's own JavaScript heap over many
// requests, read through wrangler dev's inspector (Chrome DevTools Protocol: HeapProfiler.collectGarbage, then
// Runtime.getHeapUsage), not workerd's RSS (which also holds every simulated database and object). The load mixes
// what fills the isolate-level caches: catalog reads by PAT and JWT on BENCH_HEAP_STORES stores (placements),
// reads of unknown store ids (placement misses, never cached), and writes. A heap that levels off is bounded.
// Environment: BENCH_PORT (8956; the inspector on +1), BENCH_HEAP_REQUESTS (20000), BENCH_HEAP_SAMPLES (10),
// BENCH_HEAP_STORES (20), BENCH_CONCURRENCY (8).
import WebSocket from "ws";
import { api, fmt, load, setupAccount, startServer } from "./lib/harness.mjs";

const PORT = Number(process.env.BENCH_PORT ?? 8956);
const REQUESTS = Number(process.env.BENCH_HEAP_REQUESTS ?? 20_000);
const SAMPLES = Number(process.env.BENCH_HEAP_SAMPLES ?? 10);
const STORES = Number(process.env.BENCH_HEAP_STORES ?? 20);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);

/** A CDP session on the Worker's inspector target. */
async function inspector(port) {
  const targets = await (await fetch(`http://127.0.0.1:${port}/json`)).json();
  const target = targets.find((t) => t.webSocketDebuggerUrl) ?? targets[0];
  // wrangler's inspector proxy answers only clients that present a DevTools origin.
  const ws = new WebSocket(target.webSocketDebuggerUrl, { headers: { Origin: "https://devtools.devprod.cloudflare.dev" } });
  await new Promise((resolve, reject) => {
    ws.once("open", resolve);
    ws.once("error", reject);
  });
  let id = 0;
  const pending = new Map();
  ws.on("message", (data) => {
    const message = JSON.parse(String(data));
    if (message.id && pending.has(message.id)) {
      pending.get(message.id)(message);
      pending.delete(message.id);
    }
  });
  // A call that gets no answer within 10 s resolves empty (collectGarbage is best effort).
  const send = (method, params = {}) =>
    new Promise((resolve) => {
      const mine = ++id;
      const timer = setTimeout(() => {
        pending.delete(mine);
        resolve({});
      }, 10_000);
      pending.set(mine, (message) => {
        clearTimeout(timer);
        resolve(message);
      });
      ws.send(JSON.stringify({ id: mine, method, params }));
    });
  await send("Runtime.enable");
  await send("HeapProfiler.enable");
  return { send, close: () => ws.close() };
}

async function heapMiB(cdp) {
  await cdp.send("HeapProfiler.collectGarbage");
  const { result } = await cdp.send("Runtime.getHeapUsage");
  return { used: result.usedSize / 2 ** 20, total: result.totalSize / 2 ** 20 };
}

const server = await startServer({ port: PORT, inspectorPort: PORT + 1 });
console.error(`heap: server up on ${server.base}`);
try {
  const { jwt } = await setupAccount(server.base);
  const names = (await api(server.base, "GET", "/permissions")).body.data.map((p) => p.name);
  const stores = [];
  for (let i = 0; i < STORES; i++) {
    const store = (await api(server.base, "POST", "/stores", { token: jwt, body: { name: `Heap ${i}` } })).body;
    const pat = (await api(server.base, "POST", `/stores/${store.id}/api-tokens`, { token: jwt, body: { name: "h", scopes: names } })).body.token;
    const product = (await api(server.base, "POST", `/stores/${store.id}/products`, { token: pat, body: { title: "Heap", product_type: "single" } })).body.id;
    stores.push({ id: store.id, pat, product });
  }
  let n = 0;
  const request = () => {
    const i = n++;
    const store = stores[i % stores.length];
    const auth = (token) => ({ Authorization: `Bearer ${token}` });
    switch (i % 5) {
      case 0:
        return fetch(`${server.base}/stores/${store.id}/products?limit=20`, { headers: auth(store.pat) });
      case 1:
        return fetch(`${server.base}/stores/${store.id}/products/${store.product}`, { headers: auth(jwt) });
      case 2:
        return fetch(`${server.base}/stores/${crypto.randomUUID()}`, { headers: auth(jwt) }); // 403: no such store
      case 3:
        return fetch(`${server.base}/stores/${store.id}/products/${store.product}`, {
          method: "PATCH",
          headers: { ...auth(store.pat), "Content-Type": "application/json" },
          body: JSON.stringify({ description: `rev ${i}` }),
        });
      default:
        return fetch(`${server.base}/me`, { headers: auth(jwt) });
    }
  };
  console.error("heap: stores made; connecting to the inspector");
  const cdp = await inspector(PORT + 1);
  console.error("heap: inspector connected");
  const samples = [{ requests: 0, ...(await heapMiB(cdp)) }];
  const step = Math.ceil(REQUESTS / SAMPLES);
  for (let done = 0; done < REQUESTS; done += step) {
    const r = await load(request, { requests: step, concurrency: CONCURRENCY, maxSeconds: 600 });
    samples.push({ requests: done + step, ...(await heapMiB(cdp)), rps: r.rps, errors: r.errors });
    console.error(`heap: ${done + step} requests, ${fmt(samples.at(-1).used, 1)} MiB used`);
  }
  cdp.close();
  console.log(`\nbench:heap, ${new Date().toISOString()}: ${REQUESTS} requests over ${STORES} stores, concurrency ${CONCURRENCY}\n`);
  console.log("| requests | heap used MiB (after GC) | heap total MiB | req/s | non-2xx (1 in 5 are the expected 403s of unknown stores) |");
  console.log("|---|---|---|---|---|");
  for (const s of samples) console.log(`| ${s.requests} | ${fmt(s.used, 2)} | ${fmt(s.total, 2)} | ${s.rps ? fmt(s.rps, 0) : ""} | ${s.errors ?? ""} |`);
} finally {
  server.stop();
}
