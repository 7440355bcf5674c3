// An import outlives nobody's access (API.md section 16): one started by a member stops when the member is removed
// or loses products.write or products.edit. The queue is driven here slice by slice: every message the import
// sends is caught and handed to the consumer by the test, so the member's change lands between two slices.
import { afterEach, describe, expect, it, vi } from "vitest";
import { type TestUser, addMember, call } from "../helpers/api";
import { type CatalogStore, catalogStore, catalogStoreIds } from "../products/fixtures";
import { storeD1 } from "../helpers/databases";
import { itSpreadsStoresOverDatabases, storeFirst } from "../products/store-databases";
import { HEADER, driveQueue, importCsv, importFilesLeft } from "./csv-helpers";

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

const productCount = async (store: CatalogStore) => (await storeFirst<{ n: number }>(store.id, "SELECT count(*) AS n FROM products WHERE store_id = ?", store.id))?.n;

const lostAccess = { line: 102, code: "starter_lost_access", message: expect.stringMatching(/^starter_lost_access: .*line 102/) };

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

describe("an import started by a member stops when the member loses products.write or products.edit", () => {
  for (const kept of [["products.read", "products.edit"], ["products.read", "products.write"]]) {
    it(`keeping only ${kept.join(" and ")}`, async () => {
      const store = await catalogStore();
      const member = await addMember(store, ["products.read", "products.write", "products.edit"]);
      const { queue, state } = await memberImport(store, member);
      const patch = await call("PATCH", `/stores/${store.id}/members/${member.id}`, { token: store.owner.jwt, body: { permissions: kept } });
      expect(patch.status).toBe(200);
      await queue.step();
      expect(await state()).toMatchObject({ state: "failed", rows_done: 100, errors: [lostAccess] });
      expect(await productCount(store)).toBe(100);
    });
  }

  it("a member who keeps both bits (another bit taken away) runs the import to the end", async () => {
    const store = await catalogStore();
    const member = await addMember(store, ["products.read", "products.write", "products.edit", "orders.read"]);
    const { queue, state } = await memberImport(store, member);
    await call("PATCH", `/stores/${store.id}/members/${member.id}`, { token: store.owner.jwt, body: { permissions: ["products.read", "products.write", "products.edit"] } });
    await queue.step();
    await queue.step();
    expect(await state()).toMatchObject({ state: "done", rows_done: 250, products_created: 250, errors: [] });
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
