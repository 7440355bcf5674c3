// bench:shards part c: the pause a 10,000-product store's move takes (docs/api/14-store-databases-and-operators.md: POST /ops/stores/{id}/move,
// GET /ops/moves/{id}), seen from outside while a writer and a reader keep working on the moving store:
//   - pause: from the first poll of GET /ops/moves/{id} that shows `paused` to the first that shows `done`
//     (resolution: the poll interval, POLL_MS; a pause shorter than it may show no `paused` poll at all, so the
//     writer's figure below is the one to quote);
//   - the writer's longest run of 503s (one PATCH at a time, back to back): from its first 503 to its next success;
//   - reads that did not answer 200 (the contract: none);
//   - the pause as the job logs it (`store move paused`, from the source's row saying `moving` to the flip's end),
//     read from the server's output when the caller passes its `logFile`;
//   - the directory's view, polled back to back through GET /ops/stores/{id}: the longest stretch it says `moving`
//     (from the first poll saying so to the next saying otherwise). The store's writes are refused from a moment
//     before that (its row on the source goes first) to a moment after (the source row says `moved` last), a
//     database round trip each way; a pause shorter than one write's round trip may meet no write at all.
// Skipped, with a note, while GET /ops/shards answers 404 (the endpoints are built on branch `moves`).
import { readFileSync } from "node:fs";
import { api } from "./lib/harness.mjs";

const POLL_MS = 50;
const PRODUCTS = 10_000;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function must(res, status, what) {
  if (res.status !== status) throw new Error(`${what}: ${res.status} ${res.text.slice(0, 300)}`);
  return res.body;
}

/** 10,000 live single products through the CSV import (one request; the queue applies it in slices of 100). */
export async function importCatalog(base, storeId, token) {
  const lines = ["handle,title,product_type,status,variant_sku,price,stock"];
  for (let n = 0; n < PRODUCTS; n++) lines.push(`move-${n},Moving Cotton Shirt ${n},single,live,MOVE-${n},12.50,5`);
  const form = new FormData();
  form.set("file", new Blob([`${lines.join("\r\n")}\r\n`], { type: "text/csv" }), "catalog.csv");
  const res = await fetch(`${base}/stores/${storeId}/imports`, { method: "POST", headers: { Authorization: `Bearer ${token}` }, body: form });
  const job = await res.json();
  if (res.status !== 202) throw new Error(`import: ${res.status} ${JSON.stringify(job)}`);
  for (const deadline = Date.now() + 600_000; Date.now() < deadline; await sleep(500)) {
    const state = must(await api(base, "GET", `/stores/${storeId}/imports/${job.id}`, { token }), 200, "import state");
    if (state.state === "done" && state.errors.length === 0) return state;
    if (state.state === "done" || state.state === "failed") throw new Error(`import ended ${state.state}: ${JSON.stringify(state.errors.slice(0, 3))}`);
  }
  throw new Error("import did not finish within 10 minutes");
}

/** Back-to-back requests until `stopped()`; every answer recorded as {at, status} (at: ms since `t0`). */
async function loop(request, stopped, t0) {
  const log = [];
  while (!stopped()) {
    const res = await request();
    await res.arrayBuffer();
    log.push({ at: performance.now() - t0, status: res.status });
    if (res.status === 503) await sleep(5); // the pause: keep asking, but not in a hot loop
  }
  return log;
}

/** The directory's state for the store, back to back until `stopped()`: every answer as {at, state}. */
async function probeDirectory(base, storeId, opsToken, stopped, t0) {
  const log = [];
  while (!stopped()) {
    const res = await fetch(`${base}/ops/stores/${storeId}`, { headers: { Authorization: `Bearer ${opsToken}` } });
    const body = await res.json();
    log.push({ at: performance.now() - t0, state: res.status === 200 ? body.state : `HTTP ${res.status}` });
  }
  return log;
}

/** The job's own log line for the pause ("store move paused", src/moves/job.ts): how long the source refused writes. */
function pausedLogged(logFile, moveId) {
  const lines = readFileSync(logFile, "utf8")
    .split("\n")
    .filter((l) => l.includes('"store move paused"') && l.includes(moveId));
  return lines.map((l) => JSON.parse(l.slice(l.indexOf("{")))).map((entry) => ({ paused_ms: entry.paused_ms, applied: entry.applied }));
}

/**
 * The longest run of consecutive log entries that `is` picks: its length in entries and in ms (from its first entry
 * to the next entry it does not pick, or its own last one at the log's end).
 */
export function longestRun(log, is) {
  let best = { entries: 0, ms: 0 };
  for (let i = 0; i < log.length; i++) {
    if (!is(log[i])) continue;
    let j = i;
    while (j < log.length && is(log[j])) j++;
    const ms = (j < log.length ? log[j].at : log[j - 1].at) - log[i].at;
    if (j - i > best.entries) best = { entries: j - i, ms };
    i = j;
  }
  return best;
}

