// Personal access tokens (docs/api/05-personal-access-tokens.md, spec section 5): format, lifecycle, every 401 cause, AND semantics,
// and what a PAT may do with tokens.
import { describe, expect, it } from "vitest";
import { addMember, call, newStore, newToken } from "../helpers/api";
import { base64urlDecode, crc32, jwtIssuedAgo, sha256Hex, sqlFirst, sqlRun } from "../helpers/support";

const RECORD_KEYS = [
  "api_version",
  "created_at",
  "expires_at",
  "id",
  "issued_by",
  "last_used_at",
  "name",
  "prefix",
  "rotated_at",
  "scope_names",
  "scopes",
  "store_id",
  "user_id",
];
const AUDIT_READ = (1n << 61n).toString();
const tokensPath = (storeId: string) => `/stores/${storeId}/api-tokens`;
const auditOf = async (storeId: string, jwt: string) => (await call("GET", `/stores/${storeId}/audit-log?limit=100`, { token: jwt })).body.data;

async function waitFor<T>(read: () => Promise<T>, ok: (value: T) => boolean, ms = 3000): Promise<T> {
  const until = Date.now() + ms;
  let value = await read();
  while (!ok(value) && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 50));
    value = await read();
  }
  return value;
}

describe("token format: bod_ + 43 base64url characters = 28 random bytes + their big-endian CRC32", () => {
  it("a new raw value has the format, its checksum holds and only its SHA-256 hex is stored", async () => {
    const store = await newStore();
    const pat = await newToken(store.id, store.owner.jwt, ["products.read"]);
    expect(pat.token).toMatch(/^bod_[A-Za-z0-9_-]{43}$/);
    const bytes = base64urlDecode(pat.token.slice(4));
    expect(bytes.length).toBe(32);
    expect(new DataView(bytes.buffer).getUint32(28, false)).toBe(crc32(bytes.subarray(0, 28)));
    const row = await sqlFirst<Record<string, string>>("SELECT * FROM api_tokens WHERE id = ?", pat.id);
    expect(row!.token_hash).toBe(await sha256Hex(pat.token)); // the prefix is part of the hashed value
    expect(Object.values(row!)).not.toContain(pat.token);
    expect(Object.values(row!).some((v) => typeof v === "string" && v.includes(pat.token.slice(8)))).toBe(false);
  });

  it("two tokens never share a value", async () => {
    const store = await newStore();
    const a = await newToken(store.id, store.owner.jwt, []);
    const b = await newToken(store.id, store.owner.jwt, []);
    expect(a.token).not.toBe(b.token);
  });
});

describe("create: 201 record plus the raw token, shown only here", () => {
  it("returns the record shape, Location, last_used_at = created_at, no expiry by default", async () => {
    const store = await newStore();
    const res = await call("POST", tokensPath(store.id), {
      token: store.owner.jwt,
      body: { name: "ci deploy", scopes: ["products.read", "audit.read"] },
    });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual([...RECORD_KEYS, "token"].sort());
    expect(res.body).toMatchObject({
      name: "ci deploy",
      user_id: store.owner.id,
      store_id: store.id,
      scopes: ((1n << 61n) | 1n).toString(),
      expires_at: null,
      rotated_at: null,
    });
    expect(res.body.scope_names.sort()).toEqual(["audit.read", "products.read"]);
    expect(res.body.prefix).toBe(res.body.token.slice(0, 8));
    expect(res.body.last_used_at).toBe(res.body.created_at);
    expect(res.headers.get("Location")).toBe(`/stores/${store.id}/api-tokens/${res.body.id}`);
    const read = await call("GET", `${tokensPath(store.id)}/${res.body.id}`, { token: store.owner.jwt });
    expect(read.status).toBe(200);
    expect(read.body.token).toBeUndefined();
    expect(read.text).not.toContain(res.body.token);
  });

  it("scopes may be a decimal string mask; bit 61 survives", async () => {
    const store = await newStore();
    const res = await call("POST", tokensPath(store.id), { token: store.owner.jwt, body: { name: "audit", scopes: AUDIT_READ } });
    expect(res.status).toBe(201);
    expect(res.body.scopes).toBe(AUDIT_READ);
    expect(res.body.scope_names).toEqual(["audit.read"]);
    expect((await call("GET", `/stores/${store.id}/audit-log`, { token: res.body.token })).status).toBe(200);
  });

  it("an expires_at in the future is kept (normalized to UTC milliseconds)", async () => {
    const store = await newStore();
    const res = await call("POST", tokensPath(store.id), {
      token: store.owner.jwt,
      body: { name: "temp", scopes: [], expires_at: "2099-01-02T03:04:05+02:00" },
    });
    expect(res.status).toBe(201);
    expect(res.body.expires_at).toBe("2099-01-02T01:04:05.000Z");
  });
});

