// Variants (docs/api/06-products.md): availability, SKU and option uniqueness, default-variant rules, validation.
import { afterEach, describe, expect, it, vi } from "vitest";
import { call } from "../helpers/api";
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
} from "../inventory/support";
import { catalogStore, catalogStoreIds, getProduct, liveVariable, makeProduct, makeVariant } from "./fixtures";
import { itSpreadsStoresOverDatabases, onSameDatabase, storeAll } from "./store-databases";

afterEach(() => vi.restoreAllMocks());

const variable = (store: Awaited<ReturnType<typeof catalogStore>>) =>
  makeProduct(store, { title: "Tee", product_type: "variable", default_price_cents: undefined });

describe("availability follows the fulfillment mode and the stock", () => {
  const table: Array<[string | undefined, number, string, boolean]> = [
    [undefined, 0, "out_of_stock", false],
    ["stocked", 0, "out_of_stock", false],
    ["stocked", 3, "in_stock", true],
    ["on_demand", 0, "on_demand", true],
    ["on_demand", 5, "on_demand", true],
    ["stocked_or_on_demand", 2, "in_stock", true],
    ["stocked_or_on_demand", 0, "on_demand", true],
  ];
  it.each(table)("%s with stock %i → %s (available: %s)", async (mode, stock, availability, available) => {
    const store = await catalogStore();
    const p = await variable(store);
    const v = await makeVariant(store, p.id, { stock, ...(mode ? { fulfillment_mode: mode } : {}) });
    expect(v).toMatchObject({ fulfillment_mode: mode ?? "stocked", stock, availability, available });
    expect((await getProduct(store, p.id)).body.variants[0]).toMatchObject({ availability, available });
  });

  it("changes when the stock changes", async () => {
    const store = await catalogStore();
    const p = await variable(store);
    const v = await makeVariant(store, p.id, { stock: 1 });
    const res = await call("PATCH", store.path(`/${p.id}/variants/${v.id}`), { token: store.token, body: { stock: 0 } });
    expect(res.body).toMatchObject({ availability: "out_of_stock", available: false });
  });
});

describe("variant create: defaults and the documented shape", () => {
  it("defaults stock 0, stocked, [] options, title from option values, position last", async () => {
    const store = await catalogStore();
    const p = await variable(store);
    const a = await makeVariant(store, p.id, {
      sku: "TEE-RED-M",
      option_values: [
        { name: "Colour", value: "Red" },
        { name: "Size", value: "M" },
      ],
      shipping_box: { length_mm: 300, width_mm: 200, height_mm: 50, weight_g: 250 },
    });
    expect(a).toMatchObject({
      product_id: p.id,
      title: "Red / M",
      is_default: false,
      sku: "TEE-RED-M",
      price_cents: 1000,
      stock: 0,
      fulfillment_mode: "stocked",
      position: 0,
      option_values: [
        { name: "Colour", value: "Red" },
        { name: "Size", value: "M" },
      ],
      shipping_box: { length_mm: 300, width_mm: 200, height_mm: 50, weight_g: 250 },
    });
    const b = await makeVariant(store, p.id, { title: "Blue", option_values: [{ name: "Colour", value: "Blue" }] });
    expect(b).toMatchObject({ title: "Blue", position: 1, shipping_box: null, sku: null });
    const list = await call("GET", store.path(`/${p.id}/variants`), { token: store.token });
    expect(list.body.data.map((v: { id: string }) => v.id)).toEqual([a.id, b.id]);
    expect(list.body.pagination.total).toBe(2);
    expect((await call("GET", store.path(`/${p.id}/variants/${a.id}`), { token: store.token })).body).toEqual(a);
  });
});

describe("SKU is unique per store", () => {
  it("409 for a duplicate SKU (case-insensitive) in the store; another store may reuse it", async () => {
    const store = await catalogStore();
    const p = await variable(store);
    const q = await variable(store);
    await makeVariant(store, p.id, { sku: "ABC-1" });
    const dup = await call("POST", store.path(`/${q.id}/variants`), { token: store.token, body: { price_cents: 1, sku: "abc-1" } });
    expect(dup.status).toBe(409);
    expect(dup.body.code).toBe("conflict");
    const single = await makeProduct(store);
    const onDefault = await call("PATCH", store.path(`/${single.id}/variants/${single.variants[0].id}`), { token: store.token, body: { sku: "ABC-1" } });
    expect(onDefault.status).toBe(409);
    const other = await onSameDatabase(store.id, catalogStore);
    const r = await variable(other);
    expect((await makeVariant(other, r.id, { sku: "ABC-1" })).sku).toBe("ABC-1");
  });
});

