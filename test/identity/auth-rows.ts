// Authorization matrix rows (test/helpers/auth-matrix.ts) of the identity operations: users, login and logout, /me,
// /permissions, stores, members, invites (and looking one up and accepting it with the invitee's session), personal
// access tokens and the audit log. Run by test/security/authorization-matrix.test.ts.
import { type MatrixStore, type MatrixRows, matrixRow } from "../helpers/auth-matrix";
import { addMember, call, newToken, newUser } from "../helpers/api";

const unique = () => crypto.randomUUID().slice(0, 8);

/** An invite sent with the store's admin token. */
async function invite(store: MatrixStore, email = `i-${unique()}@example.test`) {
  const res = await call("POST", `/stores/${store.id}/invites`, { token: store.adminToken, body: { email, permissions: [] } });
  if (res.status !== 201) throw new Error(`invite failed: ${res.status} ${res.text}`);
  return res.body as { id: string; token: string };
}

/** A new user and an invite to their address: the invitee's own session is the one that may look it up or accept it. */
async function invitee(store: MatrixStore) {
  const user = await newUser("Invitee");
  return { user, invite: await invite(store, user.email) };
}

/**
 * Any member may read, rotate and revoke their own token (a teammate's needs tokens.read or tokens.manage): a PAT
 * without bits acts on itself, a member without bits on a token of theirs. Each made for this row alone.
 */
async function ownTokens(store: MatrixStore) {
  const pat = await newToken(store.id, store.owner.jwt, []);
  const member = await addMember(store, []);
  const own = await newToken(store.id, member.jwt, []);
  return [
    { what: "an owner PAT without bits, on itself", token: pat.token, fixture: pat },
    { what: "a member without bits, on their own token", token: member.jwt, fixture: own },
  ];
}
/** Another token of the owner's: the admin token acts on it with tokens.read and tokens.manage. */
const ownerToken = (store: MatrixStore) => newToken(store.id, store.owner.jwt, []);

export const identityRows: MatrixRows = {
  createUser: matrixRow({
    path: "/users",
    body: () => ({ email: `u-${unique()}@example.test`, password: "correct horse battery", name: "Matrix" }),
    expectAllowed: 201,
  }),
  login: matrixRow({
    setup: async (store) => store.owner,
    path: "/login",
    body: (owner) => ({ email: owner.email, password: owner.password }),
    expectAllowed: 200,
  }),
  // Its own session: logging out the store owner's would end it for every later row of the rule.
  logout: matrixRow({
    setup: async (store) => {
      const res = await call("POST", "/login", { body: { email: store.owner.email, password: store.owner.password } });
      if (res.status !== 200) throw new Error(`login failed: ${res.status} ${res.text}`);
      return res.body.token as string;
    },
    path: "/logout",
    as: (_store, jwt) => jwt,
    expectAllowed: 204,
  }),
  getMe: matrixRow({ path: "/me", expectAllowed: 200 }),
  listPermissions: matrixRow({ path: "/permissions", expectAllowed: 200 }),

  createStore: matrixRow({ path: "/stores", body: { name: "Matrix store" }, expectAllowed: 201 }),
  listStores: matrixRow({ path: "/stores", expectAllowed: 200 }),
  getStore: matrixRow({ path: "/stores/{store_id}", expectAllowed: 200 }),
  updateStore: matrixRow({ path: "/stores/{store_id}", body: { name: "Renamed store" }, expectAllowed: 200 }),

  listMembers: matrixRow({ path: "/stores/{store_id}/members", expectAllowed: 200 }),
  updateMember: matrixRow({
    setup: (store) => addMember(store, ["products.read"]),
    path: (storeId, member) => `/stores/${storeId}/members/${member.id}`,
    body: { permissions: ["members.read"] },
    expectAllowed: 200,
  }),
  removeMember: matrixRow({
    setup: (store) => addMember(store, ["products.read"]),
    path: (storeId, member) => `/stores/${storeId}/members/${member.id}`,
    expectAllowed: 204,
  }),

  createInvite: matrixRow({
    path: "/stores/{store_id}/invites",
    body: () => ({ email: `i-${unique()}@example.test`, permissions: [] }),
    expectAllowed: 201,
  }),
  listInvites: matrixRow({ path: "/stores/{store_id}/invites", expectAllowed: 200 }),
  getInvite: matrixRow({
    setup: (store) => invite(store),
    path: (storeId, sent) => `/stores/${storeId}/invites/${sent.id}`,
    expectAllowed: 200,
  }),
  revokeInvite: matrixRow({
    setup: (store) => invite(store),
    path: (storeId, sent) => `/stores/${storeId}/invites/${sent.id}`,
    expectAllowed: 204,
  }),
  lookupInvite: matrixRow({
    setup: invitee,
    path: "/invites/lookup",
    body: (f) => ({ token: f.invite.token }),
    as: (_store, f) => f.user.jwt,
    expectAllowed: 200,
  }),
  acceptInvite: matrixRow({
    setup: invitee,
    path: "/invites/accept",
    body: (f) => ({ token: f.invite.token }),
    as: (_store, f) => f.user.jwt,
    expectAllowed: 200,
  }),

  createApiToken: matrixRow({ path: "/stores/{store_id}/api-tokens", body: { name: "matrix", scopes: [] }, expectAllowed: 201 }),
  listApiTokens: matrixRow({ path: "/stores/{store_id}/api-tokens", expectAllowed: 200 }),
  getApiToken: matrixRow({
    setup: ownerToken,
    path: (storeId, token) => `/stores/${storeId}/api-tokens/${token.id}`,
    memberCallers: ownTokens,
    expectAllowed: 200,
  }),
  updateApiToken: matrixRow({
    setup: ownerToken,
    path: (storeId, token) => `/stores/${storeId}/api-tokens/${token.id}`,
    body: { api_version: "2026-11-27" },
    memberCallers: ownTokens,
    expectAllowed: 200,
  }),
  listApiVersions: matrixRow({ path: "/versions", expectAllowed: 200 }),
  rotateApiToken: matrixRow({
    setup: ownerToken,
    path: (storeId, token) => `/stores/${storeId}/api-tokens/${token.id}/rotate`,
    memberCallers: ownTokens,
    expectAllowed: 200,
  }),
  revokeApiToken: matrixRow({
    setup: ownerToken,
    path: (storeId, token) => `/stores/${storeId}/api-tokens/${token.id}`,
    memberCallers: ownTokens,
    expectAllowed: 204,
  }),

  listAuditLogEntries: matrixRow({ path: "/stores/{store_id}/audit-log", expectAllowed: 200 }),
};