describe("bad input on the token endpoints is 400/422/404, never 500", () => {
  it("create", async () => {
    const store = await newStore();
    const bodies: Array<Record<string, unknown>> = [
      {},
      { scopes: [] },
      { name: "", scopes: [] },
      { name: "x".repeat(101), scopes: [] },
      { name: "n" },
      { name: "n", scopes: ["products.fly"] },
      { name: "n", scopes: "4" + "0".repeat(30) },
      { name: "n", scopes: "-1" },
      { name: "n", scopes: "1.5" },
      { name: "n", scopes: String(1n << 40n) }, // bit 40 names no permission
      { name: "n", scopes: 1 },
      { name: "n", scopes: [], user_id: 5 },
      { name: "n", scopes: [], expires_at: "tomorrow" },
      { name: "n", scopes: [], expires_at: "2001-01-01T00:00:00Z" },
      { name: "n", scopes: [], colour: "blue" },
    ];
    for (const body of bodies) {
      const res = await call("POST", tokensPath(store.id), { token: store.owner.jwt, body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.code).toBe("validation_failed");
      expect(res.body.errors.length).toBeGreaterThan(0);
    }
    const malformed = await call("POST", tokensPath(store.id), { token: store.owner.jwt, body: "{", headers: { "Content-Type": "application/json" } });
    expect(malformed.status).toBe(400);
    const text = await call("POST", tokensPath(store.id), { token: store.owner.jwt, body: "name=x", headers: { "Content-Type": "text/plain" } });
    expect(text.status).toBe(400);
  });

  it("list, get, rotate and revoke", async () => {
    const store = await newStore();
    for (const query of ["limit=0", "limit=101", "limit=abc", "offset=-1", "offset=1000001", "limit=1.5"]) {
      expect((await call("GET", `${tokensPath(store.id)}?${query}`, { token: store.owner.jwt })).status, query).toBe(422);
    }
    for (const id of ["nope", "00000000-0000-7000-8000-000000000000", "0190ABCD-0000-7000-8000-000000000000"]) {
      expect((await call("GET", `${tokensPath(store.id)}/${id}`, { token: store.owner.jwt })).status).toBe(404);
      expect((await call("POST", `${tokensPath(store.id)}/${id}/rotate`, { token: store.owner.jwt })).status).toBe(404);
      expect((await call("DELETE", `${tokensPath(store.id)}/${id}`, { token: store.owner.jwt })).status).toBe(404);
    }
  });
});

describe("every 401 cause: revoked, expired, unknown hash, stripped prefix, bad checksum, JWT older than 24 h", () => {
  async function expect401(token: string, what: string) {
    const res = await call("GET", "/me", { token });
    expect(res.status, what).toBe(401);
    expect(res.body.code, what).toBe("unauthenticated");
    expect(res.headers.get("WWW-Authenticate"), what).toMatch(/^Bearer/);
  }

  it("revoked", async () => {
    const store = await newStore();
    const pat = await newToken(store.id, store.owner.jwt, []);
    expect((await call("GET", "/me", { token: pat.token })).status).toBe(200);
    expect((await call("DELETE", `${tokensPath(store.id)}/${pat.id}`, { token: store.owner.jwt })).status).toBe(204);
    await expect401(pat.token, "revoked");
  });

  it("expired (expiry written in the past)", async () => {
    const store = await newStore();
    const pat = await newToken(store.id, store.owner.jwt, [], { expires_at: new Date(Date.now() + 3_600_000).toISOString() });
    expect((await call("GET", "/me", { token: pat.token })).status).toBe(200);
    await sqlRun("UPDATE api_tokens SET expires_at = ? WHERE id = ?", new Date(Date.now() - 1000).toISOString(), pat.id);
    await expect401(pat.token, "expired");
  });

  it("expired (by the clock: a token expiring in 1.5 s)", async () => {
    const store = await newStore();
    const pat = await newToken(store.id, store.owner.jwt, [], { expires_at: new Date(Date.now() + 1500).toISOString() });
    expect((await call("GET", "/me", { token: pat.token })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 1700));
    await expect401(pat.token, "expired by the clock");
  });

  it("unknown hash (well-formed, valid checksum, never issued)", async () => {
    const { generateTokenValue } = await import("../../src/access/token-format");
    await expect401(generateTokenValue(), "unknown");
  });

  it("stripped prefix", async () => {
    const store = await newStore();
    const pat = await newToken(store.id, store.owner.jwt, []);
    await expect401(pat.token.slice(4), "stripped prefix");
    await expect401(`BOD_${pat.token.slice(4)}`, "prefix in another case");
  });

  it("bad checksum, truncation, extension", async () => {
    const store = await newStore();
    const pat = await newToken(store.id, store.owner.jwt, []);
    const i = 20;
    await expect401(pat.token.slice(0, i) + (pat.token[i] === "a" ? "b" : "a") + pat.token.slice(i + 1), "typo");
    await expect401(pat.token.slice(0, -1), "truncated");
    await expect401(`${pat.token}A`, "extended");
    await expect401("bod_", "prefix only");
    await expect401(`bod_${"!".repeat(43)}`, "not base64url");
  });

  it("JWT older than 24 h", async () => {
    const store = await newStore();
    await expect401(await jwtIssuedAgo(store.owner.id, 86_401), "old JWT");
  });
});

describe("403: a valid token whose effective permission lacks the route's bit names the missing permission", () => {
  it("forbidden with missing_permission", async () => {
    const store = await newStore();
    const pat = await newToken(store.id, store.owner.jwt, ["members.read"]);
    const res = await call("GET", `/stores/${store.id}/audit-log`, { token: pat.token });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: "forbidden", missing_permission: "audit.read" });
    expect((await call("GET", `/stores/${store.id}/members`, { token: pat.token })).status).toBe(200);
  });
});

