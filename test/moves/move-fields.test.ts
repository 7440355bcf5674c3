// A store move carries its custom fields (docs/api/14-store-databases-and-operators.md and docs/api/21-custom-fields.md; migration 0029): the definitions, the values
// on every owner, and the index of filterable values, including a value changed while the store is copied; after the
// move the definitions, the values and the product list's field filters answer from the new database as before, and
// nothing of the store is left on the old one.
import { describe, expect, it } from "vitest";
import { call } from "../helpers/api";
import { shardOf } from "../helpers/databases";
import { define, fieldStore } from "../fields/support";
import { d1, drive, keptQueue, otherShard, startMove, storeRows } from "./support";

describe("a moved store keeps its field definitions, values and filters", () => {
  it("definitions, values, index rows and filters are the same on the arriving side; a change during the copy arrives too", { timeout: 120_000 }, async () => {
    const store = await fieldStore();
    await define(store, { owner: "product", key: "material", type: "text", filterable: true });
    await define(store, { owner: "variant", key: "size_cm", type: "integer", filterable: true });
    await define(store, { owner: "customer", key: "tier", type: "text" });
    const made = [];
    for (const [i, material] of ["cotton", "wool", "cotton"].entries()) {
      const res = await call("POST", store.path(), {
        token: store.token,
        body: { title: `P${i}`, product_type: "single", default_price_cents: 100, status: "live", fields: { material } },
      });
      await call("PATCH", store.path(`/${res.body.id}/variants/${res.body.variants[0].id}`), { token: store.token, body: { fields: { size_cm: 40 + i } } });
      made.push(res.body);
    }
    await call("POST", store.at("/customers"), { token: store.token, body: { email: `m-${crypto.randomUUID()}@example.test`, fields: { tier: "gold" } } });
    const read = async () => ({
      definitions: (await call("GET", store.at("/field-definitions?limit=100"), { token: store.token })).body.data,
      cotton: (await call("GET", store.path("?field.material=cotton"), { token: store.token })).body.data.map((p: { title: string }) => p.title),
      size: (await call("GET", store.path("?field.size_cm.min=41"), { token: store.token })).body.data.map((p: { title: string }) => p.title),
      customers: (await call("GET", store.at("/customers"), { token: store.token })).body.data.map((c: { fields: unknown }) => c.fields),
    });
    const from = await shardOf(store.id);
    const to = await otherShard(store.id);
    const q = keptQueue();
    const move = await startMove(store.id, to, q);
    expect(move.status, JSON.stringify(move.body)).toBe(202);
    // Copying: a value changes on the source meanwhile (captured, applied to the target).
    await drive(move.body.id, q, { stop: (m) => m.step.startsWith("copy:") });
    const changed = await call("PATCH", store.path(`/${made[1].id}`), { token: store.token, body: { fields: { material: "cotton" } } });
    expect(changed.status, changed.text).toBe(200);
    const before = await read();
    expect(before.cotton).toEqual(["P1", "P2", "P0"]);
    const rowsBefore = await storeRows(d1(from), store.id);
    expect(await drive(move.body.id, q)).toMatchObject({ state: "done" });
    expect(await shardOf(store.id)).toBe(to);
    const rowsAfter = await storeRows(d1(to), store.id);
    for (const table of ["field_definitions", "field_index", "products", "product_variants", "customers"]) {
      expect(rowsAfter[table], table).toEqual(rowsBefore[table]);
    }
    expect(rowsAfter.field_index).toHaveLength(6);
    expect(await read()).toEqual(before);
    expect(before.size).toEqual(["P1", "P2"]);
    const left = await storeRows(d1(from), store.id);
    expect([left.field_definitions, left.field_index]).toEqual([[], []]);
    // Writes on the arriving side keep the index.
    const after = await call("PATCH", store.path(`/${made[0].id}`), { token: store.token, body: { fields: { material: "linen" } } });
    expect(after.status).toBe(200);
    expect((await call("GET", store.path("?field.material=linen"), { token: store.token })).body.data.map((p: { id: string }) => p.id)).toEqual([made[0].id]);
  });
});
