// Members and invites (docs/api/03-identity-stores-members.md): invites shown once and stored hashed, 7-day expiry, accepted with the
// invitee's JWT, user.created in the outbox; permission changes; removal (owner: 409; tokens die at once).
import { describe, expect, it } from "vitest";
import { addMember, call, newStore, newToken, newUser } from "../helpers/api";
import { sha256Hex, sqlAll, sqlFirst, sqlRun } from "../helpers/support";

const invitesPath = (storeId: string) => `/stores/${storeId}/invites`;
const memberPath = (storeId: string, userId: string) => `/stores/${storeId}/members/${userId}`;
const DAY_MS = 86_400_000;

async function invite(storeId: string, jwt: string, email: string, permissions: unknown) {
  return call("POST", invitesPath(storeId), { token: jwt, body: { email, permissions } });
}

describe("invites: raw one-time token shown once, stored hashed, valid 7 days", () => {
  it("creating an invite", async () => {
    const store = await newStore();
    const invitee = await newUser();
    const res = await invite(store.id, store.owner.jwt, invitee.email, ["products.read", "audit.read"]);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ email: invitee.email, permissions: ((1n << 61n) | 1n).toString() });
    expect(res.body.permission_names.sort()).toEqual(["audit.read", "products.read"]);
    expect(typeof res.body.token).toBe("string");
    expect(res.body.token.length).toBeGreaterThanOrEqual(32);
    const lifetime = Date.parse(res.body.expires_at) - Date.parse(res.body.created_at);
    expect(lifetime).toBe(7 * DAY_MS);
    const row = await sqlFirst<Record<string, string>>("SELECT * FROM invites WHERE id = ?", res.body.id);
    expect(row!.token_hash).toBe(await sha256Hex(res.body.token));
    expect(Object.values(row!)).not.toContain(res.body.token);
    const location = res.headers.get("Location")!;
    const read = await call("GET", location, { token: store.owner.jwt });
    expect(read.status).toBe(200);
    expect(read.body.id).toBe(res.body.id);
    expect(read.body.token).toBeUndefined();
    const list = await call("GET", invitesPath(store.id), { token: store.owner.jwt });
    expect(list.text).not.toContain(res.body.token);
  });

  it("accepting with the invitee's JWT: 200 membership, user.created in the outbox, audited", async () => {
    const store = await newStore();
    const invitee = await newUser("Grace");
    const created = await invite(store.id, store.owner.jwt, invitee.email.toUpperCase(), ["members.read"]);
    const res = await call("POST", "/invites/accept", { token: invitee.jwt, body: { token: created.body.token } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      user_id: invitee.id,
      email: invitee.email,
      name: "Grace",
      role: "member",
      permissions: (1n << 11n).toString(),
      permission_names: ["members.read"],
    });
    const me = await call("GET", "/me", { token: invitee.jwt });
    expect(me.body.stores.map((s: any) => s.id)).toContain(store.id);
    expect((await call("GET", `/stores/${store.id}/members`, { token: invitee.jwt })).status).toBe(200);
    const events = await sqlAll<{ name: string; data: string; created_at: string }>(
      "SELECT name, json_extract(payload, '$.data') AS data, created_at FROM events WHERE store_id = ?",
      store.id,
    );
    const userCreated = events.filter((e) => e.name === "user.created");
    expect(userCreated).toHaveLength(1);
    expect(JSON.parse(userCreated[0].data)).toMatchObject({ id: invitee.id, email: invitee.email, name: "Grace", permissions: (1n << 11n).toString() });
    const audit = await call("GET", `/stores/${store.id}/audit-log`, { token: store.owner.jwt });
    expect(audit.body.data.map((e: any) => e.action)).toEqual(expect.arrayContaining(["invite.create", "member.create"]));
  });

  it("single use: a second accept is 409", async () => {
    const store = await newStore();
    const invitee = await newUser();
    const created = await invite(store.id, store.owner.jwt, invitee.email, []);
    expect((await call("POST", "/invites/accept", { token: invitee.jwt, body: { token: created.body.token } })).status).toBe(200);
    const again = await call("POST", "/invites/accept", { token: invitee.jwt, body: { token: created.body.token } });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("conflict");
  });

  it("an expired invite is 409", async () => {
    const store = await newStore();
    const invitee = await newUser();
    const created = await invite(store.id, store.owner.jwt, invitee.email, []);
    await sqlRun("UPDATE invites SET expires_at = ? WHERE id = ?", new Date(Date.now() - 1000).toISOString(), created.body.id);
    const res = await call("POST", "/invites/accept", { token: invitee.jwt, body: { token: created.body.token } });
    expect(res.status).toBe(409);
    expect((await call("GET", `/stores/${store.id}`, { token: invitee.jwt })).status).toBe(403);
  });

  it("another user's session is 403; a PAT is 403; an unknown token is 404; no session is 401", async () => {
    const store = await newStore();
    const invitee = await newUser();
    const intruder = await newUser();
    const created = await invite(store.id, store.owner.jwt, invitee.email, ["products.read"]);
    const wrong = await call("POST", "/invites/accept", { token: intruder.jwt, body: { token: created.body.token } });
    expect(wrong.status).toBe(403);
    const intruderStore = await call("POST", "/stores", { token: intruder.jwt, body: { name: "I" } });
    const pat = await newToken(intruderStore.body.id, intruder.jwt, []);
    expect((await call("POST", "/invites/accept", { token: pat.token, body: { token: created.body.token } })).status).toBe(403);
    expect((await call("POST", "/invites/accept", { token: invitee.jwt, body: { token: "inv_nope" } })).status).toBe(404);
    expect((await call("POST", "/invites/accept", { body: { token: created.body.token } })).status).toBe(401);
    // The invite is still usable by its invitee.
    expect((await call("POST", "/invites/accept", { token: invitee.jwt, body: { token: created.body.token } })).status).toBe(200);
  });

  it("bad input: 422 (email, permissions, unknown fields, token), 400 for bodies that are not JSON", async () => {
    const store = await newStore();
    const bodies = [
      {},
      { email: "no-at-sign", permissions: [] },
      { email: "a@example.test" },
      { email: "a@example.test", permissions: ["nope"] },
      { email: "a@example.test", permissions: "12abc" },
      { email: "a@example.test", permissions: 4096 },
      { email: "a@example.test", permissions: [], role: "owner" },
    ];
    for (const body of bodies) {
      const res = await call("POST", invitesPath(store.id), { token: store.owner.jwt, body });
      expect(res.status, JSON.stringify(body)).toBe(422);
    }
    const user = await newUser();
    for (const body of [{}, { token: "" }, { token: 5 }, { token: "x", extra: 1 }]) {
      expect((await call("POST", "/invites/accept", { token: user.jwt, body })).status, JSON.stringify(body)).toBe(422);
    }
    expect((await call("POST", "/invites/accept", { token: user.jwt, body: "{", headers: { "Content-Type": "application/json" } })).status).toBe(400);
    expect((await call("GET", `${invitesPath(store.id)}/not-an-id`, { token: store.owner.jwt })).status).toBe(404);
    expect((await call("GET", `${invitesPath(store.id)}?limit=0`, { token: store.owner.jwt })).status).toBe(422);
  });
});

