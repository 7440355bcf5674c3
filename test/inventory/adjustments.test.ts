// POST /stores/{store_id}/inventory/adjustments (docs/api/20-inventory.md, docs/inventory.md "Adjustments"): up to 250
// changes of levels by delta or new value, all or nothing, every bad item named at once, compare_on_hand as a
// precondition (409), one ledger entry and one inventory.updated event per changed level.
import { afterEach, describe, expect, it, vi } from "vitest";
import { ADJUSTMENT_REASONS } from "../../src/events/stock-changes";
import { addMember, call, newToken } from "../helpers/api";
import { newIntegrationKey } from "../helpers/auth-matrix";
import { storeAll } from "../products/store-databases";
import {
  type InventoryStore,
  adjust,
  adjusted,
  auditRows,
  changeOnHandBeforeTheChange,
  createLocation,
  eventsNamed,
  inventoryStore,
  ledger,
  levelOf,
  newSku,
  paths,
  productWithVariants,
  setCommitted,
  stockOf,
} from "./support";

afterEach(() => vi.restoreAllMocks());

/** A store with one variant (stock 5 at the default location) and a second location, "shop". */
async function setUp() {
  const store = await inventoryStore();
  const { product, variants } = await productWithVariants(store, [5]);
  const shop = await createLocation(store, { code: "shop" });
  return { store, product, v: variants[0], shop };
}

const entryCount = async (store: InventoryStore) => (await ledger(store)).body.pagination.total as number;

