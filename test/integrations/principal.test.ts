// docs/api/16-integrations.md, an integration is a principal: audited as itself with no user, its own budget and the store's,
// GET /me, and none of a person's acts (logout, PATs, invites). Attacks from the outside and from a key's holder.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { addMember, call, newStore, newToken } from "../helpers/api";
import { fetchWithEnv } from "../helpers/support";
import { newIntegration, readCatalog, removeMember } from "./helpers";

async function send(path: string, overrides: Partial<Env>, token: string) {
  const res = await fetchWithEnv(new Request(`http://api.test${path}`, { headers: { Authorization: `Bearer ${token}` } }), overrides);
  await res.text();
  return res.status;
}

/** Runs `scenario` until one run starts and ends in the same window of `period` seconds (at most 4 tries). */
async function inOneWindow<T>(period: number, scenario: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    const window = Math.floor(Date.now() / (period * 1000));
    const result = await scenario();
    if (Math.floor(Date.now() / (period * 1000)) === window || attempt === 3) return result;
  }
}

describe("audit: an integration's changes are attributed {integration_id, integration_name}, with no user", () => {
  it("a product made with the key is audited as the integration; a person's change is not", async () => {
    const store = await newStore();
    const integration = await newIntegration(store, ["products.read", "products.write"], undefined, "Warehouse");
    const made = await call("POST", `/stores/${store.id}/products`, { token: integration.token, body: { title: "Bot-made", product_type: "single" } });
    expect(made.status).toBe(201);
    const log = await call("GET", `/stores/${store.id}/audit-log`, { token: store.owner.jwt });
    const entry = log.body.data.find((e: { action: string }) => e.action === "product.create");
    expect(entry).toMatchObject({
      user_id: null,
      token_id: null,
      token_name: null,
      integration_id: integration.id,
      integration_name: "Warehouse",
      resource_id: made.body.id,
    });
    const created = log.body.data.find((e: { action: string }) => e.action === "integration.create");
    expect(created).toMatchObject({ user_id: store.owner.id, integration_id: null, resource_id: integration.id });
  });
});

describe('GET /me with an integration\'s key: {kind: "integration", integration: <record>}', () => {
  it("answers the record (no person, no key), and 401 once the key is revoked", async () => {
    const store = await newStore();
    const integration = await newIntegration(store, ["products.read"]);
    const me = await call("GET", "/me", { token: integration.token });
    expect(me.status).toBe(200);
    expect(me.body.kind).toBe("integration");
    expect(me.body.integration).toMatchObject({ id: integration.id, store_id: store.id, name: integration.name, scopes: "1" });
    expect(me.body.email).toBeUndefined();
    expect(me.text).not.toContain(integration.token);
    await call("DELETE", `/stores/${store.id}/integrations/${integration.id}`, { token: store.owner.jwt });
    expect((await call("GET", "/me", { token: integration.token })).status).toBe(401);
  });
});

describe("a person's acts are 403 with an integration's key: /logout, personal access tokens, invites, stores", () => {
  it("logout, creating a PAT, creating an invite and creating a store are 403; the key keeps working", async () => {
    const store = await newStore();
    const integration = await newIntegration(store, ["products.read", "tokens.read", "members.read"]);
    const token = integration.token;
    const answers = [
      await call("POST", "/logout", { token, body: {} }),
      await call("POST", `/stores/${store.id}/api-tokens`, { token, body: { name: "escape", scopes: [] } }),
      await call("POST", `/stores/${store.id}/api-tokens`, { token, body: { name: "escape", scopes: [], user_id: store.owner.id } }),
      await call("POST", `/stores/${store.id}/invites`, { token, body: { email: "x@example.test", permissions: [] } }),
      await call("POST", "/stores", { token, body: { name: "mine" } }),
    ];
    for (const res of answers) {
      expect(res.status, res.text).toBe(403);
      expect(res.body.code).toBe("forbidden");
    }
    const tokens = await call("GET", `/stores/${store.id}/api-tokens`, { token });
    expect(tokens.status).toBe(200);
    expect(tokens.body.pagination.total).toBe(0);
    expect((await readCatalog(store, token)).status).toBe(200);
  });
});

