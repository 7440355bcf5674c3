// Identity (docs/api/03-identity-stores-members.md): sign-up, login, passwords, session JWTs, stores, GET /me, GET /permissions.
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { addMember, call, newStore, newToken, newUser } from "../helpers/api";
import { jwtIssuedAgo, sqlFirst, storeAll, storeRun } from "../helpers/support";

const uniqueEmail = (tag: string) => `${tag}-${crypto.randomUUID()}@example.test`;
const PASSWORD = "a good long password";

function decodeJwt(token: string) {
  const [header, payload] = token
    .split(".")
    .slice(0, 2)
    .map((part) => JSON.parse(atob(part.replace(/-/g, "+").replace(/_/g, "/"))));
  return { header, payload };
}

describe("sign-up: 201 user without secrets, email unique case-insensitively, password at least 10 characters", () => {
  it("creates the user", async () => {
    const email = uniqueEmail("Sign.Up");
    const res = await call("POST", "/users", { body: { email, password: PASSWORD, name: "Ada" } });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(["created_at", "email", "id", "name"]);
    expect(res.body).toMatchObject({ email, name: "Ada" });
    expect(res.body.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(res.body.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(res.headers.get("Location")).toBeTruthy();
    expect(res.text).not.toMatch(/pbkdf2|password/i);
  });

  it("a second account with the same email in another case is 409", async () => {
    const email = uniqueEmail("dup");
    expect((await call("POST", "/users", { body: { email, password: PASSWORD, name: "A" } })).status).toBe(201);
    const again = await call("POST", "/users", { body: { email: email.toUpperCase(), password: PASSWORD, name: "B" } });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("conflict");
  });

  it("bad input is 422 naming the field", async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ email: uniqueEmail("p"), password: "nine char", name: "A" }, "password"],
      [{ email: "not an email", password: PASSWORD, name: "A" }, "email"],
      [{ email: uniqueEmail("n"), password: PASSWORD, name: "   " }, "name"],
      [{ email: uniqueEmail("n"), password: PASSWORD }, "name"],
      [{ email: uniqueEmail("t"), password: 1234567890123, name: "A" }, "password"],
      [{ email: uniqueEmail("u"), password: PASSWORD, name: "A", role: "admin" }, ""],
    ];
    for (const [body, path] of cases) {
      const res = await call("POST", "/users", { body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.code).toBe("validation_failed");
      if (path) expect(res.body.errors.map((e: any) => e.path)).toContain(path);
    }
  });
});

describe("passwords: PBKDF2-SHA256, 100,000 iterations, per-user salt", () => {
  it("stores a salted PBKDF2 hash, never the password", async () => {
    const a = await newUser();
    const b = await newUser();
    const rowA = await sqlFirst<{ password_hash: string }>("SELECT password_hash FROM users WHERE id = ?", a.id);
    const rowB = await sqlFirst<{ password_hash: string }>("SELECT password_hash FROM users WHERE id = ?", b.id);
    const [scheme, iterations, salt, hash] = rowA!.password_hash.split("$");
    expect(scheme).toBe("pbkdf2-sha256");
    expect(iterations).toBe("100000");
    expect(salt).toMatch(/^[0-9a-f]{32}$/);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rowA!.password_hash).not.toContain(a.password);
    // Same password, different salt and hash.
    expect(rowB!.password_hash.split("$")[2]).not.toBe(salt);
    expect(rowB!.password_hash.split("$")[3]).not.toBe(hash);
    // The stored hash is what PBKDF2-SHA256 derives from the password and salt.
    const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(a.password), "PBKDF2", false, ["deriveBits"]);
    const saltBytes = Uint8Array.from(salt.match(/../g)!, (h) => parseInt(h, 16));
    const bits = await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt: saltBytes, iterations: 100_000 }, key, 256);
    expect(Array.from(new Uint8Array(bits), (x) => x.toString(16).padStart(2, "0")).join("")).toBe(hash);
  });
});

