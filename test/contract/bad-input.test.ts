// No bad input gets a 500: every foundation endpoint, fed bodies, queries and ids of the wrong kind, answers a
// 4xx problem+json.
import { describe, expect, it } from "vitest";
import { addMember, call, newStore, newToken } from "../helpers/api";

const BODIES: unknown[] = [
  null,
  [],
  "text",
  123,
  true,
  {},
  { name: null, email: null, password: null, permissions: null, scopes: null, token: null },
  { name: ["x"], email: { a: 1 }, password: [], permissions: { "products.read": true }, scopes: [[]], token: [] },
  { name: "x".repeat(5000), email: `${"a".repeat(300)}@example.test`, password: "p".repeat(2000), token: "t".repeat(500) },
  { name: "\u0000\ud800", email: "ü@exämple.test", permissions: ["\u0000"], scopes: "9".repeat(25), expires_at: "2026-13-45T99:99:99Z" },
  { __proto__: { admin: true }, constructor: { prototype: { admin: true } } },
  { scopes: [], name: "n", user_id: "../../etc/passwd", expires_at: 1e308 },
];
const RAW_BODIES = ["{", "[1,2", "\u0000", '{"a":1}{"b":2}', "NaN"];

describe("no bad input on any foundation endpoint is a 500", () => {
  it("bodies of every wrong shape, raw and as JSON", async () => {
    const store = await newStore();
    const member = await addMember(store, ["products.read"]);
    const pat = await newToken(store.id, store.owner.jwt, []);
    const endpoints: Array<[string, string, string | undefined]> = [
      ["POST", "/users", undefined],
      ["POST", "/login", undefined],
      ["POST", "/stores", store.owner.jwt],
      ["POST", `/stores/${store.id}/invites`, store.owner.jwt],
      ["POST", "/invites/accept", member.jwt],
      ["PATCH", `/stores/${store.id}/members/${member.id}`, store.owner.jwt],
      ["POST", `/stores/${store.id}/api-tokens`, store.owner.jwt],
      ["POST", `/stores/${store.id}/api-tokens`, pat.token],
    ];
    for (const [method, path, token] of endpoints) {
      for (const body of BODIES) {
        const res = await call(method, path, { token, body: JSON.stringify(body), headers: { "Content-Type": "application/json" } });
        expect(res.status, `${method} ${path} ${JSON.stringify(body)?.slice(0, 80)}: ${res.text.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
        expect(res.status, `${method} ${path} ${JSON.stringify(body)?.slice(0, 80)}: ${res.text.slice(0, 200)}`).toBeLessThan(500);
        expect(res.headers.get("Content-Type")).toMatch(/^application\/problem\+json/);
      }
      for (const raw of RAW_BODIES) {
        const res = await call(method, path, { token, body: raw, headers: { "Content-Type": "application/json" } });
        expect(res.status, `${method} ${path} ${raw}`).toBeLessThan(500);
        expect(res.status, `${method} ${path} ${raw}`).toBeGreaterThanOrEqual(400);
      }
    }
  });

  it("ids and queries of every wrong kind", async () => {
    const store = await newStore();
    const weird = ["x", "%00", "..%2F..", "00000000-0000-0000-0000-000000000000", "0".repeat(300), "%F0%9F%92%A9", "null", "-1"];
    const paths = (id: string) => [
      `/stores/${id}`,
      `/stores/${id}/members`,
      `/stores/${id}/audit-log`,
      `/stores/${store.id}/members/${id}`,
      `/stores/${store.id}/invites/${id}`,
      `/stores/${store.id}/api-tokens/${id}`,
      `/stores/${store.id}/api-tokens/${id}/rotate`,
    ];
    for (const id of weird) {
      for (const path of paths(id)) {
        for (const method of path.endsWith("/rotate") ? ["POST"] : ["GET", "DELETE"]) {
          const res = await call(method, path, { token: store.owner.jwt });
          expect(res.status, `${method} ${path}`).toBeLessThan(500);
        }
      }
    }
    for (const query of ["limit=%00", "limit=99999999999999999999999", "offset=1e6", "limit[]=1", "limit=1&limit=2", "user_id=%00"]) {
      for (const list of [`/stores/${store.id}/api-tokens`, `/stores/${store.id}/audit-log`, "/stores"]) {
        const res = await call("GET", `${list}?${query}`, { token: store.owner.jwt });
        expect(res.status, `${list}?${query}: ${res.text.slice(0, 200)}`).toBeLessThan(500);
      }
    }
  });

  it("authorization headers of every wrong kind are 401", async () => {
    const headers = ["Bearer", "Bearer ", "Bearer a b", "bearer bod_", `Bearer ${"x".repeat(10_000)}`, "Token abc", "Bearer e30.e30.", "Bearer ..."];
    for (const Authorization of headers) {
      let res: Awaited<ReturnType<typeof call>>;
      try {
        res = await call("GET", "/me", { headers: { Authorization } });
      } catch {
        continue; // a header value the Request constructor itself refuses never reaches the Worker
      }
      expect(res.status, Authorization.slice(0, 40)).toBe(401);
    }
  });
});