describe("revoke: 204 with an empty body; the token is dead on the next request", () => {
  it("by its owner's session, and by itself", async () => {
    const store = await newStore();
    const a = await newToken(store.id, store.owner.jwt, []);
    const res = await call("DELETE", `${tokensPath(store.id)}/${a.id}`, { token: store.owner.jwt });
    expect(res.status).toBe(204);
    expect(res.text).toBe("");
    expect((await call("GET", "/me", { token: a.token })).status).toBe(401);
    expect((await call("GET", `${tokensPath(store.id)}/${a.id}`, { token: store.owner.jwt })).status).toBe(404);
    expect((await call("DELETE", `${tokensPath(store.id)}/${a.id}`, { token: store.owner.jwt })).status).toBe(404);
    const list = await call("GET", tokensPath(store.id), { token: store.owner.jwt });
    expect(list.body.data.map((t: any) => t.id)).not.toContain(a.id);

    const b = await newToken(store.id, store.owner.jwt, []);
    expect((await call("DELETE", `${tokensPath(store.id)}/${b.id}`, { token: b.token })).status).toBe(204);
    expect((await call("GET", "/me", { token: b.token })).status).toBe(401);
  });
});

describe("rotate: same record, name and scope, a new raw value; the old value is dead on the next request", () => {
  it("rotation semantics", async () => {
    const store = await newStore();
    const pat = await newToken(store.id, store.owner.jwt, ["audit.read", "members.read"]);
    const res = await call("POST", `${tokensPath(store.id)}/${pat.id}/rotate`, { token: store.owner.jwt });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual([...RECORD_KEYS, "token"].sort());
    expect(res.body).toMatchObject({ id: pat.id, name: pat.name, scopes: pat.scopes });
    expect(res.body.token).toMatch(/^bod_[A-Za-z0-9_-]{43}$/);
    expect(res.body.token).not.toBe(pat.token);
    expect(res.body.prefix).toBe(res.body.token.slice(0, 8));
    expect(res.body.rotated_at).toMatch(/Z$/);
    expect((await call("GET", "/me", { token: pat.token })).status).toBe(401);
    expect((await call("GET", `/stores/${store.id}/audit-log`, { token: res.body.token })).status).toBe(200);
    const row = await sqlFirst<{ token_hash: string }>("SELECT token_hash FROM api_tokens WHERE id = ?", pat.id);
    expect(row!.token_hash).toBe(await sha256Hex(res.body.token));
    const list = await call("GET", tokensPath(store.id), { token: store.owner.jwt });
    expect(list.body.data.filter((t: any) => t.id === pat.id)).toHaveLength(1);
  });

  it("a token may rotate itself; the value it was called with dies", async () => {
    const store = await newStore();
    const pat = await newToken(store.id, store.owner.jwt, ["products.read"]);
    const res = await call("POST", `${tokensPath(store.id)}/${pat.id}/rotate`, { token: pat.token });
    expect(res.status).toBe(200);
    expect((await call("GET", "/me", { token: pat.token })).status).toBe(401);
    expect((await call("GET", "/me", { token: res.body.token })).status).toBe(200);
  });

  it("revoke-and-create gives a different record with a fresh last_used_at", async () => {
    const store = await newStore();
    const old = await newToken(store.id, store.owner.jwt, ["products.read"]);
    await call("DELETE", `${tokensPath(store.id)}/${old.id}`, { token: store.owner.jwt });
    const fresh = await call("POST", tokensPath(store.id), { token: store.owner.jwt, body: { name: old.name, scopes: ["products.read"] } });
    expect(fresh.body.id).not.toBe(old.id);
    expect(fresh.body.last_used_at).toBe(fresh.body.created_at);
  });
});

