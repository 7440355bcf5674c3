// An import acts only with what its starter holds at each slice (docs/sync.md "Who an import acts for"): a removed
// member, a revoked or expired PAT, a deleted integration end it `failed` with starter_lost_access; a lost bit fails
// the rows that need it, on their lines. The queue is driven here slice by slice: every message the import sends is
// caught and handed to the consumer by the test, so the starter's change lands between two slices.
import { afterEach, describe, expect, it, vi } from "vitest";
import { type TestUser, addMember, call, newToken } from "../helpers/api";
import { type CatalogStore, catalogStore, catalogStoreIds } from "../products/fixtures";
import { storeD1 } from "../helpers/databases";
import { itSpreadsStoresOverDatabases, storeAll, storeFirst } from "../products/store-databases";
import { HEADER, driveQueue, importCsv, importFilesLeft } from "./csv-helpers";
import { shopifyCsv } from "./shopify-helpers";

afterEach(() => vi.restoreAllMocks());

/** 250 new products, one row each: three slices of 100, 100 and 50 rows. */
const file = () => [HEADER, ...Array.from({ length: 250 }, (_, i) => `p-${i},P ${i},,,single,draft,,,S-${i},,,,,,,,1.00,1,,,,,`)].join("\n");

async function memberImport(store: CatalogStore, member: TestUser) {
  const queue = driveQueue();
  const started = await importCsv(store, file(), member.jwt);
  expect(started.status).toBe(202);
  await queue.step(); // split
  await queue.step(); // slice 0: rows 1-100
  const state = () => call("GET", `/stores/${store.id}/imports/${started.body.id}`, { token: store.token }).then((r) => r.body);
  expect(await state()).toMatchObject({ state: "running", rows_done: 100, products_created: 100 });
  return { queue, state };
}

const productCount = async (store: CatalogStore) =>
  (await storeFirst<{ n: number }>(store.id, "SELECT count(*) AS n FROM products WHERE store_id = ?", store.id))?.n;

const lostAccess = {
  line: 102,
  code: "starter_lost_access",
  message: expect.stringMatching(/^starter_lost_access: the member who started this import was removed; rows from line 102 on were not applied$/),
};

describe("an import started by a member stops when the member is removed (starter_lost_access)", () => {
  it("the next slice sees it: failed, the rows applied before stay and are reported, no more rows, the file deleted", async () => {
    const store = await catalogStore();
    const member = await addMember(store, ["products.read", "products.write", "products.edit"]);
    const { queue, state } = await memberImport(store, member);
    expect((await call("DELETE", `/stores/${store.id}/members/${member.id}`, { token: store.owner.jwt })).status).toBe(204);
    await queue.step(); // slice 1
    expect(await state()).toMatchObject({ state: "failed", rows_total: 250, rows_done: 100, products_created: 100, errors: [lostAccess] });
    expect(await productCount(store)).toBe(100);
    expect(queue.sent).toEqual([]); // no next slice
    expect(await importFilesLeft(store)).toEqual([]);
  });

  it("a removal between the slice's check and its batch applies nothing of that slice", async () => {
    const store = await catalogStore();
    const member = await addMember(store, ["products.read", "products.write", "products.edit"]);
    const { queue, state } = await memberImport(store, member);
    // The consumer writes through the binding itself (no session): the member goes just before the slice's batch.
    const binding = await storeD1(store.id);
    const batch = binding.batch.bind(binding);
    vi.spyOn(binding, "batch").mockImplementation(async (statements) => {
      await binding.prepare("DELETE FROM memberships WHERE store_id = ? AND user_id = ?").bind(store.id, member.id).run();
      return batch(statements);
    });
    await queue.step();
    vi.restoreAllMocks();
    expect(await state()).toMatchObject({ state: "failed", rows_done: 100, errors: [lostAccess] });
    expect(await productCount(store)).toBe(100);
  });
});

