// POST /stores/{id}/variants/bulk (docs/api/15-sync-and-bulk.md): up to 250 changes by variant_id or sku, all or nothing.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { fetchWithEnv } from "../helpers/support";
import { call, newToken } from "../helpers/api";
import { storeD1 } from "../helpers/databases";
import { closeStockContext, openStockContext } from "../helpers/stock-context";
import { type CatalogStore, catalogStore, catalogStoreIds, liveVariable, makeProduct, storeEvents } from "../products/fixtures";
import { itSpreadsStoresOverDatabases, onSameDatabase, storeAll } from "../products/store-databases";

const bulk = (store: CatalogStore, updates: unknown[], headers: Record<string, string> = {}, token = store.token) =>
  call("POST", `/stores/${store.id}/variants/bulk`, { token, body: { updates }, headers });

const variantOf = async (store: CatalogStore, productId: string) => (await call("GET", store.path(`/${productId}`), { token: store.token })).body.variants;

/** Two variable products with two SKU'd variants each, stock 10. */
async function twoProducts(store: CatalogStore) {
  const a = await liveVariable(store, "Alpha", [
    { sku: "A-1", stock: 10, option_values: [{ name: "Size", value: "S" }] },
    { sku: "A-2", stock: 10, option_values: [{ name: "Size", value: "M" }] },
  ]);
  const b = await liveVariable(store, "Beta", [
    { sku: "B-1", stock: 10, option_values: [{ name: "Size", value: "S" }] },
    { sku: "B-2", stock: 10, option_values: [{ name: "Size", value: "M" }] },
  ]);
  return { a, b };
}

const auditRows = async (storeId: string) =>
  storeAll<{ action: string; resource_id: string; details: string }>(
    storeId,
    "SELECT action, resource_id, details FROM audit_log WHERE store_id = ? AND action = 'variant.bulk_update' ORDER BY id",
    storeId,
  );