describe("an adjustment changes levels by delta or to a new on_hand → 201 {id, reason, reference, created_at, entries}", () => {
  it("applies each change in order, one ledger entry per changed level, with no Location header; stock follows", async () => {
    const { store, product, v, shop } = await setUp();
    const res = await adjust(store, {
      reason: "received",
      reference: "PO-2026-0042",
      changes: [
        { variant_id: v.id, location_code: "default", delta: 3 },
        { sku: v.sku.toLowerCase(), location_id: shop.id, on_hand: 10 },
      ],
    });
    expect(res.status, res.text).toBe(201);
    expect(res.headers.get("Location")).toBeNull();
    expect(Object.keys(res.body).sort()).toEqual(["created_at", "entries", "id", "reason", "reference"]);
    expect(res.body).toMatchObject({ reason: "received", reference: "PO-2026-0042" });
    expect(res.body.entries).toHaveLength(2);
    expect(res.body.entries[0]).toMatchObject({
      variant_id: v.id,
      product_id: product.id,
      sku: v.sku,
      location_id: store.defaultLocation.id,
      location_code: "default",
      on_hand_delta: 3,
      committed_delta: 0,
      on_hand_after: 8,
      committed_after: 0,
      reason: "received",
      reference: "PO-2026-0042",
      order_id: null,
      adjustment_id: res.body.id,
    });
    expect(res.body.entries[1]).toMatchObject({
      location_id: shop.id,
      location_code: "shop",
      on_hand_delta: 10,
      on_hand_after: 10,
      adjustment_id: res.body.id,
    });
    expect(await levelOf(store, v.id, store.defaultLocation.id)).toMatchObject({ on_hand: 8, committed: 0, available: 8 });
    expect(await levelOf(store, v.id, shop.id)).toMatchObject({ on_hand: 10, available: 10 });
    expect(await stockOf(store, product.id, v.id)).toBe(18);
    // The ledger shows the same entries.
    const entries = (await ledger(store, `?variant_id=${v.id}&limit=2`)).body.data;
    expect(entries.map((e: { id: string }) => e.id)).toEqual([res.body.entries[1].id, res.body.entries[0].id]);
    expect(await auditRows(store.id, "inventory.adjust")).toHaveLength(1);
  });

  it("a change that leaves on_hand as it is writes no entry and no event; on_hand 0 where no level exists makes none", async () => {
    const { store, v, shop } = await setUp();
    const before = await entryCount(store);
    const productEvents = (await eventsNamed(store.id, "products.updated")).length;
    const body = await adjusted(store, {
      reason: "cycle_count",
      changes: [
        { variant_id: v.id, location_code: "default", on_hand: 5 },
        { variant_id: v.id, location_id: shop.id, on_hand: 0 },
      ],
    });
    expect(body.entries).toEqual([]);
    expect(await entryCount(store)).toBe(before);
    expect(await levelOf(store, v.id, shop.id)).toBeUndefined();
    expect((await eventsNamed(store.id, "products.updated")).length).toBe(productEvents);
  });

  it("reason is one of the adjustment reasons; reference is 0..255 characters, null when omitted", async () => {
    const { store, v } = await setUp();
    for (const reason of ADJUSTMENT_REASONS) {
      const body = await adjusted(store, { reason, changes: [{ variant_id: v.id, location_code: "default", delta: 1 }] });
      expect(body.reason).toBe(reason);
      expect(body.reference).toBeNull();
      expect(body.entries[0].reason).toBe(reason);
    }
    for (const reason of ["transfer", "initial", "stock_write", "order_committed", "Received", undefined]) {
      const res = await adjust(store, { reason, changes: [{ variant_id: v.id, location_code: "default", delta: 1 }] });
      expect(res.status, String(reason)).toBe(422);
      expect(paths(res)).toContain("reason");
    }
    const long = await adjust(store, { reason: "other", reference: "r".repeat(256), changes: [{ variant_id: v.id, location_code: "default", delta: 1 }] });
    expect(paths(long)).toEqual(["reference"]);
    const reference = "https://erp.example.com/docs/Lieferschein Nr. 7 ✓ " + "r".repeat(200);
    const kept = await adjusted(store, {
      reason: "other",
      reference: reference.slice(0, 255),
      changes: [{ variant_id: v.id, location_code: "default", delta: 1 }],
    });
    expect(kept.reference).toBe(reference.slice(0, 255));
    expect(kept.entries[0].reference).toBe(reference.slice(0, 255));
    const empty = await adjusted(store, { reason: "other", reference: "", changes: [{ variant_id: v.id, location_code: "default", delta: 1 }] });
    expect(empty.reference).toBe("");
    expect((await adjust(store, { reason: "other", reference: "a\nb", changes: [{ variant_id: v.id, location_code: "default", delta: 1 }] })).status).toBe(422);
  });

  it("an inactive location can be adjusted; its stock counts for nothing, so no products.updated", async () => {
    const { store, product, v } = await setUp();
    const off = await createLocation(store, { code: "off", active: false });
    const before = (await eventsNamed(store.id, "products.updated")).length;
    await adjusted(store, { reason: "received", changes: [{ variant_id: v.id, location_id: off.id, delta: 7 }] });
    expect(await levelOf(store, v.id, off.id)).toMatchObject({ on_hand: 7 });
    expect(await stockOf(store, product.id, v.id)).toBe(5);
    expect((await eventsNamed(store.id, "products.updated")).length).toBe(before);
    expect(await eventsNamed(store.id, "inventory.updated")).toContainEqual(expect.objectContaining({ location_id: off.id, on_hand: 7, delta: 7 }));
  });
});