describe("nobody grants what they do not hold: invites, member updates and token scopes (422 scope_exceeds_permissions)", () => {
  it("a manager without audit.read can neither invite with it nor grant it", async () => {
    const store = await newStore();
    const manager = await addMember(store, ["members.manage", "members.read", "products.read"]);
    const inv = await invite(store.id, manager.jwt, "new@example.test", ["audit.read"]);
    expect(inv.status).toBe(422);
    expect(inv.body.code).toBe("scope_exceeds_permissions");
    expect(inv.body.errors[0].path).toBe("permissions");
    expect(inv.body.detail).toContain("audit.read");
    const within = await invite(store.id, manager.jwt, "new@example.test", ["products.read"]);
    expect(within.status).toBe(201);
    const colleague = await addMember(store, ["products.read"]);
    const grant = await call("PATCH", memberPath(store.id, colleague.id), { token: manager.jwt, body: { permissions: ["products.read", "audit.read"] } });
    expect(grant.status).toBe(422);
    expect(grant.body.code).toBe("scope_exceeds_permissions");
    const token = await call("POST", `/stores/${store.id}/api-tokens`, { token: manager.jwt, body: { name: "t", scopes: ["audit.read"] } });
    expect(token.status).toBe(422);
    expect(token.body.code).toBe("scope_exceeds_permissions");
  });

  it("a manager may take away bits they lack, but not send them (decisions.md)", async () => {
    const store = await newStore();
    const manager = await addMember(store, ["members.manage", "products.read"]);
    const auditor = await addMember(store, ["audit.read", "products.read"]);
    const keep = await call("PATCH", memberPath(store.id, auditor.id), { token: manager.jwt, body: { permissions: ["audit.read", "products.read"] } });
    expect(keep.status).toBe(422);
    const strip = await call("PATCH", memberPath(store.id, auditor.id), { token: manager.jwt, body: { permissions: ["products.read"] } });
    expect(strip.status).toBe(200);
    expect(strip.body.permission_names).toEqual(["products.read"]);
    expect((await call("GET", `/stores/${store.id}/audit-log`, { token: auditor.jwt })).status).toBe(403);
  });

  it("through a PAT the limit is the token's effective permission", async () => {
    const store = await newStore();
    const pat = await newToken(store.id, store.owner.jwt, ["members.manage", "products.read"]);
    const res = await invite(store.id, pat.token, "p@example.test", ["products.read", "products.write"]);
    expect(res.status).toBe(422);
    expect(res.body.code).toBe("scope_exceeds_permissions");
    expect((await invite(store.id, pat.token, "p@example.test", ["products.read"])).status).toBe(201);
  });
});

