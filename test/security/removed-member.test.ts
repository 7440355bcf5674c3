// What a member held dies with the membership (docs/api/13-security.md; issue 15, hole 1): token records carry
// `issued_by`, the user who last received the raw value, and removing a member stops every token of the store whose
// `user_id` or `issued_by` is that member, from the next request, in the removal's own batch.
import { describe, expect, it } from "vitest";
import { addMember, call, newStore, newToken } from "../helpers/api";
import { sqlAll } from "../helpers/support";

const products = (storeId: string) => `/stores/${storeId}/products`;
const removeMember = (storeId: string, userId: string, jwt: string) => call("DELETE", `/stores/${storeId}/members/${userId}`, { token: jwt });

describe("token records carry issued_by: who last received the raw value", () => {
  it("the creator, also when issuing for a teammate; after a rotation, the rotator; documented in OpenAPI", async () => {
    const store = await newStore();
    const manager = await addMember(store, ["tokens.manage", "tokens.read", "products.read"]);
    const own = await newToken(store.id, store.owner.jwt, ["products.read"]);
    expect((own as any).issued_by).toBe(store.owner.id);
    expect((own as any).user_id).toBe(store.owner.id);
    const minted = await newToken(store.id, manager.jwt, ["products.read"], { user_id: store.owner.id });
    expect((minted as any).user_id).toBe(store.owner.id);
    expect((minted as any).issued_by).toBe(manager.id);
    const listed = await call("GET", `/stores/${store.id}/api-tokens/${minted.id}`, { token: store.owner.jwt });
    expect(listed.body.issued_by).toBe(manager.id);
    const rotated = await call("POST", `/stores/${store.id}/api-tokens/${own.id}/rotate`, { token: manager.jwt });
    expect(rotated.status).toBe(200);
    expect(rotated.body.issued_by).toBe(manager.id);
    const doc = await call("GET", "/openapi.json");
    expect(Object.keys(doc.body.components.schemas.AccessToken.properties)).toContain("issued_by");
  });
});

describe("removing a member stops every token whose user_id or issued_by is the member", () => {
  it("reproduction: a token a manager minted for the owner is 401 once the manager is removed, and audited nothing more", async () => {
    const store = await newStore();
    const manager = await addMember(store, ["tokens.manage", "products.read", "products.write"]);
    const minted = await newToken(store.id, manager.jwt, ["products.read", "products.write"], { user_id: store.owner.id });
    expect((await call("GET", products(store.id), { token: minted.token })).status).toBe(200);
    expect((await removeMember(store.id, manager.id, store.owner.jwt)).status).toBe(204);
    expect((await call("GET", products(store.id), { token: minted.token })).status).toBe(401);
    const write = await call("POST", products(store.id), { token: minted.token, body: { title: "Mug", product_type: "single" } });
    expect(write.status).toBe(401);
    expect((await call("GET", `/stores/${store.id}/api-tokens/${minted.id}`, { token: store.owner.jwt })).status).toBe(404);
  });

  it("a teammate's token the manager rotated (the manager holds the new value) is 401 once the manager is removed", async () => {
    const store = await newStore();
    const manager = await addMember(store, ["tokens.manage", "products.read"]);
    const ownerToken = await newToken(store.id, store.owner.jwt, ["products.read"]);
    const rotated = await call("POST", `/stores/${store.id}/api-tokens/${ownerToken.id}/rotate`, { token: manager.jwt });
    expect((await call("GET", products(store.id), { token: rotated.body.token })).status).toBe(200);
    expect((await removeMember(store.id, manager.id, store.owner.jwt)).status).toBe(204);
    expect((await call("GET", products(store.id), { token: rotated.body.token })).status).toBe(401);
  });

  it("a token minted through the manager's minted token is also the manager's (issued_by follows the holder)", async () => {
    const store = await newStore();
    const manager = await addMember(store, ["tokens.manage", "products.read"]);
    const minted = await newToken(store.id, manager.jwt, ["products.read", "tokens.manage"], { user_id: store.owner.id });
    const laundered = await newToken(store.id, minted.token, ["products.read"]);
    expect((laundered as any).user_id).toBe(store.owner.id);
    expect((laundered as any).issued_by).toBe(manager.id);
    expect((await removeMember(store.id, manager.id, store.owner.jwt)).status).toBe(204);
    expect((await call("GET", products(store.id), { token: laundered.token })).status).toBe(401);
  });

  it("the member's own tokens stop too and stay stopped after a re-invite; the owner's own tokens keep working", async () => {
    const store = await newStore();
    const member = await addMember(store, ["products.read"]);
    const memberToken = await newToken(store.id, member.jwt, ["products.read"]);
    const ownerToken = await newToken(store.id, store.owner.jwt, ["products.read"]);
    expect((await removeMember(store.id, member.id, store.owner.jwt)).status).toBe(204);
    expect((await call("GET", products(store.id), { token: memberToken.token })).status).toBe(401);
    expect((await call("GET", products(store.id), { token: ownerToken.token })).status).toBe(200);
    const invite = await call("POST", `/stores/${store.id}/invites`, { token: store.owner.jwt, body: { email: member.email, permissions: ["products.read"] } });
    expect((await call("POST", "/invites/accept", { token: member.jwt, body: { token: invite.body.token } })).status).toBe(200);
    expect((await call("GET", products(store.id), { token: memberToken.token })).status).toBe(401);
  });
});

