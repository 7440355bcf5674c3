// docs/api/16-integrations.md, the resource: the six endpoints, the record, the `boi_` value, the scope rules and the cap.
import { describe, expect, it } from "vitest";
import { INTEGRATION_PREFIX, generateTokenValue, hasValidChecksum } from "../../src/access/token-format";
import { addMember, call, newStore, newToken } from "../helpers/api";
import { crc32, base64urlDecode, sha256Hex, storeFirst } from "../helpers/support";
import { newIntegration, readCatalog } from "./helpers";

const RECORD_FIELDS = [
  "id",
  "store_id",
  "name",
  "description",
  "scopes",
  "scope_names",
  "prefix",
  "created_by",
  "created_at",
  "last_used_at",
  "rotated_at",
  "previous_expires_at",
  "rotation_recommended",
  "rotation_recommended_reason",
  "api_version",
].sort();

describe("the six endpoints: create (key shown once), list newest first, get, rename, rotate, delete", () => {
  it("create answers 201 with the record, the raw key and a Location; list and get never show the key", async () => {
    const store = await newStore();
    const res = await call("POST", `/stores/${store.id}/integrations`, {
      token: store.owner.jwt,
      body: { name: "Nightly ERP", scopes: ["products.read", "products.edit"], description: "stock from the warehouse" },
    });
    expect(res.status).toBe(201);
    expect(res.headers.get("Location")).toBe(`/stores/${store.id}/integrations/${res.body.id}`);
    expect(Object.keys(res.body).sort()).toEqual([...RECORD_FIELDS, "token"].sort());
    expect(res.body).toMatchObject({
      store_id: store.id,
      name: "Nightly ERP",
      description: "stock from the warehouse",
      scopes: "5",
      scope_names: ["products.read", "products.edit"],
      created_by: store.owner.id,
      rotated_at: null,
      previous_expires_at: null,
      rotation_recommended: false,
      rotation_recommended_reason: null,
    });
    expect(res.body.last_used_at).toBe(res.body.created_at);
    const one = await call("GET", `/stores/${store.id}/integrations/${res.body.id}`, { token: store.owner.jwt });
    expect(one.status).toBe(200);
    expect(Object.keys(one.body).sort()).toEqual(RECORD_FIELDS);
    expect(one.text).not.toContain(res.body.token);
  });

  it("list: newest first, paginated, without revoked ones", async () => {
    const store = await newStore();
    const a = await newIntegration(store, ["products.read"], undefined, "first");
    const b = await newIntegration(store, ["products.read"], undefined, "second");
    const c = await newIntegration(store, ["products.read"], undefined, "third");
    expect((await call("DELETE", `/stores/${store.id}/integrations/${b.id}`, { token: store.owner.jwt })).status).toBe(204);
    const list = await call("GET", `/stores/${store.id}/integrations`, { token: store.owner.jwt });
    expect(list.status).toBe(200);
    expect(list.body.data.map((i: { id: string }) => i.id)).toEqual([c.id, a.id]);
    expect(list.body.pagination).toMatchObject({ limit: 20, offset: 0, total: 2 });
    expect(list.text).not.toContain(a.token);
    expect((await call("GET", `/stores/${store.id}/integrations/${b.id}`, { token: store.owner.jwt })).status).toBe(404);
  });

  it("PATCH renames and describes; scopes never change (422), unknown ids are 404", async () => {
    const store = await newStore();
    const integration = await newIntegration(store, ["products.read"]);
    const path = `/stores/${store.id}/integrations/${integration.id}`;
    const renamed = await call("PATCH", path, { token: store.owner.jwt, body: { name: "Marketplace feed", description: "hourly" } });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: "Marketplace feed", description: "hourly", scopes: "1" });
    const scopes = await call("PATCH", path, { token: store.owner.jwt, body: { scopes: ["products.edit"] } });
    expect(scopes.status).toBe(422);
    expect((await call("GET", path, { token: store.owner.jwt })).body.scopes).toBe("1");
    expect((await call("PATCH", `/stores/${store.id}/integrations/not-a-uuid`, { token: store.owner.jwt, body: { name: "x" } })).status).toBe(404);
  });

  it("another store's integration is 404 on this store's paths", async () => {
    const [store, other] = await Promise.all([newStore(), newStore()]);
    const theirs = await newIntegration(other, ["products.read"]);
    expect((await call("GET", `/stores/${store.id}/integrations/${theirs.id}`, { token: store.owner.jwt })).status).toBe(404);
    expect((await call("DELETE", `/stores/${store.id}/integrations/${theirs.id}`, { token: store.owner.jwt })).status).toBe(404);
    expect((await readCatalog(other, theirs.token)).status).toBe(200);
  });

  it("create and rotate return a one-time secret, so they refuse an Idempotency-Key (422 naming the header)", async () => {
    const store = await newStore();
    const res = await call("POST", `/stores/${store.id}/integrations`, {
      token: store.owner.jwt,
      headers: { "Idempotency-Key": "k1" },
      body: { name: "ERP", scopes: ["products.read"] },
    });
    expect(res.status).toBe(422);
    expect(res.text).toContain("Idempotency-Key");
  });
});