describe("effective permission = the user's current membership mask AND the token's scope", () => {
  it("an owner's token limited to products.read is read-only", async () => {
    const store = await newStore();
    const pat = await newToken(store.id, store.owner.jwt, ["products.read"]);
    for (const [method, path, bit] of [
      ["GET", `/stores/${store.id}/audit-log`, "audit.read"],
      ["GET", `/stores/${store.id}/members`, "members.read"],
      ["POST", `/stores/${store.id}/invites`, "members.manage"],
    ] as const) {
      const res = await call(method, path, { token: pat.token, body: method === "POST" ? { email: "x@example.test", permissions: [] } : undefined });
      expect(res.status, path).toBe(403);
      expect(res.body.missing_permission).toBe(bit);
    }
    const me = await call("GET", "/me", { token: pat.token });
    expect(me.body.stores[0].permission_names).toEqual(["products.read"]);
  });

  it("lowering the member's permissions narrows their tokens on the next request; raising does not widen them", async () => {
    const store = await newStore();
    const member = await addMember(store, ["members.read", "audit.read"]);
    const pat = await newToken(store.id, member.jwt, ["members.read", "audit.read"]);
    expect((await call("GET", `/stores/${store.id}/audit-log`, { token: pat.token })).status).toBe(200);
    const patch = (permissions: string[]) => call("PATCH", `/stores/${store.id}/members/${member.id}`, { token: store.owner.jwt, body: { permissions } });
    expect((await patch(["members.read"])).status).toBe(200);
    const denied = await call("GET", `/stores/${store.id}/audit-log`, { token: pat.token });
    expect(denied.status).toBe(403);
    expect(denied.body.missing_permission).toBe("audit.read");
    expect((await call("GET", `/stores/${store.id}/members`, { token: pat.token })).status).toBe(200);
    expect((await patch(["members.read", "audit.read", "members.manage"])).status).toBe(200);
    expect((await call("GET", `/stores/${store.id}/audit-log`, { token: pat.token })).status).toBe(200);
    const invite = await call("POST", `/stores/${store.id}/invites`, { token: pat.token, body: { email: "y@example.test", permissions: [] } });
    expect(invite.status).toBe(403);
    expect(invite.body.missing_permission).toBe("members.manage");
  });
});

