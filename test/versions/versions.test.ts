// API versions (docs/api-versions.md): dated versions listed by GET /versions; a request is served by its
// Api-Version header, else its credential's pin, else the current version, and every response says which; an
// unknown version is 400 before anything else; a deprecated version's responses carry Deprecation and Sunset.
import { afterEach, describe, expect, it } from "vitest";
import { addMember, call, newStore, newToken, newUser } from "../helpers/api";
import { storeFirst } from "../products/store-databases";
import { SECRET, attemptNow, insertDelivery, scriptedReceiver } from "../webhooks/support";
import { storeD1 } from "../helpers/databases";

const CURRENT = "2026-12-07";
const OLD = "2026-11-27";
const withVersion = (version: string, token?: string) => ({ token, headers: { "Api-Version": version } });

let receiver: ReturnType<typeof scriptedReceiver> | undefined;
afterEach(() => receiver?.restore());

describe("GET /versions lists the versions, public", () => {
  it("two versions, oldest first: 2026-11-27 deprecated with its sunset, 2026-12-07 current", async () => {
    const res = await call("GET", "/versions");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: [
        { version: OLD, status: "deprecated", sunset_at: "2027-11-27T00:00:00Z" },
        { version: CURRENT, status: "current", sunset_at: null },
      ],
    });
    expect(res.headers.get("Api-Version")).toBe(CURRENT);
    expect(res.headers.get("Deprecation")).toBeNull();
  });
});

