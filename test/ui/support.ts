// Helpers for the browser tests: accessibility scans (axe-core), a guard that no request leaves the origin,
// small real PNG images, and a webhook receiver on loopback that answers 500.
import { once } from "node:events";
import { createServer, type Server } from "node:http";
import { deflateSync } from "node:zlib";
import AxeBuilder from "@axe-core/playwright";
import { expect, type APIRequestContext, type Page } from "@playwright/test";

/** Fails on any serious or critical axe-core violation of the page as it is now. */
export async function expectAccessible(page: Page, screen: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const blocking = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect(blocking, `axe violations on ${screen}`).toEqual([]);
}

/** Records every request whose origin is not `origin`, and aborts it (the console must work offline). */
export async function recordForeignRequests(page: Page, origin: string): Promise<string[]> {
  const foreign: string[] = [];
  await page.context().route(
    (url) => url.origin !== origin && url.protocol !== "data:" && url.protocol !== "blob:",
    (route) => {
      foreign.push(route.request().url());
      return route.abort();
    },
  );
  return foreign;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer) {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "ascii");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A solid-colour RGB PNG of `size` x `size` pixels. */
export function png(size: number, [r, g, b]: [number, number, number]): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.alloc(1 + size * 3);
  for (let x = 0; x < size; x++) row.set([r, g, b], 1 + x * 3);
  const raw = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

export interface Receiver {
  url: string;
  requests: number;
  close(): Promise<void>;
}

/** A webhook endpoint that answers every delivery 500 with a recognisable body. */
export async function failingReceiver(port: number, body: string): Promise<Receiver> {
  const receiver = { requests: 0 } as Receiver;
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      receiver.requests++;
      res.writeHead(500, { "Content-Type": "text/plain" }).end(body);
    });
  });
  server.listen(port, "127.0.0.1");
  await once(server, "listening");
  receiver.url = `http://127.0.0.1:${port}/hooks`;
  receiver.close = () => new Promise((resolve) => server.close(() => resolve()));
  return receiver;
}

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A new user with a store, signed in through the console; returns what the API calls of a test need. */
export async function signedInAdmin(page: Page, request: APIRequestContext, storeName = "Day one shop") {
  const email = `day1-${unique()}@example.test`;
  const password = "a-long-password-9";
  expect((await request.post("/users", { data: { email, password, name: "Dee Admin" } })).status()).toBe(201);
  const jwt = (await (await request.post("/login", { data: { email, password } })).json()).token as string;
  const auth = { Authorization: `Bearer ${jwt}` };
  const store = await (await request.post("/stores", { headers: auth, data: { name: storeName } })).json();
  await page.goto("/admin/login");
  await page.getByRole("textbox", { name: "Email" }).fill(email);
  await page.getByRole("textbox", { name: "Password" }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Products" })).toBeVisible();
  return { email, storeId: store.id as string, auth };
}

/** A single product with SKU and stock at the default location; returns its id and its variant's. */
export async function stockedProduct(request: APIRequestContext, storeId: string, auth: Record<string, string>, title: string, sku: string, stock: number) {
  const created = await request.post(`/stores/${storeId}/products`, {
    headers: auth,
    data: { title, product_type: "single", default_price_cents: 4500, status: "live" },
  });
  expect(created.status()).toBe(201);
  const product = await created.json();
  const variantId = product.variants[0].id as string;
  const patched = await request.patch(`/stores/${storeId}/products/${product.id}/variants/${variantId}`, { headers: auth, data: { sku, stock } });
  expect(patched.status()).toBe(200);
  return { productId: product.id as string, variantId };
}
