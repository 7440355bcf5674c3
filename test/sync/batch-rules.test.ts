// Every rule of the JSON API holds for imported rows and bulk items inside the change's own batch (docs/api/16-integrations.md): the 100-variant cap of section 13 is counted by the batch that inserts, and a bulk stock_delta cannot take
// stock past the API's maximum, however requests and slices interleave.
import { afterEach, describe, expect, it, vi } from "vitest";
import { MAX_STOCK } from "../../src/products/variant-schemas";
import { call } from "../helpers/api";
import { storeD1 } from "../helpers/databases";
import { type CatalogStore, catalogStore, catalogStoreIds, liveVariable, makeProduct } from "../products/fixtures";
import { itSpreadsStoresOverDatabases, storeFirst, storeRun, writeBeforeStoreBatches } from "../products/store-databases";
import { HEADER, driveQueue, finished, importCsv } from "./csv-helpers";

afterEach(() => vi.restoreAllMocks());

const CAP = "a product has at most 100 variants";

/** A variable product `kit` with `n` variants (written directly: the cap is what is under test, not the API). */
async function kitWith(store: CatalogStore, n: number, from = 1) {
  const kit = await makeProduct(store, { title: "Kit", slug: "kit", product_type: "variable", default_price_cents: undefined });
  await addVariants(store, kit.id, n, from);
  return kit;
}

const addVariants = (store: CatalogStore, productId: string, n: number, from: number) =>
  storeRun(
    store.id,
    `WITH RECURSIVE n(i) AS (SELECT ? UNION ALL SELECT i + 1 FROM n WHERE i < ?)
     INSERT INTO product_variants (id, store_id, product_id, title, is_default, price_cents, stock, fulfillment_mode, option_values, option_key, position, created_at, updated_at)
     SELECT ? || '-' || i, ?, ?, 'Seed ' || i, 0, 100, 0, 'stocked', '[]', 'seed-' || i, i, '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z' FROM n`,
    from,
    from + n - 1,
    productId,
    store.id,
    productId,
  );

const variantCount = async (store: CatalogStore, productId: string) =>
  (await storeFirst<{ n: number }>(store.id, "SELECT count(*) AS n FROM product_variants WHERE product_id = ?", productId))?.n;

/** Rows adding variants `tag`-1 .. `tag`-n to `kit` (lines 2 .. n + 1). */
const kitRows = (tag: string, n: number) =>
  [HEADER, ...Array.from({ length: n }, (_, i) => `kit,,,,,,,,${tag}-${i + 1},,Size,${tag}${i + 1},,,,,1.00,1,,,,,`)].join("\n");

describe("imports: the 100-variant cap is counted inside the slice's batch; a 101st variant is a row error", () => {
  it("variants added by another writer between the slice's plan and its batch: the rows past the cap are errors", async () => {
    const store = await catalogStore();
    const kit = await kitWith(store, 90);
    const queue = driveQueue();
    const started = await importCsv(store, kitRows("K", 8));
    await queue.step(); // split
    // The slice plans against 90 variants (room for 8); just before its batch another writer adds 5.
    const binding = await storeD1(store.id);
    const batch = binding.batch.bind(binding);
    let raced = false;
    vi.spyOn(binding, "batch").mockImplementation(async (statements) => {
      if (!raced) (raced = true), await addVariants(store, kit.id, 5, 91);
      return batch(statements);
    });
    await queue.step();
    vi.restoreAllMocks();
    const done = await finished(store, started.body.id);
    expect(done).toMatchObject({ state: "done", rows_total: 8, rows_done: 8, variants_created: 5 });
    expect(done.errors).toEqual([7, 8, 9].map((line) => ({ line, message: CAP })));
    expect(await variantCount(store, kit.id)).toBe(100);
  });

  it("two imports' slices at once into one product with 80 variants: 100 in the end, every other row reported", async () => {
    const store = await catalogStore();
    const kit = await kitWith(store, 80);
    const queue = driveQueue();
    const a = await importCsv(store, kitRows("A", 30));
    const b = await importCsv(store, kitRows("B", 30));
    await queue.steps(); // both splits
    await queue.steps(); // both slices at once
    const [da, db] = [await finished(store, a.body.id), await finished(store, b.body.id)];
    expect(await variantCount(store, kit.id)).toBe(100);
    expect(da.variants_created + db.variants_created).toBe(20);
    const errors = [...da.errors, ...db.errors];
    expect(errors).toHaveLength(40);
    expect(errors.every((e: { message: string }) => e.message === CAP)).toBe(true);
  });

  it("stock and price past the API's bounds are row errors", async () => {
    const store = await catalogStore();
    const csv = [
      HEADER,
      `a,A,,,single,draft,,,A-1,,,,,,,,1.00,${MAX_STOCK + 1},,,,,`,
      "b,B,,,single,draft,,,B-1,,,,,,,,10000000000.00,1,,,,,",
      `c,C,,,single,draft,,,C-1,,,,,,,,9999999999.99,${MAX_STOCK},,,,,`,
    ].join("\n");
    const done = await finished(store, (await importCsv(store, csv)).body.id);
    expect(done).toMatchObject({ state: "done", products_created: 1 });
    expect(done.errors).toEqual([
      { line: 2, message: expect.stringMatching(/^stock/) },
      { line: 3, message: expect.stringMatching(/^price/) },
    ]);
  });
});

