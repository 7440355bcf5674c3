// POST /stores/{store_id}/inventory/transfers (docs/api/20-inventory.md, docs/inventory.md "Transfers"): units moved from
// one location to another, all or nothing; a pair of ledger entries per item (reason transfer, the transfer's id as
// adjustment_id, its reference); a source without that much available is a 422 on the item.
import { afterEach, describe, expect, it, vi } from "vitest";
import { addMember, call } from "../helpers/api";
import {
  adjusted,
  auditRows,
  changeOnHandBeforeTheChange,
  createLocation,
  eventsNamed,
  inventoryStore,
  ledger,
  levelOf,
  paths,
  productWithVariants,
  setCommitted,
  stockOf,
  transfer,
} from "./support";

afterEach(() => vi.restoreAllMocks());

/** A store with two variants (stock 10 and 4 at the default location) and a second location, "shop". */
async function setUp() {
  const store = await inventoryStore();
  const { product, variants } = await productWithVariants(store, [10, 4]);
  const shop = await createLocation(store, { code: "shop" });
  return { store, product, a: variants[0], b: variants[1], shop };
}

describe("a transfer moves units → 201 {id, reference, created_at, entries}: a pair of entries per item", () => {
  it("the source falls and the destination rises by each quantity; stock between active locations stays", async () => {
    const { store, product, a, b, shop } = await setUp();
    const productsBefore = (await eventsNamed(store.id, "products.updated")).length;
    const res = await transfer(store, {
      from_location_code: "DEFAULT",
      to_location_id: shop.id,
      reference: "TR-1",
      items: [
        { variant_id: a.id, quantity: 3 },
        { sku: b.sku.toLowerCase(), quantity: 4 },
      ],
    });
    expect(res.status, res.text).toBe(201);
    expect(res.headers.get("Location")).toBeNull();
    expect(Object.keys(res.body).sort()).toEqual(["created_at", "entries", "id", "reference"]);
    expect(res.body.reference).toBe("TR-1");
    expect(res.body.entries.map((e: Record<string, unknown>) => [e.variant_id, e.location_code, e.on_hand_delta, e.on_hand_after])).toEqual([
      [a.id, "default", -3, 7],
      [a.id, "shop", 3, 3],
      [b.id, "default", -4, 0],
      [b.id, "shop", 4, 4],
    ]);
    for (const e of res.body.entries) expect(e).toMatchObject({ reason: "transfer", reference: "TR-1", adjustment_id: res.body.id, committed_delta: 0 });
    expect(await levelOf(store, a.id, store.defaultLocation.id)).toMatchObject({ on_hand: 7 });
    expect(await levelOf(store, b.id, shop.id)).toMatchObject({ on_hand: 4 });
    expect(await stockOf(store, product.id, a.id)).toBe(10);
    expect((await eventsNamed(store.id, "products.updated")).length).toBe(productsBefore);
    // One inventory.updated per changed level.
    expect((await eventsNamed(store.id, "inventory.updated")).slice(-4).map((e: { reason: string }) => e.reason)).toEqual([
      "transfer",
      "transfer",
      "transfer",
      "transfer",
    ]);
    const audit = await auditRows(store.id, "inventory.transfer");
    expect(audit.map((r) => r.resource_id)).toEqual([res.body.id]);
    // The ledger finds them by the transfer's reason.
    expect((await ledger(store, "?reason=transfer")).body.pagination.total).toBe(4);
  });

  it("to or from an inactive location, stock changes: products.updated for those products", async () => {
    const { store, product, a } = await setUp();
    const off = await createLocation(store, { code: "off", active: false });
    const before = (await eventsNamed(store.id, "products.updated")).length;
    const res = await transfer(store, { from_location_code: "default", to_location_code: "off", items: [{ variant_id: a.id, quantity: 6 }] });
    expect(res.status, res.text).toBe(201);
    expect(res.body.reference).toBeNull();
    expect(await stockOf(store, product.id, a.id)).toBe(4);
    expect(await levelOf(store, a.id, off.id)).toMatchObject({ on_hand: 6 });
    const updates = (await eventsNamed(store.id, "products.updated")).slice(before);
    expect(updates.map((p: { id: string }) => p.id)).toEqual([product.id]);
  });
});