describe("a member who loses a bit between slices: the rows that need it fail on their line, the others are applied", () => {
  const rowError = (line: number, message: RegExp) => ({ line, message: expect.stringMatching(message) });

  it("products.write taken away: the rows that create products fail in words, the import ends done", async () => {
    const store = await catalogStore();
    const member = await addMember(store, ["products.read", "products.write", "products.edit"]);
    const { queue, state } = await memberImport(store, member);
    const patch = await call("PATCH", `/stores/${store.id}/members/${member.id}`, {
      token: store.owner.jwt,
      body: { permissions: ["products.read", "products.edit"] },
    });
    expect(patch.status).toBe(200);
    await queue.step();
    await queue.step();
    const done = await state();
    expect(done).toMatchObject({ state: "done", rows_done: 250, products_created: 100 });
    // 150 rows failed; the report keeps the first 100, each naming the bit on its own line.
    expect(done.errors).toHaveLength(100);
    expect(done.errors[0]).toEqual(rowError(102, /^creating a product needs the products\.write permission/));
    expect(done.errors[99]).toEqual(rowError(201, /products\.write/));
    expect(await productCount(store)).toBe(100);
  });

  it("products.edit taken away: rows that change existing products fail, rows that create products are applied", async () => {
    const store = await catalogStore();
    const member = await addMember(store, ["products.read", "products.write", "products.edit"]);
    // Slice 0 creates p-0..p-99; slice 1 changes p-0..p-99's price; slice 2 creates q-0..q-49.
    const rows = [
      ...Array.from({ length: 100 }, (_, i) => `p-${i},P ${i},,,single,draft,,,S-${i},,,,,,,,1.00,1,,,,,`),
      ...Array.from({ length: 100 }, (_, i) => `p-${i},,,,,,,,S-${i},,,,,,,,2.00,,,,,,`),
      ...Array.from({ length: 50 }, (_, i) => `q-${i},Q ${i},,,single,draft,,,Q-${i},,,,,,,,1.00,1,,,,,`),
    ];
    const queue = driveQueue();
    const started = await importCsv(store, [HEADER, ...rows].join("\n"), member.jwt);
    await queue.step();
    await queue.step();
    await call("PATCH", `/stores/${store.id}/members/${member.id}`, { token: store.owner.jwt, body: { permissions: ["products.read", "products.write"] } });
    await queue.step();
    await queue.step();
    const done = (await call("GET", `/stores/${store.id}/imports/${started.body.id}`, { token: store.token })).body;
    expect(done).toMatchObject({ state: "done", rows_done: 250, products_created: 150, products_updated: 0 });
    expect(done.errors).toHaveLength(100);
    expect(done.errors[0]).toEqual(rowError(102, /^changing a product needs the products\.edit permission/));
    const prices = await storeAll<{ price_cents: number }>(store.id, "SELECT DISTINCT price_cents FROM product_variants WHERE store_id = ?", store.id);
    expect(prices).toEqual([{ price_cents: 100 }]);
  });

  it("products.publish taken away: a Shopify import's active rows fail from the next slice on, as the member's own POST is 403", async () => {
    const store = await catalogStore();
    const member = await addMember(store, ["products.read", "products.write", "products.edit", "products.publish"]);
    const rows = Array.from({ length: 200 }, (_, i) => ({
      Handle: `a-${i}`,
      Title: `A ${i}`,
      "Option1 Name": "Title",
      "Option1 Value": "Default Title",
      "Variant Price": "1.00",
      Status: "active",
    }));
    const queue = driveQueue();
    const started = await importCsv(store, shopifyCsv(rows), member.jwt);
    await queue.step(); // split
    await queue.step(); // slice 0: 100 live products (no images, so no image step)
    await call("PATCH", `/stores/${store.id}/members/${member.id}`, {
      token: store.owner.jwt,
      body: { permissions: ["products.read", "products.write", "products.edit"] },
    });
    const own = await call("POST", store.path(""), {
      token: member.jwt,
      body: { title: "Mine", product_type: "single", status: "live", default_price_cents: 100 },
    });
    expect(own.status).toBe(403);
    await queue.step(); // slice 1
    const done = (await call("GET", `/stores/${store.id}/imports/${started.body.id}`, { token: store.token })).body;
    expect(done).toMatchObject({ state: "done", rows_done: 200, products_created: 100 });
    expect(done.errors).toHaveLength(100);
    expect(done.errors[0]).toEqual(rowError(102, /^status: live needs the products\.publish permission/));
    const live = await storeAll<{ n: number }>(store.id, "SELECT count(*) AS n FROM products WHERE store_id = ? AND status = 'live'", store.id);
    expect(live[0].n).toBe(100);
  });

  it("a member who keeps every bit the rows need (another bit taken away) runs the import to the end", async () => {
    const store = await catalogStore();
    const member = await addMember(store, ["products.read", "products.write", "products.edit", "orders.read"]);
    const { queue, state } = await memberImport(store, member);
    await call("PATCH", `/stores/${store.id}/members/${member.id}`, {
      token: store.owner.jwt,
      body: { permissions: ["products.read", "products.write", "products.edit"] },
    });
    await queue.step();
    await queue.step();
    expect(await state()).toMatchObject({ state: "done", rows_done: 250, products_created: 250, errors: [] });
  });

  it("a demotion between the slice's check and its batch applies nothing of that slice; the slice runs again with what is left", async () => {
    const store = await catalogStore();
    const member = await addMember(store, ["products.read", "products.write", "products.edit"]);
    const { queue, state } = await memberImport(store, member);
    const binding = await storeD1(store.id);
    const batch = binding.batch.bind(binding);
    let demoted = false;
    vi.spyOn(binding, "batch").mockImplementation(async (statements) => {
      if (!demoted) {
        demoted = true;
        // products.read (1) | products.edit (4): products.write is gone just before the slice's batch.
        await binding.prepare("UPDATE memberships SET permissions = '5' WHERE store_id = ? AND user_id = ?").bind(store.id, member.id).run();
      }
      return batch(statements);
    });
    await expect(queue.step()).resolves.toBeUndefined(); // the message is retried, not acked
    vi.restoreAllMocks();
    expect(await productCount(store)).toBe(100);
    expect(await state()).toMatchObject({ state: "running", rows_done: 100 });
  });
});