describe("a PAT on another store's paths is 403", () => {
  it("another existing store, and a store that does not exist", async () => {
    const mine = await newStore();
    const theirs = await newStore();
    const pat = await newToken(mine.id, mine.owner.jwt, ["audit.read", "members.read"]);
    for (const path of [
      `/stores/${theirs.id}`,
      `/stores/${theirs.id}/audit-log`,
      `/stores/${theirs.id}/members`,
      `/stores/01900000-0000-7000-8000-000000000000/members`,
    ]) {
      const res = await call("GET", path, { token: pat.token });
      expect(res.status, path).toBe(403);
      expect(res.body.code).toBe("forbidden");
    }
  });

  it("even when its user is also a member of the other store", async () => {
    const a = await newStore();
    const b = await call("POST", "/stores", { token: a.owner.jwt, body: { name: "B" } });
    const pat = await newToken(a.id, a.owner.jwt, ["audit.read"]);
    expect((await call("GET", `/stores/${b.body.id}/audit-log`, { token: pat.token })).status).toBe(403);
    expect((await call("GET", `/stores/${b.body.id}/audit-log`, { token: a.owner.jwt })).status).toBe(200);
  });
});

describe("a PAT acts with its effective permission only, never with its user's full rights", () => {
  it("a products.read token cannot obtain a broader credential", async () => {
    const store = await newStore();
    const narrow = await newToken(store.id, store.owner.jwt, ["products.read"]);
    const broad = await newToken(store.id, store.owner.jwt, ["products.read", "audit.read", "tokens.manage"]);
    const create = await call("POST", tokensPath(store.id), { token: narrow.token, body: { name: "escalate", scopes: ["audit.read"] } });
    expect(create.status).toBe(422);
    expect(create.body.code).toBe("scope_exceeds_permissions");
    const forSelf = await call("POST", tokensPath(store.id), { token: narrow.token, body: { name: "same", scopes: ["products.read"] } });
    expect(forSelf.status).toBe(201);
    expect(forSelf.body.scopes).toBe("1");
    const rotate = await call("POST", `${tokensPath(store.id)}/${broad.id}/rotate`, { token: narrow.token });
    expect(rotate.status).toBe(403);
    expect(rotate.body.missing_permission).toBe("tokens.manage");
    const revoke = await call("DELETE", `${tokensPath(store.id)}/${broad.id}`, { token: narrow.token });
    expect(revoke.status).toBe(403);
    expect((await call("GET", "/me", { token: broad.token })).status).toBe(200);
    const forTeammate = await call("POST", tokensPath(store.id), {
      token: narrow.token,
      body: { name: "x", scopes: ["products.read"], user_id: (await addMember(store, ["products.read"])).id },
    });
    expect(forTeammate.status).toBe(403);
  });

  it("a token with tokens.manage rotates others only within its own scope, and may revoke them", async () => {
    const store = await newStore();
    const manager = await newToken(store.id, store.owner.jwt, ["tokens.manage", "tokens.read", "products.read"]);
    const wide = await newToken(store.id, store.owner.jwt, ["products.read", "audit.read"]);
    const narrow = await newToken(store.id, store.owner.jwt, ["products.read"]);
    const tooWide = await call("POST", `${tokensPath(store.id)}/${wide.id}/rotate`, { token: manager.token });
    expect(tooWide.status).toBe(422);
    expect(tooWide.body.code).toBe("scope_exceeds_permissions");
    expect((await call("GET", "/me", { token: wide.token })).status).toBe(200);
    expect((await call("POST", `${tokensPath(store.id)}/${narrow.id}/rotate`, { token: manager.token })).status).toBe(200);
    expect((await call("DELETE", `${tokensPath(store.id)}/${wide.id}`, { token: manager.token })).status).toBe(204);
    expect((await call("GET", "/me", { token: wide.token })).status).toBe(401);
  });

  it("a session may rotate and revoke its own tokens without tokens.manage; a teammate's needs it", async () => {
    const store = await newStore();
    const member = await addMember(store, ["products.read"]);
    const own = await newToken(store.id, member.jwt, ["products.read"]);
    expect((await call("POST", `${tokensPath(store.id)}/${own.id}/rotate`, { token: member.jwt })).status).toBe(200);
    const ownerToken = await newToken(store.id, store.owner.jwt, ["products.read"]);
    const rotate = await call("POST", `${tokensPath(store.id)}/${ownerToken.id}/rotate`, { token: member.jwt });
    expect(rotate.status).toBe(403);
    expect((await call("DELETE", `${tokensPath(store.id)}/${ownerToken.id}`, { token: member.jwt })).status).toBe(403);
    expect((await call("DELETE", `${tokensPath(store.id)}/${own.id}`, { token: member.jwt })).status).toBe(204);
  });
});

