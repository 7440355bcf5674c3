// The demo store on the first `npm run dev` of a state directory (README "The demo store"): everything through
// the public API, as any client would. The catalog is scripts/demo/products.csv (Shopify's product CSV) imported
// with POST /imports, its pictures served by a loopback image server; then two collections, customers, orders in
// every state, and a webhook subscription (made first, so the seeding's own events deliver to the local receiver).
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { IMAGE_BASE } from "./catalog.mjs";
import { startImageServer } from "./servers.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
export const CSV_PATH = path.join(here, "products.csv");

const EVENTS = [
  "products.created",
  "products.updated",
  "collections.created",
  "collections.updated",
  "customers.created",
  "orders.created",
  "orders.updated",
  "orders.refunded",
];

const CUSTOMERS = [
  { email: "ada@example.com", name: "Ada Lovelace", phone: "+44 20 7946 0001" },
  { email: "grace@example.com", name: "Grace Hopper", phone: "+1 212 555 0102" },
  { email: "alan@example.com", name: "Alan Turing" },
  { email: "katherine@example.com", name: "Katherine Johnson", phone: "+1 757 555 0199" },
  { email: "linus@example.com", name: "Linus Pauling" },
  { email: "hedy@example.com", name: "Hedy Lamarr", phone: "+43 1 555 0107" },
];

/** Each order: the customer (index into CUSTOMERS, or a guest email), [sku, quantity] lines, and what happens to it. */
const ORDERS = [
  {
    customer: 0,
    lines: [
      ["TEE-BLA-M", 2],
      ["MUG-CER", 1],
    ],
    steps: [],
  },
  { customer: 1, lines: [["HOOD-NAV-M", 1]], steps: ["paid"] },
  {
    customer: 2,
    lines: [
      ["CAP-NAVY", 1],
      ["STICK-PACK", 3],
    ],
    steps: ["paid", "fulfilled"],
  },
  { customer: 3, lines: [["TRAIL-42", 1]], steps: ["paid", "fulfilled"] },
  { customer: 4, lines: [["CANDLE-SOY", 2]], steps: ["canceled"] },
  { customer: 5, lines: [["PACK-SND", 1]], steps: ["paid", "refund"] },
  {
    customer: 0,
    lines: [
      ["NOTE-DOT", 2],
      ["KEY-BRASS", 1],
    ],
    steps: ["paid", "fulfilled", "refund:1250"],
  },
  {
    customer: "guest@example.org",
    lines: [
      ["BOTTLE-750", 1],
      ["SCARF-RUST", 1],
    ],
    steps: ["paid"],
  },
  { customer: 2, lines: [["RAIN-YEL-M", 1]], steps: [] },
];

const STAFF_PICKS = ["rolltop-backpack", "classic-tee", "ceramic-mug", "trail-runner", "mountain-art-print", "soy-candle"];

/** A small client for one account: throws `step: STATUS detail` on anything but 2xx. */
function client(base, token) {
  return async function call(step, method, pathname, body) {
    const res = await fetch(`${base}${pathname}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, ...(body && !(body instanceof FormData) ? { "Content-Type": "application/json" } : {}) },
      body: body instanceof FormData ? body : body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    if (!res.ok) {
      let detail = text.slice(0, 300);
      try {
        const problem = JSON.parse(text);
        detail = [problem.detail ?? problem.title, ...(problem.errors ?? []).map((e) => `${e.path}: ${e.message}`)].filter(Boolean).join("; ");
      } catch {}
      throw new Error(`${step}: ${method} ${pathname} answered ${res.status} ${detail}`);
    }
    return text ? JSON.parse(text) : null;
  };
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function importCatalog(call, storeId, log) {
  const images = await startImageServer(path.join(here, "images"));
  try {
    const csv = readFileSync(CSV_PATH, "utf8").replaceAll(IMAGE_BASE, images.base);
    const form = new FormData();
    form.append("file", new File([csv], "products.csv", { type: "text/csv" }));
    const started = Date.now();
    const { id } = await call("import", "POST", `/stores/${storeId}/imports`, form);
    // The dev server's queue consumer runs it; on a loaded machine a few dozen images take tens of seconds.
    for (const deadline = Date.now() + 300_000; Date.now() < deadline; await sleep(500)) {
      const state = await call("import", "GET", `/stores/${storeId}/imports/${id}`);
      if (state.state === "done" || state.state === "failed") {
        const seconds = ((Date.now() - started) / 1000).toFixed(1);
        log(
          `Demo store: imported ${state.products_created} products (${state.variants_created} variants, ${images.served()} images) from ` +
            `scripts/demo/products.csv in ${seconds} s: ${state.state}, ${state.errors.length} errors, ${state.warnings.length} warnings` +
            [...state.errors, ...state.warnings]
              .slice(0, 3)
              .map((e) => `; line ${e.line}: ${e.message}`)
              .join(""),
        );
        if (state.state === "failed") throw new Error(`import: the import ${id} failed`);
        return state;
      }
    }
    throw new Error("import: not done within 300 s");
  } finally {
    await images.stop();
  }
}

/** Every product of the store (drafts too), by slug, and every variant id by SKU. */
async function catalogIds(call, storeId) {
  const bySlug = new Map();
  const bySku = new Map();
  let cursor = "";
  do {
    const page = await call(
      "catalog",
      "GET",
      `/stores/${storeId}/products?include_drafts=true&limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
    );
    for (const p of page.data) {
      bySlug.set(p.slug, p.id);
      for (const v of p.variants) if (v.sku) bySku.set(v.sku, v.id);
    }
    cursor = page.pagination?.next_cursor ?? "";
  } while (cursor);
  return { bySlug, bySku };
}

