// PUT /stores/{store_id}/products/by-external-id/{external_id} (docs/api/23-one-call-sync-and-imports.md; docs/sync.md "PUT by external id"):
// the desired product, created or replaced, variants matched by external_id then sku, all or nothing, and a PUT of
// the stored state changes nothing.
import { afterEach, describe, expect, it, vi } from "vitest";
import { PERMISSION_NAMES } from "../../src/lib/permissions";
import { call, newToken } from "../helpers/api";
import {
  adjusted,
  commitUnitsBeforeTheChange,
  createLocation,
  deletionEntries,
  expectLedgerSumsToLevels,
  inventoryStore,
  levelOf,
  moveOrder,
  placeOrder,
} from "../inventory/support";
import { type CatalogStore, catalogStore, getProduct, makeProduct } from "../products/fixtures";
import { storeFirst } from "../products/store-databases";

const put = (store: CatalogStore, externalId: string, body: unknown, options: { token?: string; headers?: Record<string, string> } = {}) =>
  call("PUT", store.path(`/by-external-id/${encodeURIComponent(externalId)}`), { token: options.token ?? store.token, body, headers: options.headers });

const unique = () => crypto.randomUUID().slice(0, 8);

afterEach(() => vi.restoreAllMocks());

/** A variable product's desired state with two variants keyed by the ERP. */
const tee = (key: string) => ({
  title: "Tee",
  product_type: "variable",
  description: "Cotton",
  brand: "Acme",
  tags: ["summer"],
  variants: [
    { external_id: `${key}-s`, sku: `${key}-S`, price_cents: 1500, stock: 3, option_values: [{ name: "Size", value: "S" }] },
    { external_id: `${key}-m`, sku: `${key}-M`, price_cents: 1600, compare_at_price_cents: 2000, option_values: [{ name: "Size", value: "M" }] },
  ],
});

/** What a write leaves behind: the store's events, audit rows and ledger entries. */
async function trail(store: CatalogStore) {
  const count = async (sql: string) => (await storeFirst<{ n: number }>(store.id, sql, store.id))!.n;
  return {
    events: await count("SELECT count(*) AS n FROM events WHERE store_id = ?"),
    audit: await count("SELECT count(*) AS n FROM audit_log WHERE store_id = ?"),
    ledger: await count("SELECT count(*) AS n FROM inventory_ledger WHERE store_id = ?"),
  };
}

const eventNames = async (store: CatalogStore, after: number) =>
  (await call("GET", `/stores/${store.id}/events?limit=100`, { token: store.token })).body.data
    .filter((e: { sequence: number }) => e.sequence > after)
    .map((e: { event: string }) => e.event);

describe("created when no product of the store has the external_id, replaced when one has", () => {
  it("creates (201, Location, ETag), then replaces (200): left-out fields take their defaults, the slug stays", async () => {
    const store = await catalogStore();
    const key = `erp-${unique()}`;
    const made = await put(store, key, tee(key));
    expect(made.status, made.text).toBe(201);
    expect(made.headers.get("Location")).toBe(`/stores/${store.id}/products/${made.body.id}`);
    expect(made.headers.get("ETag")).toBe((await getProduct(store, made.body.id)).headers.get("ETag"));
    expect(made.body).toMatchObject({ external_id: key, title: "Tee", slug: "tee", status: "draft", description: "Cotton", tags: ["summer"] });
    expect(made.body.variants.map((v: any) => [v.sku, v.price_cents, v.stock, v.compare_at_price_cents, v.position])).toEqual([
      [`${key}-S`, 1500, 3, null, 0],
      [`${key}-M`, 1600, 0, 2000, 1],
    ]);
    const body = tee(key);
    const replaced = await put(store, key, {
      title: "Tee 2",
      product_type: "variable",
      variants: body.variants.map(({ compare_at_price_cents: _c, ...v }) => v),
    });
    expect(replaced.status, replaced.text).toBe(200);
    expect(replaced.body).toMatchObject({ id: made.body.id, title: "Tee 2", slug: "tee", description: null, brand: null, tags: [] });
    expect(replaced.body.variants.map((v: any) => [v.id, v.compare_at_price_cents])).toEqual(made.body.variants.map((v: any) => [v.id, null]));
  });

  it("a single product takes exactly one item, its hidden default variant; two items are a 422", async () => {
    const store = await catalogStore();
    const key = `one-${unique()}`;
    const made = await put(store, key, { title: "Mug", product_type: "single", variants: [{ price_cents: 900, sku: `${key}-sku` }] });
    expect(made.status, made.text).toBe(201);
    expect(made.body.variants).toMatchObject([{ is_default: true, title: "Default", price_cents: 900 }]);
    const again = await put(store, key, { title: "Mug", product_type: "single", variants: [{ price_cents: 950 }] });
    expect(again.body.variants.map((v: any) => [v.id, v.price_cents, v.sku])).toEqual([[made.body.variants[0].id, 950, null]]);
    const two = await put(store, key, { title: "Mug", product_type: "single", variants: [{ price_cents: 1 }, { price_cents: 2 }] });
    expect(two.status).toBe(422);
    expect(two.body.errors.map((e: any) => e.path)).toEqual(["variants"]);
  });
});