describe("tokens for a teammate need tokens.manage and stay within the teammate's and the caller's permissions", () => {
  it("issuing for a teammate", async () => {
    const store = await newStore();
    const teammate = await addMember(store, ["products.read", "members.read"]);
    const ok = await call("POST", tokensPath(store.id), {
      token: store.owner.jwt,
      body: { name: "for teammate", scopes: ["products.read"], user_id: teammate.id },
    });
    expect(ok.status).toBe(201);
    expect(ok.body.user_id).toBe(teammate.id);
    // The teammate's token acts as the teammate: a restricted token for the owner's use (spec section 5, rule 9).
    expect((await call("GET", `/stores/${store.id}/audit-log`, { token: ok.body.token })).status).toBe(403);
    const beyond = await call("POST", tokensPath(store.id), {
      token: store.owner.jwt,
      body: { name: "too much", scopes: ["audit.read"], user_id: teammate.id },
    });
    expect(beyond.status).toBe(422);
    expect(beyond.body.code).toBe("scope_exceeds_permissions");
    const notMember = await call("POST", tokensPath(store.id), {
      token: store.owner.jwt,
      body: { name: "stranger", scopes: [], user_id: "01900000-0000-7000-8000-000000000000" },
    });
    expect(notMember.status).toBe(422);
    expect(notMember.body.errors[0].path).toBe("user_id");
  });

  it("without tokens.manage: 403", async () => {
    const store = await newStore();
    const teammate = await addMember(store, ["products.read"]);
    const res = await call("POST", tokensPath(store.id), {
      token: teammate.jwt,
      body: { name: "for the owner", scopes: ["products.read"], user_id: store.owner.id },
    });
    expect(res.status).toBe(403);
    expect(res.body.missing_permission).toBe("tokens.manage");
  });

  it("a member cannot give their own token bits they do not hold", async () => {
    const store = await newStore();
    const teammate = await addMember(store, ["products.read"]);
    const res = await call("POST", tokensPath(store.id), { token: teammate.jwt, body: { name: "more", scopes: ["products.read", "audit.read"] } });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe("scope_exceeds_permissions");
    expect(res.body.errors[0].path).toBe("scopes");
  });
});

describe("list and get: own tokens; everyone's with tokens.read; never the hash or the raw value", () => {
  it("listing", async () => {
    const store = await newStore();
    const teammate = await addMember(store, ["products.read"]);
    const mine = await newToken(store.id, teammate.jwt, ["products.read"]);
    const ownerToken = await newToken(store.id, store.owner.jwt, ["products.read"]);
    const teammateView = await call("GET", tokensPath(store.id), { token: teammate.jwt });
    expect(teammateView.status).toBe(200);
    expect(teammateView.body.data.map((t: any) => t.id)).toEqual([mine.id]);
    expect(teammateView.body.pagination).toEqual({ limit: 20, offset: 0, total: 1 });
    const ownerView = await call("GET", tokensPath(store.id), { token: store.owner.jwt });
    expect(ownerView.body.data.map((t: any) => t.id).sort()).toEqual([mine.id, ownerToken.id].sort());
    for (const t of ownerView.body.data) expect(Object.keys(t).sort()).toEqual(RECORD_KEYS);
    expect(ownerView.text).not.toContain(mine.token);
    expect(ownerView.text).not.toContain(await sha256Hex(mine.token));
    const filtered = await call("GET", `${tokensPath(store.id)}?user_id=${teammate.id}`, { token: store.owner.jwt });
    expect(filtered.body.data.map((t: any) => t.id)).toEqual([mine.id]);
    const paged = await call("GET", `${tokensPath(store.id)}?limit=1&offset=1`, { token: store.owner.jwt });
    expect(paged.body.data).toHaveLength(1);
    expect(paged.body.pagination).toEqual({ limit: 1, offset: 1, total: 2 });
  });

  it("reading one: own 200, a teammate's 403 without tokens.read, another store's 404", async () => {
    const store = await newStore();
    const other = await newStore();
    const teammate = await addMember(store, ["products.read"]);
    const ownerToken = await newToken(store.id, store.owner.jwt, []);
    const teammateToken = await newToken(store.id, teammate.jwt, []);
    const foreign = await newToken(other.id, other.owner.jwt, []);
    expect((await call("GET", `${tokensPath(store.id)}/${teammateToken.id}`, { token: teammate.jwt })).status).toBe(200);
    const denied = await call("GET", `${tokensPath(store.id)}/${ownerToken.id}`, { token: teammate.jwt });
    expect(denied.status).toBe(403);
    expect(denied.body.missing_permission).toBe("tokens.read");
    expect((await call("GET", `${tokensPath(store.id)}/${teammateToken.id}`, { token: store.owner.jwt })).status).toBe(200);
    expect((await call("GET", `${tokensPath(store.id)}/${foreign.id}`, { token: store.owner.jwt })).status).toBe(404);
    expect((await call("DELETE", `${tokensPath(store.id)}/${foreign.id}`, { token: store.owner.jwt })).status).toBe(404);
    expect((await call("GET", "/me", { token: foreign.token })).status).toBe(200);
  });
});

