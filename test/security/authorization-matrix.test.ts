// docs/api/13b-holder-limits.md: every operation of the OpenAPI document is covered by the authorization matrix. The
// document, built in process, names each operation with its method, path and `x-required-permission`; each domain's
// `auth-rows.ts` gives a row per operationId (how to reach it), and test/helpers/auth-matrix.ts checks what the rule
// means for every kind of caller. An operation added without a row fails the first test, as does a row whose
// operationId the document no longer has. Fixtures are shared per rule (one store each, one other store for all):
// each row creates its own targets there.
import { describe, expect, it } from "vitest";
import { createApp } from "../../src/app";
import { type MatrixRows, matrixFixtures, rowMatrixCases, ruleOf } from "../helpers/auth-matrix";
import { customerRows } from "../customers/auth-rows";
import { eventRows } from "../webhooks/event-log-auth-rows";
import { fieldRows } from "../fields/auth-rows";
import { identityRows } from "../identity/auth-rows";
import { integrationRows } from "../integrations/auth-rows";
import { inventoryRows } from "../inventory/auth-rows";
import { mediaRows } from "../media/auth-rows";
import { orderRows } from "../orders/auth-rows";
import { productRows } from "../products/auth-rows";
import { opsRows } from "../ops/auth-rows";
import { syncRows } from "../sync/auth-rows";
import { webhookRows } from "../webhooks/auth-rows";
import { pricingRows } from "../pricing/auth-rows";
import { shipmentRows } from "../shipments/auth-rows";

const METHODS = ["get", "put", "post", "delete", "patch", "head", "options"] as const;

interface Operation {
  operationId: string;
  method: string;
  path: string;
  declared: string;
}

const response = await (await createApp()).request("/openapi.json", {}, { ENVIRONMENT: "development" });
const document = (await response.json()) as { paths: Record<string, Record<string, { operationId?: string; "x-required-permission"?: string }>> };
const operations: Operation[] = Object.entries(document.paths).flatMap(([path, item]) =>
  METHODS.filter((method) => item[method]).map((method) => ({
    operationId: item[method].operationId ?? `${method.toUpperCase()} ${path} (no operationId)`,
    method: method.toUpperCase(),
    path,
    declared: item[method]["x-required-permission"] ?? "(none declared)",
  })),
);

/** Every domain's rows in one map; an operationId given twice is reported, not silently overwritten. */
const modules: Record<string, MatrixRows> = {
  "test/identity/auth-rows.ts": identityRows,
  "test/integrations/auth-rows.ts": integrationRows,
  "test/products/auth-rows.ts": productRows,
  "test/sync/auth-rows.ts": syncRows,
  "test/media/auth-rows.ts": mediaRows,
  "test/webhooks/auth-rows.ts": webhookRows,
  "test/customers/auth-rows.ts": customerRows,
  "test/orders/auth-rows.ts": orderRows,
  "test/ops/auth-rows.ts": opsRows,
  "test/inventory/auth-rows.ts": inventoryRows,
  "test/webhooks/event-log-auth-rows.ts": eventRows,
  "test/fields/auth-rows.ts": fieldRows,
  "test/pricing/auth-rows.ts": pricingRows,
  "test/shipments/auth-rows.ts": shipmentRows,
};
const rows: MatrixRows = {};
const twice: string[] = [];
for (const [file, moduleRows] of Object.entries(modules)) {
  for (const [operationId, row] of Object.entries(moduleRows)) {
    if (operationId in rows) twice.push(`${operationId} (again in ${file})`);
    rows[operationId] = row;
  }
}

/** A concrete path (query removed) matches its operation's template: a row cannot stand in for another operation. */
const matchesTemplate = (template: string, path: string) =>
  new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{[^}]+\}/g, "[^/]+")}$`).test(path.split("?")[0]);

describe("the authorization matrix covers every operation of the OpenAPI document", () => {
  it("has a row for every operation, and none for an operation the document lacks", () => {
    const documented = new Set(operations.map((o) => o.operationId));
    const missing = operations.filter((o) => !(o.operationId in rows)).map((o) => `${o.operationId} (${o.method} ${o.path}, ${o.declared})`);
    const unknown = Object.keys(rows).filter((id) => !documented.has(id));
    expect(missing, `operations without a row in an auth-rows.ts module: ${missing.join("; ")}`).toEqual([]);
    expect(unknown, `rows for operations the document does not have: ${unknown.join(", ")}`).toEqual([]);
    expect(twice, `operations with two rows: ${twice.join(", ")}`).toEqual([]);
    expect(operations.length).toBeGreaterThan(0);
  });
});

describe("every operation, by its x-required-permission", () => {
  const fixtures = matrixFixtures();
  for (const operation of operations.filter((o) => o.operationId in rows)) {
    const label = `${operation.operationId}: ${operation.method} ${operation.path}`;
    const row = rows[operation.operationId];
    const path = (storeId: string, fixture: unknown) => {
      const concrete = typeof row.path === "string" ? row.path.replaceAll("{store_id}", storeId) : row.path(storeId, fixture);
      expect(matchesTemplate(operation.path, concrete), `${operation.operationId}'s row requests ${concrete}, not ${operation.path}`).toBe(true);
      return concrete;
    };
    describe(`${label} (${operation.declared})`, () => {
      const cases = rowMatrixCases({ method: operation.method, rule: ruleOf(operation.declared), row: { ...row, path }, fixtures, label });
      for (const { name, run } of cases) it(name, run);
    });
  }
});