describe("an import started with a PAT stops when the PAT is revoked or expires", () => {
  async function patImport(store: CatalogStore) {
    const member = await addMember(store, ["products.read", "products.write", "products.edit"]);
    const pat = await newToken(store.id, member.jwt, ["products.read", "products.write", "products.edit"]);
    const queue = driveQueue();
    const started = await importCsv(store, file(), pat.token);
    expect(started.status).toBe(202);
    await queue.step();
    await queue.step();
    const state = () => call("GET", `/stores/${store.id}/imports/${started.body.id}`, { token: store.token }).then((r) => r.body);
    return { member, pat, queue, state };
  }
  const tokenLost = {
    line: 102,
    code: "starter_lost_access",
    message: expect.stringMatching(/^starter_lost_access: the personal access token .* revoked or expired; rows from line 102/),
  };

  it("revoked between slices: the next slice ends it failed, nothing more applied", async () => {
    const store = await catalogStore();
    const { member, pat, queue, state } = await patImport(store);
    expect((await call("DELETE", `/stores/${store.id}/api-tokens/${pat.id}`, { token: member.jwt })).status).toBe(204);
    await queue.step();
    expect(await state()).toMatchObject({ state: "failed", rows_done: 100, errors: [tokenLost] });
    expect(await productCount(store)).toBe(100);
    expect(queue.sent).toEqual([]);
  });

  it("expired between slices: the same", async () => {
    const store = await catalogStore();
    const { pat, queue, state } = await patImport(store);
    await (await storeD1(store.id))
      .prepare("UPDATE api_tokens SET expires_at = ? WHERE id = ?")
      .bind(new Date(Date.now() - 1000).toISOString(), pat.id)
      .run();
    await queue.step();
    expect(await state()).toMatchObject({ state: "failed", rows_done: 100, errors: [tokenLost] });
  });

  it("its scope is ANDed with the member's permission at every slice: the member losing products.write fails the creating rows", async () => {
    const store = await catalogStore();
    const { member, queue, state } = await patImport(store);
    await call("PATCH", `/stores/${store.id}/members/${member.id}`, { token: store.owner.jwt, body: { permissions: ["products.read", "products.edit"] } });
    await queue.step();
    await queue.step();
    expect(await state()).toMatchObject({ state: "done", rows_done: 250, products_created: 100 });
  });
});

describe("an import started by an integration runs while the integration exists, whoever leaves, and stops when it is revoked", () => {
  async function integrationImport(store: CatalogStore, creator: TestUser) {
    const created = await call("POST", `/stores/${store.id}/integrations`, {
      token: creator.jwt,
      body: { name: "ERP", scopes: ["products.read", "products.write", "products.edit"] },
    });
    expect(created.status).toBe(201);
    const queue = driveQueue();
    const started = await importCsv(store, file(), created.body.token);
    expect(started.status).toBe(202);
    await queue.step(); // split
    await queue.step(); // slice 0
    const state = () => call("GET", `/stores/${store.id}/imports/${started.body.id}`, { token: store.token }).then((r) => r.body);
    return { queue, state, integrationId: created.body.id as string };
  }

  it("its creator removed: the import still ends done", async () => {
    const store = await catalogStore();
    const creator = await addMember(store, ["integrations.manage", "products.read", "products.write", "products.edit"]);
    const { queue, state } = await integrationImport(store, creator);
    expect((await call("DELETE", `/stores/${store.id}/members/${creator.id}`, { token: store.owner.jwt })).status).toBe(204);
    await queue.step();
    await queue.step();
    expect(await state()).toMatchObject({ state: "done", rows_done: 250, products_created: 250, errors: [] });
  });

  it("the integration revoked: the next slice ends it failed with starter_lost_access", async () => {
    const store = await catalogStore();
    const { queue, state, integrationId } = await integrationImport(store, store.owner);
    expect((await call("DELETE", `/stores/${store.id}/integrations/${integrationId}`, { token: store.owner.jwt })).status).toBe(204);
    await queue.step();
    expect(await state()).toMatchObject({
      state: "failed",
      rows_done: 100,
      errors: [{ line: 102, code: "starter_lost_access", message: expect.stringMatching(/integration .* revoked/) }],
    });
    expect(await productCount(store)).toBe(100);
  });
});

itSpreadsStoresOverDatabases(() => catalogStoreIds);