describe("last_used_at: equal to created_at on creation, written at most once a minute", () => {
  const lastUsed = async (id: string) => (await sqlFirst<{ last_used_at: string }>("SELECT last_used_at FROM api_tokens WHERE id = ?", id))!.last_used_at;

  it("a token used within its first minute keeps last_used_at = created_at", async () => {
    const store = await newStore();
    const pat = await call("POST", tokensPath(store.id), { token: store.owner.jwt, body: { name: "n", scopes: [] } });
    for (let i = 0; i < 3; i++) expect((await call("GET", "/me", { token: pat.body.token })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 200));
    expect(await lastUsed(pat.body.id)).toBe(pat.body.created_at);
  });

  it("a use more than a minute after the last recorded one is recorded, once", async () => {
    const store = await newStore();
    const pat = await newToken(store.id, store.owner.jwt, []);
    const stale = new Date(Date.now() - 120_000).toISOString();
    await sqlRun("UPDATE api_tokens SET last_used_at = ? WHERE id = ?", stale, pat.id);
    const before = Date.now();
    expect((await call("GET", "/me", { token: pat.token })).status).toBe(200);
    const recorded = await waitFor(
      () => lastUsed(pat.id),
      (v) => v !== stale,
    );
    expect(Date.parse(recorded)).toBeGreaterThanOrEqual(before - 5);
    expect((await call("GET", "/me", { token: pat.token })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 200));
    expect(await lastUsed(pat.id)).toBe(recorded);
    const record = await call("GET", `${tokensPath(store.id)}/${pat.id}`, { token: store.owner.jwt });
    expect(record.body.last_used_at).toBe(recorded);
  });
});

describe("changes made through a token are audited with the user, token id and token name", () => {
  it("token.create, token.rotate and token.revoke", async () => {
    const store = await newStore();
    const manager = await newToken(store.id, store.owner.jwt, ["tokens.manage", "audit.read"]);
    const made = await call("POST", tokensPath(store.id), { token: manager.token, body: { name: "child", scopes: ["audit.read"] } });
    await call("POST", `${tokensPath(store.id)}/${made.body.id}/rotate`, { token: manager.token });
    await call("DELETE", `${tokensPath(store.id)}/${made.body.id}`, { token: store.owner.jwt });
    const log = await auditOf(store.id, store.owner.jwt);
    const byAction = Object.fromEntries(log.map((e: any) => [e.action, e]));
    expect(byAction["token.create"]).toBeDefined();
    const viaToken = log.filter((e: any) => e.resource_id === made.body.id && e.action !== "token.revoke");
    expect(viaToken.map((e: any) => e.action).sort()).toEqual(["token.create", "token.rotate"]);
    for (const e of viaToken) {
      expect(e).toMatchObject({ user_id: store.owner.id, token_id: manager.id, token_name: manager.name, resource_type: "token", store_id: store.id });
    }
    expect(byAction["token.revoke"]).toMatchObject({ token_id: null, token_name: null, user_id: store.owner.id, resource_id: made.body.id });
  });
});