describe("the raw value: boi_ + 43 characters, built and checked exactly like a PAT; only its SHA-256 is stored", () => {
  it("28 random bytes + their CRC32, canonical base64url; the stored hash is the SHA-256 of the whole value", async () => {
    const store = await newStore();
    const integration = await newIntegration(store, ["products.read"]);
    expect(integration.token).toMatch(/^boi_[A-Za-z0-9_-]{42}[AEIMQUYcgkosw048]$/);
    const bytes = base64urlDecode(integration.token.slice(4));
    expect(new DataView(bytes.buffer).getUint32(28)).toBe(crc32(bytes.subarray(0, 28)));
    expect(integration.prefix).toBe(integration.token.slice(0, 8));
    const row = await storeFirst<{ token_hash: string }>(store.id, "SELECT token_hash FROM integrations WHERE id = ?", integration.id);
    expect(row!.token_hash).toBe(await sha256Hex(integration.token));
    const anywhere = await storeFirst(store.id, "SELECT 1 FROM integrations WHERE token_hash = ? OR prefix = ?", integration.token, integration.token);
    expect(anywhere).toBeNull();
  });

  it("a bad checksum, a PAT's prefix on the same body, a non-canonical spelling and a forged key are 401", async () => {
    const store = await newStore();
    const integration = await newIntegration(store, ["products.read"]);
    const t = integration.token;
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    const cases = [
      t.slice(0, 20) + (t[20] === "A" ? "B" : "A") + t.slice(21),
      `bod_${t.slice(4)}`,
      t.slice(0, -1) + alphabet[alphabet.indexOf(t.at(-1)!) + 1],
      generateTokenValue(INTEGRATION_PREFIX),
      t.slice(4),
    ];
    for (const bad of cases) {
      const res = await readCatalog(store, bad);
      expect(res.status, bad).toBe(401);
      expect(res.body.code).toBe("unauthenticated");
    }
    expect(hasValidChecksum(t, INTEGRATION_PREFIX)).toBe(true);
    expect((await readCatalog(store, t)).status).toBe(200);
  });
});

describe("scope: within the creator's effective permission at creation, never a bit that manages people or access", () => {
  for (const bit of ["members.manage", "tokens.manage", "integrations.read", "integrations.manage", "store.manage"]) {
    it(`${bit} is refused with 422 scope_exceeds_permissions naming it, even for the owner`, async () => {
      const store = await newStore();
      const res = await call("POST", `/stores/${store.id}/integrations`, {
        token: store.owner.jwt,
        body: { name: "too much", scopes: ["products.read", bit] },
      });
      expect(res.status).toBe(422);
      expect(res.body.code).toBe("scope_exceeds_permissions");
      expect(res.body.detail).toContain(bit);
      expect(res.body.errors[0].path).toBe("scopes");
      const list = await call("GET", `/stores/${store.id}/integrations`, { token: store.owner.jwt });
      expect(list.body.pagination.total).toBe(0);
    });
  }

  it("a member may only give bits they hold; through a PAT, only bits within the PAT's effective permission", async () => {
    const store = await newStore();
    const member = await addMember(store, ["integrations.manage", "products.read"]);
    const beyond = await call("POST", `/stores/${store.id}/integrations`, { token: member.jwt, body: { name: "x", scopes: ["products.edit"] } });
    expect(beyond.status).toBe(422);
    expect(beyond.body.code).toBe("scope_exceeds_permissions");
    expect(beyond.body.detail).toContain("products.edit");
    const pat = await newToken(store.id, store.owner.jwt, ["integrations.manage", "products.read"]);
    const viaPat = await call("POST", `/stores/${store.id}/integrations`, { token: pat.token, body: { name: "x", scopes: ["orders.read"] } });
    expect(viaPat.status).toBe(422);
    expect(viaPat.body.code).toBe("scope_exceeds_permissions");
    const ok = await call("POST", `/stores/${store.id}/integrations`, { token: member.jwt, body: { name: "x", scopes: ["products.read"] } });
    expect(ok.status).toBe(201);
    expect(ok.body.created_by).toBe(member.id);
  });
});

describe("cap: 25 integrations per store; revoked ones do not count", () => {
  it("the 26th is 422 limit_exceeded naming the cap; after a revocation there is room again", async () => {
    const store = await newStore();
    const made = [];
    for (let i = 0; i < 25; i++) made.push(await newIntegration(store, ["products.read"], undefined, `i${i}`));
    const over = await call("POST", `/stores/${store.id}/integrations`, { token: store.owner.jwt, body: { name: "26th", scopes: ["products.read"] } });
    expect(over.status).toBe(422);
    expect(over.body.code).toBe("limit_exceeded");
    expect(over.body.detail).toMatch(/25 integrations/);
    await call("DELETE", `/stores/${store.id}/integrations/${made[0].id}`, { token: store.owner.jwt });
    const again = await call("POST", `/stores/${store.id}/integrations`, { token: store.owner.jwt, body: { name: "26th", scopes: ["products.read"] } });
    expect(again.status).toBe(201);
  });
});
