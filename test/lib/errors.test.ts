// Errors and requests (docs/api/01-conventions.md and docs/api/02-errors.md): one problem+json shape, 422 paths, 400 for bodies that are not
// JSON, 404 for unknown routes, 500 without internals, X-Request-Id everywhere, and the order of the checks.
import { env, exports } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { call, newStore, newToken } from "../helpers/api";
import { shardOf, storeD1 } from "../helpers/databases";
import { fetchWithEnv } from "../helpers/support";

const PROBLEM_KEYS = ["code", "detail", "request_id", "status", "title", "type"];

function expectProblem(res: { status: number; headers: Headers; body: any }, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(res.headers.get("Content-Type")).toMatch(/^application\/problem\+json/);
  expect(res.body.type).toBe("about:blank");
  expect(res.body.status).toBe(status);
  expect(res.body.code).toBe(code);
  expect(typeof res.body.title).toBe("string");
  expect(typeof res.body.detail).toBe("string");
  expect(res.body.request_id).toBe(res.headers.get("X-Request-Id"));
}

describe("every error is problem+json with type, title, status, code, detail and request_id", () => {
  it("401, 403, 404, 422 and 400 share the shape", async () => {
    const store = await newStore();
    const narrow = await newToken(store.id, store.owner.jwt, ["products.read"]);
    const cases: Array<[Promise<any>, number, string]> = [
      [call("GET", "/me"), 401, "unauthenticated"],
      [call("GET", `/stores/${store.id}/audit-log`, { token: narrow.token }), 403, "forbidden"],
      [call("GET", "/nope"), 404, "not_found"],
      [call("POST", "/stores", { token: store.owner.jwt, body: { name: "" } }), 422, "validation_failed"],
      [call("POST", "/stores", { token: store.owner.jwt, body: "{", headers: { "Content-Type": "application/json" } }), 400, "malformed_json"],
    ];
    for (const [pending, status, code] of cases) {
      const res = await pending;
      expectProblem(res, status, code);
      for (const key of PROBLEM_KEYS) expect(res.body).toHaveProperty(key);
    }
  });
});

describe("validation failures are 422 with errors[] whose paths join keys and indexes with dots", () => {
  it("names each failing field", async () => {
    const res = await call("POST", "/users", { body: { email: "not-an-email", password: "short", name: "" } });
    expectProblem(res, 422, "validation_failed");
    const paths = res.body.errors.map((e: any) => e.path).sort();
    expect(paths).toEqual(["email", "name", "password"]);
    for (const e of res.body.errors) expect(typeof e.message).toBe("string");
  });

  it("uses index.path form inside arrays", async () => {
    const store = await newStore();
    const res = await call("POST", `/stores/${store.id}/invites`, {
      token: store.owner.jwt,
      body: { email: "a@example.test", permissions: ["products.read", "no.such.permission"] },
    });
    expectProblem(res, 422, "validation_failed");
    expect(res.body.errors.map((e: any) => e.path)).toContain("permissions.1");
  });

  it("rejects unknown fields with 422 naming them", async () => {
    const res = await call("POST", "/users", {
      body: { email: "x@example.test", password: "long enough password", name: "X", admin: true },
    });
    expectProblem(res, 422, "validation_failed");
    expect(JSON.stringify(res.body.errors)).toContain("admin");
  });

  it("a JSON body that is not an object is 422, not 500", async () => {
    for (const body of ["[]", "null", "42", '"text"']) {
      const res = await call("POST", "/users", { body, headers: { "Content-Type": "application/json" } });
      expectProblem(res, 422, "validation_failed");
    }
  });
});

describe("a body that is not JSON is 400 malformed_json", () => {
  it("unparsable JSON", async () => {
    const res = await call("POST", "/login", { body: '{"email": ', headers: { "Content-Type": "application/json" } });
    expectProblem(res, 400, "malformed_json");
  });

  it("a non-JSON content type on a JSON endpoint", async () => {
    for (const type of ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"]) {
      const res = await call("POST", "/login", { body: "email=a&password=b", headers: { "Content-Type": type } });
      expectProblem(res, 400, "malformed_json");
    }
  });

  it("an empty body declared as JSON", async () => {
    const res = await call("POST", "/login", { body: "", headers: { "Content-Type": "application/json" } });
    expectProblem(res, 400, "malformed_json");
  });

  it("JSON with a charset parameter is JSON", async () => {
    const res = await call("POST", "/login", {
      body: JSON.stringify({ email: "nobody@example.test", password: "whatever-it-is" }),
      headers: { "Content-Type": "application/json; charset=utf-8" },
    });
    expectProblem(res, 401, "unauthenticated");
  });

  it("neither a body nor a content type: validated as an empty object (422 naming the required fields)", async () => {
    const res = await call("POST", "/login");
    expectProblem(res, 422, "validation_failed");
    expect(res.body.errors.map((e: any) => e.path).sort()).toEqual(["email", "password"]);
  });

  it("a body sent without a content type", async () => {
    const res = await call("POST", "/login", { body: '{"email":"a@example.test","password":"x"}' });
    expectProblem(res, 400, "malformed_json");
  });
});