describe("member removal and changes take effect once under concurrency", () => {
  it("four concurrent removals of one member: one 204, the others 404, one member.remove audit row", async () => {
    const store = await newStore();
    const member = await addMember(store, ["products.read"]);
    const statuses = (await Promise.all([1, 2, 3, 4].map(() => removeMember(store.id, member.id, store.owner.jwt)))).map((r) => r.status);
    expect(statuses.sort()).toEqual([204, 404, 404, 404]);
    const rows = await sqlAll("SELECT id FROM audit_log WHERE store_id = ? AND action = 'member.remove'", store.id);
    expect(rows).toHaveLength(1);
  });

  it("a permission change racing a removal is a 404 when the removal won, and writes no audit row", async () => {
    const store = await newStore();
    const member = await addMember(store, ["products.read"]);
    const [removed, changed] = await Promise.all([
      removeMember(store.id, member.id, store.owner.jwt),
      call("PATCH", `/stores/${store.id}/members/${member.id}`, { token: store.owner.jwt, body: { permissions: ["products.write"] } }),
    ]);
    expect(removed.status).toBe(204);
    expect([200, 404]).toContain(changed.status);
    const updates = await sqlAll("SELECT id FROM audit_log WHERE store_id = ? AND action = 'member.update'", store.id);
    expect(updates).toHaveLength(changed.status === 200 ? 1 : 0);
    expect(await sqlAll("SELECT 1 FROM memberships WHERE store_id = ? AND user_id = ?", store.id, member.id)).toHaveLength(0);
  });

  it("concurrent revocations of one token: one 204, the others 404, one token.revoke audit row", async () => {
    const store = await newStore();
    const token = await newToken(store.id, store.owner.jwt, ["products.read"]);
    const path = `/stores/${store.id}/api-tokens/${token.id}`;
    const statuses = (await Promise.all([1, 2, 3, 4].map(() => call("DELETE", path, { token: store.owner.jwt })))).map((r) => r.status);
    expect(statuses.sort()).toEqual([204, 404, 404, 404]);
    expect(await sqlAll("SELECT id FROM audit_log WHERE store_id = ? AND action = 'token.revoke'", store.id)).toHaveLength(1);
  });

  it("concurrent rotations of one token: one 200 whose value works, the others 409 with no audit row", async () => {
    const store = await newStore();
    const token = await newToken(store.id, store.owner.jwt, ["products.read"]);
    const path = `/stores/${store.id}/api-tokens/${token.id}/rotate`;
    const results = await Promise.all([1, 2, 3, 4].map(() => call("POST", path, { token: store.owner.jwt })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    const winner = results.find((r) => r.status === 200)!;
    expect((await call("GET", products(store.id), { token: winner.body.token })).status).toBe(200);
    expect(await sqlAll("SELECT id FROM audit_log WHERE store_id = ? AND action = 'token.rotate'", store.id)).toHaveLength(1);
  });
});

describe("cap: 50 unrevoked tokens per user per store (422 limit_exceeded)", () => {
  it("the 51st is refused naming the cap; revoking one makes room; concurrent requests never pass the cap", async () => {
    const store = await newStore();
    const first = await newToken(store.id, store.owner.jwt, ["products.read"]);
    for (let i = 1; i < 47; i++) await newToken(store.id, store.owner.jwt, ["products.read"]);
    const burst = await Promise.all(
      [1, 2, 3, 4, 5, 6].map((i) =>
        call("POST", `/stores/${store.id}/api-tokens`, { token: store.owner.jwt, body: { name: `burst ${i}`, scopes: ["products.read"] } }),
      ),
    );
    expect(burst.filter((r) => r.status === 201)).toHaveLength(3);
    const refused = burst.filter((r) => r.status === 422);
    expect(refused).toHaveLength(3);
    expect(refused[0].body.code).toBe("limit_exceeded");
    expect(refused[0].body.detail).toMatch(/50 unrevoked access tokens/);
    const count = await sqlAll("SELECT id FROM api_tokens WHERE store_id = ? AND user_id = ? AND revoked_at IS NULL", store.id, store.owner.id);
    expect(count).toHaveLength(50);
    expect((await call("DELETE", `/stores/${store.id}/api-tokens/${first.id}`, { token: store.owner.jwt })).status).toBe(204);
    expect((await call("POST", `/stores/${store.id}/api-tokens`, { token: store.owner.jwt, body: { name: "again", scopes: ["products.read"] } })).status).toBe(
      201,
    );
    // The cap is per user: a teammate still has room.
    const member = await addMember(store, ["products.read"]);
    await newToken(store.id, member.jwt, ["products.read"]);
  });
});
