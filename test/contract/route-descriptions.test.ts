// Each route's own description reaches the published document whole, followed by exactly one sentence of its access
// rule, generated from its `x-required-permission` (src/access/requires.ts). The own descriptions are read from the
// app's route registry (what each `createRoute({...})` was given), the published ones from GET /openapi.json.
import { describe, expect, it } from "vitest";
import { createApp } from "../../src/app";
import { permissionSentence, requires, requiresAll, requiresOneOf, requiresWithBatchedRead } from "../../src/access/requires";

const METHODS = ["get", "put", "post", "delete", "patch", "head", "options", "trace"];

interface Operation {
  operationId?: string;
  description?: string;
  "x-required-permission"?: string;
}

const app = await createApp();
const response = await app.request("/openapi.json", {}, { ENVIRONMENT: "development" });
const document = (await response.json()) as { paths: Record<string, Record<string, Operation>> };
const routes = app.openAPIRegistry.definitions.flatMap((d) => (d.type === "route" ? [d.route] : []));
const published = Object.entries(document.paths).flatMap(([path, item]) =>
  METHODS.filter((method) => item[method]).map((method) => ({ key: `${method.toUpperCase()} ${path}`, op: item[method] })),
);

/** Hand-written statements of an access rule, which the generated sentence replaces. */
const HAND_WRITTEN_RULE = /Requires `|Any member of the store|Any member or credential of the store|No token needed|Operators only/;

describe("route descriptions: the route's own words, then one generated permission sentence", () => {
  it("the access rules add no description, so spreading one can never replace a route's", () => {
    const rules = [
      requires("products.read"),
      requires("member"),
      requires("session"),
      requires("authenticated"),
      requires("public"),
      requiresAll("products.write", "products.edit"),
      requiresOneOf(["products.write", "products.edit"]),
      requiresWithBatchedRead("products.read"),
    ];
    for (const rule of rules) expect(Object.keys(rule)).not.toContain("description");
  });

  it("every operation is a registered route, and its published description is its own, then its rule's sentence", () => {
    expect(published.length).toBe(routes.length);
    const byKey = new Map(published.map(({ key, op }) => [key, op]));
    for (const route of routes) {
      const key = `${route.method.toUpperCase()} ${route.path}`;
      const op = byKey.get(key);
      expect(op, key).toBeDefined();
      const declared = op!["x-required-permission"];
      expect(typeof declared, key).toBe("string");
      const sentence = permissionSentence(declared!);
      const own = route.description?.trim();
      expect(op!.description, key).toBe(own ? `${route.description}\n\n${sentence}` : sentence);
      // Exactly one permission sentence: the generated one, at the end.
      expect(op!.description!.split(sentence).length - 1, key).toBe(1);
      expect(own ?? "", `${key} states its access rule by hand`).not.toMatch(HAND_WRITTEN_RULE);
    }
  });

  it("the sentences say what each kind of rule means", () => {
    expect(permissionSentence("products.read")).toBe("Requires `products.read`.");
    expect(permissionSentence("products.write, products.edit")).toBe("Requires `products.write` and `products.edit`.");
    expect(permissionSentence("products.write | products.edit")).toBe("Requires `products.write` or `products.edit`.");
    const named = ["member", "session", "authenticated", "none", "ops"].map(permissionSentence);
    expect(new Set(named).size).toBe(named.length);
    for (const sentence of named) expect(sentence).toMatch(/^[A-Z].*\.$/);
  });

  it("the written descriptions of the routes whose rule used to replace them are published", () => {
    const description = (operationId: string) => published.find(({ op }) => op.operationId === operationId)?.op.description ?? "";
    expect(description("adjustInventory")).toMatch(/^Every bad item is named at once/);
    expect(description("adjustInventory")).toMatch(/\n\nRequires `inventory\.write`\.$/);
    expect(description("transferInventory")).toMatch(/^One pair of ledger entries per item/);
    expect(description("updateLocation")).toMatch(/^The default location cannot be made inactive/);
    expect(description("listProducts")).toMatch(/Custom fields/);
    expect(description("exportProductsCsv")).toMatch(/^Section 15's header/);
    expect(description("createFieldDefinition")).toMatch(/^The key is unique per \(store, owner\)/);
    expect(description("updateFieldDefinition")).toMatch(/^owner, key and type never change/);
    expect(description("deleteFieldDefinition")).toMatch(/^The values go in short steps/);
  });
});
