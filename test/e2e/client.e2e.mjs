// The client package end to end (issue 28): client/ packed with `npm pack` and installed into a temporary folder,
// as an integration would install it, driving `npm run dev` with the production per-credential budget (100 per
// 10 s): a cursor walk over 250 products, a bulk update whose response is lost and retried with the same
// Idempotency-Key (applied once), a 429 waited out, and a webhook delivery verified with the Standard Webhooks headers.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { account, startDev, startReceiver, until } from "./harness.mjs";

// Ports: E2E_CLIENT_PORT (dev server, default 8799) and E2E_CLIENT_RECEIVER_PORT (receiver, default 9151).
const PORT = Number(process.env.E2E_CLIENT_PORT ?? 8799);
const RECEIVER_PORT = Number(process.env.E2E_CLIENT_RECEIVER_PORT ?? 9151);
const root = path.resolve(import.meta.dirname, "../..");
const work = mkdtempSync(path.join(tmpdir(), "e2e-client-"));
const PLAIN_SECRET = "client-e2e-secret-0123456789";
const WHSEC_SECRET = `whsec_${Buffer.from("client-e2e-key-0123456789abcdef!").toString("base64")}`;

let sdk;
let server;
let receiver;
let owner;

/** Packs client/ (its prepack builds dist/) and installs the tarball into a fresh folder, offline. */
function installPackedClient() {
  const packs = path.join(work, "packs");
  mkdirSync(packs);
  const pack = spawnSync("npm", ["pack", "--json", "--pack-destination", packs], { cwd: path.join(root, "client"), encoding: "utf8" });
  if (pack.status !== 0) throw new Error(`npm pack failed: ${pack.stderr}`);
  const tarball = path.join(packs, JSON.parse(pack.stdout)[0].filename);
  const app = path.join(work, "app");
  mkdirSync(app);
  writeFileSync(path.join(app, "package.json"), JSON.stringify({ name: "integration", private: true, type: "module" }));
  const install = spawnSync("npm", ["install", "--no-audit", "--no-fund", "--offline", tarball], { cwd: app, encoding: "utf8" });
  if (install.status !== 0) throw new Error(`npm install of the tarball failed: ${install.stderr}`);
  // Resolved through the installed package's own `exports`, as the integration's code would import it.
  writeFileSync(path.join(app, "entry.mjs"), 'export * from "@bod/commerce-client";\n');
  return import(pathToFileURL(path.join(app, "entry.mjs")).href);
}

beforeAll(async () => {
  sdk = await installPackedClient();
  receiver = await startReceiver({ port: RECEIVER_PORT, secret: PLAIN_SECRET, script: () => [200] });
  // .dev.vars raises the per-credential budget far above local loads; here it is the production 100 per 10 s.
  server = await startDev({ port: PORT, persistDir: path.join(work, "state"), args: ["--var", "RATE_LIMIT_PER_CREDENTIAL:100"] });
  owner = await account(server.base);
});

afterAll(async () => {
  await server?.stop();
  await receiver?.close();
  rmSync(work, { recursive: true, force: true });
});

/** A client with a token of its own (its own per-credential budget), and every status it was answered. */
async function clientWithOwnToken(name, fetchWrapper = (f) => f) {
  const session = sdk.createClient({ baseUrl: server.base, token: owner.token });
  const { token } = await session.createApiToken({
    path: { store_id: owner.storeId },
    body: { name, scopes: ["products.read", "products.write", "products.edit", "webhooks.read", "webhooks.write"] },
  });
  const statuses = [];
  const recording = async (input, init) => {
    const response = await fetchWrapper(globalThis.fetch)(input, init);
    statuses.push(response.status);
    return response;
  };
  return { client: sdk.createClient({ baseUrl: server.base, token, fetch: recording }), statuses };
}

describe("a cursor walk over 250 products", () => {
  it("paginate() yields each of 250 products exactly once, 100 per page", async () => {
    // Three writers, each under its own budget, so that making the catalog is not the thing being waited on.
    const writers = await Promise.all([1, 2, 3].map((n) => clientWithOwnToken(`writer-${n}`)));
    const created = [];
    await Promise.all(
      writers.map(async ({ client }, w) => {
        for (let i = w; i < 250; i += 3) {
          const product = await client.createProduct({
            path: { store_id: owner.storeId },
            body: { title: `Walk ${i}`, product_type: "single", default_price_cents: 100 + i },
          });
          created.push(product.id);
        }
      }),
    );
    expect(created).toHaveLength(250);
    const { client, statuses } = await clientWithOwnToken("walker");
    const seen = [];
    for await (const product of client.paginate("listProducts", { path: { store_id: owner.storeId }, query: { limit: 100, include_drafts: true } })) {
      seen.push(product.id);
    }
    expect(statuses).toEqual([200, 200, 200]);
    expect(new Set(seen).size).toBe(250);
    expect([...seen].sort()).toEqual([...created].sort());
  });
});