describe("the path: any external id, even one that reads like a product sub-resource", () => {
  it("external ids `specs` and `variants` are products of their own, not /products/{id}/specs", async () => {
    const store = await catalogStore();
    for (const key of ["specs", "variants"]) {
      const res = await put(store, key, { title: `Named ${key}`, product_type: "single", variants: [{ price_cents: 1 }] });
      expect([res.status, res.body.external_id], res.text).toEqual([201, key]);
    }
  });
});

describe("a PUT of the stored state changes nothing", () => {
  it("200 with the product as it was: no event, no audit row, no ledger entry, the same updated_at and ETag", async () => {
    const store = await catalogStore();
    const key = `same-${unique()}`;
    const made = await put(store, key, tee(key));
    const before = { trail: await trail(store), product: await getProduct(store, made.body.id) };
    const same = await put(store, key, tee(key));
    expect(same.status, same.text).toBe(200);
    expect(same.body).toEqual(before.product.body);
    expect(same.headers.get("ETag")).toBe(before.product.headers.get("ETag"));
    expect(await trail(store)).toEqual(before.trail);
  });

  it("one variant's price changed: one products.updated, one audit row, only that variant gets a new updated_at", async () => {
    const store = await catalogStore();
    const key = `part-${unique()}`;
    const made = await put(store, key, tee(key));
    const before = await trail(store);
    const lastSequence = Math.max(...(await call("GET", `/stores/${store.id}/events?limit=100`, { token: store.token })).body.data.map((e: any) => e.sequence));
    await new Promise((r) => setTimeout(r, 5));
    const body = tee(key);
    body.variants[1].price_cents = 1700;
    const changed = await put(store, key, body);
    expect(changed.status).toBe(200);
    expect(await trail(store)).toEqual({ ...before, events: before.events + 1, audit: before.audit + 1 });
    expect(await eventNames(store, lastSequence)).toEqual(["products.updated"]);
    expect(changed.body.updated_at > made.body.updated_at).toBe(true);
    expect(changed.body.variants[0].updated_at).toBe(made.body.variants[0].updated_at);
    expect(changed.body.variants[1].updated_at > made.body.variants[1].updated_at).toBe(true);
  });
});

