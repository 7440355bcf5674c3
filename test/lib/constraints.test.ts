// The one classifier of constraint violations (src/lib/db.ts `violatedConstraint`): D1 reports a violated constraint
// only in the message of the error (or of its cause), and every service reads it through this classifier: unique
// keys (which key), NOT NULL (a guard's failed assertion, src/lib/guards.ts), CHECK and foreign keys.
import { describe, expect, it } from "vitest";
import { isCheckViolation, isForeignKeyViolation, isNotNullViolation, isUniqueViolation, isUniqueViolationOf, violatedConstraint } from "../../src/lib/db";
import { failedGuard } from "../../src/lib/guards";
import { call } from "../helpers/api";
import { catalogStore, makeProduct, makeVariant } from "../products/fixtures";

const d1 = (message: string) => new Error(`D1_ERROR: ${message}: SQLITE_CONSTRAINT`);
/** As Drizzle wraps a failed query: the statement in the message, D1's error as the cause. */
const wrapped = (message: string) =>
  Object.assign(new Error("Failed query: insert into product_variants (sku_lower, external_id) values (?, ?)"), { cause: d1(message) });

describe("violatedConstraint reads what D1 says was violated", () => {
  it("the kind and the columns or name, from the error or its cause", () => {
    expect(violatedConstraint(d1("UNIQUE constraint failed: products.store_id, products.slug"))).toEqual({
      kind: "UNIQUE",
      names: ["products.store_id", "products.slug"],
    });
    expect(violatedConstraint(wrapped("NOT NULL constraint failed: guard_conflict.ok"))).toEqual({ kind: "NOT NULL", names: ["guard_conflict.ok"] });
    expect(violatedConstraint(d1("CHECK constraint failed: order_lines_stocked_reserved"))).toEqual({ kind: "CHECK", names: ["order_lines_stocked_reserved"] });
    expect(violatedConstraint(new Error("D1_ERROR: FOREIGN KEY constraint failed: SQLITE_CONSTRAINT"))).toEqual({ kind: "FOREIGN KEY", names: [] });
    expect(violatedConstraint(new Error("D1_ERROR: stock_held_elsewhere: SQLITE_CONSTRAINT"))).toBeNull();
    expect(violatedConstraint(new Error("D1 DB is overloaded"))).toBeNull();
  });

  it("a key is named exactly: a column in the failed statement's text is not the violated key", () => {
    const options = wrapped("UNIQUE constraint failed: product_variants.product_id, product_variants.option_key");
    expect(isUniqueViolation(options)).toBe(true);
    expect(isUniqueViolationOf(options, "product_variants.option_key")).toBe(true);
    expect(isUniqueViolationOf(options, "product_variants.sku_lower")).toBe(false);
    expect(isUniqueViolationOf(options, "product_variants.external_id")).toBe(false);
    expect(isNotNullViolation(wrapped("NOT NULL constraint failed: guard_limit.ok"), "guard_conflict.ok")).toBe(false);
    expect(failedGuard(wrapped("NOT NULL constraint failed: guard_limit.ok"))).toBe("limit");
    expect(failedGuard(d1("NOT NULL constraint failed: commerce_guards.ok"))).toBeNull();
    expect(isCheckViolation(d1("CHECK constraint failed: locations_default_active"), "locations_default_active")).toBe(true);
    expect(isCheckViolation(d1("UNIQUE constraint failed: locations.store_id"))).toBe(false);
    expect(isForeignKeyViolation(d1("UNIQUE constraint failed: locations.store_id"))).toBe(false);
  });

  it("a variant's taken SKU and taken external_id are told apart by their keys (D1's own messages)", async () => {
    const store = await catalogStore();
    const p = await makeProduct(store, { title: "Tee", product_type: "variable", default_price_cents: undefined });
    const q = await makeProduct(store, { title: "Cap", product_type: "variable", default_price_cents: undefined });
    await makeVariant(store, p.id, { sku: "KEY-1", external_id: "ext-1" });
    const sku = await call("POST", store.path(`/${q.id}/variants`), { token: store.token, body: { price_cents: 1, sku: "key-1" } });
    expect([sku.status, sku.body.detail]).toEqual([409, "Another variant in this store already has this SKU"]);
    const external = await call("POST", store.path(`/${q.id}/variants`), { token: store.token, body: { price_cents: 1, external_id: "ext-1" } });
    expect([external.status, external.body.detail]).toEqual([409, "Another variant in this store already has this external_id"]);
  });
});