describe("member permission changes", () => {
  it("PATCH sets the mask (names or a decimal string) and returns the member", async () => {
    const store = await newStore();
    const member = await addMember(store, ["products.read"]);
    const res = await call("PATCH", memberPath(store.id, member.id), { token: store.owner.jwt, body: { permissions: String((1n << 61n) | (1n << 11n)) } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ user_id: member.id, role: "member", permissions: String((1n << 61n) | (1n << 11n)) });
    expect(res.body.permission_names.sort()).toEqual(["audit.read", "members.read"]);
    const list = await call("GET", `/stores/${store.id}/members`, { token: member.jwt });
    expect(list.body.data.find((m: any) => m.user_id === member.id).permissions).toBe(res.body.permissions);
  });

  it("the owner's permissions cannot be changed (409); unknown members are 404; bad bodies 422", async () => {
    const store = await newStore();
    const owner = await call("PATCH", memberPath(store.id, store.owner.id), { token: store.owner.jwt, body: { permissions: [] } });
    expect(owner.status).toBe(409);
    const outsider = await newUser();
    expect((await call("PATCH", memberPath(store.id, outsider.id), { token: store.owner.jwt, body: { permissions: [] } })).status).toBe(404);
    expect((await call("PATCH", memberPath(store.id, "nope"), { token: store.owner.jwt, body: { permissions: [] } })).status).toBe(404);
    const member = await addMember(store, []);
    for (const body of [{}, { permissions: null }, { permissions: ["x"] }, { permissions: [], role: "owner" }]) {
      expect((await call("PATCH", memberPath(store.id, member.id), { token: store.owner.jwt, body })).status, JSON.stringify(body)).toBe(422);
    }
  });
});

describe("members list: members.read, paginated, with permissions", () => {
  it("lists owner and members", async () => {
    const store = await newStore();
    const member = await addMember(store, ["members.read"]);
    const res = await call("GET", `/stores/${store.id}/members?limit=1`, { token: member.jwt });
    expect(res.status).toBe(200);
    expect(res.body.pagination).toEqual({ limit: 1, offset: 0, total: 2 });
    expect(res.body.data[0]).toMatchObject({ user_id: store.owner.id, role: "owner", email: store.owner.email });
    const next = await call("GET", `/stores/${store.id}/members?limit=1&offset=1`, { token: member.jwt });
    expect(next.body.data[0]).toMatchObject({ user_id: member.id, role: "member", permission_names: ["members.read"] });
    for (const m of [...res.body.data, ...next.body.data]) {
      expect(Object.keys(m)).toEqual(expect.arrayContaining(["user_id", "email", "name", "role", "permissions", "permission_names", "created_at"]));
    }
  });
});

describe("member removal: 204; the owner cannot be removed (409); the member's tokens are 401 at once", () => {
  it("removing a member kills their tokens for that store on the next request", async () => {
    const store = await newStore();
    const member = await addMember(store, ["members.read", "products.read"]);
    const pat = await newToken(store.id, member.jwt, ["members.read"]);
    expect((await call("GET", `/stores/${store.id}/members`, { token: pat.token })).status).toBe(200);
    const res = await call("DELETE", memberPath(store.id, member.id), { token: store.owner.jwt });
    expect(res.status).toBe(204);
    expect(res.text).toBe("");
    const after = await call("GET", `/stores/${store.id}/members`, { token: pat.token });
    expect(after.status).toBe(401);
    expect(after.headers.get("WWW-Authenticate")).toMatch(/^Bearer/);
    expect((await call("GET", "/me", { token: pat.token })).status).toBe(401);
    // Their session is still valid but no longer a member here.
    expect((await call("GET", `/stores/${store.id}`, { token: member.jwt })).status).toBe(403);
    const audit = await call("GET", `/stores/${store.id}/audit-log`, { token: store.owner.jwt });
    expect(audit.body.data[0]).toMatchObject({ action: "member.remove", resource_type: "member", resource_id: member.id });
  });

  it("a re-invited member's old tokens stay dead", async () => {
    const store = await newStore();
    const member = await addMember(store, ["members.read"]);
    const pat = await newToken(store.id, member.jwt, ["members.read"]);
    await call("DELETE", memberPath(store.id, member.id), { token: store.owner.jwt });
    const again = await invite(store.id, store.owner.jwt, member.email, ["members.read"]);
    expect((await call("POST", "/invites/accept", { token: member.jwt, body: { token: again.body.token } })).status).toBe(200);
    expect((await call("GET", `/stores/${store.id}/members`, { token: pat.token })).status).toBe(401);
  });

  it("the owner cannot be removed; an unknown member is 404; members.manage is required", async () => {
    const store = await newStore();
    const res = await call("DELETE", memberPath(store.id, store.owner.id), { token: store.owner.jwt });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("conflict");
    expect((await call("GET", `/stores/${store.id}`, { token: store.owner.jwt })).status).toBe(200);
    expect((await call("DELETE", memberPath(store.id, "01900000-0000-7000-8000-000000000000"), { token: store.owner.jwt })).status).toBe(404);
    const member = await addMember(store, ["members.read"]);
    const denied = await call("DELETE", memberPath(store.id, store.owner.id), { token: member.jwt });
    expect(denied.status).toBe(403);
    expect(denied.body.missing_permission).toBe("members.manage");
  });
});
