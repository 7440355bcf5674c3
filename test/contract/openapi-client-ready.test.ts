// The OpenAPI document is usable by client generators and third-party tools (issue 28): every operation has a
// unique camelCase operationId (the client package's method names, client/src/generated/operations.ts), public
// operations say `security: []`, every operation documents a 4xx, and the document names its server and licence.
// Redocly's recommended rules check the same and more in CI (`npm run lint:openapi`).
import { describe, expect, it } from "vitest";
import { call, newStore } from "../helpers/api";

const METHODS = ["get", "put", "post", "delete", "patch"];

async function operations() {
  const document = (await call("GET", "/openapi.json")).body;
  const found: Array<{ name: string; op: any }> = [];
  for (const [path, item] of Object.entries<any>(document.paths)) {
    for (const method of METHODS) if (item[method]) found.push({ name: `${method.toUpperCase()} ${path}`, op: item[method] });
  }
  return { document, found };
}

describe("every operation has a stable, unique operationId", () => {
  it("each of the document's operations names one, in camelCase, and no two share it", async () => {
    const { found } = await operations();
    expect(found.length).toBeGreaterThan(70);
    const missing = found.filter(({ op }) => typeof op.operationId !== "string").map(({ name }) => name);
    expect(missing).toEqual([]);
    for (const { name, op } of found) expect(op.operationId, name).toMatch(/^[a-z][a-zA-Z0-9]*$/);
    const seen = new Map<string, string>();
    const repeated = found.filter(({ name, op }) => seen.has(op.operationId) || !seen.set(op.operationId, name));
    expect(repeated.map(({ name, op }) => `${name} repeats ${op.operationId} of ${seen.get(op.operationId)}`)).toEqual([]);
  });

  it("the names a client's users call are the expected verbs", async () => {
    const { found } = await operations();
    const id = (name: string) => found.find((f) => f.name === name)?.op.operationId;
    expect(id("GET /stores/{store_id}/products")).toBe("listProducts");
    expect(id("POST /stores/{store_id}/products")).toBe("createProduct");
    expect(id("PATCH /stores/{store_id}/products/{id}")).toBe("updateProduct");
    expect(id("POST /stores/{store_id}/variants/bulk")).toBe("bulkUpdateVariants");
    expect(id("POST /stores/{store_id}/webhooks/{id}/deliveries/{delivery_id}/replay")).toBe("replayWebhookDelivery");
  });
});

describe("the POSTs a client may retry with an Idempotency-Key are marked for generators", () => {
  it("x-idempotent is on exactly the operations that accept the header (and refuse it nowhere)", async () => {
    const { found } = await operations();
    const accepting = found
      .filter(({ op }) => (op.parameters ?? []).some((p: any) => p.name === "Idempotency-Key" && !/Not accepted/.test(p.description)))
      .map(({ name }) => name);
    expect(accepting.length).toBeGreaterThan(10);
    expect(found.filter(({ op }) => op["x-idempotent"] === true).map(({ name }) => name)).toEqual(accepting);
  });
});

describe("public operations declare that they need no credential", () => {
  it("every operation without a permission has security: [], every other one names a scheme", async () => {
    const { found } = await operations();
    const publicOps = found.filter(({ op }) => op["x-required-permission"] === "none");
    expect(publicOps.map(({ name }) => name)).toEqual(
      expect.arrayContaining(["POST /users", "POST /login", "GET /permissions", "GET /webhook-events", "GET /media/{store_id}/{media_file_id}/{size}"]),
    );
    for (const { name, op } of publicOps) expect(op.security, name).toEqual([]);
    for (const { name, op } of found.filter((f) => !publicOps.includes(f))) expect(op.security?.length, name).toBeGreaterThan(0);
  });
});

describe("every operation documents a client error, and the document its server and licence", () => {
  it("a 4xx response on each operation; servers and info.license present", async () => {
    const { document, found } = await operations();
    const without = found.filter(({ op }) => !Object.keys(op.responses).some((s) => s.startsWith("4"))).map(({ name }) => name);
    expect(without).toEqual([]);
    expect(document.servers).toEqual([{ url: "/", description: expect.any(String) }]);
    expect(document.info.license).toEqual({ name: "Proprietary", identifier: "LicenseRef-Proprietary" });
  });
});

describe("every operation under a store documents 404 (docs/api/01-conventions.md: a store id that is not a UUID is not found)", () => {
  it("each {store_id} operation lists 404, and a malformed store id really answers it", async () => {
    const { found } = await operations();
    const scoped = found.filter(({ name }) => name.includes("{store_id}"));
    expect(scoped.length).toBeGreaterThan(50);
    expect(scoped.filter(({ op }) => !("404" in op.responses)).map(({ name }) => name)).toEqual([]);
    const store = await newStore();
    for (const path of ["webhooks", "webhook-deliveries", "customers", "orders"]) {
      const res = await call("GET", `/stores/not-a-uuid/${path}`, { token: store.owner.jwt });
      expect([path, res.status, res.body.code]).toEqual([path, 404, "not_found"]);
    }
  });
});
