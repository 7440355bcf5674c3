// POST /logout (docs/api/11-limits-retries-sessions.md): a session JWT ends on the next request; {"everywhere": true} ends every session
// JWT of the user issued until then; PATs are untouched and cannot log out. On a store's paths the JWT check is one
// D1 query on the store's database (membership) and one call to the user's session object (src/access/session-object.ts),
// sent together, and nothing on the directory: a logout counts on the next request without adding a round trip
// (docs/scale.md section 7.3).
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { runAccessCleanup } from "../../src/identity/cleanup";
import { call, newStore, newToken, newUser } from "../helpers/api";
import { countingStoreAndDirectory, fetchWithEnv, overlapped, sqlFirst } from "../helpers/support";

async function login(email: string, password: string) {
  const res = await call("POST", "/login", { body: { email, password } });
  expect(res.status).toBe(200);
  return res.body.token as string;
}

/** Every way a JWT is checked: outside a store, on a store's paths (plain and batched catalog reads), sessionOnly. */
const surfaces = (storeId: string) => [`/me`, `/stores`, `/stores/${storeId}`, `/stores/${storeId}/products`, `/stores/${storeId}/members`];

async function statuses(token: string, storeId: string) {
  return Promise.all(surfaces(storeId).map(async (path) => (await call("GET", path, { token })).status));
}

describe("POST /logout ends the calling session JWT from the next request on", () => {
  it("204 with an empty body; that JWT is then 401 everywhere, with WWW-Authenticate", async () => {
    const store = await newStore();
    const jwt = store.owner.jwt;
    expect(await statuses(jwt, store.id)).toEqual([200, 200, 200, 200, 200]);
    const res = await call("POST", "/logout", { token: jwt });
    expect(res.status).toBe(204);
    expect(res.text).toBe("");
    expect(await statuses(jwt, store.id)).toEqual([401, 401, 401, 401, 401]);
    const again = await call("POST", "/logout", { token: jwt });
    expect(again.status).toBe(401);
    expect(again.headers.get("WWW-Authenticate")).toMatch(/^Bearer/);
    expect((await call("GET", `/stores/not-a-uuid`, { token: jwt })).status).toBe(401);
  });

  it("other sessions of the same user, even from the same second, keep working; so do the user's PATs", async () => {
    const store = await newStore();
    const { email, password } = store.owner;
    const [a, b] = await Promise.all([login(email, password), login(email, password)]);
    expect(a).not.toBe(b);
    const pat = await newToken(store.id, a, ["products.read"]);
    expect((await call("POST", "/logout", { token: a, body: {} })).status).toBe(204);
    expect((await call("GET", "/me", { token: a })).status).toBe(401);
    expect(await statuses(b, store.id)).toEqual([200, 200, 200, 200, 200]);
    expect((await call("GET", `/stores/${store.id}/products`, { token: pat.token })).status).toBe(200);
  });

  it("a personal access token calling /logout gets 403 and stays valid", async () => {
    const store = await newStore();
    const pat = await newToken(store.id, store.owner.jwt, ["products.read"]);
    const res = await call("POST", "/logout", { token: pat.token, body: { everywhere: true } });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("forbidden");
    expect((await call("GET", `/stores/${store.id}/products`, { token: pat.token })).status).toBe(200);
    expect((await call("GET", "/me", { token: store.owner.jwt })).status).toBe(200);
  });

  it("no token: 401; a bad body: 422 or 400, and the session is not ended", async () => {
    const user = await newUser();
    expect((await call("POST", "/logout")).status).toBe(401);
    expect((await call("POST", "/logout", { token: user.jwt, body: { everywhere: "yes" } })).status).toBe(422);
    expect((await call("POST", "/logout", { token: user.jwt, body: { all: true } })).status).toBe(422);
    expect((await call("POST", "/logout", { token: user.jwt, body: "{", headers: { "Content-Type": "application/json" } })).status).toBe(400);
    expect((await call("GET", "/me", { token: user.jwt })).status).toBe(200);
  });
});