describe("variants are matched by external_id, else by sku; unmatched ones are deleted, new ones created", () => {
  it("external_id wins over a changed sku; sku matches a variant without external_id; the rest is deleted; a new item is created", async () => {
    const store = await catalogStore();
    const product = await makeProduct(store, { title: "Cap", product_type: "variable", default_price_cents: undefined, external_id: `cap-${unique()}` });
    const a = await call("POST", store.path(`/${product.id}/variants`), {
      token: store.token,
      body: { price_cents: 100, sku: "CAP-A", external_id: `${product.external_id}-a`, option_values: [{ name: "c", value: "a" }] },
    });
    const b = await call("POST", store.path(`/${product.id}/variants`), {
      token: store.token,
      body: { price_cents: 100, sku: "CAP-B", option_values: [{ name: "c", value: "b" }] },
    });
    const c = await call("POST", store.path(`/${product.id}/variants`), {
      token: store.token,
      body: { price_cents: 100, sku: "CAP-C", option_values: [{ name: "c", value: "c" }] },
    });
    const res = await put(store, product.external_id, {
      title: "Cap",
      product_type: "variable",
      variants: [
        { external_id: `${product.external_id}-a`, sku: "CAP-A2", price_cents: 110, option_values: [{ name: "c", value: "a" }] },
        { sku: "cap-b", price_cents: 120, option_values: [{ name: "c", value: "b" }] },
        { sku: "CAP-D", price_cents: 130, option_values: [{ name: "c", value: "d" }] },
      ],
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.variants.map((v: any) => [v.id === a.body.id ? "a" : v.id === b.body.id ? "b" : "new", v.sku, v.price_cents])).toEqual([
      ["a", "CAP-A2", 110],
      ["b", "cap-b", 120],
      ["new", "CAP-D", 130],
    ]);
    expect((await call("GET", store.path(`/${product.id}/variants/${c.body.id}`), { token: store.token })).status).toBe(404);
  });

  it("two variants may swap their SKUs in one PUT", async () => {
    const store = await catalogStore();
    const key = `swap-${unique()}`;
    const made = await put(store, key, tee(key));
    const body = tee(key);
    [body.variants[0].sku, body.variants[1].sku] = [body.variants[1].sku, body.variants[0].sku];
    const swapped = await put(store, key, body);
    expect(swapped.status, swapped.text).toBe(200);
    expect(swapped.body.variants.map((v: any) => [v.id, v.sku])).toEqual([
      [made.body.variants[0].id, `${key}-M`],
      [made.body.variants[1].id, `${key}-S`],
    ]);
  });

  it("an external_id or SKU of another store is never matched, and is free to use here", async () => {
    const [mine, theirs] = [await catalogStore(), await catalogStore()];
    const key = `shared-${unique()}`;
    const theirsMade = await put(theirs, key, tee(key));
    const mineMade = await put(mine, key, tee(key));
    expect(mineMade.status, mineMade.text).toBe(201);
    expect(mineMade.body.id).not.toBe(theirsMade.body.id);
    expect(mineMade.body.variants.map((v: any) => v.id)).not.toContain(theirsMade.body.variants[0].id);
    expect((await getProduct(theirs, theirsMade.body.id)).body).toEqual(theirsMade.body);
  });

  it("a SKU another product of the store holds: 409, nothing written", async () => {
    const store = await catalogStore();
    const other = await makeProduct(store, { title: "Other", default_price_cents: 1 });
    await call("PATCH", store.path(`/${other.id}/variants/${other.variants[0].id}`), { token: store.token, body: { sku: "TAKEN-1" } });
    const before = await trail(store);
    const res = await put(store, `k-${unique()}`, { title: "New", product_type: "single", variants: [{ price_cents: 5, sku: "taken-1" }] });
    expect(res.status).toBe(409);
    expect(await trail(store)).toEqual(before);
  });
});

describe("stock: left out, unchanged; given, a stock write", () => {
  it("a ledger entry (stock_write, product.put) only when the stock is given and differs", async () => {
    const store = await catalogStore();
    const key = `stock-${unique()}`;
    await put(store, key, tee(key));
    const before = await trail(store);
    const body = tee(key);
    delete (body.variants[0] as { stock?: number }).stock;
    body.title = "Tee renamed";
    const leftOut = await put(store, key, body);
    expect(leftOut.body.variants[0].stock).toBe(3);
    expect((await trail(store)).ledger).toBe(before.ledger);
    const same = tee(key);
    same.title = "Tee renamed";
    await put(store, key, same);
    expect((await trail(store)).ledger).toBe(before.ledger);
    same.variants[0].stock = 8;
    const given = await put(store, key, same);
    expect(given.body.variants[0].stock).toBe(8);
    const entry = await storeFirst<{ reason: string; reference: string; on_hand_delta: number }>(
      store.id,
      "SELECT reason, reference, on_hand_delta FROM inventory_ledger WHERE store_id = ? ORDER BY seq DESC LIMIT 1",
      store.id,
    );
    expect(entry).toEqual({ reason: "stock_write", reference: "product.put", on_hand_delta: 5 });
    expect((await trail(store)).ledger).toBe(before.ledger + 1);
  });
});

describe("a stock write the other locations hold refuses", () => {
  it("stock held at a second location: 422 at variants.<i>.stock, nothing written; left out, the PUT goes through", async () => {
    const store = await catalogStore();
    const key = `held-${unique()}`;
    const made = await put(store, key, tee(key));
    const location = await call("POST", `/stores/${store.id}/locations`, { token: store.token, body: { name: "Warehouse", code: `wh-${unique()}` } });
    expect(location.status, location.text).toBe(201);
    const adjusted = await call("POST", `/stores/${store.id}/inventory/adjustments`, {
      token: store.token,
      body: { reason: "received", changes: [{ variant_id: made.body.variants[1].id, location_id: location.body.id, delta: 4 }] },
    });
    expect(adjusted.status, adjusted.text).toBe(201);
    const before = await trail(store);
    const body = tee(key);
    (body.variants[1] as { stock?: number }).stock = 9;
    body.title = "Tee held";
    const refused = await put(store, key, body);
    expect(refused.status).toBe(422);
    expect(refused.body.errors.map((e: any) => e.path)).toEqual(["variants.1.stock"]);
    expect(await trail(store)).toEqual(before);
    delete (body.variants[1] as { stock?: number }).stock;
    const through = await put(store, key, body);
    expect([through.status, through.body.title, through.body.variants[1].stock]).toEqual([200, "Tee held", 4]);
  });
});

describe('a variant the PUT leaves out that holds stock (docs/inventory.md "Deleting a variant")', () => {
  it("on_hand at two locations: 200, its levels go, and variant_deleted entries (reference product.put) bring each level's sum to 0", async () => {
    const store = await inventoryStore();
    const key = `gone-${unique()}`;
    const made = await put(store, key, tee(key));
    const [small, medium] = made.body.variants;
    const wh = await createLocation(store, { code: "wh" });
    await adjusted(store, { reason: "received", changes: [{ variant_id: small.id, location_id: wh.id, delta: 4 }] });
    const body = tee(key);
    body.variants = [body.variants[1]];
    const res = await put(store, key, body);
    expect(res.status, res.text).toBe(200);
    expect(res.body.variants.map((v: { id: string }) => v.id)).toEqual([medium.id]);
    expect(await storeFirst(store.id, "SELECT location_id FROM inventory_levels WHERE variant_id = ?", small.id)).toBeNull();
    expect(await deletionEntries(store.id, small.id)).toEqual([
      ["default", -3, 0, 0, "product.put"],
      ["wh", -4, 0, 0, "product.put"],
    ]);
    const sums = (await expectLedgerSumsToLevels(store.id)).filter((r) => r.variant_id === small.id);
    expect(sums.map((r) => [r.on_hand_sum, r.committed_sum, r.level_exists])).toEqual([
      [0, 0, 0],
      [0, 0, 0],
    ]);
  });

  it("committed units: 409 naming them, nothing changed; once the order is fulfilled the PUT goes through", async () => {
    const store = await inventoryStore();
    const key = `held-${unique()}`;
    const made = await put(store, key, { ...tee(key), status: "live" });
    expect(made.status, made.text).toBe(201);
    const [small] = made.body.variants;
    const order = await placeOrder(store, [{ variant_id: small.id, quantity: 2 }]);
    const body = { ...tee(key), status: "live", title: "Tee without S" };
    body.variants = [body.variants[1]];
    const refused = await put(store, key, body);
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body.code).toBe("conflict");
    expect(refused.body.detail).toMatch(/open order/);
    expect(refused.body.detail).toContain(`${key}-S`);
    expect(refused.body.detail).toContain("2 committed at default");
    const now = (await getProduct(store, made.body.id)).body;
    expect([now.title, now.variants.length]).toEqual(["Tee", 2]);
    expect(await levelOf(store, small.id, store.defaultLocation.id)).toMatchObject({ on_hand: 3, committed: 2 });
    await moveOrder(store, order, "paid");
    await moveOrder(store, order, "fulfilled");
    const through = await put(store, key, body);
    expect([through.status, through.body.title, through.body.variants.length]).toEqual([200, "Tee without S", 1]);
    expect(await deletionEntries(store.id, small.id)).toEqual([["default", -1, 0, 0, "product.put"]]);
    await expectLedgerSumsToLevels(store.id);
  });

  it("an order that commits units between the read and the PUT's batch: planned again, then 409 naming them", async () => {
    const store = await inventoryStore();
    const key = `race-${unique()}`;
    const made = await put(store, key, tee(key));
    const [small] = made.body.variants;
    await commitUnitsBeforeTheChange(store.id, small.id, store.defaultLocation.id, 1);
    const body = tee(key);
    body.variants = [body.variants[1]];
    const res = await put(store, key, body);
    expect(res.status, res.text).toBe(409);
    expect(res.body.detail).toContain("1 committed at default");
    vi.restoreAllMocks();
    expect((await getProduct(store, made.body.id)).body.variants).toHaveLength(2);
    await expectLedgerSumsToLevels(store.id);
  });
});

