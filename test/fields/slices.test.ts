// A definition's work over every row of its owner, in slices (src/fields/slices.ts, docs/decisions.md "Custom
// fields"): made filterable, the backfill of field_index; deleted, the removal of its values. FIELD_SLICE_ROWS is
// lowered to 3 here, so a store of a few products takes several slices, each its own D1 batch; a failure injected
// into one batch stands for a request lost midway.
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { call } from "../helpers/api";
import { interceptStoreBatches, storeAll } from "../products/store-databases";
import { type FieldStore, defs, define, errorsOf, fieldStore, indexRows } from "./support";

const vars = env as unknown as Record<string, string>;
const saved = vars.FIELD_SLICE_ROWS;
beforeEach(() => {
  vars.FIELD_SLICE_ROWS = "3";
});
afterEach(() => {
  vars.FIELD_SLICE_ROWS = saved;
  vi.restoreAllMocks();
});

const MATERIALS = ["Cotton", "Wool", "Linen"];

/** 10 products (every third without a material), each with 2 variants (every other one with a size). */
async function seeded(store: FieldStore) {
  const made: Array<{ id: string; material?: string; variants: Array<{ id: string; size?: number }> }> = [];
  for (let n = 0; n < 10; n++) {
    const material = n % 3 === 2 ? undefined : MATERIALS[n % 3];
    const product = await call("POST", store.path(), {
      token: store.token,
      body: { title: `P${n}`, product_type: "variable", fields: material ? { material } : {} },
    });
    expect(product.status, product.text).toBe(201);
    const variants = [];
    for (let k = 0; k < 2; k++) {
      const size = (n + k) % 2 === 0 ? 40 + n : undefined;
      const v = await call("POST", store.path(`/${product.body.id}/variants`), {
        token: store.token,
        body: { price_cents: 100, option_values: [{ name: "Size", value: `S${k}` }], fields: size ? { size_cm: size } : {} },
      });
      expect(v.status, v.text).toBe(201);
      variants.push({ id: v.body.id as string, size });
    }
    made.push({ id: product.body.id, material, variants });
  }
  return made;
}

/** The index rows one INSERT ... SELECT over the whole store makes (the code before slices), as indexRows lists them. */
async function wholeStoreRows(storeId: string) {
  return storeAll(
    storeId,
    `SELECT key, resource_id, product_id, value, status, updated_at FROM (
       SELECT d.key, p.id AS resource_id, p.id AS product_id, json_extract(p.fields, '$.' || d.key) AS value, p.status, p.updated_at
         FROM products p JOIN field_definitions d ON d.store_id = p.store_id AND d.owner = 'product' AND d.filterable = 1
         WHERE p.store_id = ? AND json_type(p.fields, '$.' || d.key) IS NOT NULL
       UNION ALL
       SELECT d.key, v.id, v.product_id, json_extract(v.fields, '$.' || d.key), p.status, p.updated_at
         FROM product_variants v JOIN products p ON p.id = v.product_id
         JOIN field_definitions d ON d.store_id = v.store_id AND d.owner = 'variant' AND d.filterable = 1
         WHERE v.store_id = ? AND json_type(v.fields, '$.' || d.key) IS NOT NULL)
     ORDER BY key, resource_id`,
    storeId,
    storeId,
  );
}

/** Counts the batches the Worker sends to the store's database; fails the `failing`-th (1-based) ones. */
async function countBatches(storeId: string, failing: number[] = []) {
  const seen = { batches: 0 };
  await interceptStoreBatches(storeId, async (statements, send) => {
    seen.batches += 1;
    if (failing.includes(seen.batches)) throw new Error("injected D1 failure");
    return send(statements);
  });
  return seen;
}

/** The matching products (the seeded ones are drafts). */
const listIds = async (store: FieldStore, query: string) => {
  const res = await call("GET", store.path(`?${query}&status=draft&limit=100`), { token: store.token });
  return { status: res.status, ids: ((res.body.data ?? []) as Array<{ id: string }>).map((p) => p.id).sort(), res };
};