describe("1..250 changes, each naming exactly one variant, one location, and exactly one of delta (non-zero) or on_hand", () => {
  it("250 changes apply in one request; none or 251 are refused", async () => {
    const store = await inventoryStore();
    const { variants } = await productWithVariants(store, [0, 0, 0, 0, 0]);
    const places = [store.defaultLocation.id];
    for (let i = 1; i < 50; i++) places.push((await createLocation(store, { code: `l${i}` })).id);
    const changes = variants.flatMap((v) => places.map((location_id) => ({ variant_id: v.id, location_id, delta: 2 })));
    expect(changes).toHaveLength(250);
    const body = await adjusted(store, { reason: "received", changes });
    expect(body.entries).toHaveLength(250);
    const levels = await call("GET", store.at("/inventory?limit=100"), { token: store.token });
    expect(levels.body.pagination.total).toBe(250);
    expect(paths(await adjust(store, { reason: "received", changes: [] }))).toEqual(["changes"]);
    expect(paths(await adjust(store, { reason: "received", changes: [...changes, changes[0]] }))).toEqual(["changes"]);
  });

  it.each([
    ["both variant_id and sku", (v: Ctx) => ({ variant_id: v.id, sku: v.sku, location_code: "default", delta: 1 }), "changes.0.variant_id"],
    ["neither variant_id nor sku", () => ({ location_code: "default", delta: 1 }), "changes.0.sku"],
    [
      "both location_id and location_code",
      (v: Ctx) => ({ variant_id: v.id, location_id: v.locationId, location_code: "default", delta: 1 }),
      "changes.0.location_id",
    ],
    ["neither location_id nor location_code", (v: Ctx) => ({ variant_id: v.id, delta: 1 }), "changes.0.location_code"],
    ["both delta and on_hand", (v: Ctx) => ({ variant_id: v.id, location_code: "default", delta: 1, on_hand: 3 }), "changes.0.delta"],
    ["neither delta nor on_hand", (v: Ctx) => ({ variant_id: v.id, location_code: "default" }), "changes.0.on_hand"],
    ["delta 0", (v: Ctx) => ({ variant_id: v.id, location_code: "default", delta: 0 }), "changes.0.delta"],
    ["a fractional delta", (v: Ctx) => ({ variant_id: v.id, location_code: "default", delta: 1.5 }), "changes.0.delta"],
    ["a negative on_hand", (v: Ctx) => ({ variant_id: v.id, location_code: "default", on_hand: -1 }), "changes.0.on_hand"],
    ["on_hand above 1,000,000,000", (v: Ctx) => ({ variant_id: v.id, location_code: "default", on_hand: 1_000_000_001 }), "changes.0.on_hand"],
    ["a string delta", (v: Ctx) => ({ variant_id: v.id, location_code: "default", delta: "1" }), "changes.0.delta"],
    ["a negative compare_on_hand", (v: Ctx) => ({ variant_id: v.id, location_code: "default", delta: 1, compare_on_hand: -1 }), "changes.0.compare_on_hand"],
    ["an unknown field", (v: Ctx) => ({ variant_id: v.id, location_code: "default", delta: 1, note: "x" }), "changes.0"],
    ["an unknown variant id", () => ({ variant_id: crypto.randomUUID(), location_code: "default", delta: 1 }), "changes.0.variant_id"],
    ["an unknown SKU", () => ({ sku: "NO-SUCH-SKU", location_code: "default", delta: 1 }), "changes.0.sku"],
    ["an unknown location id", (v: Ctx) => ({ variant_id: v.id, location_id: crypto.randomUUID(), delta: 1 }), "changes.0.location_id"],
    ["an unknown location code", (v: Ctx) => ({ variant_id: v.id, location_code: "nowhere", delta: 1 }), "changes.0.location_code"],
    ["another store's variant", (v: Ctx) => ({ variant_id: v.foreignVariantId, location_code: "default", delta: 1 }), "changes.0.variant_id"],
    ["another store's location", (v: Ctx) => ({ variant_id: v.id, location_id: v.foreignLocationId, delta: 1 }), "changes.0.location_id"],
    ["a result below 0", (v: Ctx) => ({ variant_id: v.id, location_code: "default", delta: -6 }), "changes.0.delta"],
    ["a result above 1,000,000,000", (v: Ctx) => ({ variant_id: v.id, location_code: "default", delta: 999_999_999 }), "changes.0.delta"],
  ])("%s → 422 at that path, nothing changes", async (_name, change, path) => {
    const { store, v, shop } = await setUp();
    const foreign = await inventoryStore();
    const { variants: foreignVariants } = await productWithVariants(foreign, [1]);
    const ctx: Ctx = { ...v, locationId: shop.id, foreignVariantId: foreignVariants[0].id, foreignLocationId: foreign.defaultLocation.id };
    const before = await entryCount(store);
    const res = await adjust(store, { reason: "correction", changes: [change(ctx)] });
    expect(res.status, res.text).toBe(422);
    expect(res.body.code).toBe("validation_failed");
    expect(paths(res)).toEqual([path]);
    expect(await entryCount(store)).toBe(before);
    expect(await levelOf(store, v.id, store.defaultLocation.id)).toMatchObject({ on_hand: 5 });
  });

  it("a result below the committed units is refused, naming them", async () => {
    const { store, v } = await setUp();
    await setCommitted(store.id, v.id, store.defaultLocation.id, 3);
    const res = await adjust(store, { reason: "damaged", changes: [{ variant_id: v.id, location_code: "default", delta: -3 }] });
    expect(paths(res)).toEqual(["changes.0.delta"]);
    expect(res.body.errors[0].message).toMatch(/would make on_hand 2, below the 3 committed \(on_hand is 5\)/);
    expect(paths(await adjust(store, { reason: "cycle_count", changes: [{ variant_id: v.id, location_code: "default", on_hand: 2 }] }))).toEqual([
      "changes.0.on_hand",
    ]);
    expect((await adjust(store, { reason: "damaged", changes: [{ variant_id: v.id, location_code: "default", delta: -2 }] })).status).toBe(201);
  });

  it("the same (variant, location) twice, by id and by SKU or code, is refused on the repeat", async () => {
    const { store, v } = await setUp();
    const res = await adjust(store, {
      reason: "received",
      changes: [
        { variant_id: v.id, location_code: "DEFAULT", delta: 1 },
        { sku: v.sku, location_id: store.defaultLocation.id, delta: 1 },
      ],
    });
    expect(paths(res)).toEqual(["changes.1.sku"]);
    expect(res.body.errors[0].message).toMatch(/changes\.0/);
  });

  it("every bad item is named at once, malformed ones and unknown targets together; nothing changes", async () => {
    const { store, v, shop } = await setUp();
    const before = await entryCount(store);
    const res = await adjust(store, {
      reason: "received",
      changes: [
        { variant_id: v.id, location_id: shop.id, delta: 4 },
        { sku: "NO-SUCH", location_code: "default", delta: 1 },
        { variant_id: v.id, location_code: "default", delta: 0 },
        { variant_id: v.id, location_code: "nowhere", delta: 1 },
        { variant_id: v.id, location_code: "default", delta: -9 },
        { variant_id: v.id, location_code: "shop", on_hand: 1 },
      ],
    });
    expect(res.status, res.text).toBe(422);
    expect(paths(res).sort()).toEqual(["changes.1.sku", "changes.2.delta", "changes.3.location_code", "changes.4.delta", "changes.5.variant_id"]);
    expect(await entryCount(store)).toBe(before);
    expect(await levelOf(store, v.id, shop.id)).toBeUndefined();
  });
});