describe("custom fields: the values given are the values (full replacement)", () => {
  it("set on product and variant, then a key left out is removed; an unknown key is a 422 at its path", async () => {
    const store = await catalogStore();
    for (const [owner, k] of [
      ["product", "material"],
      ["product", "care"],
      ["variant", "supplier"],
    ]) {
      const res = await call("POST", `/stores/${store.id}/field-definitions`, { token: store.token, body: { owner, key: k, name: k, type: "text" } });
      expect(res.status, res.text).toBe(201);
    }
    const key = `fields-${unique()}`;
    const body = {
      title: "Scarf",
      product_type: "single",
      fields: { material: "wool", care: "hand wash" },
      variants: [{ price_cents: 100, fields: { supplier: "S1" } }],
    };
    const made = await put(store, key, body);
    expect(made.body.fields).toEqual({ material: "wool", care: "hand wash" });
    expect(made.body.variants[0].fields).toEqual({ supplier: "S1" });
    const same = await put(store, key, { ...body, fields: { care: "hand wash", material: "wool" } });
    expect(same.body.updated_at).toBe(made.body.updated_at);
    const fewer = await put(store, key, { ...body, fields: { material: "wool" }, variants: [{ price_cents: 100 }] });
    expect(fewer.body.fields).toEqual({ material: "wool" });
    expect(fewer.body.variants[0].fields).toEqual({});
    const bad = await put(store, key, { ...body, variants: [{ price_cents: 100, fields: { nope: 1 } }] });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.map((e: any) => e.path)).toEqual(["variants.0.fields.nope"]);
  });
});

