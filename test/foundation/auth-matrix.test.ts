// The auth matrix (no token / bad token → 401, another store's token → 403, lacking the bit → 403) run against
// every store-scoped foundation endpoint whose rule is a single permission or plain membership.
import { addMember, call } from "../helpers/api";
import { authMatrix } from "../helpers/auth-matrix";

authMatrix({ method: "GET", path: "/stores/{store_id}", permission: "member", expectAllowed: 200 });
authMatrix({ method: "GET", path: "/stores/{store_id}/audit-log", permission: "audit.read", expectAllowed: 200 });
authMatrix({ method: "GET", path: "/stores/{store_id}/members", permission: "members.read", expectAllowed: 200 });
authMatrix({
  method: "PATCH",
  name: "PATCH /stores/{store_id}/members/{user_id}",
  setup: (store) => addMember(store, ["products.read"]),
  path: (storeId, member) => `/stores/${storeId}/members/${member.id}`,
  permission: "members.manage",
  body: { permissions: ["members.read"] },
  expectAllowed: 200,
});
authMatrix({
  method: "DELETE",
  name: "DELETE /stores/{store_id}/members/{user_id}",
  setup: (store) => addMember(store, ["products.read"]),
  path: (storeId, member) => `/stores/${storeId}/members/${member.id}`,
  permission: "members.manage",
  expectAllowed: 204,
});
authMatrix({
  method: "POST",
  path: "/stores/{store_id}/invites",
  permission: "members.manage",
  body: { email: "invitee@example.test", permissions: [] },
  expectAllowed: 201,
});
authMatrix({ method: "GET", path: "/stores/{store_id}/invites", permission: "members.read", expectAllowed: 200 });
authMatrix({
  method: "GET",
  name: "GET /stores/{store_id}/invites/{invite_id}",
  setup: async (store) =>
    (await call("POST", `/stores/${store.id}/invites`, { token: store.adminToken, body: { email: "i@example.test", permissions: [] } })).body,
  path: (storeId, invite) => `/stores/${storeId}/invites/${invite.id}`,
  permission: "members.read",
  expectAllowed: 200,
});
authMatrix({
  method: "POST",
  path: "/stores/{store_id}/api-tokens",
  permission: "member",
  body: { name: "matrix", scopes: [] },
  expectAllowed: 201,
});
authMatrix({ method: "GET", path: "/stores/{store_id}/api-tokens", permission: "member", expectAllowed: 200 });

// Integrations (API.md section 16).
const newIntegration = async (store: { id: string; adminToken: string }) =>
  (await call("POST", `/stores/${store.id}/integrations`, { token: store.adminToken, body: { name: "ERP", scopes: ["products.read"] } })).body;
authMatrix({
  method: "POST",
  path: "/stores/{store_id}/integrations",
  permission: "integrations.manage",
  body: { name: "ERP", scopes: ["products.read"] },
  expectAllowed: 201,
});
authMatrix({ method: "GET", path: "/stores/{store_id}/integrations", permission: "integrations.read", expectAllowed: 200 });
authMatrix({
  method: "GET",
  name: "GET /stores/{store_id}/integrations/{id}",
  setup: newIntegration,
  path: (storeId, integration) => `/stores/${storeId}/integrations/${integration.id}`,
  permission: "integrations.read",
  expectAllowed: 200,
});
authMatrix({
  method: "PATCH",
  name: "PATCH /stores/{store_id}/integrations/{id}",
  setup: newIntegration,
  path: (storeId, integration) => `/stores/${storeId}/integrations/${integration.id}`,
  permission: "integrations.manage",
  body: { name: "Renamed" },
  expectAllowed: 200,
});
authMatrix({
  method: "POST",
  name: "POST /stores/{store_id}/integrations/{id}/rotate",
  setup: newIntegration,
  path: (storeId, integration) => `/stores/${storeId}/integrations/${integration.id}/rotate`,
  permission: "integrations.manage",
  body: { previous_expires_in: 60 },
  expectAllowed: 200,
});
authMatrix({
  method: "DELETE",
  name: "DELETE /stores/{store_id}/integrations/{id}",
  setup: newIntegration,
  path: (storeId, integration) => `/stores/${storeId}/integrations/${integration.id}`,
  permission: "integrations.manage",
  expectAllowed: 204,
});