const bulk = (store: CatalogStore, updates: unknown[]) => call("POST", `/stores/${store.id}/variants/bulk`, { token: store.token, body: { updates } });
const stockOf = async (store: CatalogStore, productId: string) =>
  (await call("GET", store.path(`/${productId}`), { token: store.token })).body.variants[0].stock as number;

describe(`bulk: a stock_delta that would take stock past the API's maximum (${MAX_STOCK}) is 422 on that item`, () => {
  it("two deltas of 1e9 on stock 3: 422 naming updates.0.stock_delta, nothing changed", async () => {
    const store = await catalogStore();
    const p = await liveVariable(store, "Tee", [{ sku: "T-1", stock: 3 }]);
    expect((await bulk(store, [{ sku: "T-1", stock_delta: 1_000_000_000 }])).status).toBe(422);
    const res = await bulk(store, [{ sku: "T-1", stock_delta: MAX_STOCK - 3 }]);
    expect(res.status).toBe(200);
    const over = await bulk(store, [{ sku: "T-1", stock_delta: 1 }]);
    expect(over.status).toBe(422);
    expect(over.body.errors).toEqual([{ path: "updates.0.stock_delta", message: expect.stringContaining(`above the maximum ${MAX_STOCK}`) }]);
    expect(await stockOf(store, p.id)).toBe(MAX_STOCK);
  });

  it("stock raised by another writer between the look-up and the batch: the batch's own check answers 422", async () => {
    const store = await catalogStore();
    const p = await liveVariable(store, "Tee", [{ sku: "T-1", stock: 0 }]);
    await writeBeforeStoreBatches(store.id, "UPDATE product_variants SET stock = ? WHERE store_id = ? AND sku_lower = 't-1'", MAX_STOCK - 10, store.id);
    const res = await bulk(store, [{ sku: "T-1", stock_delta: 100 }]);
    vi.restoreAllMocks();
    expect(res.status).toBe(422);
    expect(res.body.errors[0].path).toBe("updates.0.stock_delta");
    expect(await stockOf(store, p.id)).toBe(MAX_STOCK - 10);
  });

  it("two bulk calls at once, each within the bound alone: one applies, the other is 422", async () => {
    const store = await catalogStore();
    const p = await liveVariable(store, "Tee", [{ sku: "T-1", stock: 0 }]);
    const both = await Promise.all([0, 1].map(() => bulk(store, [{ sku: "T-1", stock_delta: 600_000_000 }])));
    expect(both.map((r) => r.status).sort()).toEqual([200, 422]);
    expect(await stockOf(store, p.id)).toBe(600_000_000);
  });
});

itSpreadsStoresOverDatabases(() => catalogStoreIds);