describe("permissions: products.write to create, products.edit to change, products.publish for live", () => {
  it("a token with only products.write creates but cannot change; one with only products.edit changes but cannot create", async () => {
    const store = await catalogStore();
    const writer = (await newToken(store.id, store.owner.jwt, ["products.read", "products.write"])).token;
    const editor = (await newToken(store.id, store.owner.jwt, ["products.read", "products.edit"])).token;
    const key = `perm-${unique()}`;
    expect((await put(store, key, tee(key), { token: writer })).status).toBe(201);
    const change = { ...tee(key), title: "Changed" };
    const refused = await put(store, key, change, { token: writer });
    expect([refused.status, refused.body.missing_permission]).toEqual([403, "products.edit"]);
    expect((await put(store, key, change, { token: editor })).status).toBe(200);
    const other = `perm2-${unique()}`;
    const notCreated = await put(store, other, tee(other), { token: editor });
    expect([notCreated.status, notCreated.body.missing_permission]).toEqual([403, "products.write"]);
    const neither = (await newToken(store.id, store.owner.jwt, ["products.read"])).token;
    expect((await put(store, other, tee(other), { token: neither })).status).toBe(403);
  });

  it("status live needs products.publish (on create and on change)", async () => {
    const store = await catalogStore();
    const noPublish = (
      await newToken(
        store.id,
        store.owner.jwt,
        PERMISSION_NAMES.filter((p) => p !== "products.publish"),
      )
    ).token;
    const key = `live-${unique()}`;
    const refused = await put(store, key, { ...tee(key), status: "live" }, { token: noPublish });
    expect([refused.status, refused.body.missing_permission]).toEqual([403, "products.publish"]);
    expect((await put(store, key, tee(key), { token: noPublish })).status).toBe(201);
    const change = await put(store, key, { ...tee(key), status: "live" }, { token: noPublish });
    expect([change.status, change.body.missing_permission]).toEqual([403, "products.publish"]);
    const live = await put(store, key, { ...tee(key), status: "live" });
    expect([live.status, live.body.status]).toEqual([200, "live"]);
    expect(live.body.published_at).not.toBeNull();
  });
});

describe("If-Match, Idempotency-Key, product_type", () => {
  it("If-Match: a stale ETag is 412 and changes nothing; the current one passes", async () => {
    const store = await catalogStore();
    const key = `etag-${unique()}`;
    const made = await put(store, key, tee(key));
    const etag = made.headers.get("ETag")!;
    await put(store, key, { ...tee(key), title: "Meanwhile" });
    const before = await trail(store);
    const stale = await put(store, key, { ...tee(key), title: "Mine" }, { headers: { "If-Match": etag } });
    expect(stale.status).toBe(412);
    expect(await trail(store)).toEqual(before);
    const current = (await getProduct(store, made.body.id)).headers.get("ETag")!;
    expect((await put(store, key, { ...tee(key), title: "Mine" }, { headers: { "If-Match": current } })).status).toBe(200);
    const missing = `none-${unique()}`;
    expect((await put(store, missing, tee(missing), { headers: { "If-Match": etag } })).status).toBe(412);
  });

  it("Idempotency-Key: the same PUT again is replayed (201, Idempotent-Replayed) and writes nothing", async () => {
    const store = await catalogStore();
    const key = `idem-${unique()}`;
    const headers = { "Idempotency-Key": `k-${unique()}` };
    const first = await put(store, key, tee(key), { headers });
    const before = await trail(store);
    const again = await put(store, key, tee(key), { headers });
    expect([again.status, again.headers.get("Idempotent-Replayed")]).toEqual([201, "true"]);
    expect(again.body).toEqual(first.body);
    expect(await trail(store)).toEqual(before);
    const other = await put(store, key, { ...tee(key), title: "Else" }, { headers });
    expect([other.status, other.body.code]).toEqual([422, "idempotency_key_reused"]);
  });

  it("product_type cannot change: 422 at product_type", async () => {
    const store = await catalogStore();
    const key = `type-${unique()}`;
    await put(store, key, tee(key));
    const res = await put(store, key, { title: "Tee", product_type: "single", variants: [{ price_cents: 1 }] });
    expect(res.status).toBe(422);
    expect(res.body.errors.map((e: any) => e.path)).toEqual(["product_type"]);
  });
});