interface Ctx {
  id: string;
  sku: string;
  locationId: string;
  foreignVariantId: string;
  foreignLocationId: string;
}

describe("compare_on_hand: apply only if the level's on_hand is exactly that now; otherwise 409 naming each such item", () => {
  it("applies when every compare holds (a missing level is 0)", async () => {
    const { store, v, shop } = await setUp();
    const body = await adjusted(store, {
      reason: "cycle_count",
      changes: [
        { variant_id: v.id, location_code: "default", on_hand: 4, compare_on_hand: 5 },
        { variant_id: v.id, location_id: shop.id, delta: 2, compare_on_hand: 0 },
      ],
    });
    expect(body.entries.map((e: { on_hand_after: number }) => e.on_hand_after)).toEqual([4, 2]);
  });

  it("a compare that does not hold: 409 conflict, errors[] name each item and its current on_hand; nothing changes", async () => {
    const { store, v, shop } = await setUp();
    await adjusted(store, { reason: "received", changes: [{ variant_id: v.id, location_id: shop.id, delta: 2 }] });
    const before = await entryCount(store);
    const res = await adjust(store, {
      reason: "cycle_count",
      changes: [
        { variant_id: v.id, location_code: "default", on_hand: 9, compare_on_hand: 4 },
        { sku: v.sku, location_code: "shop", delta: 1, compare_on_hand: 2 },
        { sku: v.sku, location_id: (await createLocation(store, { code: "third" })).id, delta: 1, compare_on_hand: 3 },
      ],
    });
    expect(res.status, res.text).toBe(409);
    expect(res.body.code).toBe("conflict");
    expect(res.body.errors).toEqual([
      { path: "changes.0.compare_on_hand", message: "on_hand is 5 now, not 4" },
      { path: "changes.2.compare_on_hand", message: "on_hand is 0 now, not 3" },
    ]);
    expect(await entryCount(store)).toBe(before);
    expect(await levelOf(store, v.id, shop.id)).toMatchObject({ on_hand: 2 });
  });

  it("is checked again inside the change's batch: a write between the read and the batch makes it a 409", async () => {
    const { store, v } = await setUp();
    const before = await entryCount(store);
    await changeOnHandBeforeTheChange(store.id, v.id, store.defaultLocation.id, 7);
    const res = await adjust(store, { reason: "cycle_count", changes: [{ variant_id: v.id, location_code: "default", on_hand: 1, compare_on_hand: 5 }] });
    expect(res.status, res.text).toBe(409);
    expect(res.body.errors).toEqual([{ path: "changes.0.compare_on_hand", message: "on_hand is 7 now, not 5" }]);
    expect(await levelOf(store, v.id, store.defaultLocation.id)).toMatchObject({ on_hand: 7 });
    expect(await entryCount(store)).toBe(before + 1);
  });
});