describe("an option-value combination is unique per product", () => {
  it("409 for the same values in another order or case; other products are independent", async () => {
    const store = await catalogStore();
    const p = await variable(store);
    await makeVariant(store, p.id, {
      option_values: [
        { name: "Size", value: "M" },
        { name: "Colour", value: "Red" },
      ],
    });
    const dup = await call("POST", store.path(`/${p.id}/variants`), {
      token: store.token,
      body: {
        price_cents: 1,
        option_values: [
          { name: "colour", value: "red" },
          { name: "size", value: "m" },
        ],
      },
    });
    expect(dup.status).toBe(409);
    const q = await variable(store);
    await makeVariant(store, q.id, {
      option_values: [
        { name: "Size", value: "M" },
        { name: "Colour", value: "Red" },
      ],
    });
    const dupOptionName = await call("POST", store.path(`/${p.id}/variants`), {
      token: store.token,
      body: {
        price_cents: 1,
        option_values: [
          { name: "Size", value: "M" },
          { name: "size", value: "L" },
        ],
      },
    });
    expect(dupOptionName.status).toBe(422);
  });
});

describe("default-variant rules", () => {
  it("a single product never gets a second variant (409); its default variant cannot be deleted (409) but can be edited", async () => {
    const store = await catalogStore();
    const p = await makeProduct(store);
    expect((await call("POST", store.path(`/${p.id}/variants`), { token: store.token, body: { price_cents: 1 } })).status).toBe(409);
    const def = p.variants[0];
    expect((await call("DELETE", store.path(`/${p.id}/variants/${def.id}`), { token: store.token })).status).toBe(409);
    const edited = await call("PATCH", store.path(`/${p.id}/variants/${def.id}`), { token: store.token, body: { price_cents: 999, stock: 4, sku: "ONE" } });
    expect(edited.body).toMatchObject({ is_default: true, price_cents: 999, stock: 4, sku: "ONE", title: "Default" });
    expect((await getProduct(store, p.id)).body.variants).toHaveLength(1);
  });

  it("the last variant of a live product cannot be deleted (409); others can, and a draft's last can", async () => {
    const store = await catalogStore();
    const p = await liveVariable(store, "Live", [{ sku: "L-1" }, { sku: "L-2", option_values: [{ name: "s", value: "2" }] }]);
    const [first, second] = p.variants;
    expect((await call("DELETE", store.path(`/${p.id}/variants/${first.id}`), { token: store.token })).status).toBe(204);
    expect((await call("DELETE", store.path(`/${p.id}/variants/${second.id}`), { token: store.token })).status).toBe(409);
    await call("POST", store.path(`/${p.id}/unpublish`), { token: store.token });
    expect((await call("DELETE", store.path(`/${p.id}/variants/${second.id}`), { token: store.token })).status).toBe(204);
    expect((await getProduct(store, p.id)).body.variants).toEqual([]);
  });
});