describe("every response carries Api-Version: the header's, else the credential's pin, else the current one", () => {
  it("a session without the header: the current version; with it: the version named, deprecated headers included", async () => {
    const user = await newUser();
    const plain = await call("GET", "/me", { token: user.jwt });
    expect(plain.status).toBe(200);
    expect(plain.headers.get("Api-Version")).toBe(CURRENT);
    const old = await call("GET", "/me", withVersion(OLD, user.jwt));
    expect(old.status).toBe(200);
    expect(old.headers.get("Api-Version")).toBe(OLD);
    expect(old.headers.get("Deprecation")).toBe(`@${Date.parse("2026-12-07T00:00:00Z") / 1000}`);
    expect(old.headers.get("Sunset")).toBe("Sat, 27 Nov 2027 00:00:00 GMT");
  });

  it("errors and public routes too: 401, 404, a route that does not exist, the OpenAPI document", async () => {
    for (const [path, status] of [
      ["/me", 401],
      ["/stores/nope/products", 401],
      ["/no-such-route", 404],
      ["/openapi.json", 200],
    ] as const) {
      const res = await call("GET", path, { headers: { "Api-Version": OLD } });
      expect(res.status, path).toBe(status);
      expect(res.headers.get("Api-Version"), path).toBe(OLD);
    }
  });

  it("every operation of the OpenAPI document answers with Api-Version, whatever its status", async () => {
    const { paths } = (await call("GET", "/openapi.json")).body as { paths: Record<string, Record<string, unknown>> };
    let checked = 0;
    for (const [path, operations] of Object.entries(paths)) {
      const concrete = path.replace(/\{[^}]+\}/g, "00000000-0000-0000-0000-000000000000");
      for (const method of Object.keys(operations).filter((m) => ["get", "post", "put", "patch", "delete"].includes(m))) {
        const res = await call(method.toUpperCase(), concrete, { body: method === "get" || method === "delete" ? undefined : {} });
        expect(res.headers.get("Api-Version"), `${method} ${path} (${res.status})`).toBe(CURRENT);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it("the OpenAPI document declares them: the Api-Version request header on every operation, Api-Version, Deprecation and Sunset on every response, the versions of GET /versions", async () => {
    const doc = (await call("GET", "/openapi.json")).body;
    const listed = (await call("GET", "/versions")).body.data.map((v: { version: string }) => v.version);
    expect(doc.components.parameters.ApiVersion).toMatchObject({ name: "Api-Version", in: "header", required: false, schema: { enum: listed } });
    expect(doc.components.headers.ApiVersion).toMatchObject({ required: true, schema: { enum: listed } });
    expect(Object.keys(doc.components.headers)).toEqual(expect.arrayContaining(["Deprecation", "Sunset"]));
    let responses = 0;
    for (const [path, operations] of Object.entries(doc.paths as Record<string, Record<string, any>>)) {
      for (const [method, operation] of Object.entries(operations)) {
        expect(operation.parameters, `${method} ${path}`).toContainEqual({ $ref: "#/components/parameters/ApiVersion" });
        for (const [status, response] of Object.entries(operation.responses as Record<string, any>)) {
          expect(Object.keys(response.headers ?? {}), `${method} ${path} ${status}`).toEqual(expect.arrayContaining(["Api-Version", "Deprecation", "Sunset"]));
          responses++;
        }
      }
    }
    expect(responses).toBeGreaterThan(500);
  });
});

describe("an unknown Api-Version is 400 unsupported_api_version, before authentication", () => {
  for (const bad of ["2026-12-08", "2025-01-01", "latest", "", "2026-12-07x"]) {
    it(`"${bad}"`, async () => {
      const res = await call("GET", "/me", { headers: { "Api-Version": bad } });
      expect(res.status).toBe(400);
      expect(res.headers.get("Content-Type")).toBe("application/problem+json");
      expect(res.body).toMatchObject({ status: 400, code: "unsupported_api_version", supported_versions: [OLD, CURRENT] });
      expect(res.headers.get("Api-Version")).toBe(CURRENT);
    });
  }
});

describe("PATs are pinned at creation and changed by their own user", () => {
  it("a new PAT gets the current version, whatever the creating request's header; its requests are served in it", async () => {
    const store = await newStore();
    const res = await call("POST", `/stores/${store.id}/api-tokens`, { ...withVersion(OLD, store.owner.jwt), body: { name: "ci", scopes: ["products.read"] } });
    expect(res.status).toBe(201);
    expect(res.body.api_version).toBe(CURRENT);
    const used = await call("GET", `/stores/${store.id}/products`, { token: res.body.token });
    expect(used.headers.get("Api-Version")).toBe(CURRENT);
  });

  it("pinned to 2026-11-27: its requests are served in it (Deprecation, Sunset); a header still wins", async () => {
    const store = await newStore();
    const pat = await newToken(store.id, store.owner.jwt, ["products.read"]);
    const patch = await call("PATCH", `/stores/${store.id}/api-tokens/${pat.id}`, { token: store.owner.jwt, body: { api_version: OLD } });
    expect(patch.status).toBe(200);
    expect(patch.body.api_version).toBe(OLD);
    const pinned = await call("GET", `/stores/${store.id}/products`, { token: pat.token });
    expect(pinned.status).toBe(200);
    expect(pinned.headers.get("Api-Version")).toBe(OLD);
    expect(pinned.headers.get("Sunset")).toBe("Sat, 27 Nov 2027 00:00:00 GMT");
    const asked = await call("GET", `/stores/${store.id}/products`, withVersion(CURRENT, pat.token));
    expect(asked.headers.get("Api-Version")).toBe(CURRENT);
    expect(asked.headers.get("Deprecation")).toBeNull();
    // The token itself may change its own pin back.
    const back = await call("PATCH", `/stores/${store.id}/api-tokens/${pat.id}`, { token: pat.token, body: { api_version: CURRENT } });
    expect(back.status).toBe(200);
    expect((await call("GET", `/stores/${store.id}/products`, { token: pat.token })).headers.get("Api-Version")).toBe(CURRENT);
  });

  it("a teammate, even with tokens.manage, cannot change it (403); a bad value is 422 at api_version", async () => {
    const store = await newStore();
    const member = await addMember(store, ["products.read", "tokens.read", "tokens.manage"]);
    const pat = await newToken(store.id, member.jwt, ["products.read"]);
    const byOwner = await call("PATCH", `/stores/${store.id}/api-tokens/${pat.id}`, { token: store.owner.jwt, body: { api_version: OLD } });
    expect(byOwner.status).toBe(403);
    const bad = await call("PATCH", `/stores/${store.id}/api-tokens/${pat.id}`, { token: member.jwt, body: { api_version: "2020-01-01" } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual([{ path: "api_version", message: expect.stringContaining(CURRENT) }]);
    expect((await call("GET", `/stores/${store.id}/api-tokens/${pat.id}`, { token: member.jwt })).body.api_version).toBe(CURRENT);
  });

  it("a credential made before versions existed is pinned to 2026-11-27", async () => {
    const store = await newStore();
    const pat = await newToken(store.id, store.owner.jwt, ["products.read"]);
    // As the migration left the rows it found: the column's default (read from the schema, not typed here).
    const column = await storeFirst<{ dflt_value: string }>(store.id, "SELECT dflt_value FROM pragma_table_info('api_tokens') WHERE name = 'api_version'");
    expect(column?.dflt_value).toBe(`'${OLD}'`);
    await (await storeD1(store.id)).prepare(`UPDATE api_tokens SET api_version = ${column!.dflt_value} WHERE id = ?`).bind(pat.id).run();
    expect((await call("GET", `/stores/${store.id}/products`, { token: pat.token })).headers.get("Api-Version")).toBe(OLD);
  });
});

describe("integrations are pinned at creation and changed with integrations.manage", () => {
  it("created at the current version; PATCH {api_version} pins its requests", async () => {
    const store = await newStore();
    const created = await call("POST", `/stores/${store.id}/integrations`, {
      ...withVersion(OLD, store.owner.jwt),
      body: { name: "ERP", scopes: ["products.read"] },
    });
    expect(created.status).toBe(201);
    expect(created.body.api_version).toBe(CURRENT);
    const patch = await call("PATCH", `/stores/${store.id}/integrations/${created.body.id}`, { token: store.owner.jwt, body: { api_version: OLD } });
    expect(patch.status).toBe(200);
    expect(patch.body.api_version).toBe(OLD);
    const used = await call("GET", `/stores/${store.id}/products`, { token: created.body.token });
    expect(used.headers.get("Api-Version")).toBe(OLD);
    const bad = await call("PATCH", `/stores/${store.id}/integrations/${created.body.id}`, { token: store.owner.jwt, body: { api_version: "soon" } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].path).toBe("api_version");
  });
});

describe("webhook subscriptions are pinned; each delivery carries the subscription's Api-Version", () => {
  it("default current, or the version given; the delivery's header says it", async () => {
    const store = await newStore();
    const url = "http://127.0.0.1:9131/hook";
    const made = await call("POST", `/stores/${store.id}/webhooks`, { token: store.owner.jwt, body: { url, events: ["customers.created"], secret: SECRET } });
    expect(made.status).toBe(201);
    expect(made.body.data[0].api_version).toBe(CURRENT);
    const old = await call("POST", `/stores/${store.id}/webhooks`, {
      token: store.owner.jwt,
      body: { url, events: ["customers.updated"], secret: SECRET, api_version: OLD },
    });
    expect(old.body.data[0].api_version).toBe(OLD);
    const bad = await call("POST", `/stores/${store.id}/webhooks`, {
      token: store.owner.jwt,
      body: { url, events: ["orders.created"], secret: SECRET, api_version: "x" },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].path).toBe("api_version");
    receiver = scriptedReceiver(url, [200]);
    for (const webhook of [made.body.data[0], old.body.data[0]]) await attemptNow((await insertDelivery(store.id, webhook.id)).id);
    expect(receiver.received.map((r) => r.headers.get("Api-Version"))).toEqual([CURRENT, OLD]);
    const patched = await call("PATCH", `/stores/${store.id}/webhooks/${old.body.data[0].id}`, { token: store.owner.jwt, body: { api_version: CURRENT } });
    expect(patched.body.api_version).toBe(CURRENT);
  });
});
