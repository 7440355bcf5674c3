// Media benchmark (npm run bench:media): upload throughput of a ~1 MB JPEG into the store library, and latency of
// the first request of each image size (made by the Images binding, then kept in R2) against later requests of
// the same size (one R2 read). Runs wrangler dev on 127.0.0.1:8798 with a fresh state directory in /tmp.
import sharp from "sharp";
import { fmt, load, median, setupAccount, startServer } from "./lib/harness.mjs";

const PORT = Number(process.env.BENCH_PORT ?? 8798);
const UPLOADS = Number(process.env.UPLOADS ?? 40);
const FILES = Number(process.env.FILES ?? 8);
const CACHED_REPEATS = 5;
const SIZES = ["thumbnail", "small", "medium", "large"];

/** A noisy 1600x1200 JPEG (about 1 MB): noise keeps the encoder from making it tiny. */
async function makeJpeg() {
  const [w, h] = [1600, 1200];
  const raw = Buffer.alloc(w * h * 3);
  let seed = 42;
  const rand = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed % 60;
  };
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = (y * w + x) * 3;
      const n = rand();
      raw[i] = ((x * 255) / w + n) & 255;
      raw[i + 1] = ((y * 255) / h + n) & 255;
      raw[i + 2] = (((x ^ y) & 255) + n) & 255;
    }
  }
  return sharp(raw, { raw: { width: w, height: h, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

const server = await startServer({ port: PORT });
try {
  const { pat, storeId } = await setupAccount(server.base);
  const jpeg = await makeJpeg();
  const upload = () => {
    const form = new FormData();
    form.append("file", new File([jpeg], "bench.jpg", { type: "image/jpeg" }));
    return fetch(`${server.base}/stores/${storeId}/media`, { method: "POST", headers: { Authorization: `Bearer ${pat}` }, body: form });
  };
  // Warm-up (first compile of the route, first R2 write).
  for (let i = 0; i < 3; i++) await (await upload()).arrayBuffer();

  const uploads = await load(upload, { requests: UPLOADS, concurrency: 2, maxSeconds: 120 });
  console.log(
    `upload ${jpeg.length} B JPEG: ${uploads.requests} requests, ${uploads.errors} errors, ${fmt(uploads.rps)} uploads/s ` +
      `(${fmt((uploads.rps * jpeg.length) / 1e6)} MB/s), p50 ${fmt(uploads.p50)} ms, p99 ${fmt(uploads.p99)} ms`,
  );

  // Fresh files, so every first request really computes its size.
  const files = [];
  for (let i = 0; i < FILES; i++) {
    const res = await upload();
    files.push((await res.json()).id);
  }
  const timed = async (url) => {
    const t0 = performance.now();
    const res = await fetch(url);
    const bytes = (await res.arrayBuffer()).byteLength;
    if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
    return { ms: performance.now() - t0, bytes };
  };
  const rows = [];
  for (const size of [...SIZES, "original"]) {
    const first = [];
    const cached = [];
    let bytes = 0;
    for (const id of files) {
      const url = `${server.base}/media/${storeId}/${id}/${size}`;
      const r = await timed(url);
      first.push(r.ms);
      bytes = r.bytes;
      for (let k = 0; k < CACHED_REPEATS; k++) cached.push((await timed(url)).ms);
    }
    rows.push({ size, bytes, first: median(first), cached: median(cached) });
  }
  console.log(`\nsize       bytes     first (median of ${FILES})   cached (median of ${FILES * CACHED_REPEATS})   first/cached`);
  for (const r of rows) {
    console.log(
      `${r.size.padEnd(10)} ${String(r.bytes).padStart(8)}   ${fmt(r.first).padStart(10)} ms          ${fmt(r.cached).padStart(8)} ms          ${fmt(r.first / r.cached)}x`,
    );
  }
} finally {
  server.stop();
}