describe("bulk changes by variant_id or sku: 200 with the variants in request order", () => {
  it("sets price and stock, applies deltas, matches SKUs case-insensitively", async () => {
    const store = await catalogStore();
    const { a, b } = await twoProducts(store);
    const res = await bulk(store, [
      { sku: "b-2", stock: 3 },
      { variant_id: a.variants[0].id, price_cents: 999, stock_delta: -4 },
      { sku: "A-2", stock_delta: 5 },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.data.map((v: { sku: string }) => v.sku)).toEqual(["B-2", "A-1", "A-2"]);
    expect(res.body.data.map((v: { stock: number }) => v.stock)).toEqual([3, 6, 15]);
    expect(res.body.data[1].price_cents).toBe(999);
    const [a1] = await variantOf(store, a.id);
    expect(a1).toMatchObject({ stock: 6, price_cents: 999 });
    expect((await variantOf(store, b.id))[0].stock).toBe(10); // untouched
  });

  it("one products.updated event and one variant.bulk_update audit row (listing the variant ids) per affected product", async () => {
    const store = await catalogStore();
    const { a, b } = await twoProducts(store);
    const before = (await storeEvents(store.id)).length;
    const res = await bulk(store, [
      { sku: "A-1", stock: 1 },
      { sku: "A-2", stock: 2 },
      { sku: "B-1", stock: 3 },
    ]);
    expect(res.status).toBe(200);
    const all = (await storeEvents(store.id)).slice(before);
    // And one inventory.updated per level whose on_hand the stock writes changed (docs/api/20-inventory.md).
    expect(
      all
        .filter((e) => e.name === "inventory.updated")
        .map((e) => e.data.sku)
        .sort(),
    ).toEqual(["A-1", "A-2", "B-1"]);
    const events = all.filter((e) => e.name !== "inventory.updated");
    expect(events.map((e) => e.name)).toEqual(["products.updated", "products.updated"]);
    const byId = new Map(events.map((e) => [e.data.id, e.data]));
    expect(byId.get(a.id).variants.map((v: { stock: number }) => v.stock)).toEqual([1, 2]);
    expect(byId.get(b.id).variants[0].stock).toBe(3);
    const audit = await auditRows(store.id);
    expect(audit.map((r) => r.resource_id).sort()).toEqual([a.id, b.id].sort());
    const forA = audit.find((r) => r.resource_id === a.id)!;
    expect(JSON.parse(forA.details).variant_ids.sort()).toEqual(a.variants.map((v: { id: string }) => v.id).sort());
    const listed = await call("GET", `/stores/${store.id}/audit-log?limit=5`, { token: store.token });
    const listedForA = listed.body.data.find((e: { resource_id: string }) => e.resource_id === a.id);
    expect(listedForA).toMatchObject({ action: "variant.bulk_update", resource_type: "product" });
    expect(listedForA.details.variant_ids).toHaveLength(2);
  });
});

describe("a full request: 250 variants of 250 products in one batch", () => {
  it("changes all 250, with 250 events and 250 audit rows", async () => {
    const store = await catalogStore();
    const now = new Date().toISOString();
    const db = await storeD1(store.id);
    const statements = [openStockContext(db, store.id)];
    for (let i = 0; i < 250; i++) {
      const pid = crypto.randomUUID();
      statements.push(
        db
          .prepare(
            "INSERT INTO products (id, store_id, slug, title, product_type, status, created_at, updated_at) VALUES (?, ?, ?, ?, 'single', 'draft', ?, ?)",
          )
          .bind(pid, store.id, `p-${i}`, `P ${i}`, now, now),
        db
          .prepare(
            "INSERT INTO product_variants (id, store_id, product_id, title, is_default, sku, sku_lower, price_cents, stock, option_key, created_at, updated_at) VALUES (?, ?, ?, 'Default', 1, ?, ?, 100, 5, '[]', ?, ?)",
          )
          .bind(crypto.randomUUID(), store.id, pid, `BULK-${i}`, `bulk-${i}`, now, now),
      );
    }
    await db.batch([...statements, closeStockContext(db)]);
    const before = (await storeEvents(store.id)).length;
    const res = await bulk(
      store,
      Array.from({ length: 250 }, (_, i) => ({ sku: `BULK-${i}`, stock_delta: i, price_cents: 200 + i })),
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(250);
    expect(res.body.data[249]).toMatchObject({ sku: "BULK-249", stock: 254, price_cents: 449 });
    const events = (await storeEvents(store.id)).slice(before);
    expect(events.filter((e) => e.name === "products.updated")).toHaveLength(250);
    // Every stock but the one whose delta was 0 changed a level.
    expect(events.filter((e) => e.name === "inventory.updated")).toHaveLength(249);
    expect(await auditRows(store.id)).toHaveLength(250);
  });
});

describe("all or nothing: any bad item is a 422 naming every bad index, and nothing changes", () => {
  it("unknown SKU, unknown id, repeated target, stock below 0, no target, two targets, stock with delta, no change", async () => {
    const store = await catalogStore();
    const { a } = await twoProducts(store);
    const other = await onSameDatabase(store.id, catalogStore);
    const foreign = await makeProduct(other, { title: "Elsewhere" });
    const before = (await storeEvents(store.id)).length;
    const res = await bulk(store, [
      { sku: "A-1", stock: 7 }, // 0: fine
      { sku: "NOPE", stock: 1 }, // 1
      { variant_id: foreign.variants[0].id, stock: 1 }, // 2: another store's variant
      { variant_id: a.variants[0].id, price_cents: 5 }, // 3: repeats item 0's target
      { sku: "A-2", stock_delta: -11 }, // 4: 10 - 11 < 0
      { price_cents: 5 }, // 5: no target
      { sku: "B-1", variant_id: a.variants[1].id, stock: 1 }, // 6: two targets
      { sku: "B-2", stock: 1, stock_delta: 1 }, // 7: exclusive
      { sku: "B-1" }, // 8: no change
    ]);
    expect(res.status).toBe(422);
    expect(res.body.code).toBe("validation_failed");
    expect(res.body.errors.map((e: { path: string }) => e.path)).toEqual([
      "updates.1.sku",
      "updates.2.variant_id",
      "updates.3.variant_id",
      "updates.4.stock_delta",
      "updates.5.sku",
      "updates.6.variant_id",
      "updates.7.stock_delta",
      "updates.8.price_cents",
    ]);
    expect((await variantOf(store, a.id)).map((v: { stock: number }) => v.stock)).toEqual([10, 10]);
    expect((await storeEvents(store.id)).length).toBe(before);
    expect(await auditRows(store.id)).toEqual([]);
  });

  it("malformed values name the field; 0 or 251 items, unknown fields: 422", async () => {
    const store = await catalogStore();
    await twoProducts(store);
    const bad = await bulk(store, [
      { sku: "A-1", stock: -1 },
      { sku: "A-2", price_cents: 1.5 },
      { sku: "B-1", stock: 2 },
    ]);
    expect(bad.status).toBe(422);
    expect(bad.body.errors.map((e: { path: string }) => e.path)).toEqual(["updates.0.stock", "updates.1.price_cents"]);
    expect((await bulk(store, [])).status).toBe(422);
    const many = Array.from({ length: 251 }, () => ({ sku: "A-1", stock: 1 }));
    expect((await bulk(store, many)).status).toBe(422);
    expect((await bulk(store, [{ sku: "A-1", stock: 1, colour: "red" }])).status).toBe(422);
  });
});

describe("stock changes are race-free", () => {
  it("concurrent deltas never lose an update and never take stock below 0", async () => {
    const store = await catalogStore();
    const { a } = await twoProducts(store);
    const takes = await Promise.all(Array.from({ length: 14 }, () => bulk(store, [{ sku: "A-1", stock_delta: -1 }])));
    expect(takes.filter((r) => r.status === 200)).toHaveLength(10);
    expect(takes.filter((r) => r.status !== 200).every((r) => r.status === 422 || r.status === 409)).toBe(true);
    const adds = await Promise.all(Array.from({ length: 8 }, () => bulk(store, [{ sku: "A-2", stock_delta: 1 }])));
    expect(adds.every((r) => r.status === 200)).toBe(true);
    expect((await variantOf(store, a.id)).map((v: { stock: number }) => v.stock)).toEqual([0, 18]);
  });

  it("a delta computed against stock that an order took meanwhile rolls the whole batch back", async () => {
    const store = await catalogStore();
    const { a } = await twoProducts(store);
    // The look-up sees 10; between it and the write, the stock drops to 2 (as an order would make it).
    const { bulkUpdateVariants } = await import("../../src/sync/bulk.service");
    const { storeDb } = await import("../../src/placement/store-db");
    const db = (await storeDb(env, store.id))!;
    const binding = await storeD1(store.id);
    let first = true;
    const racing = new Proxy(db, {
      get(target, prop, receiver) {
        if (prop === "batch" && first) {
          first = false;
          return async (statements: unknown) => {
            await binding.batch([
              openStockContext(binding, store.id),
              binding.prepare("UPDATE product_variants SET stock = 2 WHERE sku_lower = 'a-1' AND store_id = ?").bind(store.id),
              closeStockContext(binding),
            ]);
            return (target.batch as (s: unknown) => unknown).call(target, statements);
          };
        }
        return Reflect.get(target, prop, receiver);
      },
    });
    const ctx = {
      db: racing,
      env,
      requestId: "t",
      waitUntil: () => {},
      principal: { kind: "jwt", userId: store.owner.id, token: null, session: null },
      store: { storeId: store.id, role: "owner", memberPermissions: 0n, permissions: 0n },
    } as never;
    const attempt = bulkUpdateVariants(ctx, [
      { sku: "A-1", stock_delta: -5 },
      { sku: "A-2", stock: 1 },
    ]);
    await expect(attempt).rejects.toMatchObject({ status: 422, extra: { errors: [{ path: "updates.0.stock_delta" }] } });
    expect((await variantOf(store, a.id)).map((v: { stock: number }) => v.stock)).toEqual([2, 10]);
  });
});

describe("Idempotency-Key, permission, budgets", () => {
  it("the same key replays the first response and changes nothing twice", async () => {
    const store = await catalogStore();
    const { a } = await twoProducts(store);
    const headers = { "Idempotency-Key": "bulk-1" };
    const first = await bulk(store, [{ sku: "A-1", stock_delta: -3 }], headers);
    const again = await bulk(store, [{ sku: "A-1", stock_delta: -3 }], headers);
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(again.body).toEqual(first.body);
    expect((await variantOf(store, a.id))[0].stock).toBe(7);
    expect((await bulk(store, [{ sku: "A-1", stock_delta: -2 }], headers)).body.code).toBe("idempotency_key_reused");
  });

  it("needs products.edit (403 naming it)", async () => {
    const store = await catalogStore();
    await twoProducts(store);
    const { token } = await newToken(store.id, store.owner.jwt, ["products.read"]);
    const res = await bulk(store, [{ sku: "A-1", stock: 1 }], {}, token);
    expect(res.status).toBe(403);
    expect(res.body.missing_permission).toBe("products.edit");
  });

  it("counts as one request against the per-credential budget, whatever its number of items", async () => {
    const store = await catalogStore();
    const many = [];
    for (let i = 0; i < 3; i++) many.push({ sku: `M-${i}`, stock: 1, option_values: [{ name: "N", value: String(i) }] });
    await liveVariable(store, "Many", many);
    const overrides = { CREDENTIAL_RATE_LIMITER: env.TEST_LIMIT_3_PER_10S, RATE_LIMIT_PER_CREDENTIAL: "3" } as Partial<Env>;
    const send = (path: string, body?: unknown) =>
      fetchWithEnv(
        new Request(`http://api.test/stores/${store.id}${path}`, {
          method: body ? "POST" : "GET",
          headers: { Authorization: `Bearer ${store.token}`, ...(body ? { "Content-Type": "application/json" } : {}) },
          body: body ? JSON.stringify(body) : undefined,
        }),
        overrides,
      );
    for (let attempt = 0; ; attempt++) {
      const window = Math.floor(Date.now() / 10_000);
      const updates = many.map((m) => ({ sku: m.sku, stock_delta: 1 }));
      const statuses = [
        (await send("/variants/bulk", { updates })).status,
        (await send("/products")).status,
        (await send("/products")).status,
        (await send("/products")).status,
      ];
      if (Math.floor(Date.now() / 10_000) !== window && attempt < 3) continue;
      expect(statuses).toEqual([200, 200, 200, 429]);
      break;
    }
  });
});

itSpreadsStoresOverDatabases(() => catalogStoreIds);