describe("login: 200 {token, token_type, expires_at, user}; the same 401 for unknown email and wrong password", () => {
  it("issues an HS256 JWT with sub, iat and exp = iat + 86400", async () => {
    const user = await newUser();
    const res = await call("POST", "/login", { body: { email: user.email.toUpperCase(), password: user.password } });
    expect(res.status).toBe(200);
    expect(res.body.token_type).toBe("Bearer");
    expect(res.body.user).toEqual({ id: user.id, email: user.email, name: "Test User", created_at: expect.any(String) });
    const { header, payload } = decodeJwt(res.body.token);
    expect(header.alg).toBe("HS256");
    expect(payload.sub).toBe(user.id);
    expect(payload.exp - payload.iat).toBe(86_400);
    expect(Math.abs(payload.iat - Date.now() / 1000)).toBeLessThan(60);
    expect(res.body.expires_at).toBe(new Date(payload.exp * 1000).toISOString());
  });

  it("unknown email and wrong password get identical 401s", async () => {
    const user = await newUser();
    const wrong = await call("POST", "/login", { body: { email: user.email, password: "not the password" } });
    const unknown = await call("POST", "/login", { body: { email: uniqueEmail("ghost"), password: "not the password" } });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.body.code).toBe("unauthenticated");
      expect(res.headers.get("WWW-Authenticate")).toMatch(/^Bearer/);
    }
    expect(wrong.body.detail).toBe(unknown.body.detail);
    expect(wrong.body.title).toBe(unknown.body.title);
  });

  it("bad input is 422 or 400, never 500", async () => {
    expect((await call("POST", "/login", { body: { email: "a@example.test" } })).status).toBe(422);
    expect((await call("POST", "/login", { body: { email: 5, password: "x" } })).status).toBe(422);
    expect((await call("POST", "/login", { body: { email: "a@example.test", password: "x", remember: true } })).status).toBe(422);
    expect((await call("POST", "/login", { body: "nope", headers: { "Content-Type": "application/json" } })).status).toBe(400);
  });
});

describe("session JWTs: HS256, 24 h, expiry enforced", () => {
  it("a fresh JWT works", async () => {
    const user = await newUser();
    const token = await jwtIssuedAgo(user.id, 0);
    expect((await call("GET", "/me", { token })).status).toBe(200);
  });

  it("a JWT older than 24 h is 401 (expired)", async () => {
    const user = await newUser();
    const token = await jwtIssuedAgo(user.id, 86_400 + 5);
    const res = await call("GET", "/me", { token });
    expect(res.status).toBe(401);
    expect(res.headers.get("WWW-Authenticate")).toMatch(/^Bearer/);
  });

  it("a JWT issued more than 24 h ago is 401 even if its exp claims a longer life", async () => {
    const user = await newUser();
    const token = await jwtIssuedAgo(user.id, 86_400 + 60, 7 * 86_400);
    expect((await call("GET", "/me", { token })).status).toBe(401);
  });

  it("a JWT without iat or exp, with another secret, another algorithm or a bad signature is 401", async () => {
    const user = await newUser();
    const { sign } = await import("hono/jwt");
    const secret = "development-only-jwt-secret-not-for-deployment";
    const now = Math.floor(Date.now() / 1000);
    const tokens = [
      await sign({ sub: user.id, iat: now }, secret, "HS256"),
      await sign({ sub: user.id, exp: now + 3600 }, secret, "HS256"),
      await jwtIssuedAgo(user.id, 0, 86_400, "some-other-secret-of-sufficient-length"),
      await sign({ sub: user.id, iat: now, exp: now + 3600 }, secret, "HS512"),
      (await jwtIssuedAgo(user.id, 0)).slice(0, -3) + "abc",
      `${btoa(JSON.stringify({ alg: "none", typ: "JWT" }))}.${btoa(JSON.stringify({ sub: user.id, iat: now, exp: now + 60 }))}.`,
    ];
    for (const token of tokens) expect((await call("GET", "/me", { token })).status, token).toBe(401);
  });

  it("a JWT for a user that does not exist is 401, also where it would create something", async () => {
    const token = await jwtIssuedAgo("01900000-0000-7000-8000-000000000000", 0);
    expect((await call("GET", "/me", { token })).status).toBe(401);
    expect((await call("POST", "/stores", { token, body: { name: "Ghost store" } })).status).toBe(401);
  });
});

