// GET /stores/{store_id}/inventory/ledger (docs/api/20-inventory.md, docs/inventory.md "The ledger"): every change of a
// level, newest first, with filters variant_id, sku, location_id, reason, order_id, since, until, and cursor paging.
// For every level, the sum of its entries' deltas is its current on_hand and committed.
import { describe, expect, it } from "vitest";
import { addMember, call } from "../helpers/api";
import { type InventoryStore, adjusted, createLocation, inventoryStore, ledger, levelOf, productWithVariants, setCommitted, transfer } from "./support";

const ids = (res: { body: { data: Array<{ id: string }> } }) => res.body.data.map((e) => e.id);

/** A variant (stock 3 by creation) with a history: received 5 at shop, a transfer of 2 to default, a correction. */
async function setUp() {
  const store = await inventoryStore();
  const {
    variants: [v, w],
  } = await productWithVariants(store, [3, 1]);
  const shop = await createLocation(store, { code: "shop" });
  const received = await adjusted(store, { reason: "received", reference: "PO-1", changes: [{ variant_id: v.id, location_id: shop.id, delta: 5 }] });
  const moved = await transfer(store, {
    from_location_code: "shop",
    to_location_code: "default",
    reference: "TR-1",
    items: [{ variant_id: v.id, quantity: 2 }],
  });
  expect(moved.status, moved.text).toBe(201);
  const corrected = await adjusted(store, { reason: "correction", changes: [{ variant_id: w.id, location_code: "default", on_hand: 4 }] });
  return { store, v, w, shop, received, moved: moved.body, corrected };
}

const all = async (store: InventoryStore, query = "") => {
  const res = await ledger(store, `?limit=100${query}`);
  expect(res.status, res.text).toBe(200);
  return res;
};

describe("an entry is {id, variant_id, product_id, sku, location_id, location_code, on_hand_delta, committed_delta, on_hand_after, committed_after, reason, reference, order_id, adjustment_id, actor, created_at}", () => {
  it("lists every change newest first; the stock writes of variant creation are entries too", async () => {
    const { store, v, w, received, moved, corrected } = await setUp();
    const res = await all(store);
    expect(Object.keys(res.body.data[0]).sort()).toEqual([
      "actor",
      "adjustment_id",
      "committed_after",
      "committed_delta",
      "created_at",
      "id",
      "location_code",
      "location_id",
      "on_hand_after",
      "on_hand_delta",
      "order_id",
      "product_id",
      "reason",
      "reference",
      "sku",
      "variant_id",
    ]);
    const newestFirst = [...corrected.entries, ...[...moved.entries].reverse(), ...received.entries].map((e: { id: string }) => e.id);
    expect(ids(res).slice(0, 4)).toEqual(newestFirst);
    // Before them: the two variants' creation with stock (reason stock_write), w's first.
    expect(res.body.data.slice(4).map((e: { variant_id: string; reason: string; reference: string }) => [e.variant_id, e.reason, e.reference])).toEqual([
      [w.id, "stock_write", "variant.create"],
      [v.id, "stock_write", "variant.create"],
    ]);
    expect(res.body.pagination).toEqual({ limit: 100, offset: 0, total: 6, next_cursor: null });
  });

  it("for every level, the sum of its entries' deltas is its on_hand and committed", async () => {
    const { store, v, w, shop } = await setUp();
    await setCommitted(store.id, v.id, shop.id, 2);
    const entries = (await all(store)).body.data as Array<{ variant_id: string; location_id: string; on_hand_delta: number; committed_delta: number }>;
    for (const [variantId, locationId] of [
      [v.id, shop.id],
      [v.id, store.defaultLocation.id],
      [w.id, store.defaultLocation.id],
    ]) {
      const mine = entries.filter((e) => e.variant_id === variantId && e.location_id === locationId);
      const level = await levelOf(store, variantId, locationId);
      expect(mine.reduce((n, e) => n + e.on_hand_delta, 0)).toBe(level!.on_hand);
      expect(mine.reduce((n, e) => n + e.committed_delta, 0)).toBe(level!.committed);
    }
  });
});