describe("unknown routes are 404 problem+json", () => {
  it("unknown paths and methods", async () => {
    expectProblem(await call("GET", "/does-not-exist"), 404, "not_found");
    expectProblem(await call("DELETE", "/permissions"), 404, "not_found");
  });
});

describe("unexpected errors are 500 without internals, logged with the request id", () => {
  it("a deployment without JWT_SECRET answers 500 internal and says nothing about why", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const res = await fetchWithEnv(new Request("http://api.test/permissions", { headers: { "X-Request-Id": "prod-check-1" } }), {
        ENVIRONMENT: "production",
        JWT_SECRET: undefined,
      } as Partial<Env>);
      expect(res.status).toBe(500);
      const body: any = await res.json();
      expect(body.code).toBe("internal");
      expect(body.request_id).toBe("prod-check-1");
      expect(JSON.stringify(body)).not.toMatch(/JWT_SECRET|secret|stack|\.ts/i);
      const lines = logged.mock.calls.map((args) => args.map(String).join(" "));
      expect(lines.some((line) => line.includes("prod-check-1") && line.includes("JWT_SECRET"))).toBe(true);
    } finally {
      logged.mockRestore();
    }
  });

  it("a deployment with a short or development secret also answers 500", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    for (const JWT_SECRET of ["short", "development-only-jwt-secret-not-for-deployment"]) {
      const res = await fetchWithEnv(new Request("http://api.test/permissions"), {
        ENVIRONMENT: "production",
        JWT_SECRET,
        WEBHOOK_SECRET_KEY: "w".repeat(40),
      } as Partial<Env>);
      expect(res.status).toBe(500);
    }
    expect(logged).toHaveBeenCalledTimes(2);
    logged.mockRestore();
  });

  it("a database failure is a 500 whose body names neither the SQL nor the error", async () => {
    const store = await newStore();
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const failing = (inner: D1Database) =>
      new Proxy(inner, {
        get(target, prop) {
          if (prop === "withSession") return () => failing(target);
          if (prop === "prepare")
            return () => {
              throw new Error("D1_ERROR: no such table: secret_internal_table: SQLITE_ERROR");
            };
          const value = Reflect.get(target, prop, target);
          return typeof value === "function" ? value.bind(target) : value;
        },
      });
    try {
      const res = await fetchWithEnv(
        new Request(`http://api.test/stores/${store.id}`, { headers: { Authorization: `Bearer ${store.owner.jwt}`, "X-Request-Id": "db-down-1" } }),
        { [await shardOf(store.id)]: failing(await storeD1(store.id)), DIRECTORY: failing(env.DIRECTORY) } as Partial<Env>,
      );
      expect(res.status).toBe(500);
      const text = await res.text();
      expect(JSON.parse(text)).toMatchObject({ code: "internal", status: 500, request_id: "db-down-1" });
      expect(text).not.toMatch(/secret_internal_table|SQLITE|D1_ERROR|select|memberships/i);
      const lines = logged.mock.calls.map((args) => args.map(String).join(" "));
      expect(lines.some((line) => line.includes("db-down-1") && line.includes("secret_internal_table"))).toBe(true);
    } finally {
      logged.mockRestore();
    }
  });

  it("a deployment with proper secrets serves", async () => {
    const res = await fetchWithEnv(new Request("http://api.test/permissions"), {
      ENVIRONMENT: "production",
      JWT_SECRET: "j".repeat(40),
      WEBHOOK_SECRET_KEY: "w".repeat(40),
    } as Partial<Env>);
    expect(res.status).toBe(200);
  });
});