async function seedOrders(call, storeId, bySku) {
  const customers = [];
  for (const c of CUSTOMERS) customers.push(await call("customers", "POST", `/stores/${storeId}/customers`, c));
  const states = {};
  for (const o of ORDERS) {
    const who = typeof o.customer === "number" ? { customer_id: customers[o.customer].id } : { email: o.customer };
    const lines = o.lines.map(([sku, quantity]) => {
      if (!bySku.has(sku)) throw new Error(`orders: no variant with SKU ${sku} was imported`);
      return { variant_id: bySku.get(sku), quantity };
    });
    let order = await call("orders", "POST", `/stores/${storeId}/orders`, { ...who, currency: "USD", line_items: lines });
    for (const step of o.steps) {
      order = step.startsWith("refund")
        ? await call("orders", "POST", `/stores/${storeId}/orders/${order.id}/refunds`, step.includes(":") ? { amount_cents: Number(step.split(":")[1]) } : {})
        : await call("orders", "POST", `/stores/${storeId}/orders/${order.id}/transitions`, { status: step });
    }
    states[order.status] = (states[order.status] ?? 0) + 1;
  }
  return { customers: customers.length, states };
}

async function seedCollections(call, storeId, bySlug) {
  const picks = await call("collections", "POST", `/stores/${storeId}/collections`, {
    title: "Staff picks",
    slug: "staff-picks",
    kind: "manual",
    description: "What we use every day, chosen by hand.",
  });
  await call("collections", "PUT", `/stores/${storeId}/collections/${picks.id}/products`, {
    product_ids: STAFF_PICKS.map((s) => bySlug.get(s)).filter(Boolean),
  });
  await call("collections", "POST", `/stores/${storeId}/collections`, {
    title: "Winter warmers",
    slug: "winter-warmers",
    kind: "automatic",
    description: "Everything tagged winter.",
    rules: { match: "all", conditions: [{ field: "tag", op: "equals", value: "winter" }] },
  });
  return 2;
}

/** Waits (bounded) until the subscription's receiver has at least one delivered delivery; returns how many. */
async function awaitDelivery(call, storeId, url) {
  const subs = (await call("webhooks", "GET", `/stores/${storeId}/webhooks?url=${encodeURIComponent(url)}&limit=100`)).data;
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; await sleep(500)) {
    let delivered = 0;
    for (const s of subs) delivered += (await call("webhooks", "GET", `/stores/${storeId}/webhooks/${s.id}/deliveries?status=delivered&limit=100`)).data.length;
    if (delivered > 0) return delivered;
  }
  throw new Error(`webhooks: no delivery to ${url} succeeded within 60 s`);
}

/**
 * Seeds the demo store `storeId` as its owner (`token`), delivering to `receiverUrl`; `log` prints one line.
 * Throws `<step>: <what failed>`; what was made before stays.
 */
export async function seedDemoStore({ base, token, storeId, receiverUrl, log }) {
  const call = client(base, token);
  const secret = `demo-${crypto.randomUUID()}`;
  await call("webhooks", "POST", `/stores/${storeId}/webhooks`, { url: receiverUrl, events: EVENTS, secret });
  const imported = await importCatalog(call, storeId, log);
  const { bySlug, bySku } = await catalogIds(call, storeId);
  const collections = await seedCollections(call, storeId, bySlug);
  const { customers, states } = await seedOrders(call, storeId, bySku);
  const delivered = await awaitDelivery(call, storeId, receiverUrl);
  return {
    products: bySlug.size,
    variants: bySku.size,
    import_warnings: imported.warnings.length,
    collections,
    customers,
    orders: states,
    webhook_url: receiverUrl,
    delivered_at_seed: delivered,
  };
}
