// GET /stores/{store_id}/inventory (docs/api/20-inventory.md, docs/inventory.md "Levels"): the levels that exist, one per
// variant and location, with available = on_hand - committed; filters location_id, variant_id, product_id, sku,
// available_below; cursor paging (section 15). A variant's stock is the sum of available over active locations.
import { describe, expect, it } from "vitest";
import { addMember, call } from "../helpers/api";
import { type InventoryStore, adjusted, createLocation, inventoryStore, productWithVariants, setCommitted, stockOf } from "./support";

const levels = (store: InventoryStore, query = "") => call("GET", store.at(`/inventory${query}`), { token: store.token });
const pairs = (res: { body: { data: Array<{ variant_id: string; location_code: string }> } }) => res.body.data.map((l) => `${l.variant_id}@${l.location_code}`);

/** Two products: A with variants a1 (stock 5) and a2 (stock 0), B with b1 (stock 2); a location "shop" holding a1: 7, b1: 1. */
async function setUp() {
  const store = await inventoryStore();
  const {
    product: productA,
    variants: [a1, a2],
  } = await productWithVariants(store, [5, 0]);
  const {
    product: productB,
    variants: [b1],
  } = await productWithVariants(store, [2]);
  const shop = await createLocation(store, { code: "shop" });
  await adjusted(store, {
    reason: "received",
    changes: [
      { variant_id: a1.id, location_id: shop.id, delta: 7 },
      { variant_id: b1.id, location_id: shop.id, delta: 1 },
    ],
  });
  return { store, productA, productB, a1, a2, b1, shop };
}

describe("a level is {variant_id, product_id, sku, location_id, location_code, on_hand, committed, available, updated_at}", () => {
  it("lists only the levels that exist, by variant then location; available is on_hand - committed", async () => {
    const { store, productA, a1, b1, shop } = await setUp();
    await setCommitted(store.id, a1.id, shop.id, 3);
    const res = await levels(store);
    expect(res.status, res.text).toBe(200);
    expect(res.body.pagination).toEqual({ limit: 20, offset: 0, total: 4, next_cursor: null });
    expect(Object.keys(res.body.data[0]).sort()).toEqual([
      "available",
      "committed",
      "location_code",
      "location_id",
      "on_hand",
      "product_id",
      "sku",
      "updated_at",
      "variant_id",
    ]);
    const sorted = [...res.body.data].sort((x, y) => (x.variant_id + x.location_id < y.variant_id + y.location_id ? -1 : 1));
    expect(res.body.data).toEqual(sorted);
    const a1Shop = res.body.data.find((l: { variant_id: string; location_id: string }) => l.variant_id === a1.id && l.location_id === shop.id);
    expect(a1Shop).toMatchObject({ product_id: productA.id, sku: a1.sku, location_code: "shop", on_hand: 7, committed: 3, available: 4 });
    // a2 has stock 0 and no level at all.
    expect(pairs(res).sort()).toEqual([`${a1.id}@default`, `${a1.id}@shop`, `${b1.id}@default`, `${b1.id}@shop`].sort());
  });

  it("a variant's stock is the sum of available over the active locations", async () => {
    const { store, productA, a1, shop } = await setUp();
    expect(await stockOf(store, productA.id, a1.id)).toBe(12);
    await setCommitted(store.id, a1.id, shop.id, 3);
    expect(await stockOf(store, productA.id, a1.id)).toBe(9);
    await call("PATCH", store.at(`/locations/${shop.id}`), { token: store.token, body: { active: false } });
    expect(await stockOf(store, productA.id, a1.id)).toBe(5);
  });
});

