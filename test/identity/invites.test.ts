// An invite is only as good as its inviter (docs/api/13-security.md; issue 15, hole 2): invites record `invited_by`,
// pending ones are listed and can be revoked, removing the inviter revokes theirs, and accepting re-checks that the
// inviter is still a member holding every bit the invite grants (409 otherwise).
import { describe, expect, it } from "vitest";
import { addMember, call, newStore, newUser, type TestStore } from "../helpers/api";
import { sqlAll, sqlRun } from "../helpers/support";

const invite = (store: TestStore, jwt: string, email: string, permissions: string[]) =>
  call("POST", `/stores/${store.id}/invites`, { token: jwt, body: { email, permissions } });
const accept = (jwt: string, token: string) => call("POST", "/invites/accept", { token: jwt, body: { token } });
const invitesPath = (store: TestStore) => `/stores/${store.id}/invites`;

describe("an invite outlives neither its inviter's membership nor their permissions", () => {
  it("reproduction: a removed manager's invite to their second address is 409 at accept; the manager stays out", async () => {
    const store = await newStore();
    const manager = await addMember(store, ["members.manage", "products.read"]);
    const second = await newUser("Manager's second address");
    const sent = await invite(store, manager.jwt, second.email, ["products.read"]);
    expect(sent.status).toBe(201);
    expect(sent.body.invited_by).toBe(manager.id);
    expect((await call("DELETE", `/stores/${store.id}/members/${manager.id}`, { token: store.owner.jwt })).status).toBe(204);
    const res = await accept(second.jwt, sent.body.token);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("conflict");
    expect((await call("GET", `/stores/${store.id}/products`, { token: second.jwt })).status).toBe(403);
  });

  it("the inviter no longer holding a granted bit voids the invite (409); an inviter who still holds them is fine", async () => {
    const store = await newStore();
    const manager = await addMember(store, ["members.manage", "products.read", "orders.read"]);
    const a = await newUser();
    const b = await newUser();
    const wide = await invite(store, manager.jwt, a.email, ["products.read", "orders.read"]);
    const narrow = await invite(store, manager.jwt, b.email, ["products.read"]);
    const patch = await call("PATCH", `/stores/${store.id}/members/${manager.id}`, {
      token: store.owner.jwt,
      body: { permissions: ["members.manage", "products.read"] },
    });
    expect(patch.status).toBe(200);
    expect((await accept(a.jwt, wide.body.token)).status).toBe(409);
    expect((await accept(b.jwt, narrow.body.token)).status).toBe(200);
  });

  it("removal revokes the member's pending invites: they leave the list in the removal's batch", async () => {
    const store = await newStore();
    const manager = await addMember(store, ["members.manage", "members.read", "products.read"]);
    const outsider = await newUser();
    await invite(store, manager.jwt, outsider.email, ["products.read"]);
    const ownInvite = await invite(store, store.owner.jwt, (await newUser()).email, ["products.read"]);
    expect((await call("GET", invitesPath(store), { token: store.owner.jwt })).body.pagination.total).toBe(2);
    expect((await call("DELETE", `/stores/${store.id}/members/${manager.id}`, { token: store.owner.jwt })).status).toBe(204);
    const list = await call("GET", invitesPath(store), { token: store.owner.jwt });
    expect(list.body.data.map((i: any) => i.id)).toEqual([ownInvite.body.id]);
    const revoked = await sqlAll("SELECT revoked_at FROM invites WHERE store_id = ? AND invited_by = ?", store.id, manager.id);
    expect(revoked).toHaveLength(1);
    expect(revoked[0].revoked_at).toBeTruthy();
  });
});

