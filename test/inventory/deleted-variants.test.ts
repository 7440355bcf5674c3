// Deleting a whole product whose variants hold stock (docs/inventory.md "Deleting a variant"; docs/decisions.md
// "Deleting what holds stock"): as for each of its variants, units committed to open orders refuse it (409 naming
// them), and on_hand is emptied with `variant_deleted` entries in the delete's batch, so the ledger still sums to
// every level. The variant DELETE and the PUT by external id are tested beside their routes
// (test/products/variants.test.ts, test/sync/put-by-external-id.test.ts).
import { afterEach, describe, expect, it, vi } from "vitest";
import { call } from "../helpers/api";
import { storeAll } from "../products/store-databases";
import {
  adjusted,
  commitUnitsBeforeTheChange,
  createLocation,
  deletionEntries,
  eventsNamed,
  expectLedgerSumsToLevels,
  inventoryStore,
  levelOf,
  moveOrder,
  placeOrder,
  productWithVariants,
} from "./support";

afterEach(() => vi.restoreAllMocks());

describe("DELETE product: its variants' levels are emptied with ledger entries", () => {
  it("on_hand on two variants at two locations: 204, every level gone, each one's entries sum to 0", async () => {
    const store = await inventoryStore();
    const {
      product,
      variants: [a, b],
    } = await productWithVariants(store, [5, 0]);
    const wh = await createLocation(store, { code: "wh" });
    await adjusted(store, {
      reason: "received",
      changes: [
        { variant_id: a.id, location_id: wh.id, delta: 2 },
        { variant_id: b.id, location_id: wh.id, delta: 7 },
      ],
    });
    const res = await call("DELETE", store.path(`/${product.id}`), { token: store.token });
    expect(res.status, res.text).toBe(204);
    expect(await storeAll(store.id, "SELECT variant_id FROM inventory_levels WHERE product_id = ?", product.id)).toEqual([]);
    expect(await deletionEntries(store.id, a.id)).toEqual([
      ["default", -5, 0, 0, "product.delete"],
      ["wh", -2, 0, 0, "product.delete"],
    ]);
    expect(await deletionEntries(store.id, b.id)).toEqual([["wh", -7, 0, 0, "product.delete"]]);
    const sums = (await expectLedgerSumsToLevels(store.id)).filter((r) => r.variant_id === a.id || r.variant_id === b.id);
    expect(sums).toHaveLength(3);
    for (const r of sums) expect([r.on_hand_sum, r.committed_sum, r.level_exists, r.variant_exists]).toEqual([0, 0, 0, 0]);
    const events = (await eventsNamed(store.id, "inventory.updated")).filter((e) => e.reason === "variant_deleted");
    expect(events.map((e) => [e.sku, e.location_code, e.on_hand, e.delta]).sort()).toEqual(
      [
        [a.sku, "default", 0, -5],
        [a.sku, "wh", 0, -2],
        [b.sku, "wh", 0, -7],
      ].sort(),
    );
    expect((await eventsNamed(store.id, "products.deleted")).map((e) => e.id)).toEqual([product.id]);
  });

  it("a product without stock is deleted as before: no ledger entry", async () => {
    const store = await inventoryStore();
    const {
      product,
      variants: [v],
    } = await productWithVariants(store, [0]);
    expect((await call("DELETE", store.path(`/${product.id}`), { token: store.token })).status).toBe(204);
    expect(await deletionEntries(store.id, v.id)).toEqual([]);
    expect(await storeAll(store.id, "SELECT id FROM inventory_ledger WHERE store_id = ?", store.id)).toEqual([]);
  });

  it("committed units: 409 naming them, nothing deleted; once the order is canceled the product goes", async () => {
    const store = await inventoryStore();
    const {
      product,
      variants: [a, b],
    } = await productWithVariants(store, [4, 3]);
    expect((await call("POST", store.path(`/${product.id}/publish`), { token: store.token })).status).toBe(200);
    const order = await placeOrder(store, [
      { variant_id: a.id, quantity: 1 },
      { variant_id: b.id, quantity: 3 },
    ]);
    const res = await call("DELETE", store.path(`/${product.id}`), { token: store.token });
    expect(res.status, res.text).toBe(409);
    expect(res.body.code).toBe("conflict");
    expect(res.body.detail).toMatch(/open order/);
    expect(res.body.detail).toContain(`${a.sku}: 1 committed at default`);
    expect(res.body.detail).toContain(`${b.sku}: 3 committed at default`);
    expect((await call("GET", store.path(`/${product.id}`), { token: store.token })).status).toBe(200);
    expect(await levelOf(store, b.id, store.defaultLocation.id)).toMatchObject({ on_hand: 3, committed: 3 });
    expect(await eventsNamed(store.id, "products.deleted")).toEqual([]);
    await moveOrder(store, order, "canceled");
    expect((await call("DELETE", store.path(`/${product.id}`), { token: store.token })).status).toBe(204);
    expect(await deletionEntries(store.id, b.id)).toEqual([["default", -3, 0, 0, "product.delete"]]);
    await expectLedgerSumsToLevels(store.id);
  });

  it("an order that commits units between the read and the delete's batch: 409 naming them (checked in the batch)", async () => {
    const store = await inventoryStore();
    const {
      product,
      variants: [v],
    } = await productWithVariants(store, [2]);
    await commitUnitsBeforeTheChange(store.id, v.id, store.defaultLocation.id, 2);
    const res = await call("DELETE", store.path(`/${product.id}`), { token: store.token });
    expect(res.status, res.text).toBe(409);
    expect(res.body.detail).toContain("2 committed at default");
    vi.restoreAllMocks();
    expect((await call("GET", store.path(`/${product.id}`), { token: store.token })).status).toBe(200);
    await expectLedgerSumsToLevels(store.id);
  });
});