describe("a source without that much available: 422 on items.<i>.quantity; all or nothing", () => {
  it("names every item short of units (committed units are not available), and moves nothing", async () => {
    const { store, a, b, shop } = await setUp();
    await setCommitted(store.id, a.id, store.defaultLocation.id, 8);
    const before = (await ledger(store)).body.pagination.total;
    const res = await transfer(store, {
      from_location_id: store.defaultLocation.id,
      to_location_id: shop.id,
      items: [
        { variant_id: a.id, quantity: 3 },
        { variant_id: b.id, quantity: 4 },
      ],
    });
    expect(res.status, res.text).toBe(422);
    expect(res.body.errors).toEqual([{ path: "items.0.quantity", message: "is more than the 2 available at default" }]);
    const none = await transfer(store, {
      from_location_code: "shop",
      to_location_code: "default",
      items: [
        { variant_id: a.id, quantity: 1 },
        { variant_id: b.id, quantity: 1 },
      ],
    });
    expect(paths(none)).toEqual(["items.0.quantity", "items.1.quantity"]);
    expect((await ledger(store)).body.pagination.total).toBe(before);
    expect(await levelOf(store, b.id, store.defaultLocation.id)).toMatchObject({ on_hand: 4 });
    expect(await levelOf(store, b.id, shop.id)).toBeUndefined();
  });

  it("is checked again inside the batch: a fall between the read and the batch makes it a 422", async () => {
    const { store, a, shop } = await setUp();
    await changeOnHandBeforeTheChange(store.id, a.id, store.defaultLocation.id, 2);
    const res = await transfer(store, { from_location_code: "default", to_location_id: shop.id, items: [{ variant_id: a.id, quantity: 5 }] });
    expect(res.status, res.text).toBe(422);
    expect(res.body.errors).toEqual([{ path: "items.0.quantity", message: "is more than the 2 available at default" }]);
    expect(await levelOf(store, a.id, shop.id)).toBeUndefined();
  });

  it("a destination above 1,000,000,000 is refused on the quantity", async () => {
    const { store, a, shop } = await setUp();
    await adjusted(store, { reason: "received", changes: [{ variant_id: a.id, location_id: shop.id, on_hand: 1_000_000_000 }] });
    const res = await transfer(store, { from_location_code: "default", to_location_code: "shop", items: [{ variant_id: a.id, quantity: 1 }] });
    expect(paths(res)).toEqual(["items.0.quantity"]);
  });
});