describe("concurrent changes are never lost; the invariants are checked inside the batch", () => {
  it("a delta is added to the level as the batch finds it", async () => {
    const { store, v } = await setUp();
    await changeOnHandBeforeTheChange(store.id, v.id, store.defaultLocation.id, 20);
    const body = await adjusted(store, { reason: "received", changes: [{ variant_id: v.id, location_code: "default", delta: 3 }] });
    expect(body.entries[0]).toMatchObject({ on_hand_delta: 3, on_hand_after: 23 });
  });

  it("a fall that a concurrent change made impossible is a 422 read again, nothing changed", async () => {
    const { store, v } = await setUp();
    await changeOnHandBeforeTheChange(store.id, v.id, store.defaultLocation.id, 2);
    const res = await adjust(store, { reason: "shrinkage", changes: [{ variant_id: v.id, location_code: "default", delta: -4 }] });
    expect(res.status, res.text).toBe(422);
    expect(res.body.errors).toEqual([{ path: "changes.0.delta", message: "would make on_hand -2, below 0 (on_hand is 2)" }]);
    expect(await levelOf(store, v.id, store.defaultLocation.id)).toMatchObject({ on_hand: 2 });
  });

  it("parallel deltas on one level all count", async () => {
    const { store, v } = await setUp();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => adjust(store, { reason: "returned", changes: [{ variant_id: v.id, location_code: "default", delta: 2 }] })),
    );
    for (const a of answers) expect(a.status, a.text).toBe(201);
    expect(await levelOf(store, v.id, store.defaultLocation.id)).toMatchObject({ on_hand: 15 });
  });
});

describe("Idempotency-Key: the same request again gets the kept response and changes nothing", () => {
  it("replays, and refuses the key with another body", async () => {
    const { store, v } = await setUp();
    const key = { "Idempotency-Key": `adj-${crypto.randomUUID()}` };
    const body = { reason: "received", changes: [{ variant_id: v.id, location_code: "default", delta: 2 }] };
    const first = await adjust(store, body, store.token, key);
    expect(first.status, first.text).toBe(201);
    const again = await adjust(store, body, store.token, key);
    expect(again.status).toBe(201);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(again.body).toEqual(first.body);
    expect(await levelOf(store, v.id, store.defaultLocation.id)).toMatchObject({ on_hand: 7 });
    expect((await ledger(store, "?reason=received")).body.data).toHaveLength(1);
    const other = await adjust(store, { ...body, reason: "returned" }, store.token, key);
    expect(other.status).toBe(422);
    expect(other.body.code).toBe("idempotency_key_reused");
  });
});

describe("actor: a PAT's user and token_id; a session's user; an integration's integration_id with user_id null", () => {
  it("each credential is named on the entries (and on the audit row)", async () => {
    const { store, v } = await setUp();
    const pat = await newToken(store.id, store.owner.jwt, ["inventory.read", "inventory.write"]);
    const key = await newIntegrationKey(store.id, store.owner.jwt, ["inventory.read", "inventory.write"]);
    const change = { reason: "received", changes: [{ variant_id: v.id, location_code: "default", delta: 1 }] };
    const byPat = await adjust(store, change, pat.token);
    const bySession = await adjust(store, change, store.owner.jwt);
    const byKey = await adjust(store, change, key);
    expect(byPat.body.entries[0].actor).toEqual({ user_id: store.owner.id, token_id: pat.id, integration_id: null });
    expect(bySession.body.entries[0].actor).toEqual({ user_id: store.owner.id, token_id: null, integration_id: null });
    const integrationId = (await call("GET", store.at("/integrations"), { token: store.owner.jwt })).body.data[0].id;
    expect(byKey.body.entries[0].actor).toEqual({ user_id: null, token_id: null, integration_id: integrationId });
    const audit = await auditRows(store.id, "inventory.adjust");
    expect(audit.map((a) => [a.user_id, a.token_id, a.integration_id])).toEqual([
      [store.owner.id, pat.id, null],
      [store.owner.id, null, null],
      [null, null, integrationId],
    ]);
  });
});