describe("stores: the creator is the owner holding every bit", () => {
  it("POST /stores → 201 with role owner and the full mask (bit 61 included)", async () => {
    const user = await newUser();
    const res = await call("POST", "/stores", { token: user.jwt, body: { name: "  Corner shop  " } });
    expect(res.status).toBe(201);
    expect(res.body.name).toBe("Corner shop");
    expect(res.body.role).toBe("owner");
    const all = (await call("GET", "/permissions")).body.data;
    const mask = all.reduce((m: bigint, p: any) => m | (1n << BigInt(p.bit)), 0n);
    expect(res.body.permissions).toBe(mask.toString());
    expect(res.body.permission_names.sort()).toEqual(all.map((p: any) => p.name).sort());
    expect(res.headers.get("Location")).toBe(`/stores/${res.body.id}`);
    const get = await call("GET", `/stores/${res.body.id}`, { token: user.jwt });
    expect(get.status).toBe(200);
    expect(get.body).toEqual({ id: res.body.id, name: "Corner shop", created_at: res.body.created_at, currency: "USD", timezone: "UTC" });
  });

  it("GET /stores lists only the caller's stores, paginated", async () => {
    const user = await newUser();
    const other = await newStore();
    const ids: string[] = [];
    for (const name of ["One", "Two", "Three"]) ids.push((await call("POST", "/stores", { token: user.jwt, body: { name } })).body.id);
    const res = await call("GET", "/stores?limit=2", { token: user.jwt });
    expect(res.status).toBe(200);
    expect(res.body.pagination).toEqual({ limit: 2, offset: 0, total: 3 });
    expect(res.body.data).toHaveLength(2);
    const all = await call("GET", "/stores", { token: user.jwt });
    expect(all.body.data.map((s: any) => s.id).sort()).toEqual(ids.sort());
    expect(all.body.data.map((s: any) => s.id)).not.toContain(other.id);
  });

  it("bad input on POST /stores is 422; a PAT cannot create or list stores (403)", async () => {
    const store = await newStore();
    for (const body of [{}, { name: "" }, { name: "x".repeat(201) }, { name: 3 }, { name: "ok", extra: 1 }]) {
      expect((await call("POST", "/stores", { token: store.owner.jwt, body })).status, JSON.stringify(body)).toBe(422);
    }
    const pat = await newToken(store.id, store.owner.jwt, ["products.read"]);
    expect((await call("POST", "/stores", { token: pat.token, body: { name: "By token" } })).status).toBe(403);
    expect((await call("GET", "/stores", { token: pat.token })).status).toBe(403);
  });

  it("a non-member gets 403 on the store; a member PAT of it gets 200", async () => {
    const store = await newStore();
    const stranger = await newUser();
    expect((await call("GET", `/stores/${store.id}`, { token: stranger.jwt })).status).toBe(403);
    const pat = await newToken(store.id, store.owner.jwt, []);
    expect((await call("GET", `/stores/${store.id}`, { token: pat.token })).status).toBe(200);
  });
});