describe('deleting a variant that holds stock (docs/inventory.md "Deleting a variant")', () => {
  it("on_hand at two locations: 204, its levels go, and variant_deleted entries bring each level's sum to 0", async () => {
    const store = await inventoryStore();
    const {
      product,
      variants: [gone, kept],
    } = await productWithVariants(store, [5, 2]);
    const wh = await createLocation(store, { code: "wh" });
    await adjusted(store, { reason: "received", changes: [{ variant_id: gone.id, location_id: wh.id, delta: 3 }] });
    const res = await call("DELETE", store.path(`/${product.id}/variants/${gone.id}`), { token: store.token });
    expect(res.status, res.text).toBe(204);
    expect(await storeAll(store.id, "SELECT location_id FROM inventory_levels WHERE variant_id = ?", gone.id)).toEqual([]);
    expect(await deletionEntries(store.id, gone.id)).toEqual([
      ["default", -5, 0, 0, "variant.delete"],
      ["wh", -3, 0, 0, "variant.delete"],
    ]);
    const sums = (await expectLedgerSumsToLevels(store.id)).filter((r) => r.variant_id === gone.id);
    expect(sums.map((r) => [r.location_id, r.on_hand_sum, r.committed_sum, r.level_exists])).toEqual(
      [
        [store.defaultLocation.id, 0, 0, 0],
        [wh.id, 0, 0, 0],
      ].sort((a, b) => (a[0] < b[0] ? -1 : 1)),
    );
    // The ledger API finds a deleted variant's history by its id; one inventory.updated per emptied level.
    const history = await call("GET", store.at(`/inventory/ledger?variant_id=${gone.id}&reason=variant_deleted`), { token: store.token });
    expect(history.body.data.map((e: { sku: string; on_hand_after: number }) => [e.sku, e.on_hand_after])).toEqual([
      [gone.sku, 0],
      [gone.sku, 0],
    ]);
    const events = (await eventsNamed(store.id, "inventory.updated")).filter((e) => e.reason === "variant_deleted");
    expect(events.map((e) => [e.location_code, e.on_hand, e.committed, e.delta]).sort()).toEqual([
      ["default", 0, 0, -5],
      ["wh", 0, 0, -3],
    ]);
    // The other variant keeps its stock.
    expect(await levelOf(store, kept.id, store.defaultLocation.id)).toMatchObject({ on_hand: 2, committed: 0 });
  });

  it("committed units: 409 naming them, nothing deleted; once the order is canceled the variant goes", async () => {
    const store = await inventoryStore();
    const {
      product,
      variants: [held],
    } = await productWithVariants(store, [5, 1]);
    expect((await call("POST", store.path(`/${product.id}/publish`), { token: store.token })).status).toBe(200);
    const order = await placeOrder(store, [{ variant_id: held.id, quantity: 2 }]);
    const res = await call("DELETE", store.path(`/${product.id}/variants/${held.id}`), { token: store.token });
    expect(res.status, res.text).toBe(409);
    expect(res.headers.get("Content-Type")).toMatch(/problem\+json/);
    expect(res.body.code).toBe("conflict");
    expect(res.body.detail).toMatch(/open order/);
    expect(res.body.detail).toContain("2 committed at default");
    expect(await levelOf(store, held.id, store.defaultLocation.id)).toMatchObject({ on_hand: 5, committed: 2 });
    expect(await deletionEntries(store.id, held.id)).toEqual([]);
    await moveOrder(store, order, "canceled");
    expect((await call("DELETE", store.path(`/${product.id}/variants/${held.id}`), { token: store.token })).status).toBe(204);
    expect(await deletionEntries(store.id, held.id)).toEqual([["default", -5, 0, 0, "variant.delete"]]);
    await expectLedgerSumsToLevels(store.id);
  });

  it("an order that commits units between the read and the delete's batch: 409 naming them (checked in the batch)", async () => {
    const store = await inventoryStore();
    const {
      product,
      variants: [v],
    } = await productWithVariants(store, [4, 1]);
    await commitUnitsBeforeTheChange(store.id, v.id, store.defaultLocation.id, 3);
    const res = await call("DELETE", store.path(`/${product.id}/variants/${v.id}`), { token: store.token });
    expect(res.status, res.text).toBe(409);
    expect(res.body.detail).toContain("3 committed at default");
    vi.restoreAllMocks();
    expect(await levelOf(store, v.id, store.defaultLocation.id)).toMatchObject({ on_hand: 4, committed: 3 });
    expect(await deletionEntries(store.id, v.id)).toEqual([]);
    await expectLedgerSumsToLevels(store.id);
  });
});

describe("variant input is validated", () => {
  const cases: Array<[Record<string, unknown>, string]> = [
    [{}, "price_cents"],
    [{ price_cents: -5 }, "price_cents"],
    [{ price_cents: 1, stock: -1 }, "stock"],
    [{ price_cents: 1, stock: 1.5 }, "stock"],
    [{ price_cents: 1, fulfillment_mode: "dropship" }, "fulfillment_mode"],
    [{ price_cents: 1, shipping_box: { length_mm: 1, width_mm: 1, height_mm: 1 } }, "shipping_box.weight_g"],
    [{ price_cents: 1, shipping_box: { length_mm: 0, width_mm: 1, height_mm: 1, weight_g: 1 } }, "shipping_box.length_mm"],
    [{ price_cents: 1, option_values: [{ name: "", value: "x" }] }, "option_values.0.name"],
    [{ price_cents: 1, option_values: [{ name: "a", value: "x", extra: 1 }] }, "option_values.0"],
    [{ price_cents: 1, sku: "has space" }, "sku"],
    [{ price_cents: 1, sku: "x".repeat(101) }, "sku"],
    [{ price_cents: 1, is_default: true }, ""],
  ];
  it.each(cases)("%j → 422 at %s", async (body, path) => {
    const store = await catalogStore();
    const p = await variable(store);
    const res = await call("POST", store.path(`/${p.id}/variants`), { token: store.token, body });
    expect(res.status, res.text).toBe(422);
    expect(res.body.errors.map((e: { path: string }) => e.path)).toContain(path);
  });
});

describe("variants belong to their product", () => {
  it("a variant addressed through another product, or unknown ids, is 404", async () => {
    const store = await catalogStore();
    const p = await variable(store);
    const q = await variable(store);
    const v = await makeVariant(store, p.id);
    for (const [method, path] of [
      ["GET", `/${q.id}/variants/${v.id}`],
      ["PATCH", `/${q.id}/variants/${v.id}`],
      ["DELETE", `/${q.id}/variants/${v.id}`],
      ["GET", `/${p.id}/variants/not-a-uuid`],
      ["GET", `/${p.id}/variants/${crypto.randomUUID()}`],
    ]) {
      const res = await call(method, store.path(path), { token: store.token, body: method === "PATCH" ? { stock: 1 } : undefined });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
  });
});

itSpreadsStoresOverDatabases(() => catalogStoreIds);