describe("exactly one of from_location_id | from_location_code and of to_*; 1..250 items of exactly one of variant_id | sku, quantity >= 1", () => {
  it.each([
    [
      "the same location both ends",
      (c: Ctx) => ({ from_location_code: "default", to_location_id: c.defaultId, items: [{ variant_id: c.a, quantity: 1 }] }),
      ["to_location_id"],
    ],
    ["no source", (c: Ctx) => ({ to_location_code: "shop", items: [{ variant_id: c.a, quantity: 1 }] }), ["from_location_code"]],
    [
      "two sources",
      (c: Ctx) => ({ from_location_id: c.defaultId, from_location_code: "default", to_location_code: "shop", items: [{ variant_id: c.a, quantity: 1 }] }),
      ["from_location_id"],
    ],
    ["no destination", (c: Ctx) => ({ from_location_code: "default", items: [{ variant_id: c.a, quantity: 1 }] }), ["to_location_code"]],
    [
      "an unknown source code",
      (c: Ctx) => ({ from_location_code: "nowhere", to_location_code: "shop", items: [{ variant_id: c.a, quantity: 1 }] }),
      ["from_location_code"],
    ],
    [
      "an unknown destination id",
      (c: Ctx) => ({ from_location_code: "default", to_location_id: crypto.randomUUID(), items: [{ variant_id: c.a, quantity: 1 }] }),
      ["to_location_id"],
    ],
    [
      "an item naming both variant_id and sku",
      (c: Ctx) => ({ from_location_code: "default", to_location_code: "shop", items: [{ variant_id: c.a, sku: "X", quantity: 1 }] }),
      ["items.0.variant_id"],
    ],
    ["an item naming no variant", () => ({ from_location_code: "default", to_location_code: "shop", items: [{ quantity: 1 }] }), ["items.0.sku"]],
    ["an unknown SKU", () => ({ from_location_code: "default", to_location_code: "shop", items: [{ sku: "NO-SUCH", quantity: 1 }] }), ["items.0.sku"]],
    [
      "a repeated variant",
      (c: Ctx) => ({
        from_location_code: "default",
        to_location_code: "shop",
        items: [
          { variant_id: c.a, quantity: 1 },
          { sku: c.aSku, quantity: 1 },
        ],
      }),
      ["items.1.sku"],
    ],
    ["quantity 0", (c: Ctx) => ({ from_location_code: "default", to_location_code: "shop", items: [{ variant_id: c.a, quantity: 0 }] }), ["items.0.quantity"]],
    [
      "a fractional quantity",
      (c: Ctx) => ({ from_location_code: "default", to_location_code: "shop", items: [{ variant_id: c.a, quantity: 1.5 }] }),
      ["items.0.quantity"],
    ],
    ["no items", () => ({ from_location_code: "default", to_location_code: "shop", items: [] }), ["items"]],
    [
      "251 items",
      (c: Ctx) => ({ from_location_code: "default", to_location_code: "shop", items: Array.from({ length: 251 }, () => ({ variant_id: c.a, quantity: 1 })) }),
      ["items"],
    ],
    ["an unknown field", (c: Ctx) => ({ from_location_code: "default", to_location_code: "shop", items: [{ variant_id: c.a, quantity: 1 }], note: "x" }), [""]],
    [
      "a malformed item beside an unknown SKU",
      (c: Ctx) => ({
        from_location_code: "default",
        to_location_code: "shop",
        items: [
          { variant_id: c.a, quantity: -1 },
          { sku: "NO-SUCH", quantity: 1 },
        ],
      }),
      ["items.0.quantity", "items.1.sku"],
    ],
    [
      "a reference of 256 characters",
      (c: Ctx) => ({ from_location_code: "default", to_location_code: "shop", reference: "r".repeat(256), items: [{ variant_id: c.a, quantity: 1 }] }),
      ["reference"],
    ],
  ])("%s → 422 at the field", async (_name, body, expected) => {
    const { store, a } = await setUp();
    const before = (await ledger(store)).body.pagination.total;
    const res = await transfer(store, body({ a: a.id, aSku: a.sku, defaultId: store.defaultLocation.id }));
    expect(res.status, res.text).toBe(422);
    expect(res.body.code).toBe("validation_failed");
    expect(paths(res).sort()).toEqual(expected);
    expect((await ledger(store)).body.pagination.total).toBe(before);
  });
});

interface Ctx {
  a: string;
  aSku: string;
  defaultId: string;
}

describe("permissions: inventory.write", () => {
  it("a member with inventory.read only gets 403 naming inventory.write", async () => {
    const { store, a, shop } = await setUp();
    const reader = await addMember(store, ["inventory.read"]);
    const denied = await transfer(store, { from_location_code: "default", to_location_id: shop.id, items: [{ variant_id: a.id, quantity: 1 }] }, reader.jwt);
    expect(denied.status).toBe(403);
    expect(denied.body.missing_permission).toBe("inventory.write");
  });

  it("accepts Idempotency-Key: the same transfer again moves nothing more", async () => {
    const { store, a, shop } = await setUp();
    const headers = { "Idempotency-Key": `tr-${crypto.randomUUID()}` };
    const body = { from_location_code: "default", to_location_id: shop.id, items: [{ variant_id: a.id, quantity: 2 }] };
    const first = await call("POST", store.at("/inventory/transfers"), { token: store.token, body, headers });
    const again = await call("POST", store.at("/inventory/transfers"), { token: store.token, body, headers });
    expect(first.status, first.text).toBe(201);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(again.body).toEqual(first.body);
    expect(await levelOf(store, a.id, shop.id)).toMatchObject({ on_hand: 2 });
  });
});