describe("filters: variant_id, sku, location_id, reason, order_id, since, until", () => {
  it("each narrows the entries, and they combine", async () => {
    const { store, v, w, shop, received, moved, corrected } = await setUp();
    expect((await all(store, `&variant_id=${w.id}`)).body.data.map((e: { reason: string }) => e.reason)).toEqual(["correction", "stock_write"]);
    expect(ids(await all(store, `&sku=${encodeURIComponent(w.sku.toLowerCase())}`))).toEqual(ids(await all(store, `&variant_id=${w.id}`)));
    expect(ids(await all(store, `&location_id=${shop.id}`))).toEqual([moved.entries[0].id, received.entries[0].id]);
    expect(ids(await all(store, "&reason=transfer"))).toEqual([moved.entries[1].id, moved.entries[0].id]);
    expect(ids(await all(store, `&reason=transfer&location_id=${shop.id}`))).toEqual([moved.entries[0].id]);
    expect(ids(await all(store, `&variant_id=${v.id}&reason=correction`))).toEqual([]);
    expect((await all(store, "&sku=NO-SUCH")).body.data).toEqual([]);
    // since/until bound created_at, inclusive.
    const at = corrected.entries[0].created_at as string;
    expect(ids(await all(store, `&since=${at}`))).toContain(corrected.entries[0].id);
    expect(ids(await all(store, `&until=${at}`))).toContain(corrected.entries[0].id);
    expect(ids(await all(store, `&since=${at}&until=${at}`))).toContain(corrected.entries[0].id);
    const later = new Date(Date.parse(at) + 1).toISOString();
    expect(ids(await all(store, `&since=${later}`))).toEqual([]);
    const before = new Date(Date.parse(received.entries[0].created_at) - 1).toISOString();
    expect(ids(await all(store, `&until=${before}`)).length).toBe(2);
  });

  it("order_id: the entries an order's batch wrote", async () => {
    const { store, v } = await setUp();
    const orderId = crypto.randomUUID();
    await setCommitted(store.id, v.id, store.defaultLocation.id, 1, orderId);
    const res = await all(store, `&order_id=${orderId}`);
    expect(res.body.data).toHaveLength(1);
    expect(res.body.data[0]).toMatchObject({ order_id: orderId, reason: "order_committed", committed_delta: 1, adjustment_id: null });
  });

  it("a ledger entry keeps the sku and location code it was written with; sku= finds the variant that has the SKU now", async () => {
    const { store, v, shop } = await setUp();
    const renamed = `NEW-${crypto.randomUUID().slice(0, 6)}`;
    const patched = await call("PATCH", store.path(`/${v.product_id}/variants/${v.id}`), { token: store.token, body: { sku: renamed } });
    expect(patched.status, patched.text).toBe(200);
    await call("PATCH", store.at(`/locations/${shop.id}`), { token: store.token, body: { code: "floor" } });
    const res = await all(store, `&sku=${renamed}`);
    expect(res.body.data.length).toBe(4);
    expect(res.body.data.every((e: { sku: string }) => e.sku === v.sku)).toBe(true);
    expect(res.body.data.filter((e: { location_id: string }) => e.location_id === shop.id).map((e: { location_code: string }) => e.location_code)).toEqual([
      "shop",
      "shop",
    ]);
  });

  it("bad filter values are 422", async () => {
    const { store } = await setUp();
    for (const query of ["?reason=lost", "?since=yesterday", "?until=2026-11-21", "?since=2026-13-01T00:00:00.000Z", "?limit=101", "?order_id=%00"]) {
      const res = await ledger(store, query);
      expect(res.status, query).toBe(422);
      expect(res.body.errors[0].path).toBe(query.slice(1).split("=")[0]);
    }
  });
});

describe("cursor paging: newest first, every entry once, whatever is written meanwhile", () => {
  it("walks page by page; entries written during the walk are newer and do not shift it", async () => {
    const { store, v } = await setUp();
    const expected = ids(await all(store));
    const seen: string[] = [];
    let res = await ledger(store, "?limit=2");
    seen.push(...ids(res));
    await adjusted(store, { reason: "damaged", changes: [{ variant_id: v.id, location_code: "default", delta: -1 }] });
    while (res.body.pagination.next_cursor) {
      res = await ledger(store, `?limit=2&cursor=${res.body.pagination.next_cursor}`);
      expect(res.status, res.text).toBe(200);
      seen.push(...ids(res));
    }
    expect(seen).toEqual(expected);
    expect((await ledger(store)).body.pagination.total).toBe(expected.length + 1);
  });

  it("a filtered walk keeps its filter; a cursor with offset or from another list is 422", async () => {
    const { store, shop } = await setUp();
    const first = await ledger(store, `?limit=1&location_id=${shop.id}`);
    const second = await ledger(store, `?limit=1&location_id=${shop.id}&cursor=${first.body.pagination.next_cursor}`);
    expect(second.body.data[0].location_id).toBe(shop.id);
    expect(second.body.pagination.next_cursor).toBeNull();
    expect((await ledger(store, `?cursor=${first.body.pagination.next_cursor}&offset=0`)).status).toBe(422);
    const levelsCursor = (await call("GET", store.at("/inventory?limit=1"), { token: store.token })).body.pagination.next_cursor;
    expect((await ledger(store, `?cursor=${levelsCursor}`)).status).toBe(422);
  });
});

describe("permissions: inventory.read", () => {
  it("a member without it gets 403 naming it", async () => {
    const { store } = await setUp();
    const member = await addMember(store, ["products.read", "inventory.write"]);
    const res = await call("GET", store.at("/inventory/ledger"), { token: member.jwt });
    expect(res.status).toBe(403);
    expect(res.body.missing_permission).toBe("inventory.read");
  });
});