describe('POST /logout {"everywhere": true} ends every session JWT of the user issued until now', () => {
  it("all earlier sessions are 401; a login afterwards works; other users and PATs are untouched", async () => {
    const store = await newStore();
    const { email, password } = store.owner;
    const other = await login(email, password);
    const pat = await newToken(store.id, store.owner.jwt, ["products.read"]);
    const stranger = await newUser();
    expect((await call("POST", "/logout", { token: store.owner.jwt, body: { everywhere: true } })).status).toBe(204);
    expect(await statuses(store.owner.jwt, store.id)).toEqual([401, 401, 401, 401, 401]);
    expect(await statuses(other, store.id)).toEqual([401, 401, 401, 401, 401]);
    const fresh = await login(email, password);
    expect(await statuses(fresh, store.id)).toEqual([200, 200, 200, 200, 200]);
    expect((await call("GET", `/stores/${store.id}/products`, { token: pat.token })).status).toBe(200);
    expect((await call("GET", "/me", { token: stranger.jwt })).status).toBe(200);
  });

  it('{"everywhere": false} ends only the calling session', async () => {
    const user = await newUser();
    const other = await login(user.email, user.password);
    expect((await call("POST", "/logout", { token: user.jwt, body: { everywhere: false } })).status).toBe(204);
    expect((await call("GET", "/me", { token: user.jwt })).status).toBe(401);
    expect((await call("GET", "/me", { token: other })).status).toBe(200);
  });
});

describe("the JWT check on a store's paths stays one round trip with logout in place: the user's session object beside the membership on the store's database, nothing on the directory", () => {
  it("GET /stores/{id} with a JWT: one membership query on the store's database and one session object call, sent together, then the route's own", async () => {
    const store = await newStore();
    const { overrides, store: onStore, directory, sessions, log } = await countingStoreAndDirectory(store.id);
    const res = await fetchWithEnv(new Request(`http://api.test/stores/${store.id}`, { headers: { Authorization: `Bearer ${store.owner.jwt}` } }), overrides);
    expect(res.status).toBe(200);
    expect(onStore.queries).toBe(2);
    expect(onStore.statements[0]).toMatch(/from "stores" left join "memberships"/i);
    expect(directory.queries).toBe(0);
    expect(sessions.methods).toEqual(["check"]);
    expect(overlapped(log, "store", "sessions")).toBe(true);
  });

  it("a logged-out JWT on a store's path is 401 from that same one round trip; a non-member's live JWT is 403", async () => {
    const store = await newStore();
    const outsider = await newUser();
    const jwt = await login(store.owner.email, store.owner.password);
    await call("POST", "/logout", { token: jwt });
    const { overrides, store: onStore, directory, sessions } = await countingStoreAndDirectory(store.id);
    const req = (token: string) => new Request(`http://api.test/stores/${store.id}`, { headers: { Authorization: `Bearer ${token}` } });
    expect((await fetchWithEnv(req(jwt), overrides)).status).toBe(401);
    expect(onStore.queries).toBe(1);
    expect(directory.queries).toBe(0);
    expect(sessions.calls).toBe(1);
    expect((await fetchWithEnv(req(outsider.jwt), overrides)).status).toBe(403);
    await call("POST", "/logout", { token: outsider.jwt });
    expect((await fetchWithEnv(req(outsider.jwt), overrides)).status).toBe(401);
  });
});

describe("logged-out sessions are forgotten by the cron once they would have expired", () => {
  it("rows past their JWT's 24 h are deleted; newer ones stay", async () => {
    const user = await newUser();
    await call("POST", "/logout", { token: user.jwt });
    const row = await sqlFirst<{ expires_at: string }>("SELECT expires_at FROM revoked_sessions WHERE user_id = ?", user.id);
    expect(row).not.toBeNull();
    await runAccessCleanup(env, Date.parse(row!.expires_at) - 1000);
    expect(await sqlFirst("SELECT 1 AS x FROM revoked_sessions WHERE user_id = ?", user.id)).not.toBeNull();
    await runAccessCleanup(env, Date.parse(row!.expires_at) + 1000);
    expect(await sqlFirst("SELECT 1 AS x FROM revoked_sessions WHERE user_id = ?", user.id)).toBeNull();
  });
});