describe("filters: location_id, variant_id, product_id, sku (case-insensitive), available_below", () => {
  it("each narrows the list, and they combine", async () => {
    const { store, productB, a1, b1, shop } = await setUp();
    expect(pairs(await levels(store, `?location_id=${shop.id}`)).sort()).toEqual([`${a1.id}@shop`, `${b1.id}@shop`].sort());
    expect(pairs(await levels(store, `?variant_id=${a1.id}`)).sort()).toEqual([`${a1.id}@default`, `${a1.id}@shop`]);
    expect(pairs(await levels(store, `?product_id=${productB.id}`)).sort()).toEqual([`${b1.id}@default`, `${b1.id}@shop`]);
    expect(pairs(await levels(store, `?sku=${encodeURIComponent(b1.sku.toLowerCase())}`)).sort()).toEqual([`${b1.id}@default`, `${b1.id}@shop`]);
    // Low stock: available below the number.
    expect(pairs(await levels(store, "?available_below=2")).sort()).toEqual([`${b1.id}@shop`]);
    expect(pairs(await levels(store, "?available_below=6")).sort()).toEqual([`${a1.id}@default`, `${b1.id}@default`, `${b1.id}@shop`].sort());
    expect(pairs(await levels(store, `?available_below=6&location_id=${store.defaultLocation.id}`)).sort()).toEqual(
      [`${a1.id}@default`, `${b1.id}@default`].sort(),
    );
    expect(pairs(await levels(store, "?available_below=0"))).toEqual([]);
    expect((await levels(store, `?available_below=6&product_id=${productB.id}`)).body.pagination.total).toBe(2);
    expect(pairs(await levels(store, "?sku=NO-SUCH"))).toEqual([]);
  });

  it("another store's location or product finds nothing; bad values are 422", async () => {
    const { store } = await setUp();
    const other = await inventoryStore();
    const { product } = await productWithVariants(other, [3]);
    expect((await levels(store, `?location_id=${other.defaultLocation.id}`)).body.data).toEqual([]);
    expect((await levels(store, `?product_id=${product.id}`)).body.data).toEqual([]);
    for (const query of ["?available_below=x", "?available_below=1.5", "?available_below=", "?limit=0", "?limit=101", "?sku=%00"]) {
      const res = await levels(store, query);
      expect(res.status, query).toBe(422);
      expect(res.body.errors[0].path).toBe(query.slice(1).split("=")[0]);
    }
  });
});

describe("cursor paging (section 15): every level once, whatever is written meanwhile", () => {
  it("walks with next_cursor until null, each level once; a level added ahead of the cursor meanwhile is read", async () => {
    const { store, a1, a2, b1, shop } = await setUp();
    const seen: string[] = [];
    let res = await levels(store, "?limit=1");
    expect(res.body.pagination.next_cursor).toEqual(expect.any(String));
    seen.push(...pairs(res));
    // Meanwhile a level appears (a2 at shop): a2's id sorts between a1 and b1, so after the cursor.
    await adjusted(store, { reason: "received", changes: [{ variant_id: a2.id, location_id: shop.id, delta: 1 }] });
    while (res.body.pagination.next_cursor) {
      res = await levels(store, `?limit=1&cursor=${res.body.pagination.next_cursor}`);
      expect(res.status, res.text).toBe(200);
      seen.push(...pairs(res));
    }
    expect(seen).toEqual([...new Set(seen)]);
    for (const pair of [`${a1.id}@default`, `${a1.id}@shop`, `${b1.id}@default`, `${b1.id}@shop`, `${a2.id}@shop`]) expect(seen).toContain(pair);
  });

  it("a cursor with offset, an altered cursor and another list's cursor are 422", async () => {
    const { store } = await setUp();
    const first = await levels(store, "?limit=1");
    const cursor = first.body.pagination.next_cursor;
    expect((await levels(store, `?limit=1&cursor=${cursor}&offset=0`)).status).toBe(422);
    expect((await levels(store, `?cursor=${cursor.slice(0, -2)}`)).status).toBe(422);
    const ledgerCursor = (await call("GET", store.at("/inventory/ledger?limit=1"), { token: store.token })).body.pagination.next_cursor;
    const res = await levels(store, `?cursor=${ledgerCursor}`);
    expect(res.status).toBe(422);
    expect(res.body.errors[0].path).toBe("cursor");
  });
});

describe("permissions: inventory.read", () => {
  it("a member without it gets 403 naming it", async () => {
    const { store } = await setUp();
    const member = await addMember(store, ["products.read"]);
    const res = await call("GET", store.at("/inventory"), { token: member.jwt });
    expect(res.status).toBe(403);
    expect(res.body.missing_permission).toBe("inventory.read");
    const reader = await addMember(store, ["inventory.read"]);
    expect((await call("GET", store.at("/inventory"), { token: reader.jwt })).status).toBe(200);
  });
});