describe("budgets: its own per-credential budget, and it counts against the store's", () => {
  it("the key's 4th request in a window is 429; another key of the same integration's store goes on", async () => {
    const overrides = { CREDENTIAL_RATE_LIMITER: env.TEST_LIMIT_3_PER_10S, RATE_LIMIT_PER_CREDENTIAL: "3" } as Partial<Env>;
    const store = await newStore();
    const statuses = await inOneWindow(10, async () => {
      const a = await newIntegration(store, ["products.read"]);
      const b = await newIntegration(store, ["products.read"]);
      const path = `/stores/${store.id}/products`;
      return [
        await send(path, overrides, a.token),
        await send(path, overrides, a.token),
        await send("/me", overrides, a.token),
        await send(path, overrides, a.token),
        await send(path, overrides, b.token),
      ];
    });
    expect(statuses).toEqual([200, 200, 200, 429, 200]);
  });

  it("the store's budget counts the integration's requests with everyone else's", async () => {
    const overrides = { STORE_RATE_LIMITER: env.TEST_LIMIT_3_PER_10S, RATE_LIMIT_PER_STORE: "3" } as Partial<Env>;
    const store = await newStore();
    const statuses = await inOneWindow(10, async () => {
      const integration = await newIntegration(store, ["products.read"]);
      const path = `/stores/${store.id}/products`;
      return [
        await send(path, overrides, integration.token),
        await send(path, overrides, integration.token),
        await send(path, overrides, store.owner.jwt),
        await send(path, overrides, integration.token),
        await send(path, overrides, store.owner.jwt),
      ];
    });
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
  });
});

describe("attacks: another store's key, people and access routes, a removed creator's reach", () => {
  it("a key is 403 on another store's paths, even one its creator owns", async () => {
    const store = await newStore();
    const second = await call("POST", "/stores", { token: store.owner.jwt, body: { name: "Second" } });
    const integration = await newIntegration(store, ["products.read"]);
    const res = await call("GET", `/stores/${second.body.id}/products`, { token: integration.token });
    expect(res.status).toBe(403);
    expect((await call("GET", `/stores/${second.body.id}`, { token: integration.token })).status).toBe(403);
  });

  it("members, tokens, integrations and store routes are 403 for a key holding every bit it may hold", async () => {
    const store = await newStore();
    const member = await addMember(store, ["products.read"]);
    const pat = await newToken(store.id, store.owner.jwt, ["products.read"]);
    const every = [
      "products.read",
      "products.write",
      "products.edit",
      "products.delete",
      "products.publish",
      "webhooks.read",
      "webhooks.write",
      "webhooks.edit",
      "webhooks.delete",
      "tokens.read",
      "members.read",
      "orders.read",
      "orders.write",
      "customers.read",
      "customers.write",
      "audit.read",
    ];
    const integration = await newIntegration(store, every);
    const other = await newIntegration(store, ["products.read"]);
    const token = integration.token;
    const attempts: Array<[string, string, unknown, string]> = [
      ["PATCH", `/stores/${store.id}/members/${member.id}`, { permissions: [] }, "members.manage"],
      ["DELETE", `/stores/${store.id}/members/${member.id}`, undefined, "members.manage"],
      ["GET", `/stores/${store.id}/integrations`, undefined, "integrations.read"],
      ["POST", `/stores/${store.id}/integrations`, { name: "child", scopes: ["products.read"] }, "integrations.manage"],
      ["POST", `/stores/${store.id}/integrations/${other.id}/rotate`, {}, "integrations.manage"],
      ["DELETE", `/stores/${store.id}/integrations/${other.id}`, undefined, "integrations.manage"],
      ["POST", `/stores/${store.id}/integrations/${integration.id}/rotate`, {}, "integrations.manage"],
    ];
    for (const [method, path, body, bit] of attempts) {
      const res = await call(method, path, { token, body });
      expect(res.status, `${method} ${path}: ${res.text}`).toBe(403);
      expect(res.body.missing_permission).toBe(bit);
    }
    // A teammate's token: rotating or revoking it needs tokens.manage, which a key never holds.
    expect((await call("POST", `/stores/${store.id}/api-tokens/${pat.id}/rotate`, { token })).status).toBe(403);
    expect((await call("DELETE", `/stores/${store.id}/api-tokens/${pat.id}`, { token })).status).toBe(403);
    expect((await readCatalog(store, pat.token)).status).toBe(200);
    expect((await readCatalog(store, other.token)).status).toBe(200);
  });

  it("a removed creator's session cannot reach the integration any more; the key they kept still works until rotated", async () => {
    const store = await newStore();
    const creator = await addMember(store, ["integrations.manage", "integrations.read", "products.read"]);
    const integration = await newIntegration(store, ["products.read"], creator.jwt);
    await removeMember(store, creator.id);
    for (const [method, path] of [
      ["GET", `/stores/${store.id}/integrations/${integration.id}`],
      ["POST", `/stores/${store.id}/integrations/${integration.id}/rotate`],
      ["DELETE", `/stores/${store.id}/integrations/${integration.id}`],
    ]) {
      expect((await call(method, path, { token: creator.jwt, body: method === "POST" ? {} : undefined })).status).toBe(403);
    }
    // The value they received still works (the store's, by design) and is flagged; the owner's rotation ends it.
    expect((await readCatalog(store, integration.token)).status).toBe(200);
    const rotated = await call("POST", `/stores/${store.id}/integrations/${integration.id}/rotate`, { token: store.owner.jwt, body: {} });
    expect(rotated.status).toBe(200);
    expect((await readCatalog(store, integration.token)).status).toBe(401);
  });
});