describe("all or nothing", () => {
  it("a bad variant 1 is a 422 at variants.1.price_cents and nothing is written", async () => {
    const store = await catalogStore();
    const key = `bad-${unique()}`;
    const before = await trail(store);
    const body = tee(key) as any;
    body.variants[1].price_cents = -5;
    const res = await put(store, key, body);
    expect(res.status).toBe(422);
    expect(res.body.errors.map((e: any) => e.path)).toEqual(["variants.1.price_cents"]);
    expect(await trail(store)).toEqual(before);
    expect((await call("GET", `${store.path()}?external_id=${key}&include_drafts=true`, { token: store.token })).body.data).toEqual([]);
  });

  it("repeated keys across items are 422 at the later item", async () => {
    const store = await catalogStore();
    const key = `dup-${unique()}`;
    const body = tee(key) as any;
    body.variants[1].sku = body.variants[0].sku.toLowerCase();
    body.variants[1].external_id = body.variants[0].external_id;
    const res = await put(store, key, body);
    expect(res.status).toBe(422);
    expect(res.body.errors.map((e: any) => e.path).sort()).toEqual(["variants.1.external_id", "variants.1.sku"]);
  });
});

describe("concurrent PUTs of one external id", () => {
  it("four creates at once: one 201, the others 200 on the same product; one product, one products.created", async () => {
    const store = await catalogStore();
    const key = `race-${unique()}`;
    const before = await trail(store);
    const answers = await Promise.all([0, 1, 2, 3].map(() => put(store, key, tee(key))));
    expect(answers.map((a) => a.status).sort(), answers.map((a) => a.text).join("\n")).toEqual([200, 200, 200, 201]);
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    const found = await storeFirst<{ n: number }>(store.id, "SELECT count(*) AS n FROM products WHERE store_id = ? AND external_id = ?", store.id, key);
    expect(found!.n).toBe(1);
    const variants = await storeFirst<{ n: number }>(store.id, "SELECT count(*) AS n FROM product_variants WHERE product_id = ?", answers[0].body.id);
    expect(variants!.n).toBe(2);
    // Sequences count the store's events from 1 (a new store): the ones after `before` are this test's.
    const names = await eventNames(store, before.events);
    expect(names.filter((n: string) => n === "products.created")).toHaveLength(1);
    expect(names.filter((n: string) => n === "products.updated")).toHaveLength(0);
  });

  it("three different desired states at once: each lands whole (planned again when another came first), the last one stays", async () => {
    const store = await catalogStore();
    const key = `race2-${unique()}`;
    expect((await put(store, key, tee(key))).status).toBe(201);
    const states = [1700, 1800, 1900].map((price) => ({
      ...tee(key),
      title: `Tee ${price}`,
      variants: tee(key).variants.map((v) => ({ ...v, price_cents: price })),
    }));
    const answers = await Promise.all(states.map((s) => put(store, key, s)));
    expect(
      answers.map((a) => a.status),
      answers.map((a) => a.text).join("\n"),
    ).toEqual([200, 200, 200]);
    const final = (await getProduct(store, answers[0].body.id)).body;
    // Whichever committed last: its title and its prices together, never a mix of two states.
    const price = Number(final.title.slice(4));
    expect([1700, 1800, 1900]).toContain(price);
    expect(final.variants.map((v: any) => v.price_cents)).toEqual([price, price]);
    expect(final.variants.map((v: any) => v.external_id)).toEqual([`${key}-s`, `${key}-m`]);
  });
});
