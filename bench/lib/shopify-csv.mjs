// bench:sync part 5 (issue 37): a Shopify product CSV of 5,000 variants naming 2,000 images, served by a local
// Node HTTP server (small real PNGs, each URL distinct), imported into an empty store of `npm run dev`. The same
// file without its image columns is imported first into another empty store, so the report can tell the rows'
// time from the images'.
import { createServer } from "node:http";
import { gradientPng as png } from "../../scripts/lib/png.mjs";
import { api, setupAccount } from "./harness.mjs";

/** Serves /img/<n>.png (64 × 48, distinct per n); counts requests. */
export async function startImageServer() {
  let requests = 0;
  let bytes = 0;
  const server = createServer((req, res) => {
    const match = req.url?.match(/^\/img\/(\d+)\.png$/);
    if (!match) return res.writeHead(404).end();
    requests++;
    const body = png(64, 48, Number(match[1]));
    bytes += body.length;
    res.writeHead(200, { "Content-Type": "image/png", "Content-Length": body.length }).end(body);
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    base: `http://127.0.0.1:${server.address().port}`,
    stats: () => ({ requests, bytes }),
    stop: () => new Promise((resolve) => server.close(resolve)),
  };
}

const HEADER = [
  "Handle",
  "Title",
  "Body (HTML)",
  "Vendor",
  "Type",
  "Tags",
  "Published",
  "Option1 Name",
  "Option1 Value",
  "Option2 Name",
  "Option2 Value",
  "Variant SKU",
  "Variant Grams",
  "Variant Inventory Qty",
  "Variant Price",
  "Variant Compare At Price",
  "Image Src",
  "Image Position",
  "Image Alt Text",
  "Status",
];
const quote = (cell) => (/[",\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell);

/**
 * 1,000 products of 5 variants (Size × Colour), the first two rows of each naming an image: 5,000 rows, 2,000
 * images. `images: false` leaves the image columns empty (the same rows otherwise).
 */
export function shopifyCatalog(imageBase, { products = 1000, variants = 5, imagesPerProduct = 2, images = true } = {}) {
  const lines = [HEADER.join(",")];
  for (let p = 0; p < products; p++) {
    for (let v = 0; v < variants; v++) {
      const first = v === 0;
      const image =
        images && v < imagesPerProduct ? [`${imageBase}/img/${p * imagesPerProduct + v}.png`, String(v + 1), `Product ${p}, view ${v + 1}`] : ["", "", ""];
      lines.push(
        [
          `bench-${p}`,
          first ? `Bench product ${p}` : "",
          first ? `<p>Product ${p}, "benched"</p>` : "",
          first ? "Acme" : "",
          first ? "Shirts" : "",
          first ? "bench, shopify" : "",
          first ? "TRUE" : "",
          first ? "Size" : "",
          ["XS", "S", "M", "L", "XL"][v],
          first ? "Colour" : "",
          "Blue",
          `B-${p}-${v}`,
          "200",
          "5",
          `${10 + (p % 50)}.00`,
          "",
          ...image,
          first ? "active" : "",
        ]
          .map(quote)
          .join(","),
      );
    }
  }
  return `${lines.join("\r\n")}\r\n`;
}

/** POST /imports, then GET it until done: the import's final state and the seconds from POST to done. */
export async function timedImport(base, account, csv) {
  const form = new FormData();
  form.append("file", new File([csv], "shopify.csv", { type: "text/csv" }));
  const started = performance.now();
  const res = await fetch(`${base}/stores/${account.storeId}/imports`, { method: "POST", headers: { Authorization: `Bearer ${account.pat}` }, body: form });
  if (res.status !== 202) throw new Error(`import: ${res.status} ${await res.text()}`);
  const { id } = await res.json();
  for (;;) {
    const state = (await api(base, "GET", `/stores/${account.storeId}/imports/${id}`, { token: account.pat })).body;
    if (state.state === "done" || state.state === "failed") return { state, seconds: (performance.now() - started) / 1000 };
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Part 5: the rows alone, then rows and images; rows/s and images/s. */
export async function shopifyPart(base) {
  const images = await startImageServer();
  try {
    const withImages = shopifyCatalog(images.base);
    const rowsOnly = shopifyCatalog(images.base, { images: false });
    const a = await timedImport(base, await setupAccount(base), rowsOnly);
    const b = await timedImport(base, await setupAccount(base), withImages);
    const imageCount = 2000;
    const { requests, bytes } = images.stats();
    return {
      rows: b.state.rows_total,
      images: imageCount,
      image_bytes_served: bytes,
      image_requests: requests,
      rows_only: { state: a.state.state, errors: a.state.errors.length, seconds: a.seconds, rows_per_s: a.state.rows_done / a.seconds },
      with_images: {
        state: b.state.state,
        errors: b.state.errors.length,
        warnings: b.state.warnings.length,
        seconds: b.seconds,
        rows_per_s: b.state.rows_done / b.seconds,
        images_per_s: imageCount / b.seconds,
        // The images' own share: the time the same rows took without them subtracted.
        images_per_s_beyond_rows: imageCount / Math.max(0.001, b.seconds - a.seconds),
      },
    };
  } finally {
    await images.stop();
  }
}