describe("made filterable: the backfill runs in slices", () => {
  it("over more rows than several slices: exactly the rows of one statement over the store, and the filters find the right products", async () => {
    const store = await fieldStore();
    const material = await define(store, { owner: "product", key: "material", type: "text" });
    const size = await define(store, { owner: "variant", key: "size_cm", type: "integer" });
    const made = await seeded(store);
    expect(await indexRows(store.id)).toEqual([]);

    const seen = await countBatches(store.id);
    for (const d of [material, size]) {
      const res = await call("PATCH", defs(store, `/${d.id}`), { token: store.token, body: { filterable: true } });
      expect(res.status, res.text).toBe(200);
      expect(res.body.filterable).toBe(true);
      expect(Object.keys(res.body).sort()).toEqual([
        "created_at",
        "description",
        "filterable",
        "id",
        "key",
        "name",
        "owner",
        "store_id",
        "type",
        "updated_at",
        "validations",
      ]);
    }
    // Each PATCH: the definition's batch, 4 slices of 3 products (the last one short), the completion.
    expect(seen.batches).toBe(2 * (1 + 4 + 1));
    vi.restoreAllMocks();

    const rows = await indexRows(store.id);
    expect(rows).toEqual(await wholeStoreRows(store.id));
    expect(rows.filter((r) => r.key === "material").map((r) => [r.resource_id, r.value])).toEqual(
      made
        .filter((p) => p.material)
        .map((p) => [p.id, p.material])
        .sort(),
    );
    expect(rows.filter((r) => r.key === "size_cm")).toHaveLength(10);

    const wool = await listIds(store, "field.material=Wool");
    expect(wool.status, wool.res.text).toBe(200);
    expect(wool.ids).toEqual(
      made
        .filter((p) => p.material === "Wool")
        .map((p) => p.id)
        .sort(),
    );
    const big = await listIds(store, "field.size_cm.min=45");
    expect(big.ids).toEqual(
      made
        .filter((p) => p.variants.some((v) => (v.size ?? 0) >= 45))
        .map((p) => p.id)
        .sort(),
    );
  });

  it("interrupted after its first slice: the field is filterable but its filter is 422 until PATCH {filterable: true} again finishes it; writes meanwhile are indexed", async () => {
    const store = await fieldStore();
    const material = await define(store, { owner: "product", key: "material", type: "text" });
    await define(store, { owner: "variant", key: "size_cm", type: "integer" });
    const made = await seeded(store);

    // Batch 1: the definition; batch 2: slice 1; batch 3 (slice 2) fails.
    await countBatches(store.id, [3]);
    const lost = await call("PATCH", defs(store, `/${material.id}`), { token: store.token, body: { filterable: true } });
    expect(lost.status).toBe(500);
    vi.restoreAllMocks();
    expect((await call("GET", defs(store, `/${material.id}`), { token: store.token })).body.filterable).toBe(true);
    // Slice 1 only: the first 3 products' values.
    expect((await indexRows(store.id)).map((r) => r.resource_id)).toEqual(
      made
        .slice(0, 3)
        .filter((p) => p.material)
        .map((p) => p.id)
        .sort(),
    );

    const refused = await listIds(store, "field.material=Wool");
    expect(refused.status).toBe(422);
    expect(errorsOf(refused.res)["field.material"]).toMatch(/index of this product field is being built.*filterable: true again finishes it/);

    // A write meanwhile (a product past the slice that was done): the trigger indexes it at once.
    const late = made[8];
    const patched = await call("PATCH", store.path(`/${late.id}`), { token: store.token, body: { fields: { material: "Silk" } } });
    expect(patched.status, patched.text).toBe(200);
    expect((await indexRows(store.id)).find((r) => r.resource_id === late.id)?.value).toBe("Silk");

    const again = await call("PATCH", defs(store, `/${material.id}`), { token: store.token, body: { filterable: true } });
    expect(again.status, again.text).toBe(200);
    expect(again.body.filterable).toBe(true);
    expect(await indexRows(store.id)).toEqual(await wholeStoreRows(store.id));
    expect((await indexRows(store.id)).find((r) => r.resource_id === late.id)?.value).toBe("Silk");
    expect((await listIds(store, "field.material=Silk")).ids).toEqual([late.id]);
    expect((await listIds(store, "field.material=Wool")).ids).toEqual(
      made
        .filter((p) => p.material === "Wool")
        .map((p) => p.id)
        .sort(),
    );
    // Complete: a PATCH with nothing to change changes nothing (no batch).
    const seen = await countBatches(store.id);
    expect((await call("PATCH", defs(store, `/${material.id}`), { token: store.token, body: { filterable: true } })).status).toBe(200);
    expect(seen.batches).toBe(0);
  });

  it("made unfilterable while interrupted: its rows go, and a later PATCH {filterable: true} builds the index whole", async () => {
    const store = await fieldStore();
    const material = await define(store, { owner: "product", key: "material", type: "text" });
    await define(store, { owner: "variant", key: "size_cm", type: "integer" });
    await seeded(store);
    await countBatches(store.id, [3]);
    expect((await call("PATCH", defs(store, `/${material.id}`), { token: store.token, body: { filterable: true } })).status).toBe(500);
    vi.restoreAllMocks();
    const off = await call("PATCH", defs(store, `/${material.id}`), { token: store.token, body: { filterable: false } });
    expect(off.status, off.text).toBe(200);
    expect(await indexRows(store.id)).toEqual([]);
    expect(errorsOf((await listIds(store, "field.material=Wool")).res)["field.material"]).toMatch(/is not filterable/);
    expect((await call("PATCH", defs(store, `/${material.id}`), { token: store.token, body: { filterable: true } })).status).toBe(200);
    expect(await indexRows(store.id)).toEqual(await wholeStoreRows(store.id));
    expect((await listIds(store, "field.material=Wool")).status).toBe(200);
  });
});