describe("X-Request-Id on every response", () => {
  it("echoes a well-formed incoming id, on success and in error bodies", async () => {
    const ok = await call("GET", "/permissions", { headers: { "X-Request-Id": "abc.DEF_1:2-3" } });
    expect(ok.headers.get("X-Request-Id")).toBe("abc.DEF_1:2-3");
    const err = await call("GET", "/me", { headers: { "X-Request-Id": "trace-42" } });
    expect(err.headers.get("X-Request-Id")).toBe("trace-42");
    expect(err.body.request_id).toBe("trace-42");
  });

  it("replaces a malformed or over-long id with a generated one", async () => {
    for (const bad of ["has space", "x".repeat(129), "semi;colon", "<script>"]) {
      const res = await call("GET", "/me", { headers: { "X-Request-Id": bad } });
      const id = res.headers.get("X-Request-Id");
      expect(id).toBeTruthy();
      expect(id).not.toBe(bad);
      expect(id).toMatch(/^[A-Za-z0-9._:-]{1,128}$/);
      expect(res.body.request_id).toBe(id);
    }
    const longest = "y".repeat(128);
    expect((await call("GET", "/permissions", { headers: { "X-Request-Id": longest } })).headers.get("X-Request-Id")).toBe(longest);
  });

  it("generates distinct ids when none is sent, also on 404, 204 and the docs", async () => {
    const store = await newStore();
    const pat = await newToken(store.id, store.owner.jwt, ["products.read"]);
    const responses = [
      await call("GET", "/permissions"),
      await call("GET", "/nowhere"),
      await call("DELETE", `/stores/${store.id}/api-tokens/${pat.id}`, { token: pat.token }),
      await call("GET", "/openapi.json"),
      await call("GET", "/docs"),
    ];
    const ids = responses.map((r) => r.headers.get("X-Request-Id"));
    expect(responses[2].status).toBe(204);
    for (const id of ids) expect(id).toBeTruthy();
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe("checks run in order: 401, then 403, then 400/422, then 404/409", () => {
  it("no token beats a bad body and an unknown resource", async () => {
    const store = await newStore();
    const res = await call("PATCH", `/stores/${store.id}/members/00000000-0000-7000-8000-000000000000`, {
      body: "{bad",
      headers: { "Content-Type": "application/json" },
    });
    expect(res.status).toBe(401);
  });

  it("a missing permission beats a bad body and an unknown resource", async () => {
    const store = await newStore();
    const narrow = await newToken(store.id, store.owner.jwt, ["members.read"]);
    const missing = `/stores/${store.id}/members/00000000-0000-7000-8000-000000000000`;
    const bad = await call("PATCH", missing, { token: narrow.token, body: "{bad", headers: { "Content-Type": "application/json" } });
    expect(bad.status).toBe(403);
    expect(bad.body.missing_permission).toBe("members.manage");
    const unknown = await call("PATCH", missing, { token: narrow.token, body: { permissions: ["products.read"] } });
    expect(unknown.status).toBe(403);
  });

  it("a bad body beats an unknown resource; a good body on an unknown resource is 404", async () => {
    const store = await newStore();
    const missing = `/stores/${store.id}/members/00000000-0000-7000-8000-000000000000`;
    const malformed = await call("PATCH", missing, { token: store.owner.jwt, body: "{bad", headers: { "Content-Type": "application/json" } });
    expect(malformed.status).toBe(400);
    const invalid = await call("PATCH", missing, { token: store.owner.jwt, body: { permissions: 7 } });
    expect(invalid.status).toBe(422);
    const unknown = await call("PATCH", missing, { token: store.owner.jwt, body: { permissions: ["products.read"] } });
    expectProblem(unknown, 404, "not_found");
  });

  it("a non-member gets 403 before validation", async () => {
    const store = await newStore();
    const stranger = await newStore();
    const res = await call("POST", `/stores/${store.id}/invites`, { token: stranger.owner.jwt, body: { nonsense: true } });
    expectProblem(res, 403, "forbidden");
  });
});

describe("ids in paths that are not lowercase UUIDs are simply not found", () => {
  it("404 for a malformed or upper-case store id, with a valid token", async () => {
    const store = await newStore();
    expectProblem(await call("GET", "/stores/not-a-uuid", { token: store.owner.jwt }), 404, "not_found");
    expectProblem(await call("GET", `/stores/${store.id.toUpperCase()}`, { token: store.owner.jwt }), 404, "not_found");
    const res = await call("GET", `/stores/${store.id}/api-tokens/NOT-AN-ID`, { token: store.owner.jwt });
    expectProblem(res, 404, "not_found");
  });
});

describe("bodies larger than 1 MiB are 413", () => {
  it("payload_too_large", async () => {
    const res = await call("POST", "/users", {
      body: JSON.stringify({ email: "big@example.test", password: "x".repeat(2 * 1024 * 1024), name: "B" }),
      headers: { "Content-Type": "application/json" },
    });
    expectProblem(res, 413, "payload_too_large");
  });
});

describe("the Worker's own fetch is what the tests call", () => {
  it("exports.default.fetch answers", async () => {
    const res = await exports.default.fetch(new Request("http://api.test/permissions"));
    expect(res.status).toBe(200);
  });
});
