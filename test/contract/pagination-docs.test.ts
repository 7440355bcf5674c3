// Pagination and query booleans (docs/api/01-conventions.md), and the documentation endpoints (section 10).
import { describe, expect, it } from "vitest";
import { booleanParam, paginationQuery } from "../../src/lib/pagination";
import { call, newStore } from "../helpers/api";

describe("pagination: limit 1..100 (default 20), offset 0..1,000,000; anything else 422", () => {
  it("rejects out-of-range and non-integer values on every list", async () => {
    const store = await newStore();
    const lists = [`/stores/${store.id}/audit-log`, `/stores/${store.id}/members`, `/stores/${store.id}/api-tokens`, `/stores/${store.id}/invites`, "/stores"];
    const bad = ["limit=0", "limit=101", "limit=abc", "limit=-1", "limit=1.0", "limit=", "limit=1e1", "offset=-1", "offset=1000001", "offset=x"];
    for (const list of lists) {
      for (const query of bad) {
        const res = await call("GET", `${list}?${query}`, { token: store.owner.jwt });
        expect(res.status, `${list}?${query}`).toBe(422);
        expect(res.body.code).toBe("validation_failed");
        expect(res.body.errors[0].path).toBe(query.split("=")[0]);
      }
    }
  });

  it("accepts the bounds and echoes them; defaults are 20 and 0", async () => {
    const store = await newStore();
    const path = `/stores/${store.id}/audit-log`;
    expect((await call("GET", path, { token: store.owner.jwt })).body.pagination).toEqual({ limit: 20, offset: 0, total: 1 });
    expect((await call("GET", `${path}?limit=100&offset=1000000`, { token: store.owner.jwt })).body).toEqual({
      data: [],
      pagination: { limit: 100, offset: 1_000_000, total: 1 },
    });
    expect((await call("GET", `${path}?limit=1`, { token: store.owner.jwt })).body.pagination).toEqual({ limit: 1, offset: 0, total: 1 });
  });

  it("the query schemas themselves", () => {
    expect(paginationQuery.limit.parse(undefined)).toBe(20);
    expect(paginationQuery.offset.parse("0")).toBe(0);
    expect(paginationQuery.limit.safeParse("007").success).toBe(true);
  });
});

describe("query booleans: true/false and 1/0; anything else 422", () => {
  it("booleanParam", () => {
    expect(booleanParam.parse("true")).toBe(true);
    expect(booleanParam.parse("1")).toBe(true);
    expect(booleanParam.parse("false")).toBe(false);
    expect(booleanParam.parse("0")).toBe(false);
    expect(booleanParam.parse(undefined)).toBe(false);
    for (const bad of ["yes", "TRUE", "", "2", "on"]) expect(booleanParam.safeParse(bad).success, bad).toBe(false);
  });
});

describe("OpenAPI 3.1 at /openapi.json: bearer scheme, each endpoint's permission", () => {
  it("documents every foundation endpoint with its required permission", async () => {
    const res = await call("GET", "/openapi.json");
    expect(res.status).toBe(200);
    const doc = res.body;
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: "http", scheme: "bearer" });
    const expected: Record<string, string> = {
      "post /users": "none",
      "post /login": "none",
      "get /permissions": "none",
      "get /me": "authenticated",
      "post /stores": "session",
      "get /stores": "session",
      "get /stores/{store_id}": "member",
      "get /stores/{store_id}/members": "members.read",
      "patch /stores/{store_id}/members/{user_id}": "members.manage",
      "delete /stores/{store_id}/members/{user_id}": "members.manage",
      "post /stores/{store_id}/invites": "members.manage",
      "post /invites/accept": "session",
      "get /stores/{store_id}/audit-log": "audit.read",
      "post /stores/{store_id}/api-tokens": "member",
      "get /stores/{store_id}/api-tokens": "member",
      "get /stores/{store_id}/api-tokens/{token_id}": "member",
      "post /stores/{store_id}/api-tokens/{token_id}/rotate": "member",
      "delete /stores/{store_id}/api-tokens/{token_id}": "member",
    };
    for (const [key, permission] of Object.entries(expected)) {
      const [method, path] = key.split(" ");
      const op = doc.paths[path]?.[method];
      expect(op, key).toBeDefined();
      expect(op["x-required-permission"], key).toBe(permission);
      if (permission === "none") expect(op.security, key).toEqual([]);
      else expect(op.security, key).toEqual([{ bearerAuth: [] }]);
      if (permission !== "none") expect(Object.keys(op.responses), key).toEqual(expect.arrayContaining(["401", "403"]));
    }
    // Every operation states its permission, whoever registered it.
    for (const [path, item] of Object.entries<any>(doc.paths)) {
      for (const [method, op] of Object.entries<any>(item)) {
        expect(op["x-required-permission"], `${method} ${path}`).toBeTruthy();
      }
    }
  });

  it("request bodies come from the validating schemas (unknown fields closed)", async () => {
    const doc = (await call("GET", "/openapi.json")).body;
    const body = doc.paths["/stores/{store_id}/api-tokens"].post.requestBody.content["application/json"].schema;
    const schema = body.$ref ? doc.components.schemas[body.$ref.split("/").pop()] : body;
    expect(schema.required).toEqual(expect.arrayContaining(["name", "scopes"]));
    expect(schema.additionalProperties).toBe(false);
  });
});

describe("/docs serves an interactive reference of /openapi.json, publicly", () => {
  it("HTML that loads the document", async () => {
    const res = await call("GET", "/docs");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/text\/html/);
    expect(res.text).toContain("/openapi.json");
  });
});