/**
 * Runs part c on a server of this checkout. `jwt`: a user who may create stores. Returns the figures, or
 * `{ skipped }` with the reason.
 */
export async function measureMove({ base, jwt, opsToken, logFile }) {
  const ops = (method, p, body) => api(base, method, p, { token: opsToken, body });
  const shards = await ops("GET", "/ops/shards");
  if (shards.status === 404) return { skipped: "GET /ops/shards answers 404: the move endpoints are not in this checkout (branch `moves`)" };
  must(shards, 200, "GET /ops/shards");

  const store = must(await api(base, "POST", "/stores", { token: jwt, body: { name: "Moving store" } }), 201, "store");
  const names = must(await api(base, "GET", "/permissions"), 200, "permissions").data.map((p) => p.name);
  const pat = must(await api(base, "POST", `/stores/${store.id}/api-tokens`, { token: jwt, body: { name: "move", scopes: names } }), 201, "token").token;
  const importStarted = performance.now();
  await importCatalog(base, store.id, pat);
  const importSeconds = (performance.now() - importStarted) / 1000;
  // The product the writer changes: the newest of the imported ones.
  const written = must(await api(base, "GET", `/stores/${store.id}/products?limit=1`, { token: pat }), 200, "list").data[0].id;
  const from = must(await ops("GET", `/ops/stores/${store.id}`), 200, "GET /ops/stores/{id}").shard;
  const to = shards.body.data.map((s) => s.name).find((name) => name !== from);
  if (!to) return { skipped: "only one store database: nowhere to move to" };

  const t0 = performance.now();
  let finished = false;
  const stopped = () => finished;
  let n = 0;
  const auth = { Authorization: `Bearer ${pat}`, "Content-Type": "application/json" };
  const writer = loop(
    () => fetch(`${base}/stores/${store.id}/products/${written}`, { method: "PATCH", headers: auth, body: JSON.stringify({ description: `rev ${n++}` }) }),
    stopped,
    t0,
  );
  const reads = [`/stores/${store.id}/products?limit=20`, `/stores/${store.id}/products/${written}`, `/stores/${store.id}/products?search=moving`];
  let r = 0;
  const reader = loop(() => fetch(`${base}${reads[r++ % reads.length]}`, { headers: auth }), stopped, t0);
  const directory = probeDirectory(base, store.id, opsToken, stopped, t0);
  await sleep(1000); // the store working normally first

  const movedAt = performance.now() - t0;
  const move = must(await ops("POST", `/ops/stores/${store.id}/move`, { to }), 202, "POST move");
  const states = [];
  let state = move.state;
  for (const deadline = Date.now() + 600_000; Date.now() < deadline && !["done", "failed"].includes(state); await sleep(POLL_MS)) {
    const polled = must(await ops("GET", `/ops/moves/${move.id}`), 200, "GET move");
    state = polled.state;
    if (states.at(-1)?.state !== state) states.push({ state, at: performance.now() - t0, rows_copied: polled.rows_copied, error: polled.error });
  }
  await sleep(2000); // and working normally after
  finished = true;
  const [writes, readLog, directoryLog] = await Promise.all([writer, reader, directory]);

  const pausedAt = states.find((s) => s.state === "paused")?.at;
  const doneAt = states.find((s) => s.state === "done")?.at;
  const after = must(await ops("GET", `/ops/stores/${store.id}`), 200, "GET /ops/stores/{id} after");
  const total = must(await api(base, "GET", `/stores/${store.id}/products?include_drafts=true&limit=1`, { token: pat }), 200, "count").pagination.total;
  const run = longestRun(writes, (w) => w.status === 503);
  return {
    products: total,
    import_s: importSeconds,
    from,
    to,
    final: `${after.shard} ${after.state}`,
    states,
    pause_ms: pausedAt !== undefined && doneAt !== undefined ? doneAt - pausedAt : null,
    move_ms: doneAt !== undefined ? doneAt - movedAt : null,
    writes: writes.length,
    writes_503: writes.filter((w) => w.status === 503).length,
    writes_other_failures: writes.filter((w) => w.status !== 200 && w.status !== 503).length,
    longest_503_run: run,
    paused_ms_logged: logFile ? pausedLogged(logFile, move.id) : null,
    directory_polls: directoryLog.length,
    directory_longest_moving: longestRun(directoryLog, (p) => p.state === "moving"),
    reads: readLog.length,
    reads_failed: readLog.filter((x) => x.status !== 200).length,
    writer_ok_after_done: doneAt !== undefined && writes.some((w) => w.at > doneAt && w.status === 200),
  };
}