describe("deleted: the values go in slices, then the definition", () => {
  const holding = (storeId: string, table: string, key: string) =>
    storeAll<{ id: string }>(storeId, `SELECT id FROM ${table} WHERE store_id = ? AND json_type(fields, '$.' || ?) IS NOT NULL ORDER BY id`, storeId, key);

  it("interrupted midway: the definition is still there, some values gone; DELETE again removes it, every value and every index row", async () => {
    const store = await fieldStore();
    const material = await define(store, { owner: "product", key: "material", type: "text", filterable: true });
    const size = await define(store, { owner: "variant", key: "size_cm", type: "integer", filterable: true });
    const made = await seeded(store);
    const before = await indexRows(store.id);
    expect(before.filter((r) => r.key === "material")).toHaveLength(7);
    expect(before.filter((r) => r.key === "size_cm")).toHaveLength(10);

    for (const [d, table] of [
      [material, "products"],
      [size, "product_variants"],
    ] as const) {
      // Batch 1: the definition marked; batch 2: slice 1; batch 3 (slice 2) fails.
      await countBatches(store.id, [3]);
      expect((await call("DELETE", defs(store, `/${d.id}`), { token: store.token })).status).toBe(500);
      vi.restoreAllMocks();
      const still = await call("GET", defs(store, `/${d.id}`), { token: store.token });
      expect(still.status).toBe(200);
      expect(Object.keys(still.body)).not.toContain("deleting");
      const left = await holding(store.id, table, d.key);
      expect(left.length).toBeGreaterThan(0);
      expect(left.length).toBeLessThan(d.key === "material" ? 7 : 10);
      // The rows of the values gone went with them (triggers): the index holds exactly the values left.
      expect((await indexRows(store.id)).filter((r) => r.key === d.key).map((r) => r.resource_id)).toEqual(left.map((r) => r.id));

      // Meanwhile the field takes no values, filters and PATCH refuse it.
      const target = d.owner === "product" ? store.path(`/${made[0].id}`) : store.path(`/${made[0].id}/variants/${made[0].variants[0].id}`);
      const write = await call("PATCH", target, { token: store.token, body: { fields: { [d.key]: d.key === "material" ? "Silk" : 99 } } });
      expect(write.status, write.text).toBe(422);
      expect(errorsOf(write)[`fields.${d.key}`]).toMatch(/is not a (product|variant) field/);
      const filter = await listIds(store, `field.${d.key}=1`);
      expect(filter.status).toBe(422);
      expect(errorsOf(filter.res)[`field.${d.key}`]).toMatch(/is being deleted.*again finishes it/);
      expect((await call("PATCH", defs(store, `/${d.id}`), { token: store.token, body: { name: "Renamed" } })).status).toBe(409);

      const seen = await countBatches(store.id);
      expect((await call("DELETE", defs(store, `/${d.id}`), { token: store.token })).status).toBe(204);
      // Already marked: 4 slices of 3 products (the last one short) and the definition's batch.
      expect(seen.batches).toBe(5);
      vi.restoreAllMocks();
      expect((await call("GET", defs(store, `/${d.id}`), { token: store.token })).status).toBe(404);
      expect(await holding(store.id, table, d.key)).toEqual([]);
      expect((await indexRows(store.id)).filter((r) => r.key === d.key)).toEqual([]);
      expect(await storeAll(store.id, "SELECT 1 FROM field_index WHERE definition_id = ?", d.id)).toEqual([]);
    }
    expect(made).toHaveLength(10);
  });

  it("a customer field over several slices (walked by the customers' own index): every value goes, the other keys stay", async () => {
    const store = await fieldStore();
    const note = await define(store, { owner: "customer", key: "note", type: "text" });
    await define(store, { owner: "customer", key: "keep", type: "text" });
    for (let n = 0; n < 7; n++) {
      const res = await call("POST", store.at("/customers"), {
        token: store.token,
        body: { email: `c${n}-${crypto.randomUUID()}@example.test`, fields: { note: `n${n}`, keep: `k${n}` } },
      });
      expect(res.status, res.text).toBe(201);
    }
    const seen = await countBatches(store.id);
    expect((await call("DELETE", defs(store, `/${note.id}`), { token: store.token })).status).toBe(204);
    // The mark, 3 slices of 3 customers (the last one short), the definition's batch.
    expect(seen.batches).toBe(5);
    vi.restoreAllMocks();
    const left = await storeAll<{ fields: string }>(store.id, "SELECT fields FROM customers WHERE store_id = ? ORDER BY created_at, id", store.id);
    expect(left.map((r) => JSON.parse(r.fields))).toEqual(Array.from({ length: 7 }, (_, n) => ({ keep: `k${n}` })));
  });

  it("a write checked before the DELETE began and committed after it fails (409): no value is written behind the slices", async () => {
    const store = await fieldStore();
    const material = await define(store, { owner: "product", key: "material", type: "text", filterable: true });
    const product = await call("POST", store.path(), { token: store.token, body: { title: "Tee", product_type: "single" } });
    // The DELETE's first batch lands between the write's check and its batch.
    await interceptStoreBatches(store.id, async (statements, send, db) => {
      await db.prepare("UPDATE field_definitions SET deleting = 1 WHERE id = ?").bind(material.id).run();
      return send(statements);
    });
    const write = await call("PATCH", store.path(`/${product.body.id}`), { token: store.token, body: { fields: { material: "Silk" } } });
    vi.restoreAllMocks();
    expect(write.status, write.text).toBe(409);
    expect(await storeAll(store.id, "SELECT fields FROM products WHERE id = ?", product.body.id)).toEqual([{ fields: "{}" }]);
    expect((await call("DELETE", defs(store, `/${material.id}`), { token: store.token })).status).toBe(204);
  });
});