describe("events: inventory.updated once per changed level (the level, delta, reason); products.updated per product whose stock changed", () => {
  it("records them in the change's batch and fans them out to subscriptions", async () => {
    const { store, product, v, shop } = await setUp();
    const { product: other, variants: otherVariants } = await productWithVariants(store, [0]);
    const hook = await call("POST", store.at("/webhooks"), {
      token: store.token,
      body: { url: "http://127.0.0.1:9/inventory", events: ["inventory.updated"], secret: "a-secret-of-enough-length-0123456789" },
    });
    expect(hook.status, hook.text).toBe(201);
    const inventoryBefore = (await eventsNamed(store.id, "inventory.updated")).length;
    const productsBefore = (await eventsNamed(store.id, "products.updated")).length;
    await adjusted(store, {
      reason: "returned",
      reference: "RMA-7",
      changes: [
        { variant_id: v.id, location_code: "default", delta: -2 },
        { variant_id: v.id, location_id: shop.id, delta: 4 },
        { variant_id: otherVariants[0].id, location_code: "default", on_hand: 3 },
      ],
    });
    const levels = (await eventsNamed(store.id, "inventory.updated")).slice(inventoryBefore);
    expect(levels).toHaveLength(3);
    const at = (variantId: string, locationId: string) =>
      levels.find((e: { variant_id: string; location_id: string }) => e.variant_id === variantId && e.location_id === locationId);
    expect(at(v.id, store.defaultLocation.id)).toEqual({
      variant_id: v.id,
      product_id: product.id,
      sku: v.sku,
      location_id: store.defaultLocation.id,
      location_code: "default",
      on_hand: 3,
      committed: 0,
      available: 3,
      updated_at: expect.any(String),
      delta: -2,
      reason: "returned",
    });
    expect(at(v.id, shop.id)).toMatchObject({ on_hand: 4, delta: 4, reason: "returned" });
    expect(at(otherVariants[0].id, store.defaultLocation.id)).toMatchObject({ on_hand: 3, delta: 3 });
    const products = (await eventsNamed(store.id, "products.updated")).slice(productsBefore);
    expect(products.map((p: { id: string }) => p.id).sort()).toEqual([product.id, other.id].sort());
    const deliveries = await storeAll<{ event: string }>(store.id, "SELECT event FROM webhook_deliveries WHERE webhook_id = ?", hook.body.data[0].id);
    expect(deliveries).toHaveLength(3);
  });
});

describe("permissions: inventory.write", () => {
  it("a member with inventory.read only gets 403 naming inventory.write; with inventory.write it works", async () => {
    const { store, v } = await setUp();
    const reader = await addMember(store, ["inventory.read"]);
    const writer = await addMember(store, ["inventory.write"]);
    const change = { reason: "received", changes: [{ variant_id: v.id, location_code: "default", delta: 1 }] };
    const denied = await adjust(store, change, reader.jwt);
    expect(denied.status).toBe(403);
    expect(denied.body.missing_permission).toBe("inventory.write");
    expect((await adjust(store, change, writer.jwt)).status).toBe(201);
  });
});

describe("SKUs are matched case-insensitively; codes too", () => {
  it("finds the variant and location whatever the case", async () => {
    const store = await inventoryStore();
    const sku = newSku("MiXeD");
    const { product } = await productWithVariants(store, []);
    const variant = await call("POST", store.path(`/${product.id}/variants`), { token: store.token, body: { price_cents: 100, sku } });
    await createLocation(store, { code: "3PL_East" });
    const body = await adjusted(store, { reason: "received", changes: [{ sku: sku.toUpperCase(), location_code: "3pl_east", delta: 1 }] });
    expect(body.entries[0]).toMatchObject({ variant_id: variant.body.id, location_code: "3PL_East" });
  });
});
