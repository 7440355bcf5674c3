// A Shopify import's image step acts only with what its starter holds (docs/sync.md "Who an import acts for"): the
// starter's access is checked before each image fetch and before each write, so a member removed (or a PAT revoked)
// while the images of a slice are being fetched starts no further fetch and leaves no library file, gallery image
// or audit row credited to them. The image server holds every request of a test until the test opens its gate, so
// the change lands while fetches are in flight.
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { addMember, call, newToken } from "../helpers/api";
import { type CatalogStore, catalogStore } from "../products/fixtures";
import { storeAll } from "../products/store-databases";
import { driveQueue, importCsv } from "./csv-helpers";
import { imageServer, shopifyCsv, tagOf } from "./shopify-helpers";
import { IMAGE_CONCURRENCY } from "../../src/sync/shopify/library-files";

afterEach(() => vi.restoreAllMocks());

const PRODUCTS = 40;
const gated = (tag: string, i: number) => `${imageServer()}/gate/${tag}/w${10 + i}.png`;
const arrived = async (tag: string) => (await (await fetch(`${imageServer()}/__arrived?tag=${tag}`)).json()) as number;
const open = (tag: string) => fetch(`${imageServer()}/__open?tag=${tag}`);

async function untilArrived(tag: string, n: number) {
  for (let i = 0; i < 200; i++) {
    if ((await arrived(tag)) >= n) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`fewer than ${n} image requests arrived`);
}

/** What the import left in the store: library files, gallery images, their audit rows, original objects in R2. */
async function imageTraces(store: CatalogStore) {
  const count = async (sql: string) => (await storeAll<{ n: number }>(store.id, sql, store.id))[0].n;
  return {
    files: await count("SELECT count(*) AS n FROM media_files WHERE store_id = ?"),
    gallery: await count("SELECT count(*) AS n FROM product_images WHERE store_id = ?"),
    audited: await count("SELECT count(*) AS n FROM audit_log WHERE store_id = ? AND action = 'media_file.create'"),
    objects: (await env.MEDIA.list({ prefix: `${store.id}/` })).objects.length,
  };
}

/** A member's Shopify import of PRODUCTS products with one gated image each, run up to its image step. */
async function importWithGatedImages(store: CatalogStore, token: string) {
  const tag = tagOf();
  const rows = Array.from({ length: PRODUCTS }, (_, i) => ({
    Handle: `g-${i}`,
    Title: `G ${i}`,
    "Option1 Name": "Title",
    "Option1 Value": "Default Title",
    "Variant Price": "1.00",
    "Image Src": gated(tag, i),
  }));
  const queue = driveQueue();
  const started = await importCsv(store, shopifyCsv(rows), token);
  expect(started.status).toBe(202);
  await queue.step(); // split
  await queue.step(); // the rows: PRODUCTS products
  expect(queue.sent).toEqual([expect.objectContaining({ step: "images", index: 0 })]);
  const state = () => call("GET", `/stores/${store.id}/imports/${started.body.id}`, { token: store.token }).then((r) => r.body);
  return { tag, queue, state };
}

/** Runs the image step; once its first fetches are held at the server, `change` runs, then the gate opens. */
async function imageStepWith(tag: string, queue: ReturnType<typeof driveQueue>, change: () => Promise<void>) {
  const step = queue.step();
  await untilArrived(tag, IMAGE_CONCURRENCY);
  await change();
  const atChange = await arrived(tag);
  await open(tag);
  await step;
  return { atChange, after: (await arrived(tag)) - atChange };
}

describe("the starter loses access while a slice's images are being fetched", () => {
  it("a removed member: no fetch starts after the removal, nothing is written or credited, the import fails", async () => {
    const store = await catalogStore();
    const before = await imageTraces(store);
    const member = await addMember(store, ["products.read", "products.write", "products.edit"]);
    const { tag, queue, state } = await importWithGatedImages(store, member.jwt);
    const { atChange, after } = await imageStepWith(tag, queue, async () => {
      expect((await call("DELETE", `/stores/${store.id}/members/${member.id}`, { token: store.owner.jwt })).status).toBe(204);
    });
    expect(atChange).toBe(IMAGE_CONCURRENCY); // the fetches in flight when the member was removed
    expect(after).toBe(0);
    expect(await imageTraces(store)).toEqual(before);
    expect(await state()).toMatchObject({
      state: "failed",
      rows_done: PRODUCTS,
      products_created: PRODUCTS,
      errors: [
        {
          line: 2,
          code: "starter_lost_access",
          message: expect.stringMatching(
            /^starter_lost_access: the member who started this import was removed; the images of the rows from line 2 on were not fetched/,
          ),
        },
      ],
    });
    expect(queue.sent).toEqual([]);
  });

  it("a revoked PAT: the same", async () => {
    const store = await catalogStore();
    const before = await imageTraces(store);
    const member = await addMember(store, ["products.read", "products.write", "products.edit"]);
    const pat = await newToken(store.id, member.jwt, ["products.read", "products.write", "products.edit"]);
    const { tag, queue, state } = await importWithGatedImages(store, pat.token);
    const { after } = await imageStepWith(tag, queue, async () => {
      expect((await call("DELETE", `/stores/${store.id}/api-tokens/${pat.id}`, { token: member.jwt })).status).toBe(204);
    });
    expect(after).toBe(0);
    expect(await imageTraces(store)).toEqual(before);
    expect(await state()).toMatchObject({
      state: "failed",
      errors: [{ line: 2, code: "starter_lost_access", message: expect.stringMatching(/personal access token/) }],
    });
  });

  it("products.edit taken away: no further fetch, each image fails on its line, the import ends done with its products", async () => {
    const store = await catalogStore();
    const before = await imageTraces(store);
    const member = await addMember(store, ["products.read", "products.write", "products.edit"]);
    const { tag, queue, state } = await importWithGatedImages(store, member.jwt);
    const { after } = await imageStepWith(tag, queue, async () => {
      const patch = await call("PATCH", `/stores/${store.id}/members/${member.id}`, {
        token: store.owner.jwt,
        body: { permissions: ["products.read", "products.write"] },
      });
      expect(patch.status).toBe(200);
    });
    expect(after).toBe(0);
    expect(await imageTraces(store)).toEqual(before);
    const done = await state();
    expect(done).toMatchObject({ state: "done", rows_done: PRODUCTS, products_created: PRODUCTS });
    expect(done.errors).toHaveLength(PRODUCTS);
    expect(done.errors[0]).toEqual({ line: 2, message: expect.stringMatching(/^Image Src: not fetched: placing images needs the products\.edit permission/) });
  });

  it("a member who keeps products.edit: every image is fetched and placed (the gate alone changes nothing)", async () => {
    const store = await catalogStore();
    const member = await addMember(store, ["products.read", "products.write", "products.edit"]);
    const { tag, queue, state } = await importWithGatedImages(store, member.jwt);
    const { after } = await imageStepWith(tag, queue, async () => {});
    expect(after).toBe(PRODUCTS - IMAGE_CONCURRENCY);
    expect(await state()).toMatchObject({ state: "done", errors: [], warnings: [] });
    expect((await imageTraces(store)).gallery).toBe(PRODUCTS);
  });
});