describe("GET /me: the user and their stores with permissions", () => {
  it("through a JWT: every store, with role and mask", async () => {
    const store = await newStore();
    const res = await call("GET", "/me", { token: store.owner.jwt });
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(store.owner.id);
    expect(res.body.email).toBe(store.owner.email);
    expect(res.body.stores).toHaveLength(1);
    expect(res.body.stores[0]).toMatchObject({ id: store.id, role: "owner" });
    expect(res.body.stores[0].permission_names).toContain("audit.read");
    expect(res.text).not.toMatch(/password/i);
  });

  it("through a PAT: the token's store with the token's effective permission", async () => {
    const store = await newStore();
    await call("POST", "/stores", { token: store.owner.jwt, body: { name: "Second" } });
    const pat = await newToken(store.id, store.owner.jwt, ["products.read", "audit.read"]);
    const res = await call("GET", "/me", { token: pat.token });
    expect(res.status).toBe(200);
    expect(res.body.stores).toHaveLength(1);
    expect(res.body.stores[0].id).toBe(store.id);
    expect(res.body.stores[0].permission_names.sort()).toEqual(["audit.read", "products.read"]);
    expect(res.body.stores[0].permissions).toBe(((1n << 61n) | 1n).toString());
  });

  it("no token is 401", async () => {
    expect((await call("GET", "/me")).status).toBe(401);
  });
});

describe("GET /permissions: every permission with name, bit and description, public", () => {
  it("the registry of docs/api/04-permission-bits.md", async () => {
    const res = await call("GET", "/permissions");
    expect(res.status).toBe(200);
    const bits = Object.fromEntries(res.body.data.map((p: any) => [p.name, p.bit]));
    expect(bits).toEqual({
      "products.read": 0,
      "products.write": 1,
      "products.edit": 2,
      "products.delete": 3,
      "products.publish": 4,
      "webhooks.read": 5,
      "webhooks.write": 6,
      "webhooks.edit": 7,
      "webhooks.delete": 8,
      "tokens.read": 9,
      "tokens.manage": 10,
      "members.read": 11,
      "members.manage": 12,
      "orders.read": 13,
      "orders.write": 14,
      "customers.read": 15,
      "customers.write": 16,
      "integrations.read": 17,
      "integrations.manage": 18,
      "store.manage": 19,
      "inventory.read": 20,
      "inventory.write": 21,
      "pricing.read": 22,
      "pricing.write": 23,
      "fulfillments.write": 24,
      "audit.read": 61,
    });
    for (const p of res.body.data) expect(p.description.length).toBeGreaterThan(0);
  });
});

describe("bits 17-19 (integrations.read, integrations.manage, store.manage): the owner's mask stays every defined bit", () => {
  it("a new store's owner holds them", async () => {
    const store = await newStore();
    const stores = await call("GET", "/stores", { token: store.owner.jwt });
    expect(stores.body.data.find((s: any) => s.id === store.id).permission_names).toEqual(
      expect.arrayContaining(["integrations.read", "integrations.manage", "store.manage"]),
    );
  });

  it("migration 0017 gives them to an owner created before it, and to nobody else", async () => {
    const store = await newStore();
    const member = await addMember(store, ["products.read"]);
    const before = "2305843009213825023"; // bits 0-16 and 61: the owner's mask before the migration
    await storeRun(store.id, "UPDATE memberships SET permissions = ? WHERE store_id = ? AND role = 'owner'", before, store.id);
    const migration = env.TEST_MIGRATIONS.STORE_DB_001.find((m) => m.name.startsWith("0017_"))!;
    for (const query of migration.queries) await storeRun(store.id, query);
    const rows = await storeAll<{ role: string; permissions: string }>(store.id, "SELECT role, permissions FROM memberships WHERE store_id = ?", store.id);
    const owner = rows.find((r) => r.role === "owner")!;
    expect(BigInt(owner.permissions)).toBe(BigInt(before) | (7n << 17n));
    expect(rows.find((r) => r.role === "member")!.permissions).not.toBe(owner.permissions);
    const stores = await call("GET", "/stores", { token: member.jwt });
    expect(stores.body.data.find((s: any) => s.id === store.id).permission_names).toEqual(["products.read"]);
  });
});