describe("a bulk update retried with the same Idempotency-Key is applied once", () => {
  it("the first response is lost after the API applied it; the retry gets the kept response and stock moves once", async () => {
    const sent = [];
    let dropped = false;
    // The API answers, but the answer never reaches the caller: as a connection cut after the server committed.
    const losesFirstBulkAnswer = (realFetch) => async (input, init) => {
      const response = await realFetch(input, init);
      if (String(input).endsWith("/variants/bulk")) {
        sent.push({ key: new Headers(init.headers).get("Idempotency-Key"), replayed: response.headers.get("Idempotent-Replayed") });
        if (!dropped) {
          dropped = true;
          await response.body?.cancel();
          throw new TypeError("fetch failed: connection reset");
        }
      }
      return response;
    };
    const { client } = await clientWithOwnToken("bulk", losesFirstBulkAnswer);
    const store_id = owner.storeId;
    const product = await client.createProduct({ path: { store_id }, body: { title: "Bulk hat", product_type: "variable" } });
    const variant = await client.createVariant({ path: { store_id, id: product.id }, body: { sku: "BULK-HAT-1", price_cents: 1500, stock: 10 } });

    const result = await client.bulkUpdateVariants({ path: { store_id }, body: { updates: [{ sku: "BULK-HAT-1", stock_delta: 5 }] } });
    expect(result.data[0]).toMatchObject({ id: variant.id, stock: 15 });
    expect(sent).toHaveLength(2);
    expect(sent[0].key).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[1]).toEqual({ key: sent[0].key, replayed: "true" });
    expect(await client.getVariant({ path: { store_id, id: product.id, variant_id: variant.id } })).toMatchObject({ stock: 15 });
  });
});

describe("a 429 is waited out", () => {
  it("120 reads on one credential (100 per 10 s) all succeed: the refused ones wait Retry-After and are sent again", async () => {
    const { client, statuses } = await clientWithOwnToken("burst");
    const started = Date.now();
    const reads = [];
    for (let i = 0; i < 120; i++) reads.push(client.listProducts({ path: { store_id: owner.storeId }, query: { limit: 1 } }));
    const pages = await Promise.all(reads);
    expect(pages).toHaveLength(120);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    expect(statuses.filter((s) => s === 200)).toHaveLength(120);
    // A retried request waited for the budget's window to pass (Retry-After is whole seconds).
    expect(Date.now() - started).toBeGreaterThan(900);
  });
});

describe("a webhook delivery verifies with the Standard Webhooks headers", () => {
  it("a products.created delivery verifies with verifyWebhook, with a plain and a whsec_ secret", async () => {
    const { client } = await clientWithOwnToken("hooks");
    const store_id = owner.storeId;
    await client.createWebhook({ path: { store_id }, body: { url: receiver.url("/plain"), events: ["products.created"], secret: PLAIN_SECRET } });
    await client.createWebhook({ path: { store_id }, body: { url: receiver.url("/whsec"), events: ["products.created"], secret: WHSEC_SECRET } });
    const product = await client.createProduct({ path: { store_id }, body: { title: "Signed hat", product_type: "single", default_price_cents: 900 } });
    const delivery = (p) => until(() => receiver.on(p).find((r) => JSON.parse(r.body.toString()).data.id === product.id), 30_000, `the delivery to ${p}`);
    const [plain, whsec] = [await delivery("/plain"), await delivery("/whsec")];
    // Every delivery carries the Standard Webhooks headers (docs/api/17-webhook-operations.md): a missing one fails here.
    for (const received of [plain, whsec]) expect(received.headers["webhook-signature"]).toMatch(/^v1,/);
    for (const [received, secret] of [
      [plain, PLAIN_SECRET],
      [whsec, WHSEC_SECRET],
    ]) {
      const event = await sdk.verifyWebhook(received.body, received.headers, { secret });
      expect(event).toMatchObject({ event: "products.created", store_id, data: { id: product.id, title: "Signed hat" } });
      expect(event.id).toBe(received.headers["webhook-id"]);
      await expect(sdk.verifyWebhook(received.body, received.headers, { secret: "another-secret-0123456789" })).rejects.toThrow(sdk.WebhookVerificationError);
    }
  });
});