describe("GET /stores/{id}/invites lists the pending invites, newest first, without their token (members.read)", () => {
  it("accepted, expired and revoked invites are left out; no token or hash in the items; members.read needed", async () => {
    const store = await newStore();
    const users = await Promise.all([1, 2, 3, 4].map(() => newUser()));
    const sent = [];
    for (const u of users) sent.push(await invite(store, store.owner.jwt, u.email, ["products.read"]));
    expect((await accept(users[0].jwt, sent[0].body.token)).status).toBe(200);
    await sqlRun("UPDATE invites SET expires_at = '2000-01-01T00:00:00.000Z' WHERE id = ?", sent[1].body.id);
    expect((await call("DELETE", `${invitesPath(store)}/${sent[2].body.id}`, { token: store.owner.jwt })).status).toBe(204);
    const extra = await invite(store, store.owner.jwt, (await newUser()).email, ["orders.read"]);
    const list = await call("GET", invitesPath(store), { token: store.owner.jwt });
    expect(list.status).toBe(200);
    expect(list.body.data.map((i: any) => i.id)).toEqual([extra.body.id, sent[3].body.id]);
    expect(list.body.pagination.total).toBe(2);
    for (const item of list.body.data) {
      expect(item).not.toHaveProperty("token");
      expect(item).not.toHaveProperty("token_hash");
      expect(item.invited_by).toBe(store.owner.id);
    }
    const reader = await addMember(store, ["members.read"]);
    expect((await call("GET", invitesPath(store), { token: reader.jwt })).status).toBe(200);
    const stranger = await addMember(store, ["products.read"]);
    const denied = await call("GET", invitesPath(store), { token: stranger.jwt });
    expect(denied.status).toBe(403);
    expect(denied.body.missing_permission).toBe("members.read");
  });
});

describe("DELETE /stores/{id}/invites/{invite_id} revokes an invite (members.manage)", () => {
  it("204, then accepting is 409 and the invite is 404; a used invite is 409; another store's is 404", async () => {
    const store = await newStore();
    const invitee = await newUser();
    const sent = await invite(store, store.owner.jwt, invitee.email, ["products.read"]);
    const path = `${invitesPath(store)}/${sent.body.id}`;
    const reader = await addMember(store, ["members.read"]);
    const denied = await call("DELETE", path, { token: reader.jwt });
    expect(denied.status).toBe(403);
    expect(denied.body.missing_permission).toBe("members.manage");
    const res = await call("DELETE", path, { token: store.owner.jwt });
    expect(res.status).toBe(204);
    expect(res.text).toBe("");
    expect((await accept(invitee.jwt, sent.body.token)).status).toBe(409);
    expect((await call("GET", path, { token: store.owner.jwt })).status).toBe(404);
    expect((await call("DELETE", path, { token: store.owner.jwt })).status).toBe(404);

    const usedBy = await newUser();
    const used = await invite(store, store.owner.jwt, usedBy.email, ["products.read"]);
    expect((await accept(usedBy.jwt, used.body.token)).status).toBe(200);
    expect((await call("DELETE", `${invitesPath(store)}/${used.body.id}`, { token: store.owner.jwt })).status).toBe(409);

    const other = await newStore();
    const foreign = await invite(other, other.owner.jwt, (await newUser()).email, ["products.read"]);
    expect((await call("DELETE", `${invitesPath(store)}/${foreign.body.id}`, { token: store.owner.jwt })).status).toBe(404);
    expect((await call("DELETE", `${invitesPath(store)}/not-a-uuid`, { token: store.owner.jwt })).status).toBe(404);
  });

  it("concurrent revocations: one 204, the others 404, one invite.revoke audit row", async () => {
    const store = await newStore();
    const sent = await invite(store, store.owner.jwt, (await newUser()).email, ["products.read"]);
    const path = `${invitesPath(store)}/${sent.body.id}`;
    const statuses = (await Promise.all([1, 2, 3, 4].map(() => call("DELETE", path, { token: store.owner.jwt })))).map((r) => r.status);
    expect(statuses.sort()).toEqual([204, 404, 404, 404]);
    expect(await sqlAll("SELECT id FROM audit_log WHERE store_id = ? AND action = 'invite.revoke'", store.id)).toHaveLength(1);
  });

  it("a revocation racing an accept: exactly one of them takes effect", async () => {
    const store = await newStore();
    const invitee = await newUser();
    const sent = await invite(store, store.owner.jwt, invitee.email, ["products.read"]);
    const [revoked, accepted] = await Promise.all([
      call("DELETE", `${invitesPath(store)}/${sent.body.id}`, { token: store.owner.jwt }),
      accept(invitee.jwt, sent.body.token),
    ]);
    expect([revoked.status, accepted.status].sort()).toEqual(revoked.status === 204 ? [204, 409] : [200, 409]);
    const members = await sqlAll("SELECT 1 FROM memberships WHERE store_id = ? AND user_id = ?", store.id, invitee.id);
    expect(members).toHaveLength(accepted.status === 200 ? 1 : 0);
  });
});
